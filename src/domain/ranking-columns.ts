import type { Db } from "../store/connection.js";
import { prepared } from "./statements.js";
import { PRIOR_WEIGHT, sumVarints } from "./text.js";

/**
 * Two per-video columns held in memory by seq, so a search can rank its matches without one B-tree probe
 * per match (a rare word matches hundreds of videos; a probe each cost more than ranking them):
 *  - `prior`: PRIOR_WEIGHT · log10(1 + plays), best_match's popularity lift;
 *  - `tokens`: the document's token count over the four FTS columns (bm25's length), from FTS5's own
 *    `videos_fts_docsize` record.
 * About 12 bytes per video (12 MB at 1M). They are a cache, never the truth: every write that can change
 * plays or indexed text bumps `meta.corpus_generation` in its transaction (CorpusWriter), and a search uses
 * the columns only while the generation they were read at is still current; otherwise it ranks in SQL
 * (same result, slower) and a rebuild is scheduled. The rebuild reads in chunks between event-loop turns,
 * so a serving process never stalls on it; a write during a rebuild leaves it stale and it runs again.
 */
export interface RankingColumns {
  generation: string;
  prior: Float64Array;
  tokens: Uint32Array;
}

interface Entry {
  columns: RankingColumns | null;
  building: Promise<RankingColumns> | null;
  /** When the last background read started (ms): during a long import the corpus moves all the time. */
  warmedAt: number;
}

const entries = new WeakMap<Db, Entry>();
const CHUNK = 16_384; // rows per event-loop turn: ~40 ms at most of a serving process's time
const REWARM_MS = 10_000; // at most one background read per 10 s while writes keep landing

const entryOf = (db: Db): Entry => {
  let entry = entries.get(db);
  if (!entry) {
    entry = { columns: null, building: null, warmedAt: Number.NEGATIVE_INFINITY };
    entries.set(db, entry);
  }
  return entry;
};

/** The generation the corpus is at: any write to plays or indexed text moves it (see CorpusWriter). */
export function corpusGeneration(db: Db): string {
  const row = prepared(db, "SELECT value FROM meta WHERE key = 'corpus_generation'").get() as
    | { value: string }
    | undefined;
  return row?.value ?? "0";
}

/**
 * The columns if they are current; otherwise null, and a rebuild is started in the background (at most one
 * at a time per connection), so the caller falls back to SQL for this query only.
 */
export function currentRankingColumns(db: Db): RankingColumns | null {
  const entry = entryOf(db);
  const generation = corpusGeneration(db);
  if (entry.columns?.generation === generation) return entry.columns;
  warmRankingColumns(db);
  return null;
}

/**
 * Starts reading the columns in the background unless a read is under way or one started less than
 * REWARM_MS ago (a serving process calls it at startup; stale searches call it). The read does not keep
 * the process alive: a command that exits meanwhile just drops it. A failure (the connection closed
 * mid-read) leaves the SQL path in charge.
 */
export function warmRankingColumns(db: Db): void {
  const entry = entryOf(db);
  const now = Date.now();
  if (entry.building || now - entry.warmedAt < REWARM_MS) return;
  entry.warmedAt = now;
  void loadRankingColumns(db, true).catch(() => undefined);
}

/**
 * Reads the columns (or joins the read under way) and keeps them for this connection; `background`: the
 * read does not hold the process open. Resolves with the columns as read, which may already be stale if a
 * write landed meanwhile (then the next search starts another read).
 */
export function loadRankingColumns(db: Db, background = false): Promise<RankingColumns> {
  const entry = entryOf(db);
  if (entry.building) return entry.building;
  const building = readColumns(db, background).finally(() => {
    entry.building = null;
  });
  entry.building = building;
  return building.then((columns) => {
    entry.columns = columns;
    return columns;
  });
}

const nextTurn = (background: boolean) =>
  new Promise<void>((resolve) => {
    const turn = setImmediate(resolve);
    if (background) turn.unref();
  });

async function readColumns(db: Db, background: boolean): Promise<RankingColumns> {
  // The generation is read first: whatever the chunks read after it is at least that new, and a write
  // after it moves the generation, so columns labelled with it are never used with older data.
  const generation = corpusGeneration(db);
  const { m } = prepared(db, "SELECT coalesce(max(seq), 0) AS m FROM videos").get() as { m: number };
  const prior = new Float64Array(m + 1);
  const tokens = new Uint32Array(m + 1);
  // The prior in SQL, as the SQL path computes it (same expression, same libm): keys agree bit for bit.
  const lifts = prepared(
    db,
    `SELECT seq, ${PRIOR_WEIGHT} * log10(1 + plays) FROM videos WHERE seq > ? AND seq <= ?`,
  );
  const sizes = prepared(db, "SELECT id, sz FROM videos_fts_docsize WHERE id > ? AND id <= ?");
  for (let from = 0; from < m; from += CHUNK) {
    const to = Math.min(m, from + CHUNK);
    for (const [seq, lift] of lifts.raw(true).iterate(from, to) as Iterable<[number, number]>)
      prior[seq] = lift;
    for (const [seq, sz] of sizes.raw(true).iterate(from, to) as Iterable<[number, Buffer]>)
      tokens[seq] = sumVarints(sz);
    await nextTurn(background);
  }
  return { generation, prior, tokens };
}
