import type { ListResult, PagePosition } from "../registry/types.js";
import type { Db } from "../store/connection.js";
import { compareDesc, isAfter, readKeyset } from "./paging.js";
import type { VideoSummary } from "./records.js";
import { searchTuning } from "./search-tuning.js";
import { prepared } from "./statements.js";
import {
  bm25,
  type CorpusTextStats,
  FIELD_WEIGHTS,
  ftsMatch,
  PRIOR_WEIGHT,
  queryTerms,
  readFtsAverages,
  tokenize,
} from "./text.js";
import { videoPage } from "./video-rows.js";

export type VideoSort = "best_match" | "trending" | "newest" | "views" | "comments" | "reposts";
export type YesNoAny = "any" | "yes" | "no";

export interface SearchVideosParams {
  q?: string;
  sort?: VideoSort;
  ad?: YesNoAny;
  hook?: YesNoAny;
  viral_hook?: YesNoAny;
  media_type?: "any" | "video" | "slideshow";
  region?: string;
  language?: string;
  limit: number;
  after?: PagePosition | null;
}

/** Defaults when a parameter is omitted (the docs cite these). */
export const VIDEO_SEARCH_DEFAULTS = {
  sortWithQuery: "best_match",
  sortWithoutQuery: "trending",
  ad: "any",
  hook: "any",
  viral_hook: "any",
  media_type: "any",
} as const;

/** Sort key column of each non-text sort; every list is `key DESC, id DESC`. */
const SORT_COLUMN: Record<Exclude<VideoSort, "best_match">, string> = {
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

function filtersOf(p: SearchVideosParams): Filter {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  const yesNo = (value: YesNoAny | undefined, column: string) => {
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

const empty = <T>(): ListResult<T> => ({ items: [], total: 0, next: null });

/**
 * Video search. Without words it is an index walk in the chosen order (keyset `(key, id) < position`).
 * With words (always literal: each is quoted for FTS5) there are two paths:
 *  - exact: when the whole query matches at most `exactCap` videos (a bounded probe counts up to cap + 1),
 *    every match is ranked — bm25 with FIELD_WEIGHTS plus the popularity prior for best_match.
 *  - bounded: above the cap every word is common (fyp, viral, a brand). FTS5's bm25 would first count the
 *    whole doclist and the sort would touch every match, so instead the candidates are the most played
 *    videos containing the rarest common word (precomputed `engine_term_heads`) plus the newest
 *    `recentCap` matches by rowid; the other words are checked and bm25 is computed here from the text
 *    with the stored document frequencies. Work is O(headSize + recentCap), whatever the corpus size.
 * `total` is exact on the exact path and null (unknown) on the bounded one.
 */
export function searchVideos(db: Db, p: SearchVideosParams, _now: number): ListResult<VideoSummary> {
  const hasQuery = p.q !== undefined && p.q.trim() !== "";
  const terms = hasQuery ? queryTerms(p.q ?? "") : [];
  if (hasQuery && terms.length === 0) return empty();
  const sort = p.sort ?? (terms.length ? "best_match" : "trending");
  const filter = filtersOf(p);
  const position = readKeyset(p.after);
  if (terms.length === 0)
    return browse(db, sort === "best_match" ? "trending" : sort, filter, p.limit, position);
  const match = ftsMatch(terms);
  const { exactCap } = searchTuning();
  const probe = prepared(
    db,
    "SELECT count(*) AS n FROM (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? LIMIT ?)",
  ).get(match, exactCap + 1) as { n: number };
  if (probe.n === 0) return empty();
  const rows =
    probe.n <= exactCap
      ? exactCandidates(db, match, sort, filter)
      : boundedCandidates(db, terms, match, sort, filter);
  rows.sort(compareDesc);
  const total = probe.n > exactCap ? null : filter.sql === "1" ? probe.n : rows.length;
  return videoPage(
    db,
    rows.filter((r) => isAfter(r.key, r.id, position)),
    p.limit,
    total,
  );
}

function browse(
  db: Db,
  sort: Exclude<VideoSort, "best_match">,
  filter: Filter,
  limit: number,
  position: { k: number; id: string } | null,
): ListResult<VideoSummary> {
  const column = SORT_COLUMN[sort];
  const keyset = position ? `AND (v.${column}, v.id) < (@k, @id)` : "";
  const rows = prepared(
    db,
    `SELECT v.id, v.${column} AS key FROM videos v INDEXED BY engine_videos_${indexName(sort)}
       WHERE ${filter.sql} ${keyset} ORDER BY v.${column} DESC, v.id DESC LIMIT @n`,
  ).all({ ...filter.params, ...(position ?? {}), n: limit + 1 }) as { id: string; key: number }[];
  return videoPage(db, rows, limit, null);
}

const indexName = (sort: Exclude<VideoSort, "best_match">): string =>
  ({ trending: "trending", newest: "newest", views: "plays", comments: "comments", reposts: "shares" })[sort];

/** Unfiltered best_match re-ranks only the TEXT_TOP most relevant matches with the prior (no join per match). */
const TEXT_TOP = 1000;

function exactCandidates(
  db: Db,
  match: string,
  sort: VideoSort,
  filter: Filter,
): { id: string; key: number }[] {
  if (sort === "best_match") {
    return prepared(
      db,
      `SELECT v.id, (-m.bm + ${PRIOR_WEIGHT} * log10(1 + v.plays)) AS key
         FROM (SELECT rowid AS seq, bm25(videos_fts, ${FIELD_WEIGHTS.join(", ")}) AS bm FROM videos_fts WHERE videos_fts MATCH @match ${filter.sql === "1" ? `ORDER BY bm LIMIT ${TEXT_TOP}` : ""}) m
         JOIN videos v ON v.seq = m.seq WHERE ${filter.sql}`,
    ).all({ ...filter.params, match }) as { id: string; key: number }[];
  }
  return prepared(
    db,
    `SELECT v.id, v.${SORT_COLUMN[sort]} AS key FROM videos v
       WHERE v.seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH @match) AND ${filter.sql}`,
  ).all({ ...filter.params, match }) as { id: string; key: number }[];
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
  match: string,
  sort: VideoSort,
  filter: Filter,
): { id: string; key: number }[] {
  const { recentCap } = searchTuning();
  const dfs = terms.map(
    (t) =>
      (prepared(db, "SELECT df FROM engine_common_terms WHERE term = ?").get(t) as { df: number } | undefined)
        ?.df,
  );
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
    const columns = [row.caption, row.hook_text ?? "", row.transcript ?? "", row.hashtags].map(tokenize);
    const counts = terms.map((t) => columns.map((tokens) => tokens.filter((x) => x === t).length));
    // Head candidates come from one word's list: keep only those holding every word.
    if (!recentSeqs.has(row.seq) && counts.some((c) => c.every((n) => n === 0))) continue;
    if (sort !== "best_match") {
      out.push({ id: row.id, key: row.key });
      continue;
    }
    const length = columns.reduce((sum, tokens) => sum + tokens.length, 0);
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
