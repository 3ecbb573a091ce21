import type { Migration } from "./types.js";

/**
 * Limits shared by every process on the file (`crs serve --workers N`): the request windows, and a lease on
 * each analyst claim so a process that dies returns its concurrency slots without stopping the others' runs.
 */
export const sharedLimits011: Migration = {
  version: 11,
  name: "shared-limits",
  sql: `
-- Sliding request windows: units counted per key (burst:<credential>, org:<id>, auth:<address>…) per second.
CREATE TABLE limit_windows (
  key        TEXT NOT NULL,
  second     INTEGER NOT NULL,
  units      INTEGER NOT NULL CHECK (units > 0),
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (key, second)
) WITHOUT ROWID;
CREATE INDEX limit_windows_expiry ON limit_windows(expires_at);

-- The process holding an open claim (host:pid:nonce) and until when its lease runs (renewed while it lives).
ALTER TABLE limit_analyst_claims ADD COLUMN owner TEXT;
ALTER TABLE limit_analyst_claims ADD COLUMN lease_until INTEGER;
`,
};
