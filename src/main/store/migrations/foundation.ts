/** Migrations 1–6: the local store's tables, the alert count, community mode's mirror and its resume points. Never edit a shipped entry (store/migrations.ts). */
export const foundationMigrations: readonly string[] = [
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
  `
]
