import { searchTuning } from "../search-tuning.js";
import type { BrowseSort, Keyed, KeysetPosition, VideoFilter, VideoSort } from "../types.js";
import type { Db } from "./connection.js";
import {
  bm25,
  type CorpusTextStats,
  FIELD_WEIGHTS,
  ftsMatch,
  PRIOR_WEIGHT,
  readFtsAverages,
  termCounts,
} from "./fts.js";
import { expandQuery } from "./search-expansion.js";
import { prepared } from "./statements.js";

/** Sort key column of each non-text sort; every list is `key DESC, id DESC`. */
const SORT_COLUMN: Record<BrowseSort, string> = {
  trending: "trending_score",
  newest: "created_at",
  views: "plays",
  comments: "comments",
  reposts: "shares",
};

interface Filter {
  sql: string;
  params: Record<string, string | number>;
}

function filtersOf(p: VideoFilter): Filter {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  const yesNo = (value: VideoFilter["ad"], column: string) => {
    if (value === "yes") parts.push(`v.${column} = 1`);
    else if (value === "no") parts.push(`v.${column} = 0`);
  };
  yesNo(p.ad, "label_ad");
  yesNo(p.hook, "label_hook");
  yesNo(p.viral_hook, "label_viral_hook");
  if (p.media_type && p.media_type !== "any") {
    parts.push("v.media_type = @media_type");
    params.media_type = p.media_type;
  }
  if (p.region) {
    parts.push("v.region = @region");
    params.region = p.region;
  }
  if (p.language) {
    parts.push("v.language = @language");
    params.language = p.language;
  }
  return { sql: parts.length ? parts.join(" AND ") : "1", params };
}

/** Rows past the position, best first: the caller pages them. */
const isAfter = (r: Keyed, pos: KeysetPosition | null): boolean =>
  !pos || r.key < pos.k || (r.key === pos.k && r.id < pos.id);

const compareDesc = (a: Keyed, b: Keyed): number =>
  a.key !== b.key ? b.key - a.key : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/**
 * Text search in FTS5 (terms are literal: each is quoted). Two paths:
 *  - exact: when the whole query matches at most `exactCap` videos, every match is ranked in SQL — bm25
 *    with FIELD_WEIGHTS plus the popularity prior for best_match — and only the page (limit + 1 rows past
 *    the keyset position) leaves SQLite. A query holding a word outside `engine_common_terms` is known to
 *    be under the cap without a probe; only all-common queries count their matches first (bounded probe).
 *    Unfiltered, SQL joins the matches to the covering `(seq, plays, id)` index; filters need the rows.
 *  - bounded: above the cap every word is common (fyp, viral, a brand). FTS5's bm25 would first count the
 *    whole doclist and the sort would touch every match, so instead the candidates are the most played
 *    videos containing the rarest common word (precomputed `engine_term_heads`) plus the newest
 *    `recentCap` matches by rowid; the other words are checked and bm25 is computed here from the text
 *    with the stored document frequencies. Work is O(headSize + recentCap), whatever the corpus size.
 * `total` is exact on the exact path and null (unknown) on the bounded one. A word that grew past the cap
 * is promoted by the next refresh (refresh/search-heads.ts); until then it is ranked exactly.
 */
export function searchText(
  db: Db,
  terms: readonly string[],
  sort: VideoSort,
  videoFilter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
  query = terms.join(" "),
): { rows: Keyed[]; total: number | null } {
  const filter = filtersOf(videoFilter);
  const match = ftsMatch(terms);
  const { exactCap } = searchTuning();
  // Compounds, run-together words, hashtag stems and "phrases" (search-expansion.ts): ranked exactly.
  const expanded = expandQuery(db, query, exactCap);
  if (expanded) return exactPage(db, expanded.match, sort, filter, limit, position, null);
  const dfs = terms.map(
    (t) =>
      (prepared(db, "SELECT df FROM engine_common_terms WHERE term = ?").get(t) as { df: number } | undefined)
        ?.df,
  );
  let matches: number | null = null;
  if (dfs.every((df) => df !== undefined)) {
    // One common word alone is over the cap by definition; several may rarely meet, so count (bounded).
    matches =
      terms.length === 1
        ? exactCap + 1
        : (
            prepared(
              db,
              "SELECT count(*) AS n FROM (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? LIMIT ?)",
            ).get(match, exactCap + 1) as { n: number }
          ).n;
    if (matches === 0) return { rows: [], total: 0 };
  }
  if (matches === null || matches <= exactCap)
    return exactPage(db, match, sort, filter, limit, position, filter.sql === "1" ? matches : null);
  const rows = boundedCandidates(db, terms, dfs, match, sort, filter);
  rows.sort(compareDesc);
  return {
    rows: rows.filter((r) => isAfter(r, position)).slice(0, limit + 1),
    total: null,
  };
}

/** Every video passing the filter, an index walk in the sort's order (keyset `(key, id) < position`). */
export function browseVideos(
  db: Db,
  sort: BrowseSort,
  videoFilter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
): Keyed[] {
  const filter = filtersOf(videoFilter);
  const column = SORT_COLUMN[sort];
  const keyset = position ? `AND (v.${column}, v.id) < (@k, @id)` : "";
  return prepared(
    db,
    `SELECT v.id, v.${column} AS key FROM videos v INDEXED BY engine_videos_${indexName(sort)}
       WHERE ${filter.sql} ${keyset} ORDER BY v.${column} DESC, v.id DESC LIMIT @n`,
  ).all({ ...filter.params, ...(position ?? {}), n: limit + 1 }) as Keyed[];
}

const indexName = (sort: BrowseSort): string =>
  ({ trending: "trending", newest: "newest", views: "plays", comments: "comments", reposts: "shares" })[sort];

/** The `(id, key)` of every match passing the filter: SQL ending in its WHERE clause, to page or count. */
function exactKeys(sort: VideoSort, filter: Filter): string {
  const fts = "SELECT rowid AS seq FROM videos_fts WHERE videos_fts MATCH @match";
  if (sort !== "best_match")
    return `SELECT v.id AS id, v.${SORT_COLUMN[sort]} AS key FROM videos v
              WHERE v.seq IN (${fts}) AND ${filter.sql}`;
  // Unfiltered, the covering index serves the join; filters need the row anyway.
  const videos = filter.sql === "1" ? "videos v INDEXED BY engine_videos_seq_plays" : "videos v";
  return `SELECT v.id AS id, (-m.bm + ${PRIOR_WEIGHT} * log10(1 + v.plays)) AS key
            FROM (SELECT rowid AS seq, bm25(videos_fts, ${FIELD_WEIGHTS.join(", ")}) AS bm
                    FROM videos_fts WHERE videos_fts MATCH @match) m
            JOIN ${videos} ON v.seq = m.seq WHERE ${filter.sql}`;
}

/**
 * One page of an exactly ranked query. `total` is known when the probe counted an unfiltered query, or
 * when the first page holds every match; otherwise one count over the (at most exactCap) matches.
 */
function exactPage(
  db: Db,
  match: string,
  sort: VideoSort,
  filter: Filter,
  limit: number,
  position: KeysetPosition | null,
  knownTotal: number | null,
): { rows: Keyed[]; total: number | null } {
  const keys = exactKeys(sort, filter);
  // Flat (SQLite resolves the result aliases in WHERE): a wrapping subquery cost ~15 % on rare words.
  const keyset = position ? "AND (key < @k OR (key = @k AND id < @id))" : "";
  const params = { ...filter.params, match };
  const rows = prepared(db, `${keys} ${keyset} ORDER BY key DESC, id DESC LIMIT @n`).all({
    ...params,
    ...(position ?? {}),
    n: limit + 1,
  }) as Keyed[];
  let total = knownTotal;
  if (total === null && !position && rows.length <= limit) total = rows.length;
  if (total === null) {
    const count =
      filter.sql === "1"
        ? "SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH @match"
        : `SELECT count(*) AS n FROM (${keys})`;
    total = (prepared(db, count).get(params) as { n: number }).n;
  }
  return { rows, total };
}

interface CandidateRow {
  id: string;
  seq: number;
  key: number;
  plays: number;
  caption: string;
  hook_text: string | null;
  transcript: string | null;
  hashtags: string;
}

function boundedCandidates(
  db: Db,
  terms: readonly string[],
  dfs: readonly (number | undefined)[],
  match: string,
  sort: VideoSort,
  filter: Filter,
): { id: string; key: number }[] {
  const { recentCap } = searchTuning();
  // The rarest word that has a precomputed head gives the popularity-ordered prefix.
  let headTerm: string | undefined;
  let headDf = Number.POSITIVE_INFINITY;
  terms.forEach((t, i) => {
    const df = dfs[i];
    if (df !== undefined && df < headDf) {
      headDf = df;
      headTerm = t;
    }
  });
  const recent = prepared(
    db,
    "SELECT rowid AS seq FROM videos_fts WHERE videos_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
  ).all(match, recentCap) as { seq: number }[];
  const recentSeqs = new Set(recent.map((r) => r.seq));
  const heads = headTerm
    ? (prepared(db, "SELECT seq FROM engine_term_heads WHERE term = ?").all(headTerm) as { seq: number }[])
    : [];
  const seqs = [...recentSeqs, ...heads.map((h) => h.seq).filter((s) => !recentSeqs.has(s))];
  const needText = sort === "best_match" || terms.length > 1;
  const keyColumn = sort === "best_match" ? "v.plays" : `v.${SORT_COLUMN[sort]}`;
  const rows = prepared(
    db,
    `SELECT v.id, v.seq, ${keyColumn} AS key, v.plays,
         ${needText ? "v.caption, v.hook_text, v.transcript, v.hashtags" : "'' AS caption, NULL AS hook_text, NULL AS transcript, '' AS hashtags"}
       FROM json_each(@seqs) j CROSS JOIN videos v ON v.seq = j.value WHERE ${filter.sql}`,
  ).all({ ...filter.params, seqs: JSON.stringify(seqs) }) as CandidateRow[];
  if (!needText) return rows.map((r) => ({ id: r.id, key: r.key }));
  const stats = corpusStats(db);
  const termDfs = dfs.map((df) => df ?? searchTuning().exactCap);
  const out: { id: string; key: number }[] = [];
  for (const row of rows) {
    const { counts, length } = termCounts(
      [row.caption, row.hook_text ?? "", row.transcript ?? "", row.hashtags],
      terms,
    );
    // Head candidates come from one word's list: keep only those holding every word.
    if (!recentSeqs.has(row.seq) && counts.some((c) => c.every((n) => n === 0))) continue;
    if (sort !== "best_match") {
      out.push({ id: row.id, key: row.key });
      continue;
    }
    const relevance = bm25(counts, length, termDfs, stats);
    out.push({ id: row.id, key: relevance + PRIOR_WEIGHT * Math.log10(1 + row.plays) });
  }
  return out;
}

function corpusStats(db: Db): CorpusTextStats {
  const row = prepared(db, "SELECT block FROM videos_fts_data WHERE id = 1").get() as
    | { block: Buffer }
    | undefined;
  return row ? readFtsAverages(row.block) : { docs: 0, avgTokens: 0 };
}
