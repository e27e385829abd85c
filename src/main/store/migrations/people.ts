/** Migrations 7–12: look-alike names, alert rows, notification settings, blocks and mutes, person pages, 회원 탈퇴's journal. Never edit a shipped entry (store/migrations.ts). */
export const peopleMigrations: readonly string[] = [
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
  `
]
