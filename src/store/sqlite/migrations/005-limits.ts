import type { Migration } from "./types.js";

/** Limits: counters that must survive a restart (daily content calls, analyst claims). */
export const limits005: Migration = {
  version: 5,
  name: "limits",
  sql: `
-- Content calls per organisation per UTC day (search fair use); one row per org and day.
CREATE TABLE limit_daily_content (
  org_id TEXT NOT NULL,
  day    TEXT NOT NULL,
  calls  INTEGER NOT NULL CHECK (calls >= 0),
  PRIMARY KEY (org_id, day)
) WITHOUT ROWID;

-- One analyst claim per run: counts toward the hourly windows, holds a concurrency slot until released.
CREATE TABLE limit_analyst_claims (
  run_id        TEXT PRIMARY KEY,
  org_id        TEXT NOT NULL REFERENCES organisations(id),
  credential_id TEXT NOT NULL,
  period        TEXT NOT NULL,
  claimed_at    INTEGER NOT NULL,
  released_at   INTEGER,
  refunded      INTEGER NOT NULL DEFAULT 0 CHECK (refunded IN (0, 1))
);
CREATE INDEX limit_analyst_claims_credential ON limit_analyst_claims(credential_id, claimed_at);
CREATE INDEX limit_analyst_claims_org ON limit_analyst_claims(org_id, claimed_at);
CREATE INDEX limit_analyst_claims_running ON limit_analyst_claims(org_id) WHERE released_at IS NULL;
`,
};
