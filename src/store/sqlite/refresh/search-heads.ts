import type { Statement } from "better-sqlite3";
import { searchTuning } from "../../search-tuning.js";
import { tokenize } from "../../text.js";
import type { Db } from "../connection.js";

interface TextRow {
  seq: number;
  plays: number;
  caption: string;
  hook_text: string | null;
  transcript: string | null;
  hashtags: string;
}

const TEXT_SELECT = "SELECT id, seq, plays, caption, hook_text, transcript, hashtags FROM videos";

const docTerms = (r: TextRow): Set<string> =>
  new Set(tokenize(`${r.caption} ${r.hook_text ?? ""} ${r.transcript ?? ""} ${r.hashtags}`));

/**
 * Keeps the common-term side tables: which terms match more documents than the exact-ranking cap, and
 * for each such term its most played videos (the candidate prefix the bounded search ranks).
 * Full rebuild without `videoIds`; otherwise those videos are re-entered where they now belong.
 */
export function refreshSearchHeads(db: Db, videoIds?: readonly string[]): void {
  const { exactCap, headSize } = searchTuning();
  if (!videoIds) {
    db.exec("DELETE FROM engine_common_terms; DELETE FROM engine_term_heads");
    db.prepare(
      "INSERT INTO engine_common_terms (term, df) SELECT term, doc FROM engine_videos_vocab WHERE doc > ?",
    ).run(exactCap);
  }
  const common = new Map(
    (db.prepare("SELECT term, df FROM engine_common_terms").all() as { term: string; df: number }[]).map(
      (r) => [r.term, r.df],
    ),
  );
  const insert = db.prepare("INSERT OR REPLACE INTO engine_term_heads (term, rank, seq) VALUES (?, ?, ?)");
  if (videoIds) promoteGrownTerms(db, videoIds, common, insert);
  if (common.size === 0) return;
  if (!videoIds) {
    const filled = new Map<string, number>();
    const full = () => filled.size === common.size && [...filled.values()].every((n) => n >= headSize);
    // Most played first, so each list is the term's popularity-ordered prefix; stop once all are full.
    // Read in keyset chunks: the connection cannot write while a statement is still iterating.
    const chunk = db.prepare(
      `${TEXT_SELECT} INDEXED BY engine_videos_plays WHERE (plays, id) < (@plays, @id) ORDER BY plays DESC, id DESC LIMIT 2000`,
    );
    let position = { plays: Number.MAX_SAFE_INTEGER, id: "" };
    for (;;) {
      const rows = chunk.all(position) as (TextRow & { id: string })[];
      for (const row of rows) {
        for (const term of docTerms(row)) {
          if (!common.has(term)) continue;
          const n = filled.get(term) ?? 0;
          if (n >= headSize) continue;
          insert.run(term, n, row.seq);
          filled.set(term, n + 1);
        }
      }
      const last = rows[rows.length - 1];
      if (!last || full()) break;
      position = { plays: last.plays, id: last.id };
    }
    return;
  }
  const rows = db
    .prepare(`${TEXT_SELECT} WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(videoIds)) as TextRow[];
  const remove = db.prepare("DELETE FROM engine_term_heads WHERE seq = ?");
  const listState = db.prepare(
    `SELECT count(*) AS n, coalesce(max(h.rank), -1) AS top, min(v.plays) AS floor
     FROM engine_term_heads h JOIN videos v ON v.seq = h.seq WHERE h.term = ?`,
  );
  const states = new Map<string, { n: number; top: number; floor: number | null }>();
  for (const row of rows) {
    remove.run(row.seq);
    for (const term of docTerms(row)) {
      if (!common.has(term)) continue;
      let state = states.get(term);
      if (!state) {
        state = listState.get(term) as { n: number; top: number; floor: number | null };
        states.set(term, state);
      }
      // Enter when the list has room or the video out-plays its least played member (lists may grow a
      // little between full refreshes; the search ranks whatever the list holds).
      if (state.n < headSize || row.plays >= (state.floor ?? 0)) {
        state.top += 1;
        state.n += 1;
        insert.run(term, state.top, row.seq);
      }
    }
  }
}

/**
 * The search trusts `engine_common_terms` to know, without probing, that a query holding any other word
 * is under the exact cap. A scoped refresh therefore promotes the words of the refreshed videos that have
 * grown past the cap since the last full rebuild, with a head taken from their own (just over cap) matches.
 */
function promoteGrownTerms(
  db: Db,
  videoIds: readonly string[],
  common: Map<string, number>,
  insert: Statement,
): void {
  const { exactCap, headSize } = searchTuning();
  const rows = db
    .prepare(`${TEXT_SELECT} WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(videoIds)) as TextRow[];
  const words = new Set<string>();
  for (const row of rows) for (const term of docTerms(row)) if (!common.has(term)) words.add(term);
  const match = (term: string) => `"${term.replaceAll('"', '""')}"`;
  const overCap = db.prepare(
    "SELECT count(*) AS n FROM (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? LIMIT ?)",
  );
  const df = db.prepare("SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH ?");
  const head = db.prepare(
    `SELECT v.seq FROM videos v WHERE v.seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ?)
       ORDER BY v.plays DESC, v.id DESC LIMIT ?`,
  );
  const addCommon = db.prepare("INSERT OR REPLACE INTO engine_common_terms (term, df) VALUES (?, ?)");
  for (const term of words) {
    if ((overCap.get(match(term), exactCap + 1) as { n: number }).n <= exactCap) continue;
    const n = (df.get(match(term)) as { n: number }).n;
    addCommon.run(term, n);
    db.prepare("DELETE FROM engine_term_heads WHERE term = ?").run(term);
    (head.all(match(term), headSize) as { seq: number }[]).forEach((r, rank) => {
      insert.run(term, rank, r.seq);
    });
    common.set(term, n);
  }
}
