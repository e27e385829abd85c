/** Migration 17: 저장한 글. Never edit a shipped entry (store/migrations.ts). */
export const savedMigrations: readonly string[] = [
  /* 17: 저장한 글 (docs/decisions/038-bookmarks.md). A save is a person's and a post's, gone with
        either (in a community it is the mirror's copy of the person's own list in Firestore); the
        page reads them last saved first from their own index. */ `
  CREATE TABLE saved_posts (
    user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id  TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    saved_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, post_id)
  ) WITHOUT ROWID;
  CREATE INDEX saved_posts_by_time ON saved_posts(user_id, saved_at DESC, post_id DESC);
  CREATE INDEX saved_posts_by_post ON saved_posts(post_id);
  `
]
