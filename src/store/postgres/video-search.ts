import type pg from "pg";
import { tsAllTerms } from "../search-query.js";
import { searchTuning } from "../search-tuning.js";
import { PRIOR_WEIGHT } from "../sqlite/fts.js";
import { TimedMemo } from "../timed-memo.js";
import type { BrowseSort, Keyed, KeysetPosition, VideoFilter, VideoSort } from "../types.js";
import { expandQuery } from "./search-expansion.js";
import { arraysOf, keysetBefore, Params, rowsOf, scalarOf } from "./sql.js";

/** Sort key column of each non-text sort; every list is `key DESC, id DESC`. */
const SORT_COLUMN: Record<BrowseSort, string> = {
  trending: "trending_score",
  newest: "created_at",
  views: "plays",
  comments: "comments",
  reposts: "shares",
};

/**
 * best_match relevance on PostgreSQL (plus SQLite's popularity prior, PRIOR_WEIGHT · log10(1 + plays)):
 * `ts_rank` over `videos.search_vector` with weights in the order of SQLite's FIELD_WEIGHTS (caption and
 * hook 3 → A = 1, hashtags 2 → B = 2/3, transcript 1 → D = 1/3; C is unused), times RANK_SCALE. On the
 * generated 20 000-video corpus the matches of one word rank 0.6–0.9 in ts_rank, and FTS5's bm25 spreads
 * them over about 1.5–2 points; × 6 gives the text about the same weight against the prior (0 to ~3.6) as
 * on SQLite. ts_rank has no inverse document frequency (a rare word and a common one count alike) and no
 * length normalisation, so best_match order may differ from SQLite's; the set and every other sort do not.
 */
export const RANK_WEIGHTS = "'{0.333333, 0, 0.666667, 1}'::float4[]";
export const RANK_SCALE = 6;

const relevance = (query: string) =>
  `ts_rank(${RANK_WEIGHTS}, v.search_vector, ${query}::tsquery)::float8 * ${RANK_SCALE} + ${PRIOR_WEIGHT} * log10(1 + v.plays::float8)`;

/** The filter as SQL over `v` (its values as parameters), "true" without one. */
function filterSql(p: VideoFilter, params: Params): string {
  const parts: string[] = [];
  const yesNo = (value: VideoFilter["ad"], column: string) => {
    if (value === "yes") parts.push(`v.${column} = 1`);
    else if (value === "no") parts.push(`v.${column} = 0`);
  };
  yesNo(p.ad, "label_ad");
  yesNo(p.hook, "label_hook");
  yesNo(p.viral_hook, "label_viral_hook");
  if (p.media_type && p.media_type !== "any") parts.push(`v.media_type = ${params.add(p.media_type)}`);
  if (p.region) parts.push(`v.region = ${params.add(p.region)}`);
  if (p.language) parts.push(`v.language = ${params.add(p.language)}`);
  return parts.length ? parts.join(" AND ") : "true";
}

const hasFilter = (p: VideoFilter): boolean => filterSql(p, new Params()) !== "true";

/**
 * Text search over `videos.search_vector` (GIN): every term a literal lexeme, all required (`'a' & 'b'`,
 * cast with ::tsquery, never parsed by to_tsquery), expanded exactly as on SQLite (search-expansion.ts).
 * The same two paths as the SQLite store:
 *  - exact: when the query matches at most `exactCap` videos, every match is ranked in SQL and only the
 *    page leaves the server. A query holding a word outside `engine_common_terms` is known to be under the
 *    cap without a probe; an all-common query of several words counts its matches first (bounded probe).
 *  - bounded: above the cap, the candidates are the precomputed most played videos of the rarest common
 *    word (`engine_term_heads`) plus the newest `recentCap` matches; they are checked against the whole
 *    query and ranked in SQL. `total` is then null (unknown).
 */
export async function searchText(
  pool: pg.Pool,
  terms: readonly string[],
  sort: VideoSort,
  filter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
  query = terms.join(" "),
): Promise<{ rows: Keyed[]; total: number | null }> {
  const { exactCap } = searchTuning();
  const expanded = await expandQuery(pool, query, exactCap);
  if (expanded) return exactPage(pool, expanded.tsquery, sort, filter, limit, position, null);
  const tsquery = tsAllTerms(terms);
  const dfs = await commonDfs(pool, terms);
  let matches: number | null = null;
  if (dfs.every((df) => df !== undefined)) {
    // One common word alone is over the cap by definition; several may rarely meet, so count (bounded).
    matches = terms.length === 1 ? exactCap + 1 : await probeMatches(pool, tsquery, exactCap + 1);
    if (matches === 0) return { rows: [], total: 0 };
  }
  if (matches === null || matches <= exactCap)
    return exactPage(pool, tsquery, sort, filter, limit, position, hasFilter(filter) ? null : matches);
  let headTerm = terms[0] as string;
  let headDf = Number.POSITIVE_INFINITY;
  terms.forEach((t, i) => {
    const df = dfs[i] as number;
    if (df < headDf) {
      headDf = df;
      headTerm = t;
    }
  });
  return { rows: await boundedPage(pool, tsquery, headTerm, sort, filter, limit, position), total: null };
}

/**
 * The df of each term in `engine_common_terms` (undefined: not common). The table changes only when a
 * refresh rebuilds it: a look-up is reused for 10 s, as query expansions are (search-expansion.ts).
 */
const commons = new TimedMemo<pg.Pool, number | undefined>(10_000, 4096);

async function commonDfs(pool: pg.Pool, terms: readonly string[]): Promise<(number | undefined)[]> {
  const known = new Map(terms.map((t) => [t, commons.get(pool, t)]));
  const missing = terms.filter((t) => !known.get(t));
  if (missing.length > 0) {
    const found = new Map(
      await arraysOf<[string, number]>(
        pool,
        "SELECT term, df FROM engine_common_terms WHERE term = ANY($1::text[])",
        [missing],
      ),
    );
    for (const t of missing) {
      commons.set(pool, t, found.get(t));
      known.set(t, { value: found.get(t) });
    }
  }
  return terms.map((t) => known.get(t)?.value);
}

/**
 * How many videos (up to `cap`) match an all-common query of several words. GIN answers this by building the
 * intersection of the words' whole posting lists (≈ 100 ms for two words each in 20–30 % of 1M videos,
 * where FTS5 streams its doclists), so a count is reused for 60 s: it only decides whether the query
 * is ranked exactly or over its bounded candidates, and moves only by imports.
 */
const probes = new TimedMemo<pg.Pool, number>(60_000, 1024);

async function probeMatches(pool: pg.Pool, tsquery: string, cap: number): Promise<number> {
  const key = `${cap}\u0000${tsquery}`;
  const known = probes.get(pool, key);
  if (known) return known.value;
  const n =
    (await scalarOf<number>(
      pool,
      "SELECT count(*) FROM (SELECT 1 FROM videos WHERE search_vector @@ $1::tsquery LIMIT $2) m",
      [tsquery, cap],
    )) ?? 0;
  probes.set(pool, key, n);
  return n;
}

/** Forgets the common-term look-ups of this pool (after a refresh rebuilt engine_common_terms). */
export function forgetCommonTerms(pool: pg.Pool): void {
  commons.forget(pool);
  probes.forget(pool);
}

/** Every video passing the filter, an index walk in the sort's order (keyset `(key, id) < position`). */
export async function browseVideos(
  pool: pg.Pool,
  sort: BrowseSort,
  videoFilter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[]> {
  const params = new Params();
  const where = filterSql(videoFilter, params);
  const column = `v.${SORT_COLUMN[sort]}`;
  const keyset = keysetBefore(params, column, "v.id", position);
  return rowsOf<Keyed>(
    pool,
    `SELECT v.id, ${column} AS key FROM videos v WHERE ${where} ${keyset}
     ORDER BY ${column} DESC, v.id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
}

/** `id, key` of the videos `from` yields (a FROM clause over `v`), by the sort's key. */
const keyOf = (sort: VideoSort, query: string) =>
  sort === "best_match" ? relevance(query) : `v.${SORT_COLUMN[sort]}`;

/**
 * One page of an exactly ranked query. `total` is known when the probe counted an unfiltered query;
 * otherwise it is counted over the (at most exactCap) matches, with the page.
 */
async function exactPage(
  pool: pg.Pool,
  tsquery: string,
  sort: VideoSort,
  filter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
  knownTotal: number | null,
): Promise<{ rows: Keyed[]; total: number | null }> {
  const params = new Params();
  const q = params.add(tsquery);
  const where = filterSql(filter, params);
  const keyset = keysetBefore(params, "m.key", "m.id", position);
  // The total, when not known, is counted over the same (at most exactCap) matches in the same statement.
  const counted = knownTotal === null;
  const found = await rowsOf<Keyed & { total?: number }>(
    pool,
    `SELECT m.id, m.key${counted ? ", m.total" : ""} FROM (
       SELECT v.id, ${keyOf(sort, q)} AS key${counted ? ", count(*) OVER () AS total" : ""}
       FROM videos v WHERE v.search_vector @@ ${q}::tsquery AND ${where}
     ) m WHERE true ${keyset} ORDER BY m.key DESC, m.id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
  const rows = found.map((r) => ({ id: r.id, key: r.key }));
  let total = knownTotal ?? found[0]?.total ?? null;
  if (total === null) {
    // No row past the position: count the matches alone.
    const count = new Params();
    const cq = count.add(tsquery);
    const cwhere = filterSql(filter, count);
    total =
      (await scalarOf<number>(
        pool,
        `SELECT count(*) FROM videos v WHERE v.search_vector @@ ${cq}::tsquery AND ${cwhere}`,
        count.values,
      )) ?? 0;
  }
  return { rows, total };
}

/**
 * A page of a common query over its bounded candidate set: the head of `headTerm` (most played first,
 * precomputed) and the `recentCap` newest matches (highest seq), each checked against the whole query.
 */
async function boundedPage(
  pool: pg.Pool,
  tsquery: string,
  headTerm: string,
  sort: VideoSort,
  filter: VideoFilter,
  limit: number,
  position: KeysetPosition | null,
): Promise<Keyed[]> {
  const { recentCap } = searchTuning();
  const params = new Params();
  const q = params.add(tsquery);
  const recent = params.add(recentCap);
  const head = params.add(headTerm);
  const where = filterSql(filter, params);
  const keyset = keysetBefore(params, "m.key", "m.id", position);
  return rowsOf<Keyed>(
    pool,
    `WITH recent AS (
       SELECT seq FROM videos WHERE search_vector @@ ${q}::tsquery ORDER BY seq DESC LIMIT ${recent}
     ), candidates AS (
       SELECT seq FROM recent UNION SELECT seq FROM engine_term_heads WHERE term = ${head}
     )
     SELECT m.id, m.key FROM (
       SELECT v.id, ${keyOf(sort, q)} AS key FROM candidates c JOIN videos v ON v.seq = c.seq
       WHERE v.search_vector @@ ${q}::tsquery AND ${where}
     ) m WHERE true ${keyset} ORDER BY m.key DESC, m.id DESC LIMIT ${params.add(limit + 1)}`,
    params.values,
  );
}
