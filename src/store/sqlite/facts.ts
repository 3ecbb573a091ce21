import {
  ADVERTISER_NAMES,
  type AdvertiserName,
  type ArtistSound,
  advertiserNamesOf,
  artistLike,
  artistSoundsOf,
  COLLECTION_SEPARATOR,
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
  givesPhone,
  hashtagSql,
  hasTextSql,
  type IndexedWord,
  type LinkedCreator,
  linkedCreator,
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
  statesPrice,
  TEXT_COLUMNS,
  type TextField,
  titledLike,
  VIDEO_FACT_COLUMNS,
  type VideoFact,
  valueSql,
} from "../facts.js";
import { searchTuning } from "../search-tuning.js";
import { queryTerms } from "../text.js";
import { type Db, dataVersion } from "./connection.js";
import type { FactsThread } from "./facts-thread.js";
import { ftsMatch } from "./fts.js";
import { expandQuery } from "./search-expansion.js";

const advertiserNames = new CorpusMemo<readonly AdvertiserName[]>();

/** Forgets the advertiser names read on `db` (CorpusWriter, after a batch on that connection). */
export function forgetAdvertiserNames(db: Db): void {
  advertiserNames.forget(db);
}

export class SqliteFacts implements FactsRepository {
  /** `thread`: where the reads that may scan every video run (null: on this connection). */
  constructor(
    private readonly db: Db,
    private readonly thread: FactsThread | null,
  ) {
    // (SQLite has no regular expressions: the price and phone patterns, as functions of this connection.)
    db.function("crs_price", { deterministic: true }, (text: unknown) =>
      typeof text === "string" && statesPrice(text) ? 1 : 0,
    );
    db.function("crs_phone", { deterministic: true }, (text: unknown) =>
      typeof text === "string" && givesPhone(text) ? 1 : 0,
    );
  }

  /** The facts thread when it can take a read. */
  private get offload(): FactsThread | null {
    return this.thread?.usable ? this.thread : null;
  }

  /** The creator whose current (else former) handle is exactly `handle` (case-insensitive). */
  async creatorByHandle(handle: string): Promise<LinkedCreator | null> {
    const current = this.db
      .prepare<[string], CreatorLinkRow>(
        "SELECT uid, handle, nickname, verified FROM creators WHERE handle = ? COLLATE NOCASE ORDER BY updated_at DESC LIMIT 1",
      )
      .get(handle);
    if (current) return linkedCreator(current, "handle");
    const former = this.db
      .prepare<[string], CreatorLinkRow>(
        `SELECT c.uid, c.handle, c.nickname, c.verified FROM creator_handles h JOIN creators c ON c.uid = h.uid
         WHERE h.handle = ? COLLATE NOCASE ORDER BY h.last_seen DESC LIMIT 1`,
      )
      .get(handle);
    return former ? linkedCreator(former, "former_handle") : null;
  }

  /** Creators whose display name is exactly `name` (or its part before " | "); linked only when unique. */
  async creatorByNickname(name: string): Promise<LinkedCreator | null> {
    const rows = this.db
      .prepare<[string, string], CreatorLinkRow>(
        `SELECT uid, handle, nickname, verified FROM creators
         WHERE nickname = ? COLLATE NOCASE OR nickname LIKE ? ESCAPE '\\' LIMIT 2`,
      )
      .all(name, `${name.replace(/[\\%_]/g, (c) => `\\${c}`)} |%`);
    return rows.length === 1 ? linkedCreator(rows[0] as CreatorLinkRow, "nickname") : null;
  }

  /** Read again once another connection has committed (data_version) or this one's corpus writer has. */
  advertiserNames(): Promise<readonly AdvertiserName[]> {
    return advertiserNames.get(this.db, String(dataVersion(this.db)), async () => {
      if (this.offload) return this.offload.call("advertiserNames", []);
      return advertiserNamesOf(
        this.db.prepare<[], { id: string; name: string; alias: string | null }>(ADVERTISER_NAMES).all(),
      );
    });
  }

  async soundNames(): Promise<SoundName[]> {
    if (this.offload) return this.offload.call("soundNames", []);
    return soundNamesOf(this.db.prepare<[], SoundName>(SOUND_TITLES).all());
  }

  async soundsTitledAs(titles: readonly string[]): Promise<SoundName[]> {
    if (titles.length === 0) return [];
    if (this.offload) return this.offload.call("soundsTitledAs", [titles]);
    return soundNamesOf(
      this.db
        .prepare<string[], SoundName>(
          soundTitledSql(
            titles.length,
            () => "music_title = ? COLLATE NOCASE",
            () => "music_title LIKE ? ESCAPE '\\'",
          ),
        )
        .all(...titles.flatMap((t) => [t, titledLike(t)])),
    );
  }

  async soundsByArtist(names: readonly string[]): Promise<ArtistSound[]> {
    if (names.length === 0) return [];
    if (this.offload) return this.offload.call("soundsByArtist", [names]);
    return artistSoundsOf(
      this.db
        .prepare<string[], ArtistSound>(
          soundsByArtistSql(
            names.length,
            () => "music_author = ? COLLATE NOCASE",
            () => "music_author LIKE ? ESCAPE '\\'",
          ),
        )
        .all(...names.flatMap((n) => [n, artistLike(n)])),
    );
  }

  /** How many videos carry `word` as a hashtag (capped at `cap`). */
  async hashtagUse(word: string, cap = 50): Promise<number> {
    if (!/^[\p{L}\p{N}_]+$/u.test(word)) return 0;
    return (
      this.db
        .prepare<[string, number], { n: number }>(
          "SELECT count(*) AS n FROM (SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? LIMIT ?)",
        )
        .get(`hashtags : ${ftsMatch([word])}`, cap) as { n: number }
    ).n;
  }

  async indexedWords(prefix: string, minLength: number, maxLength: number): Promise<IndexedWord[]> {
    // (fts5vocab reads the doclist of each word in the range, at 1M synthetic videos up to 80 ms for a
    // two-letter prefix: one word is looked up alone.)
    if (minLength === maxLength && [...prefix].length === minLength)
      return this.db
        .prepare<[string], IndexedWord>(
          "SELECT term AS word, doc AS videos FROM engine_videos_vocab WHERE term = ?",
        )
        .all(prefix);
    return this.db
      .prepare<[string, string, number, number], IndexedWord>(
        `SELECT term AS word, doc AS videos FROM engine_videos_vocab
         WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ? ORDER BY term`,
      )
      .all(prefix, `${prefix}\u{10ffff}`, minLength, maxLength);
  }

  /** A display name for a ranking line (the headline entity is fetched through its tool). */
  async nameOf(type: "creator" | "advertiser", id: string): Promise<string> {
    if (type === "advertiser")
      return (
        this.db.prepare<[string], { name: string }>("SELECT name FROM advertisers WHERE id = ?").get(id)
          ?.name ?? id
      );
    const handle = this.db
      .prepare<[string], { handle: string }>("SELECT handle FROM creators WHERE uid = ?")
      .get(id)?.handle;
    return handle ? `@${handle}` : id;
  }

  async creators(uids: readonly string[]): Promise<Map<string, CreatorFact>> {
    const rows = this.db
      .prepare<[string], CreatorFactRow>(`${CREATOR_FACTS} WHERE uid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(uids));
    return new Map(rows.map((r) => [r.uid, creatorFact(r)]));
  }

  async codes(): Promise<CorpusCodes> {
    const read = (sql: string) => new Set(this.db.prepare<[], string>(sql).pluck().all());
    return {
      regions: read(distinctCodesSql("region")),
      languages: read(distinctCodesSql("language")),
      collections: read(DISTINCT_COLLECTIONS_SQL),
    };
  }

  /** Every video passing the filter, with the columns the aggregates need. */
  async videos(filter: FactsFilter, top?: number): Promise<VideoFact[]> {
    if (this.offload) return this.offload.call("videos", [filter, top]);
    const { where, params } = whereOf(this.db, filter);
    const order = top === undefined ? "" : `ORDER BY ${playsOrder(filter)} DESC, v.id DESC LIMIT @top`;
    return this.db
      .prepare<Record<string, string | number>, VideoFact>(
        `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v WHERE ${where} ${order}`,
      )
      .all(top === undefined ? params : { ...params, top });
  }

  async texts(filter: FactsFilter, field: TextField, top: number): Promise<{ id: string; text: string }[]> {
    if (this.offload) return this.offload.call("texts", [filter, field, top]);
    const { where, params } = whereOf(this.db, filter);
    const column = `v.${TEXT_COLUMNS[field]}`;
    const present = hasTextSql(field);
    return this.db
      .prepare<Record<string, string | number>, { id: string; text: string }>(
        `SELECT v.id, ${column} AS text FROM videos v WHERE ${where} AND ${present}
         ORDER BY ${playsOrder(filter)} DESC, v.id DESC LIMIT @top`,
      )
      .all({ ...params, top });
  }

  async groups(
    filter: FactsFilter,
    splits: readonly (FactsSplit | null)[],
    value: FactsValue,
    options: { creators?: boolean } = {},
  ): Promise<FactsGroup[][]> {
    if (this.offload) return this.offload.call("groups", [filter, splits, value, options]);
    const { where, params } = whereOf(this.db, filter);
    // One scan for every split, aggregated here: at 1M videos 2 s for the five splits of "what makes videos
    // go viral", where a window query per split took 4 s each.
    const keys = splits.map((by) => (by === null ? "0" : splitSql(by, SQLITE_TIME)));
    const rows = this.db
      .prepare<Record<string, string | number>, unknown[]>(
        `SELECT ${keys.join(", ")}, ${valueSql(value, "REAL")}, v.plays, ${rateNumeratorSql(value)}, ${rateBaseSql(value)}
                ${options.creators ? ", v.author_uid" : ""}
         FROM videos v WHERE ${where}`,
      )
      .raw()
      .iterate(params);
    const n = splits.length;
    const tallies = splits.map(() => new Map<string | number, Tally>());
    for (const row of rows) {
      const x = row[n] as number | null;
      const plays = row[n + 1] as number;
      const interactions = row[n + 2] as number;
      const base = row[n + 3] as number;
      const author = row[n + 4] as string | undefined;
      for (let s = 0; s < n; s++) {
        const key = row[s] as string | number | null;
        if (key === null) continue;
        const groups = tallies[s] as Map<string | number, Tally>;
        const add = (key: string | number) => {
          let t = groups.get(key);
          if (!t) {
            t = {
              videos: 0,
              values: [],
              sum: 0,
              plays: 0,
              interactions: 0,
              base: 0,
              authors: options.creators ? new Set() : null,
            };
            groups.set(key, t);
          }
          t.videos++;
          if (author !== undefined) t.authors?.add(author);
          t.plays += plays;
          t.interactions += interactions;
          t.base += base;
          if (x !== null) {
            t.values.push(x);
            t.sum += x;
          }
        };
        if (splits[s] === "hashtag") for (const tag of new Set((key as string).split(" "))) tag && add(tag);
        else if (splits[s] === "collection")
          for (const name of (key as string).split(COLLECTION_SEPARATOR)) add(name);
        else add(key);
      }
    }
    return tallies.map((groups, s) =>
      [...groups].map(([key, t]) => ({
        key: splits[s] === null ? null : key,
        videos: t.videos,
        valued: t.values.length,
        median: medianOf(t.values),
        highest: t.values.length === 0 ? null : t.values.reduce((a, b) => (b > a ? b : a)),
        sum: t.sum,
        plays: t.plays,
        interactions: t.interactions,
        base: t.base,
        ...(t.authors ? { creators: t.authors.size } : {}),
      })),
    );
  }

  async groupTop(
    filter: FactsFilter,
    by: FactsSplit | null,
    key: string | number | null,
    n: number,
  ): Promise<VideoFact[]> {
    if (this.offload) return this.offload.call("groupTop", [filter, by, key, n]);
    if (by === null || key === null) return this.videos(filter, n);
    const { where, params } = whereOf(this.db, filter);
    return this.db
      .prepare<Record<string, string | number>, VideoFact>(
        `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v
         WHERE ${where} AND ${by === "hashtag" ? hashtagSql("@key", "instr") : by === "collection" ? collectionSql("@key") : `${splitSql(by, SQLITE_TIME)} = @key`}
         ORDER BY ${playsOrder(filter)} DESC, v.id DESC LIMIT @n`,
      )
      .all({ ...params, key, n });
  }

  async topBy(filter: FactsFilter, value: FactsValue, n: number): Promise<VideoFact[]> {
    if (this.offload) return this.offload.call("topBy", [filter, value, n]);
    return this.withValue(filter, value, n, (x) => `${x} DESC, v.id DESC`, {});
  }

  async nthHighest(filter: FactsFilter, value: FactsValue, n: number): Promise<number | null> {
    if (this.offload) return this.offload.call("nthHighest", [filter, value, n]);
    const { where, params } = whereOf(this.db, filter);
    const x = valueSql(value, "REAL");
    const found = this.db
      .prepare<Record<string, string | number>, number>(
        `SELECT ${x} FROM videos v WHERE ${where} AND ${x} IS NOT NULL ORDER BY ${x} DESC LIMIT 1 OFFSET @skip`,
      )
      .pluck()
      .get({ ...params, skip: Math.max(0, n - 1) });
    return found ?? null;
  }

  async nearest(filter: FactsFilter, value: FactsValue, target: number, n: number): Promise<VideoFact[]> {
    if (this.offload) return this.offload.call("nearest", [filter, value, target, n]);
    // No value is negative, so nearest 0 is lowest, an order an index can give ("the oldest video" at 1M: 3.7 s to 0.5 s).
    if (target === 0) return this.withValue(filter, value, n, (x) => `${x}, v.id`, {});
    return this.withValue(filter, value, n, (x) => `abs(${x} - @target), v.id`, { target });
  }

  /** The first `n` matching videos with a `value`, in the order `order` gives over its SQL (with `more`). */
  private withValue(
    filter: FactsFilter,
    value: FactsValue,
    n: number,
    order: (x: string) => string,
    more: Record<string, number>,
  ): VideoFact[] {
    const { where, params } = whereOf(this.db, filter);
    const x = valueSql(value, "REAL");
    return this.db
      .prepare<Record<string, string | number>, VideoFact>(
        `SELECT ${VIDEO_FACT_COLUMNS} FROM videos v WHERE ${where} AND ${x} IS NOT NULL
         ORDER BY ${order(x)} LIMIT @n`,
      )
      .all({ ...params, ...more, n });
  }

  async count(filter: FactsFilter): Promise<number> {
    if (this.offload) return this.offload.call("count", [filter]);
    const { where, params } = whereOf(this.db, filter);
    return (
      this.db
        .prepare<Record<string, string | number>, { n: number }>(
          `SELECT count(*) AS n FROM videos v WHERE ${where}`,
        )
        .get(params) as { n: number }
    ).n;
  }

  async coverage(filter: FactsFilter): Promise<FactsCoverage> {
    if (this.offload) return this.offload.call("coverage", [filter]);
    const { where, params } = whereOf(this.db, filter);
    // The whole corpus (a caveat on a question naming only a region or language): four index reads, not a
    // scan of every row (1M videos: 20 ms against 470 ms warm, 1.5 s cold).
    if (where === "1") return this.db.prepare<[], FactsCoverage>(CORPUS_COVERAGE).get() as FactsCoverage;
    return this.db
      .prepare<Record<string, string | number>, FactsCoverage>(
        `SELECT count(*) AS videos, count(v.region) AS withRegion, count(v.language) AS withLanguage,
                max(v.created_at) AS newest
         FROM videos v WHERE ${where}`,
      )
      .get(params) as FactsCoverage;
  }
}

/** Coverage of every video: count(*) and the partial code indexes (migration 014), max over the newest index. */
const CORPUS_COVERAGE = `SELECT (SELECT count(*) FROM videos) AS videos,
  (SELECT count(*) FROM videos WHERE region IS NOT NULL) AS withRegion,
  (SELECT count(*) FROM videos WHERE language IS NOT NULL) AS withLanguage,
  (SELECT max(created_at) FROM videos) AS newest`;

/** One group's running figures while the rows are scanned. */
interface Tally {
  videos: number;
  values: number[];
  sum: number;
  plays: number;
  interactions: number;
  base: number;
  /** The creators seen, when they are counted. */
  authors: Set<string> | null;
}

/** The mean of the one or two middle values (as the PostgreSQL store's window computes it); null when none. */
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** UTC calendar fields of `v.created_at` in SQLite. */
const SQLITE_TIME = {
  weekday: "CAST(strftime('%w', v.created_at, 'unixepoch') AS INTEGER)",
  hour: "CAST(strftime('%H', v.created_at, 'unixepoch') AS INTEGER)",
  day: "date(v.created_at, 'unixepoch')",
  // The Monday on or before the day: six days back, then the next Monday on or after that.
  week: "date(v.created_at, 'unixepoch', '-6 days', 'weekday 1')",
  month: "strftime('%Y-%m', v.created_at, 'unixepoch')",
  collections: `(SELECT group_concat(c.collection, char(31)) FROM video_collections c WHERE c.video_id = v.id)`,
};

/**
 * The plays a ranking orders by. A caption substring ("🔥") no index can test: a scan and a sort, not a walk of
 * the plays index testing every row (the 3 most played with 🔥 at 1M videos: 6.5 s by the index, 0.7 s by scan).
 */
const playsOrder = (filter: FactsFilter) =>
  (filter.caption_contains?.length ?? 0) > 0 ? "+v.plays" : "v.plays";

/**
 * "" to let SQLite walk an account index for a list of accounts, "+" (no index) to scan the videos instead: the
 * planner cannot see a json_each list's length, and a walk's random reads lose past about 10,000 accounts.
 */
// At 1M videos the 68,952 creators without an ad: 6.6 s walking videos_author, 2.7 s scanning.
const byIndex = (ids: readonly string[]): "" | "+" => (ids.length > 10_000 ? "+" : "");

function whereOf(db: Db, filter: FactsFilter): { where: string; params: Record<string, string | number> } {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  const terms = filter.q ? queryTerms(filter.q) : [];
  if (filter.q !== undefined && terms.length === 0) parts.push("0");
  if (filter.q !== undefined && terms.length > 0) {
    parts.push("v.seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH @match)");
    // Expanded exactly as service_search_videos expands `q` (compounds, run-together words, stems).
    params.match = expandQuery(db, filter.q, searchTuning().exactCap)?.match ?? ftsMatch(terms);
  }
  if (filter.any_q !== undefined) {
    const either = filter.any_q.flatMap((q, i) => {
      const words = queryTerms(q);
      if (words.length === 0) return [];
      params[`any${i}`] = expandQuery(db, q, searchTuning().exactCap)?.match ?? ftsMatch(words);
      return [`v.seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH @any${i})`];
    });
    parts.push(either.length > 0 ? `(${either.join(" OR ")})` : "0");
  }
  for (const [i, q] of (filter.exclude_q ?? []).entries()) {
    const excluded = queryTerms(q);
    if (excluded.length === 0) continue;
    parts.push(`v.seq NOT IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH @exclude${i})`);
    params[`exclude${i}`] = expandQuery(db, q, searchTuning().exactCap)?.match ?? ftsMatch(excluded);
  }
  const eq = (column: string, name: string, value: string | number | undefined) => {
    if (value === undefined) return;
    parts.push(`v.${column} = @${name}`);
    params[name] = value;
  };
  eq("region", "region", filter.region);
  eq("language", "language", filter.language);
  eq("media_type", "media_type", filter.media_type);
  if (filter.ad) eq("label_ad", "ad", filter.ad === "yes" ? 1 : 0);
  if (filter.hook) eq("label_hook", "hook", filter.hook === "yes" ? 1 : 0);
  if (filter.viral_hook) eq("label_viral_hook", "viral", filter.viral_hook === "yes" ? 1 : 0);
  if (filter.weekdays) parts.push(calendarSql(filter.weekdays, SQLITE_TIME.weekday, 6));
  if (filter.hours) parts.push(calendarSql(filter.hours, SQLITE_TIME.hour, 23));
  parts.push(...presenceSql(filter));
  for (const [i, needle] of (filter.caption_contains ?? []).entries()) {
    parts.push(`instr(v.caption, @caption_contains_${i}) > 0`);
    params[`caption_contains_${i}`] = needle;
  }
  for (const [i, needle] of (filter.caption_lacks ?? []).entries()) {
    parts.push(`instr(v.caption, @caption_lacks_${i}) = 0`);
    params[`caption_lacks_${i}`] = needle;
  }
  // (GLOB compares code points: the ranges are one character class, one GLOB per caption; at 1M videos 2.0 s for
  // a count, against 3.0 s for one GLOB per range.)
  if (filter.caption_emoji) {
    params.caption_emoji = `*[${emojiClass()}]*`;
    parts.push(
      `${filter.caption_emoji === "yes" ? "" : "NOT "}(coalesce(v.caption, '') GLOB @caption_emoji)`,
    );
  }
  if (filter.price)
    parts.push(`crs_price(${PRICE_TEXT_SQL("char(10)")}) = ${filter.price === "yes" ? 1 : 0}`);
  if (filter.phone) parts.push(`crs_phone(coalesce(v.caption, '')) = ${filter.phone === "yes" ? 1 : 0}`);
  if (filter.hook_type) {
    eq("hook_type", "hook_type", filter.hook_type);
    parts.push("v.label_hook = 1");
  }
  eq("author_uid", "author", filter.author_uid);
  eq("advertiser_id", "advertiser", filter.advertiser_id);
  if (filter.since !== undefined) {
    parts.push("v.created_at >= @since");
    params.since = filter.since;
  }
  if (filter.until !== undefined) {
    parts.push("v.created_at < @until");
    params.until = filter.until;
  }
  if (filter.ids !== undefined) {
    parts.push("v.id IN (SELECT value FROM json_each(@ids))");
    params.ids = JSON.stringify(filter.ids);
  }
  if (filter.exclude_ids !== undefined) {
    parts.push("v.id NOT IN (SELECT value FROM json_each(@exclude_ids))");
    params.exclude_ids = JSON.stringify(filter.exclude_ids);
  }
  if (filter.advertiser_ids !== undefined) {
    parts.push(
      `${byIndex(filter.advertiser_ids)}v.advertiser_id IN (SELECT value FROM json_each(@advertiser_ids))`,
    );
    params.advertiser_ids = JSON.stringify(filter.advertiser_ids);
  }
  if (filter.author_uids !== undefined) {
    parts.push(`${byIndex(filter.author_uids)}v.author_uid IN (SELECT value FROM json_each(@author_uids))`);
    params.author_uids = JSON.stringify(filter.author_uids);
  }
  if (filter.exclude_author_uids !== undefined) {
    parts.push("v.author_uid NOT IN (SELECT value FROM json_each(@exclude_author_uids))");
    params.exclude_author_uids = JSON.stringify(filter.exclude_author_uids);
  }
  if (filter.collections !== undefined) {
    parts.push(
      "v.id IN (SELECT video_id FROM video_collections WHERE collection IN (SELECT value FROM json_each(@collections)))",
    );
    params.collections = JSON.stringify(filter.collections);
  }
  if (filter.sound_ids !== undefined) {
    parts.push("v.music_id IN (SELECT value FROM json_each(@sound_ids))");
    params.sound_ids = JSON.stringify(filter.sound_ids);
  }
  if (filter.exclude_sound_ids !== undefined) {
    parts.push("(v.music_id IS NULL OR v.music_id NOT IN (SELECT value FROM json_each(@exclude_sound_ids)))");
    params.exclude_sound_ids = JSON.stringify(filter.exclude_sound_ids);
  }
  if (filter.min_plays !== undefined) {
    parts.push("v.plays > 0 AND v.plays >= @min_plays");
    params.min_plays = filter.min_plays;
  }
  for (const [i, bound] of (filter.counts ?? []).entries()) {
    const counted = countSql(bound.metric);
    if (bound.over !== undefined) {
      parts.push(`${counted} > @count_over_${i}`);
      params[`count_over_${i}`] = bound.over;
    }
    if (bound.under !== undefined) {
      parts.push(`${counted} < @count_under_${i}`);
      params[`count_under_${i}`] = bound.under;
    }
  }
  // Column SQL from a closed set: nothing of the question reaches it.
  for (const { more, than } of filter.exceeds ?? []) parts.push(`${countSql(more)} > ${countSql(than)}`);
  let rateParams = 0;
  parts.push(
    ...rateBoundsSql(filter.rates ?? [], "REAL", (value) => {
      const name = `rate_${rateParams++}`;
      params[name] = value;
      return `@${name}`;
    }),
  );
  return { where: parts.length > 0 ? parts.join(" AND ") : "1", params };
}
