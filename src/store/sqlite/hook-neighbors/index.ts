import { Blocking, KeyTable, signature } from "../../hooks/blocking.js";
import { defaultEmbedder } from "../../hooks/default-embedder.js";
import type { Embedder } from "../../hooks/embedder.js";
import { NeighbourSelection } from "../../hooks/selection.js";
import { SparseVectors } from "../../hooks/vectors.js";
import { type Db, getMeta, setMeta } from "../connection.js";
import { SEQ_WATERMARK } from "../corpus-writer.js";
import { prepared } from "../statements.js";
import {
  BatchInsert,
  checkedSeq,
  dropLists,
  insertLists,
  ListBuffer,
  orderBy,
  type PackedLists,
} from "./codec.js";

export { readHookNeighbors } from "./codec.js";

/** meta key: the embedder whose keys hook_keys holds (a scoped run trusts them only for that one). */
const KEYS_EMBEDDER = "hook_keys_embedder";
/**
 * A scoped run re-derives the keys of the stale hooks and embeds the candidates of each video asked for
 * (tens of texts read and embedded one by one), while a run over everything embeds each hook once: past
 * about 1/32 of the corpus, the run over everything is the cheaper.
 */
const SCOPED_SHARE = 32; // at 200k videos, 6,000 asked for took ~4 s scoped, a full run ~5 s

/**
 * Precomputes each hooked video's most similar hooks into hook_neighbors, so similarHooks is a lookup.
 * Blocking, not all pairs: a pair is compared only when the hooks share a concept key. Each key's posting
 * list is sorted by the hooks' key signature, so for a frequent key the WINDOW entries either side of the
 * video are the hooks sharing most of its keys; rarer (more specific) keys are visited first, and at
 * most CANDIDATE_CAP candidates are scored. Vectors are kept as int8 (≈ dims bytes per hook).
 * With `videoIds`, only those videos' lists are recomputed (against the whole corpus).
 *
 * Storage (migration 009): one hook_neighbors row per hooked video that has neighbours, the list packed in
 * a blob. hook_keys holds every hooked video's key signature, so a scoped run reads those instead of
 * deriving every hook's keys from its text; it derives only those of videos added since (seq above
 * meta.videos_seq_watermark) and of hooks CorpusWriter re-worded (hook_keys_stale), and every run brings
 * hook_keys up to date. A run over everything (no `videoIds`, a large share of the corpus, or keys stored
 * for another embedder) derives all keys again and rewrites hook_keys.
 */
export function computeHookNeighbors(
  db: Db,
  videoIds?: readonly string[],
  embedder: Embedder = defaultEmbedder,
): void {
  // One write transaction from the first read: the stale marks cleared are exactly the ones read, and no
  // other writer changes a hook in between.
  db.transaction(() => {
    if (videoIds && scopedRun(db, new Set(videoIds), embedder)) return;
    fullRun(db, videoIds ? new Set(videoIds) : null, embedder);
  }).immediate();
}
function fullRun(db: Db, wanted: Set<string> | null, embedder: Embedder): void {
  writeFullRun(db, computeFullRun(db, wanted, embedder));
}

/**
 * What a run over every hook writes, computed and not yet written: plain arrays and bytes, so the
 * computing can happen on a worker thread with its own connection (see startHookNeighbors).
 */
export interface FullRunResult {
  embedder: string;
  /** hook_keys: each hooked video's seq (ascending) and the index of its signature in `signatures`. */
  keySeqs: Uint32Array;
  keySignatureOf: Int32Array;
  signatures: readonly string[];
  /** The videos whose stored lists go before the new ones are written; null: every stored list goes. */
  dropped: number[] | null;
  lists: PackedLists;
}

/** The reading and computing half of a full run (it writes nothing). */
export function computeFullRun(db: Db, wanted: Set<string> | null, embedder: Embedder): FullRunResult {
  // A run over (nearly) everything embeds every hook anyway: as it comes, right after its keys (one
  // canonical pass, and no text kept). Otherwise only the hooks compared are, from the texts kept.
  const seqs: number[] = [];
  const texts: string[] = [];
  const write: boolean[] = [];
  const unhooked: number[] = []; // wanted videos without a hook: their lists go
  const table = new KeyTable();
  // One read transaction: the count sizes the vectors for the rows the scan then reads.
  const { eager, vectors } = db.transaction(() => {
    const videos = db.prepare("SELECT count(*) FROM videos").pluck().get() as number; // at least the hooks
    const eager = !wanted || wanted.size * 4 >= videos;
    const vectors = new SparseVectors(videos, embedder, (h) => texts[h] ?? "");
    const rows = db
      .prepare(
        wanted
          ? "SELECT seq, id, hook_text FROM videos ORDER BY id"
          : "SELECT seq, NULL, hook_text FROM videos WHERE hook_text IS NOT NULL AND hook_text <> '' ORDER BY id",
      )
      .raw()
      .iterate() as IterableIterator<[number, string | null, string | null]>;
    for (const [seq, id, text] of rows) {
      if (!text) {
        if (wanted?.has(id ?? "")) unhooked.push(seq);
        continue;
      }
      const h = seqs.length;
      seqs.push(checkedSeq(seq));
      write.push(!wanted || wanted.has(id ?? ""));
      table.add(embedder.keys(text));
      if (eager) vectors.embed(h, text);
      else texts.push(text);
    }
    return { eager, vectors };
  })();
  const n = seqs.length;
  const blocking = table.blocking();
  // Hooks in list order: consecutive hooks share most candidates, so with the vectors stored in that order
  // the scoring mostly reads memory already in cache (in id order, candidates are scattered through it).
  // A hook with no key has no candidates, hence no list.
  if (eager) vectors.relayout(blocking.order);
  const select = new NeighbourSelection(n, embedder.dimensions, vectors, embedder.minSimilarity);
  const lists = new ListBuffer(wanted ? write.filter(Boolean).length : n);
  for (const h of blocking.order)
    if (write[h]) lists.add(seqs[h] as number, select.of(h, h, blocking), select, seqs);

  const bySeq = orderBy(seqs);
  return {
    embedder: embedder.name,
    keySeqs: Uint32Array.from(bySeq, (h) => seqs[h] as number),
    keySignatureOf: Int32Array.from(bySeq, (h) => blocking.signatureOf[h] as number),
    signatures: blocking.signatures,
    dropped: wanted ? [...unhooked, ...seqs.filter((_, h) => write[h])] : null,
    lists: lists.packed(),
  };
}

/** The writing half of a full run: hook_keys, the lists and the marks, as computeFullRun found them. */
export function writeFullRun(db: Db, run: FullRunResult): void {
  db.exec("DELETE FROM hook_keys; DELETE FROM hook_keys_stale");
  const putKeys = new BatchInsert(db, "INSERT INTO hook_keys (seq, keys) VALUES");
  for (let i = 0; i < run.keySeqs.length; i++)
    putKeys.add(run.keySeqs[i], run.signatures[run.keySignatureOf[i] as number]);
  putKeys.flush();
  setMeta(db, KEYS_EMBEDDER, run.embedder);
  raiseWatermark(db);
  if (run.dropped)
    dropLists(db, run.dropped); // each wanted video's old list goes
  else db.exec("DELETE FROM hook_neighbors");
  insertLists(db, run.lists);
}

/**
 * Only the lists asked for, from the stored keys of every other hook: reads each hook's signature (not its
 * text), builds only the posting lists of the keys those videos have, and embeds only what they are
 * compared with. False when it cannot (keys stored for another embedder) or should not (a large share).
 */
function scopedRun(db: Db, wanted: Set<string>, embedder: Embedder): boolean {
  if (!scopedRunPays(db, wanted.size, embedder)) return false;
  const covered = Number(getMeta(db, SEQ_WATERMARK));

  // Keys of hooks new since the last run (seq above what hook_keys covers) or re-worded (CorpusWriter marks
  // them); null: no hook (any more). CROSS JOIN: the few marked rows drive the join, not a scan of videos.
  const fresh = new Map<number, string | null>();
  const changed = db
    .prepare(
      `SELECT seq, hook_text FROM videos WHERE seq > ?
       UNION SELECT v.seq, v.hook_text FROM hook_keys_stale s CROSS JOIN videos v ON v.seq = s.seq`,
    )
    .raw()
    .all(covered) as [number, string | null][];
  for (const [seq, text] of changed) fresh.set(seq, text ? signature(embedder.keys(text)) : null);

  // The videos asked for, with their keys in the embedder's order (the order they are visited in).
  const asked = db
    .prepare("SELECT seq, hook_text FROM videos WHERE id IN (SELECT value FROM json_each(?))")
    .raw()
    .all(JSON.stringify([...wanted])) as [number, string | null][];
  const askedKeys = new Map<number, { text: string; keys: string[]; signature: string }>();
  const unhooked: number[] = [];
  for (const [seq, text] of asked) {
    if (!text) {
      unhooked.push(seq);
      continue;
    }
    const keys = embedder.keys(text);
    askedKeys.set(seq, { text, keys, signature: signature(keys) });
  }
  const noHook = new Set(unhooked);

  // Every hook in id order (the order the lists and ties go by), with its signature.
  const hooks = db
    .prepare(
      `SELECT v.seq, k.keys FROM videos v LEFT JOIN hook_keys k ON k.seq = v.seq
       WHERE k.seq IS NOT NULL OR v.seq > ? OR v.seq IN (SELECT seq FROM hook_keys_stale) ORDER BY v.id`,
    )
    .raw()
    .all(covered) as [number, string | null][];
  const seqs: number[] = [];
  const sigIndex = new Map<string, number>();
  const signatureOf = new Int32Array(hooks.length);
  const rows: { hook: number; keys: string[] }[] = [];
  for (const [seq, stored] of hooks) {
    let sig = fresh.has(seq) ? fresh.get(seq) : stored;
    // An asked video's text was just read: if it disagrees (a hook changed by SQL, not CorpusWriter), the
    // text wins, here and in hook_keys.
    const own = askedKeys.get(seq);
    const current = own ? own.signature : noHook.has(seq) ? null : sig;
    if (current !== sig) fresh.set(seq, current ?? null);
    sig = current;
    if (sig === null || sig === undefined) continue;
    const h = seqs.length;
    seqs.push(checkedSeq(seq));
    let s = sigIndex.get(sig);
    if (s === undefined) {
      s = sigIndex.size;
      sigIndex.set(sig, s);
    }
    signatureOf[h] = s;
    if (own) rows.push({ hook: h, keys: own.keys });
  }

  // Every hooked video asked for is in hook_keys, new or marked; if not (a hook added by SQL), rebuild all.
  if (rows.length !== askedKeys.size) return false;
  const n = seqs.length;
  const hookText = prepared(db, "SELECT hook_text FROM videos WHERE seq = ?").pluck();
  const vectors = new SparseVectors(n, embedder, (h) => {
    const seq = seqs[h] as number;
    return askedKeys.get(seq)?.text ?? ((hookText.get(seq) as string | undefined) || "");
  });
  const blocking = Blocking.around(signatureOf.subarray(0, n), [...sigIndex.keys()], rows);
  const select = new NeighbourSelection(n, embedder.dimensions, vectors, embedder.minSimilarity);
  const lists = new ListBuffer(rows.length);
  rows.forEach((row, r) => {
    lists.add(seqs[row.hook] as number, select.of(r, row.hook, blocking), select, seqs);
  });

  const putKeys = db.prepare("INSERT OR REPLACE INTO hook_keys (seq, keys) VALUES (?, ?)");
  const dropKeys = db.prepare("DELETE FROM hook_keys WHERE seq = ?");
  for (const [seq, sig] of fresh) {
    if (sig === null) dropKeys.run(seq);
    else putKeys.run(seq, sig);
  }
  db.exec("DELETE FROM hook_keys_stale");
  raiseWatermark(db);
  dropLists(db, [...unhooked, ...askedKeys.keys()]);
  insertLists(db, lists.packed());
  return true;
}

/** Whether a scoped run can and should take `wanted` videos (see scopedRun). */
function scopedRunPays(db: Db, wanted: number, embedder: Embedder): boolean {
  const covered = Number(getMeta(db, SEQ_WATERMARK));
  if (getMeta(db, KEYS_EMBEDDER) !== embedder.name || !Number.isSafeInteger(covered)) return false;
  const count = (sql: string, ...args: number[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  const changes =
    count("SELECT count(*) FROM videos WHERE seq > ?", covered) +
    count("SELECT count(*) FROM hook_keys_stale");
  return (wanted + changes) * SCOPED_SHARE <= count("SELECT count(*) FROM hook_keys");
}

/** Whether computeHookNeighbors(db, videoIds, embedder) would take a run over every hook. */
export function runsOverEveryHook(
  db: Db,
  videoIds: readonly string[] | undefined,
  embedder: Embedder = defaultEmbedder,
): boolean {
  return !videoIds || !scopedRunPays(db, new Set(videoIds).size, embedder);
}

/**
 * hook_keys now covers every video, and the lists name none above the highest seq: the watermark rises to
 * it (never falls: CorpusWriter gives new videos seqs above it, so none is ever handed out twice).
 */
function raiseWatermark(db: Db): void {
  db.prepare(
    `INSERT INTO meta (key, value) SELECT ?, coalesce(max(seq), 0) FROM videos WHERE true
     ON CONFLICT(key) DO UPDATE SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))`,
  ).run(SEQ_WATERMARK);
}
