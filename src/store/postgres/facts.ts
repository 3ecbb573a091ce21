import type pg from "pg";
import { normalizeTokens } from "../../shared/text/normalize.js";
import {
  ADVERTISER_NAMES,
  type AdvertiserName,
  type ArtistSound,
  advertiserNamesOf,
  artistLike,
  artistSoundsOf,
  type CorpusCodes,
  CorpusMemo,
  CREATOR_FACTS,
  type CreatorFact,
  type CreatorFactRow,
  type CreatorLinkRow,
  calendarSql,
  collectionSql,
  countSql,
  creatorFact,
  DISTINCT_COLLECTIONS_SQL,
  distinctCodesSql,
  emojiClass,
  type FactsCoverage,
  type FactsFilter,
  type FactsGroup,
  type FactsRepository,
  type FactsSplit,
  type FactsValue,
  hashtagSql,
  hasTextSql,
  type IndexedWord,
  type LinkedCreator,
  linkedCreator,
  PHONE_PATTERN,
  PRICE_PATTERN,
  PRICE_TEXT_SQL,
  presenceSql,
  rateBaseSql,
  rateBoundsSql,
  rateNumeratorSql,
  SOUND_TITLES,
  type SoundName,
  soundNamesOf,
  soundsByArtistSql,
  soundTitledSql,
  splitSql,
  TEXT_COLUMNS,
  type TextField,
  titledLike,
  VIDEO_FACT_COLUMNS,
  type VideoFact,
  valueSql,
} from "../facts.js";
import { tsAllTerms, tsLexeme } from "../search-query.js";
import { searchTuning } from "../search-tuning.js";
import { queryTerms } from "../text.js";
import { expandQuery } from "./search-expansion.js";
import { Params, rowsOf, scalarOf } from "./sql.js";

const advertiserNames = new CorpusMemo<readonly AdvertiserName[]>();

/** The analyst's linking and aggregate reads on PostgreSQL (the same meanings as SqliteFacts). */
export class PostgresFacts implements FactsRepository {
  constructor(private readonly pool: pg.Pool) {}

  async creatorByHandle(handle: string): Promise<LinkedCreator | null> {
    const [current] = await rowsOf<CreatorLinkRow>(
      this.pool,
      "SELECT uid, handle, nickname, verified FROM creators WHERE lower(handle) = lower($1) ORDER BY updated_at DESC LIMIT 1",
      [handle],
    );
    if (current) return linkedCreator(current, "handle");
    const [former] = await rowsOf<CreatorLinkRow>(
      this.pool,
      `SELECT c.uid, c.handle, c.nickname, c.verified FROM creator_handles h JOIN creators c ON c.uid = h.uid
       WHERE lower(h.handle) = lower($1) ORDER BY h.last_seen DESC LIMIT 1`,
      [handle],
    );
    return former ? linkedCreator(former, "former_handle") : null;
  }

  /** Creators whose display name is exactly `name` (or its part before " | "); linked only when unique. */
  async creatorByNickname(name: string): Promise<LinkedCreator | null> {
    const rows = await rowsOf<CreatorLinkRow>(
      this.pool,
      `SELECT uid, handle, nickname, verified FROM creators
       WHERE lower(nickname) = lower($1) OR nickname ILIKE $2 ESCAPE '\\' LIMIT 2`,
      [name, `${name.replace(/[\\%_]/g, (c) => `\\${c}`)} |%`],
    );
    return rows.length === 1 ? linkedCreator(rows[0] as CreatorLinkRow, "nickname") : null;
  }

  async soundNames(): Promise<SoundName[]> {
    return soundNamesOf(
      await rowsOf<{ id: string; title: string; videos: string | number }>(this.pool, SOUND_TITLES),
    );
  }

  async soundsTitledAs(titles: readonly string[]): Promise<SoundName[]> {
    if (titles.length === 0) return [];
    return soundNamesOf(
      await rowsOf<{ id: string; title: string; videos: string | number }>(
        this.pool,
        soundTitledSql(
          titles.length,
          (i) => `lower(music_title) = lower($${2 * i + 1})`,
          (i) => `music_title ILIKE $${2 * i + 2} ESCAPE '\\'`,
        ),
        titles.flatMap((t) => [t, titledLike(t)]),
      ),
    );
  }

  async soundsByArtist(names: readonly string[]): Promise<ArtistSound[]> {
    if (names.length === 0) return [];
    return artistSoundsOf(
      await rowsOf<{ id: string; title: string; artist: string; videos: string | number }>(
        this.pool,
        soundsByArtistSql(
          names.length,
          (i) => `lower(music_author) = lower($${2 * i + 1})`,
          (i) => `music_author ILIKE $${2 * i + 2} ESCAPE '\\'`,
        ),
        names.flatMap((n) => [n, artistLike(n)]),
      ),
    );
  }

  /** Read again once the corpus version (PostgreSQL migration 002: any write to a corpus table) moves. */
  async advertiserNames(): Promise<readonly AdvertiserName[]> {
    const version = await scalarOf<string>(this.pool, "SELECT token FROM corpus_version WHERE id = 1");
    return advertiserNames.get(this.pool, String(version), async () =>
      advertiserNamesOf(
        await rowsOf<{ id: string; name: string; alias: string | null }>(this.pool, ADVERTISER_NAMES),
      ),
    );
  }

  /**
   * How many videos carry `word` as a hashtag (capped at `cap`): its tokens as a phrase restricted to
   * weight B, the hashtags' weight in search_vector (SQLite: the `hashtags` column of videos_fts).
   */
  async hashtagUse(word: string, cap = 50): Promise<number> {
    if (!/^[\p{L}\p{N}_]+$/u.test(word)) return 0;
    const tokens = normalizeTokens(word);
    if (tokens.length === 0) return 0;
    const query = tokens.map((t) => `${tsLexeme(t)}:B`).join(" <-> ");
    return (
      (await scalarOf<number>(
        this.pool,
        "SELECT count(*) FROM (SELECT 1 FROM videos WHERE search_vector @@ $1::tsquery LIMIT $2) m",
        [query, cap],
      )) ?? 0
    );
  }

  async indexedWords(prefix: string, minLength: number, maxLength: number): Promise<IndexedWord[]> {
    // (The vocabulary's terms are in "C" order, so the range is an index scan.)
    const rows = await rowsOf<{ word: string; videos: string }>(
      this.pool,
      `SELECT term AS word, doc AS videos FROM engine_videos_vocab
       WHERE term >= $1 AND term < $2 AND length(term) BETWEEN $3 AND $4 ORDER BY term`,
      [prefix, `${prefix}\u{10ffff}`, minLength, maxLength],
    );
    return rows.map((r) => ({ word: r.word, videos: Number(r.videos) }));
  }

  async nameOf(type: "creator" | "advertiser", id: string): Promise<string> {
    if (type === "advertiser")
      return (await scalarOf<string>(this.pool, "SELECT name FROM advertisers WHERE id = $1", [id])) ?? id;
    const handle = await scalarOf<string>(this.pool, "SELECT handle FROM creators WHERE uid = $1", [id]);
    return handle ? `@${handle}` : id;
  }

  async creators(uids: readonly string[]): Promise<Map<string, CreatorFact>> {
    const rows = await rowsOf<CreatorFactRow>(this.pool, `${CREATOR_FACTS} WHERE uid = ANY($1::text[])`, [
      [...uids],
    ]);
    return new Map(rows.map((r) => [r.uid, creatorFact(r)]));
  }

  async codes(): Promise<CorpusCodes> {
    const read = async (sql: string) =>
      new Set((await rowsOf<{ v: string }>(this.pool, sql)).map((r) => r.v));
    const [regions, languages, collections] = await Promise.all([
      read(distinctCodesSql("region")),
      read(distinctCodesSql("language")),
      read(DISTINCT_COLLECTIONS_SQL),
    ]);
    return { regions, languages, collections };
  }

  async videos(filter: FactsFilter, top?: number): Promise<VideoFact[]> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    const order = top === undefined ? "" : `ORDER BY v.plays DESC, v.id DESC LIMIT ${params.add(top)}`;
    return rowsOf<VideoFact>(
      this.pool,
      `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v WHERE ${where} ${order}`,
      params.values,
    );
  }

  async texts(filter: FactsFilter, field: TextField, top: number): Promise<{ id: string; text: string }[]> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    const column = `v.${TEXT_COLUMNS[field]}`;
    const present = hasTextSql(field);
    return rowsOf<{ id: string; text: string }>(
      this.pool,
      `SELECT v.id, ${column} AS text FROM videos v WHERE ${where} AND ${present}
       ORDER BY v.plays DESC, v.id DESC LIMIT ${params.add(top)}`,
      params.values,
    );
  }

  async groups(
    filter: FactsFilter,
    splits: readonly (FactsSplit | null)[],
    value: FactsValue,
    options: { creators?: boolean } = {},
  ): Promise<FactsGroup[][]> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    // One statement per split, side by side on the pool.
    return Promise.all(
      splits.map(async (by) =>
        (
          await rowsOf<GroupFiguresRow>(
            this.pool,
            groupsSql(
              by === null
                ? "0"
                : by === "hashtag"
                  ? "t.tag"
                  : by === "collection"
                    ? "c.collection"
                    : splitSql(by, POSTGRES_TIME),
              valueSql(value, "double precision"),
              rateNumeratorSql(value),
              rateBaseSql(value),
              where,
              // A video is in the group of each of its tags.
              by === "hashtag"
                ? "videos v CROSS JOIN LATERAL (SELECT DISTINCT tag FROM unnest(string_to_array(v.hashtags, ' ')) AS u(tag) WHERE tag <> '') t"
                : by === "collection"
                  ? "videos v JOIN video_collections c ON c.video_id = v.id"
                  : "videos v",
              options.creators === true,
            ),
            params.values,
          )
        ).map((r) => groupOf(r, by === null, options.creators === true)),
      ),
    );
  }

  async groupTop(
    filter: FactsFilter,
    by: FactsSplit | null,
    key: string | number | null,
    n: number,
  ): Promise<VideoFact[]> {
    if (by === null || key === null) return this.videos(filter, n);
    const params = new Params();
    const where = await this.whereOf(filter, params);
    return rowsOf<VideoFact>(
      this.pool,
      `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v
       WHERE ${where} AND ${by === "hashtag" ? hashtagSql(params.add(key), "strpos") : by === "collection" ? collectionSql(params.add(key)) : `${splitSql(by, POSTGRES_TIME)} = ${params.add(key)}`}
       ORDER BY v.plays DESC, v.id DESC LIMIT ${params.add(n)}`,
      params.values,
    );
  }

  async topBy(filter: FactsFilter, value: FactsValue, n: number): Promise<VideoFact[]> {
    return this.withValue(filter, value, n, (x) => `${x} DESC, v.id DESC`);
  }

  async nthHighest(filter: FactsFilter, value: FactsValue, n: number): Promise<number | null> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    const x = valueSql(value, "double precision");
    const found = await scalarOf<number | string | null>(
      this.pool,
      `SELECT ${x} FROM videos v WHERE ${where} AND ${x} IS NOT NULL ORDER BY ${x} DESC
       LIMIT 1 OFFSET ${params.add(Math.max(0, n - 1))}`,
      params.values,
    );
    return found === null || found === undefined ? null : Number(found);
  }

  async nearest(filter: FactsFilter, value: FactsValue, target: number, n: number): Promise<VideoFact[]> {
    return this.withValue(
      filter,
      value,
      n,
      // No value is negative: nearest 0 is lowest, an order an index can give (SQLite's nearest says by how much).
      (x, params) =>
        target === 0
          ? `${x}, v.id`
          : `abs(CAST(${x} AS double precision) - ${params.add(target)}::double precision), v.id`,
    );
  }

  /** The first `n` matching videos with a `value`, in the order `order` gives over its SQL. */
  private async withValue(
    filter: FactsFilter,
    value: FactsValue,
    n: number,
    order: (x: string, params: Params) => string,
  ): Promise<VideoFact[]> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    const x = valueSql(value, "double precision");
    return rowsOf<VideoFact>(
      this.pool,
      `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v WHERE ${where} AND ${x} IS NOT NULL
       ORDER BY ${order(x, params)} LIMIT ${params.add(n)}`,
      params.values,
    );
  }

  async count(filter: FactsFilter): Promise<number> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    return (
      (await scalarOf<number>(this.pool, `SELECT count(*) FROM videos v WHERE ${where}`, params.values)) ?? 0
    );
  }

  async coverage(filter: FactsFilter): Promise<FactsCoverage> {
    const params = new Params();
    const where = await this.whereOf(filter, params);
    const [row] = await rowsOf<FactsCoverage>(
      this.pool,
      `SELECT count(*) AS videos, count(v.region) AS "withRegion", count(v.language) AS "withLanguage",
              max(v.created_at) AS newest
       FROM videos v WHERE ${where}`,
      params.values,
    );
    return row as FactsCoverage;
  }

  private async whereOf(filter: FactsFilter, params: Params): Promise<string> {
    const terms = filter.q ? queryTerms(filter.q) : [];
    // Expanded exactly as service_search_videos expands `q` (compounds, run-together words, stems).
    const expanded =
      filter.q !== undefined && terms.length > 0
        ? await expandQuery(this.pool, filter.q, searchTuning().exactCap)
        : null;
    // Each excluded text, and each text of a union, expanded as `q` is (texts of no word left out).
    const queries = async (texts: readonly string[]) => {
      const out: string[] = [];
      for (const q of texts) {
        const words = queryTerms(q);
        if (words.length === 0) continue;
        out.push((await expandQuery(this.pool, q, searchTuning().exactCap))?.tsquery ?? tsAllTerms(words));
      }
      return out;
    };
    const excluded = await queries(filter.exclude_q ?? []);
    const either = await queries(filter.any_q ?? []);
    return whereOf(filter, terms, expanded?.tsquery ?? tsAllTerms(terms), excluded, either, params);
  }
}

/**
 * FactsRepository.groups over `videos v WHERE where`, given the key, value and rate numerator SQL: one window pass per group
 * (the median is the mean of the one or two middle values; values that are null sort last, outside it).
 */
function groupsSql(
  key: string,
  value: string,
  numerator: string,
  base: string,
  where: string,
  from: string,
  creators: boolean,
): string {
  return `WITH s AS (
      SELECT ${key} AS k, ${value} AS x, v.plays AS p, ${numerator} AS i, ${base} AS b,
             v.author_uid AS a
      FROM ${from} WHERE ${where} AND ${key} IS NOT NULL),
    r AS (SELECT k, x, p, i, b, a, row_number() OVER (PARTITION BY k ORDER BY x NULLS LAST) AS rn,
                 count(x) OVER (PARTITION BY k) AS n
          FROM s)
    SELECT k AS key, count(*) AS videos, count(x) AS valued, sum(x) AS total, sum(p) AS plays,
           sum(i) AS interactions, sum(b) AS base, ${creators ? "count(DISTINCT a)" : "0"} AS creators,
           avg(CASE WHEN x IS NOT NULL AND rn IN ((n + 1) / 2, (n + 2) / 2) THEN x END) AS median, max(x) AS highest
    FROM r GROUP BY k`;
}

/** A row of groupsSql (sums and means of bigints come as text). */
interface GroupFiguresRow {
  key: string | number;
  videos: number | string;
  valued: number | string;
  total: number | string | null;
  plays: number | string | null;
  interactions: number | string | null;
  base: number | string | null;
  median: number | string | null;
  highest: number | string | null;
  creators: number | string;
}

/** A FactsGroup from a groupsSql row; `whole` (no split) keys the one group null. */
const groupOf = (r: GroupFiguresRow, whole: boolean, creators: boolean): FactsGroup => ({
  key: whole ? null : r.key,
  videos: Number(r.videos),
  valued: Number(r.valued),
  median: r.median === null ? null : Number(r.median),
  highest: r.highest === null ? null : Number(r.highest),
  sum: Number(r.total ?? 0),
  plays: Number(r.plays ?? 0),
  interactions: Number(r.interactions ?? 0),
  base: Number(r.base ?? 0),
  ...(creators ? { creators: Number(r.creators) } : {}),
});

/** UTC calendar fields of `v.created_at` in PostgreSQL. */
const POSTGRES_TIME = {
  weekday: "extract(dow FROM to_timestamp(v.created_at) AT TIME ZONE 'UTC')::int",
  hour: "extract(hour FROM to_timestamp(v.created_at) AT TIME ZONE 'UTC')::int",
  day: "to_char(to_timestamp(v.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
  week: "to_char(date_trunc('week', to_timestamp(v.created_at) AT TIME ZONE 'UTC'), 'YYYY-MM-DD')",
  month: "to_char(to_timestamp(v.created_at) AT TIME ZONE 'UTC', 'YYYY-MM')",
  collections: "(SELECT string_agg(c.collection, chr(31)) FROM video_collections c WHERE c.video_id = v.id)",
};

function whereOf(
  filter: FactsFilter,
  terms: string[],
  tsquery: string,
  excluded: readonly string[],
  either: readonly string[],
  params: Params,
): string {
  const parts: string[] = [];
  if (filter.q !== undefined && terms.length === 0) parts.push("false");
  if (terms.length > 0) parts.push(`v.search_vector @@ ${params.add(tsquery)}::tsquery`);
  for (const query of excluded) parts.push(`NOT (v.search_vector @@ ${params.add(query)}::tsquery)`);
  if (filter.any_q !== undefined)
    parts.push(
      either.length > 0
        ? `(${either.map((query) => `v.search_vector @@ ${params.add(query)}::tsquery`).join(" OR ")})`
        : "false",
    );
  const eq = (column: string, value: string | number | undefined) => {
    if (value === undefined) return;
    parts.push(`v.${column} = ${params.add(value)}`);
  };
  eq("region", filter.region);
  eq("language", filter.language);
  eq("media_type", filter.media_type);
  if (filter.ad) eq("label_ad", filter.ad === "yes" ? 1 : 0);
  if (filter.hook) eq("label_hook", filter.hook === "yes" ? 1 : 0);
  if (filter.viral_hook) eq("label_viral_hook", filter.viral_hook === "yes" ? 1 : 0);
  if (filter.weekdays) parts.push(calendarSql(filter.weekdays, POSTGRES_TIME.weekday, 6));
  if (filter.hours) parts.push(calendarSql(filter.hours, POSTGRES_TIME.hour, 23));
  parts.push(...presenceSql(filter));
  for (const needle of filter.caption_contains ?? [])
    parts.push(`strpos(v.caption, ${params.add(needle)}) > 0`);
  for (const needle of filter.caption_lacks ?? []) parts.push(`strpos(v.caption, ${params.add(needle)}) = 0`);
  if (filter.caption_emoji)
    parts.push(
      `${filter.caption_emoji === "yes" ? "" : "NOT "}(coalesce(v.caption, '') ~ ${params.add(`[${emojiClass()}]`)})`,
    );
  if (filter.price)
    parts.push(
      `${filter.price === "yes" ? "" : "NOT "}((${PRICE_TEXT_SQL("chr(10)")}) ~ ${params.add(PRICE_PATTERN)})`,
    );
  if (filter.phone)
    parts.push(
      `${filter.phone === "yes" ? "" : "NOT "}(coalesce(v.caption, '') ~ ${params.add(PHONE_PATTERN)})`,
    );
  if (filter.hook_type) {
    eq("hook_type", filter.hook_type);
    parts.push("v.label_hook = 1");
  }
  eq("author_uid", filter.author_uid);
  eq("advertiser_id", filter.advertiser_id);
  if (filter.since !== undefined) parts.push(`v.created_at >= ${params.add(filter.since)}`);
  if (filter.until !== undefined) parts.push(`v.created_at < ${params.add(filter.until)}`);
  if (filter.ids !== undefined) parts.push(`v.id = ANY(${params.add(filter.ids)}::text[])`);
  if (filter.exclude_ids !== undefined)
    parts.push(`NOT (v.id = ANY(${params.add(filter.exclude_ids)}::text[]))`);
  if (filter.author_uids !== undefined)
    parts.push(`v.author_uid = ANY(${params.add(filter.author_uids)}::text[])`);
  if (filter.exclude_author_uids !== undefined)
    parts.push(`NOT (v.author_uid = ANY(${params.add(filter.exclude_author_uids)}::text[]))`);
  if (filter.advertiser_ids !== undefined)
    parts.push(`v.advertiser_id = ANY(${params.add(filter.advertiser_ids)}::text[])`);
  if (filter.collections !== undefined)
    parts.push(
      `v.id IN (SELECT video_id FROM video_collections WHERE collection = ANY(${params.add(filter.collections)}::text[]))`,
    );
  if (filter.sound_ids !== undefined) parts.push(`v.music_id = ANY(${params.add(filter.sound_ids)}::text[])`);
  if (filter.exclude_sound_ids !== undefined)
    parts.push(
      `(v.music_id IS NULL OR NOT (v.music_id = ANY(${params.add(filter.exclude_sound_ids)}::text[])))`,
    );
  if (filter.min_plays !== undefined)
    parts.push(`v.plays > 0 AND v.plays >= ${params.add(filter.min_plays)}::double precision`);
  for (const bound of filter.counts ?? []) {
    const counted = countSql(bound.metric);
    if (bound.over !== undefined) parts.push(`${counted} > ${params.add(bound.over)}`);
    if (bound.under !== undefined) parts.push(`${counted} < ${params.add(bound.under)}`);
  }
  // Column SQL from a closed set: nothing of the question reaches it.
  for (const { more, than } of filter.exceeds ?? []) parts.push(`${countSql(more)} > ${countSql(than)}`);
  parts.push(
    ...rateBoundsSql(
      filter.rates ?? [],
      "double precision",
      (value) => `${params.add(value)}::double precision`,
    ),
  );
  return parts.length > 0 ? parts.join(" AND ") : "true";
}
