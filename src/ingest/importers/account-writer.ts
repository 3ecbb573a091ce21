import type { Statement } from "better-sqlite3";
import type { Db } from "../../store/connection.js";
import { type AccountSignals, hasAccountSignals } from "./account-signals.js";

/**
 * Upserts a creator's account signals into `creator_accounts` (inside the caller's transaction, after the
 * creator row). A field the record does not carry (null) keeps what is stored; the latest observation wins
 * for the rest, so a later scrape that sees a business account switched off records it.
 */
export class AccountWriter {
  private readonly upsert: Statement;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO creator_accounts (uid, business, category, seller, bio_link, private_account, observed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(uid) DO UPDATE SET
         business = CASE WHEN excluded.observed_at >= observed_at THEN coalesce(excluded.business, business) ELSE coalesce(business, excluded.business) END,
         category = CASE WHEN excluded.observed_at >= observed_at THEN coalesce(excluded.category, category) ELSE coalesce(category, excluded.category) END,
         seller = CASE WHEN excluded.observed_at >= observed_at THEN coalesce(excluded.seller, seller) ELSE coalesce(seller, excluded.seller) END,
         bio_link = CASE WHEN excluded.observed_at >= observed_at THEN coalesce(excluded.bio_link, bio_link) ELSE coalesce(bio_link, excluded.bio_link) END,
         private_account = CASE WHEN excluded.observed_at >= observed_at THEN coalesce(excluded.private_account, private_account) ELSE coalesce(private_account, excluded.private_account) END,
         observed_at = max(observed_at, excluded.observed_at)`,
    );
  }

  write(uid: string, signals: AccountSignals | null | undefined, observedAt: number): void {
    if (!hasAccountSignals(signals)) return;
    const bit = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
    this.upsert.run(
      uid,
      bit(signals.business),
      signals.category,
      bit(signals.seller),
      signals.bioLink,
      bit(signals.privateAccount),
      observedAt,
    );
  }
}
