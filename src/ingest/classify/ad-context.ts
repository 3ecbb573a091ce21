import type { Statement } from "better-sqlite3";
import type { Db } from "../../store/connection.js";
import type { AuthorHistory, AuthorSignals } from "./ad-signals.js";

/**
 * What the `ad` model reads about an author, looked up once per author per run: the account signals
 * (`creators` + `creator_accounts`) and the platform flags of the author's videos. The `ad` model runs only
 * on videos WITHOUT a platform flag, so the flagged-either-way videos counted here are always the author's
 * other videos (leave-one-out by construction).
 */
export class AdContext {
  private readonly authorStmt: Statement;
  private readonly historyStmt: Statement;
  private readonly authors = new Map<string, AuthorSignals | null>();
  private histories: Map<string, AuthorHistory> | null = null;
  private readonly historyCache = new Map<string, AuthorHistory>();

  constructor(private readonly db: Db) {
    this.authorStmt = db
      .prepare(
        `SELECT c.followers, c.verified, a.business, a.seller, a.bio_link
         FROM creators c LEFT JOIN creator_accounts a ON a.uid = c.uid WHERE c.uid = ?`,
      )
      .raw();
    this.historyStmt = db
      .prepare(
        "SELECT coalesce(sum(platform_ad), 0), count(platform_ad) FROM videos WHERE author_uid = ? AND platform_ad IS NOT NULL",
      )
      .raw();
  }

  /** Reads every author's flag counts in one pass (a whole-corpus run), instead of one query per author. */
  preloadHistory(): void {
    const all = new Map<string, AuthorHistory>();
    const rows = this.db
      .prepare(
        "SELECT author_uid, sum(platform_ad), count(*) FROM videos WHERE platform_ad IS NOT NULL GROUP BY author_uid",
      )
      .raw()
      .iterate() as IterableIterator<[string, number, number]>;
    for (const [uid, flagged, known] of rows) all.set(uid, { flagged, known });
    this.histories = all;
  }

  author(uid: string): AuthorSignals | null {
    let found = this.authors.get(uid);
    if (found === undefined) {
      const r = this.authorStmt.get(uid) as
        | [number | null, number, number | null, number | null, string | null]
        | undefined;
      found = r
        ? {
            followers: r[0],
            verified: r[1] === 1,
            business: r[2] === null ? null : r[2] === 1,
            seller: r[3] === null ? null : r[3] === 1,
            bioLink: r[4],
          }
        : null;
      this.authors.set(uid, found);
    }
    return found;
  }

  history(uid: string): AuthorHistory {
    if (this.histories) return this.histories.get(uid) ?? { flagged: 0, known: 0 };
    let found = this.historyCache.get(uid);
    if (!found) {
      const [flagged, known] = this.historyStmt.get(uid) as [number, number];
      found = { flagged, known };
      this.historyCache.set(uid, found);
    }
    return found;
  }
}
