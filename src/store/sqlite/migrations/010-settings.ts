import type { Migration } from "./types.js";

/**
 * The settings web app: membership roles, settings-app passwords, one-time invitations, server-side sessions
 * and failed sign-in attempts. Secrets are never stored: passwords as scrypt hashes, invitation and session
 * tokens as SHA-256 digests (they are 256-bit random, so a plain digest cannot be reversed or guessed).
 *
 * Existing organisations get an owner: the earliest membership of each (on an `init` database, admin@localhost
 * in `default`); `crs users create|invite … --owner` names others.
 */
export const settings010: Migration = {
  version: 10,
  name: "settings",
  sql: `
ALTER TABLE memberships ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member'));
UPDATE memberships SET role = 'owner'
WHERE id IN (
  SELECT (SELECT m2.id FROM memberships m2 WHERE m2.org_id = m.org_id ORDER BY m2.created_at, m2.rowid LIMIT 1)
  FROM memberships m GROUP BY m.org_id
);

CREATE TABLE user_passwords (
  user_id    TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  hash       TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE user_invites (
  token_digest TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id       TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  created_by   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  used_at      INTEGER
);
CREATE INDEX user_invites_user ON user_invites(user_id);

CREATE TABLE settings_sessions (
  token_digest TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id       TEXT REFERENCES organisations(id) ON DELETE SET NULL,
  csrf_token   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX settings_sessions_user ON settings_sessions(user_id);
CREATE INDEX settings_sessions_expiry ON settings_sessions(expires_at);

-- One row per failed sign-in; subject = 'account:<normalised email>' or 'address:<client address>'.
CREATE TABLE signin_failures (
  id      INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  at      INTEGER NOT NULL
);
CREATE INDEX signin_failures_subject ON signin_failures(subject, at);
`,
};
