/** Search's rows of a post (the search migration's triggers): its place by time (more than 1024 posts in one millisecond take the next free place), then its words. */
const indexPost = `
    INSERT OR IGNORE INTO search_rows (rowid, post_id)
      SELECT coalesce(max(rowid) + 1, NEW.created_at * 1024), NEW.id FROM search_rows
      WHERE rowid >= NEW.created_at * 1024 AND rowid < NEW.created_at * 1024 + 1024;
    INSERT INTO search_rows (rowid, post_id)
      SELECT (SELECT max(rowid) + 1 FROM search_rows), NEW.id WHERE NOT EXISTS (SELECT 1 FROM search_rows WHERE post_id = NEW.id);
    INSERT INTO post_search (rowid, body, tags)
      SELECT rowid, search_text(NEW.text), search_tags(NEW.text) FROM search_rows WHERE post_id = NEW.id;`
const unindexPost = `
    DELETE FROM post_search WHERE rowid = (SELECT rowid FROM search_rows WHERE post_id = OLD.id);
    DELETE FROM search_rows WHERE post_id = OLD.id;`

/** Migrations 13–15: 신고 and moderators, a post's photos, search. Never edit a shipped entry (store/migrations.ts). */
export const contentMigrations: readonly string[] = [
  /* 13: 신고 and moderators (docs/decisions/030-reports-and-moderators.md), local mode's (a community
        keeps them in Firestore): members named moderator besides the first account, which always
        is one; open reports, one per reporter and target, gone with their post or comment (a
        trigger: no writer can forget them); the moderation log, kept by nicknames so it outlives
        the accounts it names; and the notices that tell an author what was removed and why, each
        added or removed one logged as 'notices' so every copy's 운영 알림 follows live. */ `
  CREATE TABLE moderators (
    user_id    TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE reports (
    id          TEXT PRIMARY KEY,
    reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_kind TEXT NOT NULL CHECK (target_kind IN ('post', 'comment')),
    target_id   TEXT NOT NULL,
    reason      TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,
    UNIQUE (target_kind, target_id, reporter_id)
  );
  CREATE INDEX reports_by_reporter ON reports(reporter_id);
  CREATE TRIGGER reports_post_removed AFTER DELETE ON posts BEGIN
    DELETE FROM reports WHERE target_kind = 'post' AND target_id = OLD.id;
  END;
  CREATE TRIGGER reports_comment_removed AFTER DELETE ON comments BEGIN
    DELETE FROM reports WHERE target_kind = 'comment' AND target_id = OLD.id;
  END;
  CREATE TABLE moderation_log (
    id                 TEXT PRIMARY KEY,
    moderator_nickname TEXT NOT NULL,
    author_nickname    TEXT NOT NULL,
    target_kind        TEXT NOT NULL,
    excerpt            TEXT NOT NULL,
    reason             TEXT NOT NULL,
    created_at         INTEGER NOT NULL
  );
  CREATE INDEX moderation_log_by_time ON moderation_log(created_at DESC, id DESC);
  CREATE TABLE removal_notices (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_kind TEXT NOT NULL,
    excerpt     TEXT NOT NULL,
    reason      TEXT NOT NULL,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX removal_notices_by_user ON removal_notices(user_id, created_at DESC);
  CREATE TRIGGER changes_notice_added AFTER INSERT ON removal_notices BEGIN
    INSERT INTO changes (kind, user_id) VALUES ('notices', NEW.user_id);
  END;
  CREATE TRIGGER changes_notice_removed AFTER DELETE ON removal_notices BEGIN
    INSERT INTO changes (kind, user_id) VALUES ('notices', OLD.user_id);
  END;
  `,
  /* 14: post photos (docs/decisions/031-post-photos.md): a post's photos in order with their 사진 설명
        (alt text). posts.image_id stays the cover (position 0), so the feed, grids, alerts and
        search keep their one join; triggers give every post its cover row, whoever writes it
        (the mirror, a seeder), and each post's one photo so far becomes position 0 with no alt.
        A post's photos are read by the primary key; whether an image is still in use, by image. */ `
  CREATE TABLE post_photos (
    post_id  TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    image_id TEXT NOT NULL REFERENCES images(id),
    alt      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (post_id, position)
  ) WITHOUT ROWID;
  CREATE INDEX post_photos_by_image ON post_photos(image_id);
  INSERT INTO post_photos (post_id, position, image_id) SELECT id, 0, image_id FROM posts;
  CREATE TRIGGER post_photos_cover_added AFTER INSERT ON posts BEGIN
    INSERT OR IGNORE INTO post_photos (post_id, position, image_id) VALUES (NEW.id, 0, NEW.image_id);
  END;
  CREATE TRIGGER post_photos_cover_changed AFTER UPDATE OF image_id ON posts
    WHEN NEW.image_id IS NOT OLD.image_id
  BEGIN
    UPDATE post_photos SET image_id = NEW.image_id WHERE post_id = NEW.id AND position = 0;
  END;
  `,
  /* 15: search (docs/decisions/029-search.md): every post's text in an FTS5 index with the trigram
        tokenizer (any substring of 3 characters or more, Korean included, found through the
        index; shorter ones by LIKE over it), in one Unicode form and lower case (search_text),
        and its hashtags as " #a #b " (search_tags). The index's rowid is the post's time × 1024
        plus a tie-break (search_rows), so "newest first" is the index's own order and a page
        stops after its last row instead of sorting every match. Kept by triggers, like the
        counts: no writer can forget it. */ `
  CREATE TABLE search_rows (
    rowid   INTEGER PRIMARY KEY,
    post_id TEXT NOT NULL UNIQUE
  );
  CREATE VIRTUAL TABLE post_search USING fts5(body, tags, tokenize = 'trigram');
  INSERT OR IGNORE INTO search_rows (rowid, post_id)
    SELECT created_at * 1024 + row_number() OVER (PARTITION BY created_at ORDER BY id) - 1, id FROM posts;
  INSERT INTO search_rows (rowid, post_id)
    SELECT (SELECT coalesce(max(rowid), 0) FROM search_rows) + row_number() OVER (ORDER BY created_at, id), id
    FROM posts WHERE id NOT IN (SELECT post_id FROM search_rows);
  INSERT INTO post_search (rowid, body, tags)
    SELECT s.rowid, search_text(p.text), search_tags(p.text) FROM search_rows s JOIN posts p ON p.id = s.post_id;
  CREATE TRIGGER search_post_added AFTER INSERT ON posts BEGIN
    ${indexPost}
  END;
  CREATE TRIGGER search_post_changed AFTER UPDATE OF text, created_at ON posts
    WHEN NEW.text IS NOT OLD.text OR NEW.created_at IS NOT OLD.created_at
  BEGIN
    ${unindexPost}
    ${indexPost}
  END;
  CREATE TRIGGER search_post_removed AFTER DELETE ON posts BEGIN
    ${unindexPost}
  END;
  `,
  /* 16: a session's last use kept by the store itself (docs/SECURITY.md): a session file written back
        with a fresh time cannot revive a session idle for 30 days, which the store ends. Sessions
        open at the upgrade start their idle time then. */ `
  ALTER TABLE sessions ADD COLUMN used_at INTEGER NOT NULL DEFAULT 0;
  UPDATE sessions SET used_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
  `
]
