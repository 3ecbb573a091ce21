import type { ListResult } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { compareDesc, isAfter, type KeysetPosition } from "./paging.js";
import type { RankingColumns } from "./ranking-columns.js";
import type { VideoSummary } from "./records.js";
import { prepared } from "./statements.js";
import { bm25Idf, bm25Term, type CorpusTextStats, FIELD_WEIGHTS, FTS_COLUMNS } from "./text.js";
import { loadVideoSummariesBySeq } from "./video-rows.js";

/**
 * Unfiltered best_match over an exact (at most exactCap) match set, ranked with the in-memory columns
 * (ranking-columns.ts) instead of a probe into `videos` per match. Same key as the SQL path:
 * bm25 (FIELD_WEIGHTS) + PRIOR_WEIGHT · log10(1 + plays), ties by id.
 *  - One word: its occurrences come from the FTS index itself (an `fts5vocab` instance table: document and
 *    column of each occurrence, a sequential read of one doclist), and bm25 is computed here with the
 *    document lengths in memory — FTS5's bm25() would look up each match's size record instead, which is
 *    most of what ranking a rare word costs.
 *  - Several words: FTS5 intersects and scores (`bm25()`), the prior comes from memory.
 * Returns null when it cannot answer exactly (a word FTS5 tokenizes differently, a video newer than the
 * columns); the caller then ranks in SQL.
 */
export function rankInMemory(
  db: Db,
  terms: readonly string[],
  match: string,
  columns: RankingColumns,
  stats: CorpusTextStats,
  limit: number,
  position: KeysetPosition | null,
): ListResult<VideoSummary> | null {
  const scored =
    terms.length === 1
      ? scoreOneWord(db, terms[0] as string, columns, stats)
      : scoreMatches(db, match, columns);
  if (!scored) return null;
  return pageOfScored(db, scored, limit, position);
}

interface Scored {
  seqs: number[];
  keys: number[];
}

const instanceTables = new WeakSet<Db>();

// One string for the whole list: handing SQLite rows to JS one by one costs more than the scan itself.
const OCCURRENCES_SQL = `SELECT group_concat(doc * 4 + (CASE col ${FTS_COLUMNS.map((name, i) => `WHEN '${name}' THEN ${i}`).join(" ")} END))
  FROM temp.engine_videos_instances WHERE term = ?`;

/** Occurrences of one FTS term as `doc · 4 + column`: one number per occurrence, in doclist order. */
function occurrences(db: Db, term: string): number[] {
  if (!instanceTables.has(db)) {
    // Per connection, in `temp`: a view over the index, nothing stored, nothing to migrate.
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.engine_videos_instances USING fts5vocab(main, videos_fts, instance)",
    );
    instanceTables.add(db);
  }
  const list = prepared(db, OCCURRENCES_SQL).pluck(true).get(term) as string | null;
  return list ? list.split(",").map(Number) : [];
}

function scoreOneWord(db: Db, term: string, columns: RankingColumns, stats: CorpusTextStats): Scored | null {
  const found = occurrences(db, term);
  // No occurrence: no match, or a word FTS5 splits differently from our tokenizer; SQL decides.
  if (found.length === 0) return null;
  // The doclist is in rowid order, so a document's occurrences are adjacent; a Map merges them otherwise.
  let seqs: number[] = [];
  let weighted: number[] = [];
  let ordered = true;
  for (const code of found) {
    const doc = Math.floor(code / 4);
    const weight = FIELD_WEIGHTS[code - doc * 4] ?? 1;
    const last = seqs.length - 1;
    if (doc === seqs[last]) weighted[last] = (weighted[last] as number) + weight;
    else {
      if (last >= 0 && doc < (seqs[last] as number)) ordered = false;
      seqs.push(doc);
      weighted.push(weight);
    }
  }
  if (!ordered) {
    const merged = new Map<number, number>();
    seqs.forEach((doc, i) => {
      merged.set(doc, (merged.get(doc) ?? 0) + (weighted[i] as number));
    });
    seqs = [...merged.keys()];
    weighted = [...merged.values()];
  }
  const df = seqs.length;
  // SQLite's ln() is the libm log FTS5's bm25() uses: keys equal the SQL path's to the last bit, so a
  // cursor from either path pages the other correctly.
  const idf = bm25Idf(df, stats.docs, (x) => prepared(db, "SELECT ln(?)").pluck(true).get(x) as number);
  const keys: number[] = new Array(df);
  for (let i = 0; i < df; i++) {
    const seq = seqs[i] as number;
    if (seq >= columns.prior.length) return null;
    keys[i] =
      bm25Term(weighted[i] as number, columns.tokens[seq] as number, idf, stats) +
      (columns.prior[seq] as number);
  }
  return { seqs, keys };
}

function scoreMatches(db: Db, match: string, columns: RankingColumns): Scored | null {
  const rows = prepared(
    db,
    `SELECT rowid, bm25(videos_fts, ${FIELD_WEIGHTS.join(", ")}) FROM videos_fts WHERE videos_fts MATCH ?`,
  )
    .raw(true)
    .all(match) as [number, number][];
  const seqs: number[] = [];
  const keys: number[] = [];
  for (const [seq, bm] of rows) {
    if (seq >= columns.prior.length) return null;
    seqs.push(seq);
    keys.push(-bm + (columns.prior[seq] as number));
  }
  return { seqs, keys };
}

/**
 * The page after `position` in `key DESC, id DESC` order. Rows (and their ids, the tie-break) are read
 * by seq only for the window that can hold the page (pageWindow); everything past the window sorts after
 * the page, so it only tells whether there is a next one.
 */
function pageOfScored(
  db: Db,
  { seqs, keys }: Scored,
  limit: number,
  position: KeysetPosition | null,
): ListResult<VideoSummary> {
  const { window, eligible } = pageWindow(keys, limit, position);
  const summaries = loadVideoSummariesBySeq(
    db,
    window.map((i) => seqs[i] as number),
  );
  const rows: { id: string; key: number; item: VideoSummary }[] = [];
  for (const i of window) {
    const item = summaries.get(seqs[i] as number);
    const key = keys[i] as number;
    if (item && isAfter(key, item.id, position)) rows.push({ id: item.id, key, item });
  }
  rows.sort(compareDesc);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  // Matches after the position: those at or below its key, less the ones tied with it already shown.
  const more = eligible - (window.length - rows.length) > page.length;
  return {
    items: page.map((r) => r.item),
    total: seqs.length,
    next: more && last ? { k: last.key, id: last.id } : null,
  };
}

/**
 * Indices of the matches that can hold the page after `position`, best first: every match tied with the
 * position's key, then the best `limit` below it, widened to all ties of the last. A native sort of the
 * keys finds the cut-off; only the window is sorted with a comparator.
 */
function pageWindow(
  keys: readonly number[],
  limit: number,
  position: KeysetPosition | null,
): { window: number[]; eligible: number } {
  const below = (key: number) => !position || key <= position.k;
  const eligible = Float64Array.from(keys.filter(below)).sort();
  let atPosition = 0;
  if (position) for (const key of eligible) if (key === position.k) atPosition++;
  const need = Math.min(eligible.length, atPosition + limit);
  if (need === 0) return { window: [], eligible: 0 };
  const cutoff = eligible[eligible.length - need] as number;
  const window: number[] = [];
  keys.forEach((key, i) => {
    if (key >= cutoff && below(key)) window.push(i);
  });
  window.sort((a, b) => (keys[b] as number) - (keys[a] as number));
  return { window, eligible: eligible.length };
}
