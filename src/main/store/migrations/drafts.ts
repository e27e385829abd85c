/** Migration 18: 임시 저장 글. Never edit a shipped entry (store/migrations.ts). */
export const draftsMigrations: readonly string[] = [
  /* 18: a person's unfinished posts in this store (docs/decisions/039-drafts.md), never sent to a
        community. A draft's photos are its writer's uploads, in order: an upload a draft holds is
        not "just added" (the sweep and the cap on pending uploads leave it be), and goes with its
        draft; an image that goes takes its place in the draft with it. */ `
  CREATE TABLE post_drafts (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text       TEXT NOT NULL,
    layout     TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX post_drafts_by_user ON post_drafts(user_id, updated_at DESC);
  CREATE TABLE draft_photos (
    draft_id TEXT NOT NULL REFERENCES post_drafts(id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    image_id TEXT NOT NULL REFERENCES images(id) ON DELETE CASCADE,
    alt      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (draft_id, position)
  ) WITHOUT ROWID;
  CREATE INDEX draft_photos_by_image ON draft_photos(image_id);
  `
]
