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

/**
 * Versioned schema. Each entry runs once, in order, inside a transaction;
 * PRAGMA user_version records how far a database has come. Never edit a shipped
 * entry: add a new one.
 */
export const migrations: readonly string[] = [
  /* 1: accounts, images, posts, likes, comments, alerts */ `
  CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    nickname      TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    avatar_id     TEXT REFERENCES images(id) ON DELETE SET NULL,
    created_at    INTEGER NOT NULL
  );

  CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_by_user ON sessions(user_id);

  -- An image is "pending" (post_id NULL, not an avatar) from upload until a post or profile takes it.
  CREATE TABLE images (
    id          TEXT PRIMARY KEY,
    owner_id    TEXT REFERENCES users(id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('post', 'profile')),
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    placeholder TEXT NOT NULL,
    variants    TEXT NOT NULL,
    attached    INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX images_pending ON images(attached, created_at);

  CREATE TABLE posts (
    id            TEXT PRIMARY KEY,
    author_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text          TEXT NOT NULL,
    layout        TEXT NOT NULL CHECK (layout IN ('Top', 'Left', 'Right')),
    image_id      TEXT NOT NULL REFERENCES images(id),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    like_count    INTEGER NOT NULL DEFAULT 0,
    comment_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX posts_feed ON posts(created_at DESC, id DESC);
  CREATE INDEX posts_by_author ON posts(author_id);

  CREATE TABLE likes (
    post_id    TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (post_id, user_id)
  ) WITHOUT ROWID;
  CREATE INDEX likes_by_user ON likes(user_id);

  CREATE TABLE comments (
    id         TEXT PRIMARY KEY,
    post_id    TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    author_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text       TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX comments_by_post ON comments(post_id, created_at, id);

  CREATE TABLE alerts (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id    TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    actor_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type       TEXT NOT NULL CHECK (type IN ('like', 'comment')),
    comment_id TEXT REFERENCES comments(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX alerts_by_user ON alerts(user_id, created_at DESC, id DESC);
  CREATE INDEX alerts_by_post ON alerts(post_id);
  CREATE INDEX alerts_by_comment ON alerts(comment_id);
  -- One like alert per person and post, however often they like, unlike and like again.
  CREATE UNIQUE INDEX alerts_one_like ON alerts(post_id, actor_id) WHERE type = 'like';

  -- Counters kept by the database itself, so no writer can forget them.
  CREATE TRIGGER likes_count_up AFTER INSERT ON likes BEGIN
    UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
  END;
  CREATE TRIGGER likes_count_down AFTER DELETE ON likes BEGIN
    UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
  END;
  CREATE TRIGGER comments_count_up AFTER INSERT ON comments BEGIN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END;
  CREATE TRIGGER comments_count_down AFTER DELETE ON comments BEGIN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  END;

  -- The change log every running copy of the app reads to learn what changed, whoever
  -- wrote it (this process or another one on the same file). Filled by triggers only.
  CREATE TABLE changes (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    kind     TEXT NOT NULL,
    post_id  TEXT,
    user_id  TEXT,
    alert_id TEXT,
    at       INTEGER NOT NULL DEFAULT (unixepoch('subsec') * 1000)
  );
  CREATE TRIGGER changes_post_added AFTER INSERT ON posts BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('post_added', NEW.id);
  END;
  CREATE TRIGGER changes_post_updated AFTER UPDATE OF text, layout, image_id ON posts BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('post_updated', NEW.id);
  END;
  CREATE TRIGGER changes_post_removed AFTER DELETE ON posts BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('post_removed', OLD.id);
  END;
  CREATE TRIGGER changes_like_added AFTER INSERT ON likes BEGIN
    INSERT INTO changes (kind, post_id, user_id) VALUES ('likes', NEW.post_id, NEW.user_id);
  END;
  CREATE TRIGGER changes_like_removed AFTER DELETE ON likes BEGIN
    INSERT INTO changes (kind, post_id, user_id) VALUES ('likes', OLD.post_id, OLD.user_id);
  END;
  CREATE TRIGGER changes_comment_added AFTER INSERT ON comments BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('comments', NEW.post_id);
  END;
  CREATE TRIGGER changes_comment_removed AFTER DELETE ON comments BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('comments', OLD.post_id);
  END;
  CREATE TRIGGER changes_alert_added AFTER INSERT ON alerts BEGIN
    INSERT INTO changes (kind, post_id, user_id, alert_id) VALUES ('alert_added', NEW.post_id, NEW.user_id, NEW.id);
  END;
  CREATE TRIGGER changes_alert_removed AFTER DELETE ON alerts BEGIN
    INSERT INTO changes (kind, post_id, user_id, alert_id) VALUES ('alert_removed', OLD.post_id, OLD.user_id, OLD.id);
  END;
  `,
  /* 2: each person's alert count kept by the database, so the badge reads one row instead of
        counting every alert the person has (docs/BENCHMARKS.md, store queries) */ `
  ALTER TABLE users ADD COLUMN alert_count INTEGER NOT NULL DEFAULT 0;
  UPDATE users SET alert_count = (SELECT count(*) FROM alerts WHERE alerts.user_id = users.id);
  CREATE TRIGGER alerts_count_up AFTER INSERT ON alerts BEGIN
    UPDATE users SET alert_count = alert_count + 1 WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER alerts_count_down AFTER DELETE ON alerts BEGIN
    UPDATE users SET alert_count = alert_count - 1 WHERE id = OLD.user_id;
  END;
  `,
  /* 3: community mode's mirror of a Firebase project (docs/decisions/008-community-mode.md):
        where a mirrored person, post and image come from, the image cache's bookkeeping and
        the sync state. Always NULL / empty in the local store. */ `
  ALTER TABLE users ADD COLUMN remote_uid TEXT;
  CREATE INDEX users_by_nickname ON users(nickname);

  ALTER TABLE posts ADD COLUMN remote_author_uid TEXT;
  -- The web app's postDate as written.
  ALTER TABLE posts ADD COLUMN remote_date TEXT;
  -- 1: the document has createdAt, so the server's ordered feed query returns it; 0: a web app post.
  ALTER TABLE posts ADD COLUMN remote_ordered INTEGER;

  ALTER TABLE images ADD COLUMN remote_url TEXT;
  ALTER TABLE images ADD COLUMN remote_path TEXT;
  -- Bytes of this image's cached variant files (0: not cached, the placeholder is shown).
  ALTER TABLE images ADD COLUMN cached_bytes INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE images ADD COLUMN used_at INTEGER;
  CREATE UNIQUE INDEX images_by_remote_url ON images(remote_url) WHERE remote_url IS NOT NULL;
  CREATE INDEX images_cache_lru ON images(used_at) WHERE cached_bytes > 0;

  CREATE TABLE sync_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  /* 4: community mode: a mirrored post's comment count is also set from Firebase's own count of
        its comments (an aggregation), since the mirror holds the comments only of posts that
        were opened. The change log hears of a count set so, as of a comment, so open views
        update. Local posts (remote_ordered NULL) log exactly as before. A mirrored comment's
        insert or delete now logs twice (its row, and the count it moves); readers take a
        post's changes as one. */ `
  CREATE TRIGGER changes_comment_count AFTER UPDATE OF comment_count ON posts
    WHEN NEW.remote_ordered IS NOT NULL AND NEW.comment_count IS NOT OLD.comment_count
  BEGIN
    INSERT INTO changes (kind, post_id) VALUES ('comments', NEW.id);
  END;
  `,
  /* 5: unread alerts (docs/decisions/014-unread-alerts.md): when the person saw each alert, and
        how many they have not seen, kept by the database so the badge still reads one row. In
        community mode the mirror keeps it, by the alert's Realtime Database key: the database
        stays as the web app writes it. Alerts from before count as not seen, so no badge drops
        to 0 on its own at the upgrade. A seen alert logs a change, so every copy's badge follows. */ `
  ALTER TABLE alerts ADD COLUMN seen_at INTEGER;
  ALTER TABLE users ADD COLUMN unseen_alert_count INTEGER NOT NULL DEFAULT 0;
  UPDATE users SET unseen_alert_count = alert_count;
  CREATE INDEX alerts_unseen ON alerts(user_id, created_at, id) WHERE seen_at IS NULL;
  CREATE TRIGGER alerts_unseen_up AFTER INSERT ON alerts WHEN NEW.seen_at IS NULL BEGIN
    UPDATE users SET unseen_alert_count = unseen_alert_count + 1 WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER alerts_unseen_down AFTER DELETE ON alerts WHEN OLD.seen_at IS NULL BEGIN
    UPDATE users SET unseen_alert_count = unseen_alert_count - 1 WHERE id = OLD.user_id;
  END;
  CREATE TRIGGER alerts_seen AFTER UPDATE OF seen_at ON alerts
    WHEN OLD.seen_at IS NULL AND NEW.seen_at IS NOT NULL
  BEGIN
    UPDATE users SET unseen_alert_count = unseen_alert_count - 1 WHERE id = NEW.user_id;
    INSERT INTO changes (kind, user_id, alert_id) VALUES ('alerts_seen', NEW.user_id, NEW.id);
  END;
  `,
  /* 6: community mode resumes from what the mirror holds (decision 008, "The cost of a
        community"): when Firebase last counted a mirrored post's comments (or the mirror last
        held all of them), so a count is asked for again only when it is old; and since when the
        mirror has held every comment of the post (NULL: it does not), so that opening it again
        reads only the comments written after. */ `
  ALTER TABLE posts ADD COLUMN remote_counted_at INTEGER;
  ALTER TABLE posts ADD COLUMN remote_comments_whole INTEGER;
  `,
  /* 7: look-alike names (docs/decisions/021-identities.md): each person's nickname key (UTS #39
        skeleton, store/look-alike-key.ts, a SQL function database.ts registers), kept by the
        database on every write, so a name taken and the people who look alike are one indexed
        read. Local accounts' emails in their normal form (NFKC, lower case); one that would meet
        another account's is left as it was. A session's end logs a change, so a copy signed out
        from another one says so at once. */ `
  ALTER TABLE users ADD COLUMN nickname_key TEXT;
  UPDATE users SET nickname_key = look_alike_key(nickname);
  CREATE INDEX users_by_nickname_key ON users(nickname_key);
  CREATE TRIGGER users_nickname_key_added AFTER INSERT ON users BEGIN
    UPDATE users SET nickname_key = look_alike_key(NEW.nickname) WHERE id = NEW.id;
  END;
  CREATE TRIGGER users_nickname_key_changed AFTER UPDATE OF nickname ON users
    WHEN NEW.nickname IS NOT OLD.nickname
  BEGIN
    UPDATE users SET nickname_key = look_alike_key(NEW.nickname) WHERE id = NEW.id;
  END;
  UPDATE OR IGNORE users SET email = normal_email(email)
    WHERE remote_uid IS NULL AND password_hash <> '' AND email <> normal_email(email);

  -- A session ended (signed out here, or from another copy): every running copy hears of it.
  CREATE TRIGGER changes_session_removed AFTER DELETE ON sessions BEGIN
    INSERT INTO changes (kind, user_id) VALUES ('session_removed', OLD.user_id);
  END;
  `,
  /* 8: counts in the unit the alert list shows (docs/decisions/022-alert-rows.md): a row is a
        person's alerts of one type on one post, so the badge and the delete-all confirm count
        rows, all of them and the unread ones, kept by the database so the badge still reads one
        row. A row is unread while any of its alerts is. The indexes answer "is this the row's
        first (or last) alert" from the row alone, however many alerts a post has. */ `
  ALTER TABLE users ADD COLUMN alert_rows INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN unseen_alert_rows INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX alerts_by_row ON alerts(post_id, type, user_id);
  CREATE INDEX alerts_unseen_by_row ON alerts(post_id, type, user_id) WHERE seen_at IS NULL;
  UPDATE users SET
    alert_rows = (SELECT count(*) FROM (SELECT DISTINCT post_id, type FROM alerts WHERE user_id = users.id)),
    unseen_alert_rows = (SELECT count(*) FROM (SELECT DISTINCT post_id, type FROM alerts WHERE user_id = users.id AND seen_at IS NULL));
  CREATE TRIGGER alert_rows_up AFTER INSERT ON alerts
    WHEN NOT EXISTS (SELECT 1 FROM alerts WHERE post_id = NEW.post_id AND type = NEW.type AND user_id = NEW.user_id AND id <> NEW.id)
  BEGIN
    UPDATE users SET alert_rows = alert_rows + 1 WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER alert_rows_down AFTER DELETE ON alerts
    WHEN NOT EXISTS (SELECT 1 FROM alerts WHERE post_id = OLD.post_id AND type = OLD.type AND user_id = OLD.user_id)
  BEGIN
    UPDATE users SET alert_rows = alert_rows - 1 WHERE id = OLD.user_id;
  END;
  CREATE TRIGGER alert_rows_unseen_up AFTER INSERT ON alerts
    WHEN NEW.seen_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = NEW.post_id AND type = NEW.type AND user_id = NEW.user_id AND seen_at IS NULL AND id <> NEW.id)
  BEGIN
    UPDATE users SET unseen_alert_rows = unseen_alert_rows + 1 WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER alert_rows_unseen_down AFTER DELETE ON alerts
    WHEN OLD.seen_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = OLD.post_id AND type = OLD.type AND user_id = OLD.user_id AND seen_at IS NULL)
  BEGIN
    UPDATE users SET unseen_alert_rows = unseen_alert_rows - 1 WHERE id = OLD.user_id;
  END;
  CREATE TRIGGER alert_rows_seen AFTER UPDATE OF seen_at ON alerts
    WHEN OLD.seen_at IS NULL AND NEW.seen_at IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = NEW.post_id AND type = NEW.type AND user_id = NEW.user_id AND seen_at IS NULL)
  BEGIN
    UPDATE users SET unseen_alert_rows = unseen_alert_rows - 1 WHERE id = NEW.user_id;
  END;
  `,
  /* 9: notifications the person controls (docs/decisions/026-notification-settings.md): likes and
        comments each on or off, pop-ups apart from the badge, quiet hours (minutes after local
        midnight), and posts whose alerts are turned off. Kept per account in the store it reads
        (in community mode the mirror, on this computer: the web app's documents never hold it).
        The badge leaves out rows of a kind turned off and rows of a muted post: the unread like
        rows are kept by the database beside all unread rows, so that is still one read (plus a
        probe per muted post). A change logs 'alert_settings', so every copy's badge follows. */ `
  CREATE TABLE notification_settings (
    user_id     TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    likes       INTEGER NOT NULL DEFAULT 1,
    comments    INTEGER NOT NULL DEFAULT 1,
    popups      INTEGER NOT NULL DEFAULT 1,
    quiet_start INTEGER,
    quiet_end   INTEGER
  ) WITHOUT ROWID;
  CREATE TABLE muted_posts (
    user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id  TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    muted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, post_id)
  ) WITHOUT ROWID;
  CREATE INDEX muted_posts_by_post ON muted_posts(post_id);
  CREATE TRIGGER changes_settings_added AFTER INSERT ON notification_settings BEGIN
    INSERT INTO changes (kind, user_id) VALUES ('alert_settings', NEW.user_id);
  END;
  CREATE TRIGGER changes_settings_changed AFTER UPDATE ON notification_settings BEGIN
    INSERT INTO changes (kind, user_id) VALUES ('alert_settings', NEW.user_id);
  END;
  CREATE TRIGGER changes_post_muted AFTER INSERT ON muted_posts BEGIN
    INSERT INTO changes (kind, user_id, post_id) VALUES ('alert_settings', NEW.user_id, NEW.post_id);
  END;
  CREATE TRIGGER changes_post_unmuted AFTER DELETE ON muted_posts BEGIN
    INSERT INTO changes (kind, user_id, post_id) VALUES ('alert_settings', OLD.user_id, OLD.post_id);
  END;

  ALTER TABLE users ADD COLUMN unseen_like_rows INTEGER NOT NULL DEFAULT 0;
  UPDATE users SET unseen_like_rows =
    (SELECT count(DISTINCT post_id) FROM alerts WHERE user_id = users.id AND type = 'like' AND seen_at IS NULL);
  CREATE TRIGGER like_rows_unseen_up AFTER INSERT ON alerts
    WHEN NEW.type = 'like' AND NEW.seen_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = NEW.post_id AND type = 'like' AND user_id = NEW.user_id AND seen_at IS NULL AND id <> NEW.id)
  BEGIN
    UPDATE users SET unseen_like_rows = unseen_like_rows + 1 WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER like_rows_unseen_down AFTER DELETE ON alerts
    WHEN OLD.type = 'like' AND OLD.seen_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = OLD.post_id AND type = 'like' AND user_id = OLD.user_id AND seen_at IS NULL)
  BEGIN
    UPDATE users SET unseen_like_rows = unseen_like_rows - 1 WHERE id = OLD.user_id;
  END;
  CREATE TRIGGER like_rows_seen AFTER UPDATE OF seen_at ON alerts
    WHEN NEW.type = 'like' AND OLD.seen_at IS NULL AND NEW.seen_at IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM alerts WHERE post_id = NEW.post_id AND type = 'like' AND user_id = NEW.user_id AND seen_at IS NULL)
  BEGIN
    UPDATE users SET unseen_like_rows = unseen_like_rows - 1 WHERE id = NEW.user_id;
  END;
  `,
  /* 10: blocks and mutes (docs/decisions/025-block-and-mute.md): whom each person blocked or muted,
        by the person's key (store/person-key.ts: a hash of the login email, as the community's
        rules compute it), so a block made on another computer or before the person was seen
        still finds them. Each person's key is kept by the database, indexed, on every write. A
        person blocked and muted is one row. An index finds a post's comments by its author, so a
        card's count leaves out the hidden people's comments without reading the others. */ `
  ALTER TABLE users ADD COLUMN person_key TEXT;
  UPDATE users SET person_key = person_key(email);
  CREATE INDEX users_by_person_key ON users(person_key);
  CREATE TRIGGER users_person_key_added AFTER INSERT ON users BEGIN
    UPDATE users SET person_key = person_key(NEW.email) WHERE id = NEW.id;
  END;
  CREATE TRIGGER users_person_key_changed AFTER UPDATE OF email ON users
    WHEN NEW.email IS NOT OLD.email
  BEGIN
    UPDATE users SET person_key = person_key(NEW.email) WHERE id = NEW.id;
  END;
  CREATE TABLE person_controls (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    person_key TEXT NOT NULL,
    blocked    INTEGER NOT NULL DEFAULT 0,
    muted      INTEGER NOT NULL DEFAULT 0,
    -- The name and photo URL as they were when set: shown in 설정 for someone this store has not seen.
    nickname   TEXT NOT NULL,
    avatar_url TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (owner_id, person_key)
  );
  CREATE INDEX comments_by_author ON comments(author_id, post_id);
  `,
  /* 11: person pages (docs/decisions/028-profiles.md): a person's posts newest first from an index of
        their own (it replaces the author index: same leading column). Community mode: since when
        the mirror's name and photo of a person are their current ones (their profiles document, or
        their own users document) rather than the snapshot the last post or comment carried, which
        no older document then undoes; and since when they are a member (the profile's joined). */ `
  CREATE INDEX posts_by_author_time ON posts(author_id, created_at DESC, id DESC);
  DROP INDEX posts_by_author;
  ALTER TABLE users ADD COLUMN remote_profile_at INTEGER;
  ALTER TABLE users ADD COLUMN remote_joined_at INTEGER;
  `,
  /* 12: 회원 탈퇴's journal (decision 027): one row per account being deleted, with the step to run
        next and the photo files still to remove, kept until every step is done, so a deletion
        cut short (a closed window, a lost network) is finished at the next start. No foreign
        key: in local mode the user row goes at the first step. (One person's comments are found
        by migration 10's comments_by_author.) */ `
  CREATE TABLE account_deletions (
    user_id    TEXT PRIMARY KEY,
    remote_uid TEXT,
    email      TEXT NOT NULL,
    step       TEXT NOT NULL,
    files      TEXT NOT NULL DEFAULT '[]',
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
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
  `
]
