/** Migration 19: blocks and mutes on the account as well as the email. Never edit a shipped entry (store/migrations.ts). */
export const identitiesMigrations: readonly string[] = [
  /* 19: a block or mute holds on the person's account too (docs/decisions/048-identities-held.md):
        person_controls.person_uid is their uid in a community (the registry of emails' answer
        when it was set), their users row locally, so a changed email does not shed it. The
        mirror's people gain when the registry was last asked about their email
        (remote_uid_asked_at), so a person's uid is looked up once, not at every start. */ `
  ALTER TABLE person_controls ADD COLUMN person_uid TEXT;
  CREATE INDEX person_controls_by_uid ON person_controls(owner_id, person_uid) WHERE person_uid IS NOT NULL;
  ALTER TABLE users ADD COLUMN remote_uid_asked_at INTEGER;
  CREATE INDEX users_by_remote_uid ON users(remote_uid) WHERE remote_uid IS NOT NULL;
  `
]
