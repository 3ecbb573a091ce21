import type { Db } from "../store/connection.js";
import { CorpusWriter } from "../store/sqlite/corpus-writer.js";

/**
 * Advertisers inferred from the corpus: an account whose videos the platform flagged as ads paid to place
 * them, so it is (or acts for) an advertiser. Each such account becomes an advertiser named after its
 * nickname (else handle), with its handle as alias and its business category as industry, marked
 * `inferred_confidence`; its flagged videos without an advertiser are attributed to it. An advertiser
 * that already has the handle as alias (named by a record) is used as it is and not marked.
 *
 * Confidence (a prior, not fitted): 0.6 for one flagged ad (a boosted post may be paid by a brand for a
 * creator: Spark Ads), +0.2 for a business/commerce account, +0.1 for two or more flagged ads, +0.05 for
 * a shop seller or a bio link; at most 0.95.
 */
export function inferAdvertisers(db: Db, now: number): { inferred: number; attributed: number } {
  const rows = db
    .prepare(
      `SELECT v.author_uid, c.handle, c.nickname, a.business, a.seller, a.bio_link, a.category,
         count(*) AS flagged, min(v.created_at) AS first_seen
       FROM videos v JOIN creators c ON c.uid = v.author_uid
       LEFT JOIN creator_accounts a ON a.uid = v.author_uid
       WHERE v.platform_ad = 1
       GROUP BY v.author_uid`,
    )
    .all() as {
    author_uid: string;
    handle: string;
    nickname: string;
    business: number | null;
    seller: number | null;
    bio_link: string | null;
    category: string | null;
    flagged: number;
    first_seen: number;
  }[];
  if (rows.length === 0) return { inferred: 0, attributed: 0 };
  const writer = new CorpusWriter(db);
  const marked = db.prepare("SELECT inferred_confidence FROM advertisers WHERE id = ?").pluck();
  const mark = db.prepare("UPDATE advertisers SET inferred_confidence = ? WHERE id = ?");
  const attribute = db.prepare(
    "UPDATE videos SET advertiser_id = ? WHERE author_uid = ? AND platform_ad = 1 AND advertiser_id IS NULL",
  );
  let inferred = 0;
  let attributed = 0;
  writer.batch(() => {
    for (const r of rows) {
      const confidence = inferredConfidence(r);
      let id = writer.findAdvertiserByAlias(r.handle);
      if (id === undefined) {
        id = writer.upsertAdvertiser(
          {
            name: r.nickname.trim() || r.handle,
            focus: "other",
            industry: r.category,
            domain: null,
            aliases: [{ kind: "handle", alias: r.handle }],
            firstSeen: r.first_seen,
          },
          now,
        );
        mark.run(confidence, id);
        inferred++;
      } else if (marked.get(id) !== null) {
        mark.run(confidence, id);
        inferred++;
      }
      attributed += attribute.run(id, r.author_uid).changes;
    }
  });
  return { inferred, attributed };
}

export function inferredConfidence(r: {
  business: number | null;
  seller: number | null;
  bio_link: string | null;
  flagged: number;
}): number {
  let c = 0.6;
  if (r.business === 1) c += 0.2;
  if (r.flagged >= 2) c += 0.1;
  if (r.seller === 1 || (r.bio_link !== null && r.bio_link !== "")) c += 0.05;
  return Math.round(Math.min(0.95, c) * 100) / 100;
}
