import type { Migration } from "./types.js";

/**
 * Account-level signals the importers read from the author objects (business/commerce account and its
 * category, TikTok Shop seller, bio link, private account), kept beside `creators` (which has followers and
 * verified) so the creator upsert on the import's hot path is unchanged. NULL = the formats seen so far did
 * not carry the field. The `ad` model reads them (src/ingest/classify/ad-signals.ts); advertiser inference
 * (src/ingest/infer-advertisers.ts) marks the advertisers it creates.
 */
export const accountSignals012: Migration = {
  version: 12,
  name: "account-signals",
  sql: `
CREATE TABLE creator_accounts (
  uid             TEXT PRIMARY KEY REFERENCES creators(uid) ON DELETE CASCADE,
  business        INTEGER CHECK (business IS NULL OR business IN (0, 1)),
  category        TEXT,
  seller          INTEGER CHECK (seller IS NULL OR seller IN (0, 1)),
  bio_link        TEXT,
  private_account INTEGER CHECK (private_account IS NULL OR private_account IN (0, 1)),
  observed_at     INTEGER NOT NULL
) WITHOUT ROWID;

-- An advertiser the service inferred (an account running platform-flagged ads), with its confidence;
-- NULL for advertisers a record named.
ALTER TABLE advertisers ADD COLUMN inferred_confidence REAL
  CHECK (inferred_confidence IS NULL OR (inferred_confidence >= 0 AND inferred_confidence <= 1));
`,
};
