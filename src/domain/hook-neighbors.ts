import type { Statement } from "better-sqlite3";
import { type Db, getMeta, setMeta } from "../store/connection.js";
import { SEQ_WATERMARK } from "../store/corpus-writer.js";
import { defaultEmbedder, type Embedder } from "./embedder.js";
import { prepared } from "./statements.js";

/** Neighbours stored per hooked video, and how many candidates each is compared with at most. */
export const HOOK_NEIGHBORS = 12;
const CANDIDATE_CAP = 120;
const WINDOW = 24;
/** Vectors are kept as int8: component × SCALE, rounded; similarity = dot / SCALE². */
const SCALE = 127;
/** Bytes per stored neighbour: its videos.seq (uint32) then the int8 dot product (int32), big-endian. */
const ENTRY = 8;
const MAX_SEQ = 0xffff_ffff;
/** meta key: the embedder whose keys hook_keys holds (a scoped run trusts them only for that one). */
const KEYS_EMBEDDER = "hook_keys_embedder";
/**
 * A scoped run re-derives the keys of the stale hooks and embeds the candidates of each video asked for
 * (tens of texts read and embedded one by one), while a run over everything embeds each hook once: past
 * about 1/32 of the corpus, the run over everything is the cheaper (at 200k videos, 6,000 asked for took
 * ~4 s scoped, a full run ~5 s).
 */
const SCOPED_SHARE = 32;

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

/** A hooked video's stored neighbours, best first: their videos.seq and similarity (cosine in [0, 1]). */
export function readHookNeighbors(db: Db, seq: number): { seq: number; similarity: number }[] {
  const blob = prepared(db, "SELECT neighbors FROM hook_neighbors WHERE seq = ?").pluck().get(seq) as
    | Buffer
    | undefined;
  const out: { seq: number; similarity: number }[] = [];
  if (!blob) return out;
  for (let at = 0; at + ENTRY <= blob.length; at += ENTRY)
    out.push({ seq: blob.readUInt32BE(at), similarity: similarity(blob.readInt32BE(at + 4)) });
  return out;
}

/** The similarity of an int8 dot product: cosine, clamped to [0, 1] (rounding can pass 1). */
function similarity(dot: number): number {
  return Math.min(1, Math.max(0, dot / (SCALE * SCALE)));
}

/** Every hook's keys from its text, every list built whole; `wanted` limits which lists are written. */
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

/** Computed neighbour lists, packed as stored: list i is bytes[ends[i - 1] .. ends[i]) of video seqs[i]. */
export interface PackedLists {
  seqs: Uint32Array;
  ends: Int32Array;
  bytes: Uint8Array;
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

/** The stored form of a hook's keys: sorted, space-separated (also the order its lists are sorted by). */
function signature(keys: readonly string[]): string {
  checkKeys(keys);
  return [...keys].sort().join(" ");
}

/** Keys are words: a space or an empty key would not survive the space-separated stored form. */
function checkKeys(keys: readonly string[]): void {
  for (const k of keys)
    if (k.length === 0 || k.includes(" ")) throw new Error(`embedder keys must be non-empty words: "${k}"`);
}

function checkedSeq(seq: number): number {
  if (seq < 0 || seq > MAX_SEQ) throw new Error(`videos.seq ${seq} does not fit a hook_neighbors entry`);
  return seq;
}

/** Hook indexes by ascending seq: rows are written in rowid order (appends, not b-tree splits). */
function orderBy(seqs: ArrayLike<number>): Int32Array {
  return Int32Array.from(seqs, (_, h) => h).sort((a, b) => (seqs[a] as number) - (seqs[b] as number));
}

/** Deletes the stored lists of these videos (by seq). */
function dropLists(db: Db, seqs: readonly number[]): void {
  const drop = db.prepare("DELETE FROM hook_neighbors WHERE seq = ?");
  if (seqs.length < 10_000) {
    for (const seq of seqs) drop.run(seq);
    return;
  }
  // Many (a run over every id): one scan of the stored seqs, and one statement if every list goes.
  const going = new Set(seqs);
  const stored = db.prepare("SELECT seq FROM hook_neighbors").pluck().all() as number[];
  if (stored.every((seq) => going.has(seq))) db.exec("DELETE FROM hook_neighbors");
  else for (const seq of stored) if (going.has(seq)) drop.run(seq);
}

/** Computed lists, packed as they are stored (in one buffer), until they are written in seq order. */
class ListBuffer {
  private readonly seqs: number[] = [];
  private readonly ends: number[] = [];
  private readonly bytes: Buffer;
  private readonly view: DataView;
  private used = 0;

  /** For up to `lists` lists. */
  constructor(lists: number) {
    this.bytes = Buffer.alloc(lists * HOOK_NEIGHBORS * ENTRY);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length);
  }

  /** The `found` neighbours `select` holds (hook indexes mapped to seqs through `seqOf`), for video `seq`. */
  add(seq: number, found: number, select: NeighbourSelection, seqOf: readonly number[]): void {
    if (found === 0) return; // no list: the same as an empty one to similarHooks
    for (let r = 0; r < found; r++) {
      this.view.setUint32(this.used, seqOf[select.idx[r] as number] as number);
      this.view.setInt32(this.used + 4, select.dot[r] as number);
      this.used += ENTRY;
    }
    this.seqs.push(seq);
    this.ends.push(this.used);
  }

  /** The lists as computed, in one buffer. */
  packed(): PackedLists {
    return {
      seqs: Uint32Array.from(this.seqs),
      ends: Int32Array.from(this.ends),
      bytes: new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.used),
    };
  }
}

/** Inserts every list, in seq order (the videos' old lists already deleted). */
function insertLists(db: Db, lists: PackedLists): void {
  const put = new BatchInsert(db, "INSERT INTO hook_neighbors (seq, neighbors) VALUES");
  const bytes = Buffer.from(lists.bytes.buffer, lists.bytes.byteOffset, lists.bytes.length);
  for (const i of orderBy(lists.seqs)) {
    const start = i > 0 ? (lists.ends[i - 1] as number) : 0;
    put.add(lists.seqs[i], bytes.subarray(start, lists.ends[i] as number));
  }
  put.flush();
}

/**
 * An INSERT of two-column rows, BATCH rows per statement: a statement per row cost more than the row
 * itself (the driver's call, bind and reset), about twice the time for 200k rows.
 */
class BatchInsert {
  private static readonly BATCH = 32;
  private readonly single: Statement;
  private readonly batch: Statement;
  private readonly args: unknown[] = [];

  /** `insert` up to VALUES: "INSERT INTO t (a, b) VALUES". */
  constructor(db: Db, insert: string) {
    this.single = db.prepare(`${insert} (?, ?)`);
    this.batch = db.prepare(`${insert} ${Array(BatchInsert.BATCH).fill("(?, ?)").join(", ")}`);
  }

  add(a: unknown, b: unknown): void {
    this.args.push(a, b);
    if (this.args.length === 2 * BatchInsert.BATCH) {
      this.batch.run(this.args);
      this.args.length = 0;
    }
  }

  /** Inserts the rows still held (fewer than a batch). */
  flush(): void {
    for (let at = 0; at < this.args.length; at += 2) this.single.run(this.args[at], this.args[at + 1]);
    this.args.length = 0;
  }
}

/**
 * Every hook's keys, interned as the hooks come (in id order): key ids in one growing array, each hook's
 * signature an index into the distinct ones. No array of keys is kept per hook: 200k small arrays living
 * through the run cost the garbage collector more than interning does.
 */
class KeyTable {
  private readonly keyIndex = new Map<string, number>();
  private readonly sigIndex = new Map<string, number>();
  private readonly lastHook: number[] = [];
  private keyIds = new Int32Array(1 << 16);
  private rowStart = new Int32Array(1 << 12);
  private signatureOf = new Int32Array(1 << 12);
  /** Per signature, a hook that has it (its keys are the signature's). */
  private readonly firstWith: number[] = [];
  private hooks = 0;

  /** Adds the next hook's keys (in the embedder's order). */
  add(keys: readonly string[]): void {
    const h = this.hooks++;
    if (h + 2 > this.rowStart.length) {
      this.rowStart = grown(this.rowStart, 2 * this.rowStart.length);
      this.signatureOf = grown(this.signatureOf, 2 * this.signatureOf.length);
    }
    let at = this.rowStart[h] as number;
    if (at + keys.length > this.keyIds.length)
      this.keyIds = grown(this.keyIds, Math.max(2 * this.keyIds.length, at + keys.length));
    for (const k of keys) {
      let id = this.keyIndex.get(k);
      if (id === undefined) {
        id = this.keyIndex.size;
        this.keyIndex.set(k, id);
        this.lastHook.push(-1);
      }
      // Keys are a set (the hashing embedder's are): a repeated one would list the hook twice under it.
      if (this.lastHook[id] === h) throw new Error(`embedder keys must be distinct: "${k}" twice`);
      this.lastHook[id] = h;
      this.keyIds[at++] = id;
    }
    this.rowStart[h + 1] = at;
    const sig = signature(keys);
    let s = this.sigIndex.get(sig);
    if (s === undefined) {
      s = this.sigIndex.size;
      this.sigIndex.set(sig, s);
      this.firstWith.push(h);
    }
    this.signatureOf[h] = s;
  }

  /** Every hook a row (row = hook index), every key's list. */
  blocking(): Blocking {
    const n = this.hooks;
    const rowStart = this.rowStart.subarray(0, n + 1);
    const keyIds = this.keyIds.subarray(0, rowStart[n] as number);
    const keysOfSignature = (s: number): Int32Array => {
      const h = this.firstWith[s] as number;
      return keyIds.subarray(rowStart[h] as number, rowStart[h + 1] as number);
    };
    const rows = Int32Array.from({ length: n }, (_, h) => h);
    const signatures = [...this.sigIndex.keys()];
    const signatureOf = this.signatureOf.subarray(0, n);
    return Blocking.build(
      rowStart,
      keyIds,
      rows,
      this.keyIndex.size,
      signatureOf,
      signatures,
      keysOfSignature,
    );
  }
}

/** A copy of `array` with room for `size` entries. */
function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(size);
  copy.set(array);
  return copy;
}

/**
 * The blocking structure: posting lists of keys (hook indexes sorted by the hooks' key signature, then
 * index), and for each row (a hook whose neighbours are wanted) its keys in the embedder's order with its
 * position in each key's list. Flat typed arrays (CSR) rather than arrays of arrays and per-key Maps:
 * fewer allocations and less garbage at a million hooks.
 */
class Blocking {
  private readonly keyOrder = new Int32Array(64);

  private constructor(
    /** Per row r: its keys are keyIds[rowStart[r] .. rowStart[r + 1]), in the embedder's order. */
    readonly rowStart: Int32Array,
    readonly keyIds: Int32Array,
    /** Aligned with keyIds: where the row's hook sits in that key's list. */
    readonly positions: Int32Array,
    /** Per key k: its list is items[listStart[k] .. listStart[k + 1]). */
    readonly listStart: Int32Array,
    readonly items: Int32Array,
    /** Per hook, its signature (an index into signatures); distinct signatures. */
    readonly signatureOf: Int32Array,
    readonly signatures: readonly string[],
    /** Every hook in some list, in (signature, index) order: the order of every list. */
    readonly order: Int32Array,
  ) {}

  /**
   * Only the lists of the rows' keys, from every hook's signature (`signatureOf`, hooks in id order);
   * each row is a hook with its keys (fresh from its text, in the embedder's order).
   */
  static around(
    signatureOf: Int32Array,
    signatures: readonly string[],
    rows: readonly { hook: number; keys: readonly string[] }[],
  ): Blocking {
    const keyIndex = new Map<string, number>();
    const rowStart = new Int32Array(rows.length + 1);
    rows.forEach((row, r) => {
      rowStart[r + 1] = (rowStart[r] as number) + row.keys.length;
    });
    const keyIds = new Int32Array(rowStart[rows.length] as number);
    rows.forEach((row, r) => {
      checkKeys(row.keys);
      let at = rowStart[r] as number;
      for (const k of row.keys) {
        let id = keyIndex.get(k);
        if (id === undefined) {
          id = keyIndex.size;
          keyIndex.set(k, id);
        }
        for (let a = rowStart[r] as number; a < at; a++)
          if (keyIds[a] === id) throw new Error(`embedder keys must be distinct: "${k}" twice`);
        keyIds[at++] = id;
      }
    });
    // Each signature's keys among the rows' keys: the lists of other keys are never read.
    const keysOfSignature = (s: number): Int32Array => {
      const sig = signatures[s] as string;
      if (sig === "") return new Int32Array(0);
      const ids: number[] = [];
      for (const k of sig.split(" ")) {
        const id = keyIndex.get(k);
        if (id !== undefined) ids.push(id);
      }
      return Int32Array.from(ids);
    };
    const hooks = Int32Array.from(rows, (row) => row.hook);
    return Blocking.build(rowStart, keyIds, hooks, keyIndex.size, signatureOf, signatures, keysOfSignature);
  }

  static build(
    rowStart: Int32Array,
    keyIds: Int32Array,
    rowHooks: Int32Array,
    keyCount: number,
    signatureOf: Int32Array,
    signatures: readonly string[],
    keysOfSignature: (s: number) => Int32Array,
  ): Blocking {
    const n = signatureOf.length;
    const sigKeys = signatures.map((_, s) => keysOfSignature(s));
    const hooksWith = new Int32Array(signatures.length);
    for (let h = 0; h < n; h++) {
      const s = signatureOf[h] as number;
      hooksWith[s] = (hooksWith[s] as number) + 1;
    }
    const listStart = new Int32Array(keyCount + 1);
    sigKeys.forEach((keys, s) => {
      for (const k of keys) listStart[k + 1] = (listStart[k + 1] as number) + (hooksWith[s] as number);
    });
    for (let k = 0; k < keyCount; k++)
      listStart[k + 1] = (listStart[k + 1] as number) + (listStart[k] as number);

    // Hooks in (signature, index) order: the signatures sorted once, then a counting sort by rank (stable,
    // so equal signatures stay in index order) — not a string comparison per list entry. Signatures
    // without a listed key are left out.
    const listed = signatures.map((_, s) => s).filter((s) => (sigKeys[s] as Int32Array).length > 0);
    listed.sort((a, b) => compareStrings(signatures[a], signatures[b]));
    const next = new Int32Array(signatures.length).fill(-1);
    let placed = 0;
    for (const s of listed) {
      next[s] = placed;
      placed += hooksWith[s] as number;
    }
    const order = new Int32Array(placed);
    for (let h = 0; h < n; h++) {
      const s = signatureOf[h] as number;
      const slot = next[s] as number;
      if (slot < 0) continue;
      order[slot] = h;
      next[s] = slot + 1;
    }

    // Where each row's hook sits in its keys' lists: rows found by hook.
    const rowOf = new Int32Array(n).fill(-1);
    rowHooks.forEach((h, r) => {
      rowOf[h] = r;
    });
    const fill = listStart.slice(0, keyCount);
    const items = new Int32Array(listStart[keyCount] as number);
    const positions = new Int32Array(keyIds.length);
    for (const h of order) {
      const r = rowOf[h] as number;
      for (const k of sigKeys[signatureOf[h] as number] as Int32Array) {
        const slot = fill[k] as number;
        items[slot] = h;
        fill[k] = slot + 1;
        if (r < 0) continue;
        for (let at = rowStart[r] as number; at < (rowStart[r + 1] as number); at++)
          if (keyIds[at] === k) positions[at] = slot - (listStart[k] as number);
      }
    }
    return new Blocking(rowStart, keyIds, positions, listStart, items, signatureOf, signatures, order);
  }

  /**
   * The hooks compared with row r (hook h): for each of its keys, rarest first, the whole list if it is
   * short, else the WINDOW entries either side of h; until CANDIDATE_CAP are collected (checked per key).
   * Writes them to `out` (deduplicated with `seen`, marked with `stamp`) and returns how many.
   */
  candidates(r: number, h: number, out: Int32Array, seen: Int32Array, stamp: number): number {
    const { keyIds, positions, listStart, items } = this;
    const first = this.rowStart[r] as number;
    const count = (this.rowStart[r + 1] as number) - first;
    // Key slots by list length, stable (ties keep the embedder's order): a few keys, insertion sort.
    const order = count <= this.keyOrder.length ? this.keyOrder : new Int32Array(count);
    for (let a = 0; a < count; a++) {
      const length = this.lengthOf(keyIds[first + a] as number);
      let b = a;
      while (b > 0 && this.lengthOf(keyIds[first + (order[b - 1] as number)] as number) > length) {
        order[b] = order[b - 1] as number;
        b--;
      }
      order[b] = a;
    }
    let found = 0;
    for (let o = 0; o < count; o++) {
      const at = first + (order[o] as number);
      const k = keyIds[at] as number;
      const start = listStart[k] as number;
      const length = (listStart[k + 1] as number) - start;
      let from = start;
      let to = start + length;
      if (length > 2 * WINDOW) {
        const pos = positions[at] as number;
        from = start + Math.max(0, pos - WINDOW);
        to = start + Math.min(length, pos + WINDOW + 1);
      }
      for (let p = from; p < to; p++) {
        const c = items[p] as number;
        if (c === h || seen[c] === stamp) continue;
        seen[c] = stamp;
        out[found++] = c;
      }
      if (found >= CANDIDATE_CAP) break;
    }
    return found;
  }

  private lengthOf(k: number): number {
    return (this.listStart[k + 1] as number) - (this.listStart[k] as number);
  }
}

/** JavaScript's string order (UTF-16 code units), as `<` and the default sort use. */
function compareStrings(a: string | undefined, b: string | undefined): number {
  const x = a ?? "";
  const y = b ?? "";
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Int8 hook vectors, sparse: the hashing embedder fills ~30 of 128 dimensions, so a dot product over a
 * candidate's non-zero components is a quarter of the work of a dense one (and the same integer).
 * Embedded on first use: a scoped run only embeds the hooks it compares.
 */
class SparseVectors {
  private readonly start: Int32Array;
  private readonly length: Uint16Array;
  private dims: Uint16Array;
  private values: Int8Array;
  private used = 0;
  private readonly scratch: Float32Array;

  constructor(
    hooks: number,
    private readonly embedder: Embedder,
    private readonly textOf: (h: number) => string,
  ) {
    // Dimension indexes and per-hook counts are uint16.
    if (embedder.dimensions > 65_535)
      throw new Error(`embedder ${embedder.name}: more than 65535 dimensions`);
    this.start = new Int32Array(hooks).fill(-1);
    this.length = new Uint16Array(hooks);
    this.dims = new Uint16Array(Math.max(1024, Math.min(hooks, 1 << 20) * 32));
    this.values = new Int8Array(this.dims.length);
    this.scratch = new Float32Array(embedder.dimensions);
  }

  ensure(h: number): void {
    if ((this.start[h] as number) < 0) this.embed(h, this.textOf(h));
  }

  /** Embeds hook h from its text (h not embedded yet). */
  embed(h: number, text: string): void {
    const v = this.embedder.embed(text, this.scratch);
    const dims = this.embedder.dimensions;
    if (this.used + dims > this.dims.length) {
      const size = Math.max(this.dims.length * 2, this.used + dims);
      const grownDims = new Uint16Array(size);
      grownDims.set(this.dims.subarray(0, this.used));
      const grownValues = new Int8Array(size);
      grownValues.set(this.values.subarray(0, this.used));
      this.dims = grownDims;
      this.values = grownValues;
    }
    const start = this.used;
    for (let d = 0; d < dims; d++) {
      const x = v[d] as number;
      if (x === 0) continue; // most components: no feature hashed there
      const q = Math.round(x * SCALE);
      if (q === 0) continue;
      this.dims[this.used] = d;
      this.values[this.used++] = q;
    }
    this.start[h] = start;
    this.length[h] = this.used - start;
  }

  /** Stores the vectors of the hooks in `order` in that order (the others after them). */
  relayout(order: Int32Array): void {
    const dims = new Uint16Array(this.used);
    const values = new Int8Array(this.used);
    const start = new Int32Array(this.start.length).fill(-1);
    let used = 0;
    const place = (h: number) => {
      const from = this.start[h] as number;
      if (from < 0 || (start[h] as number) >= 0) return;
      const end = from + (this.length[h] as number);
      start[h] = used;
      for (let p = from; p < end; p++) {
        dims[used] = this.dims[p] as number;
        values[used++] = this.values[p] as number;
      }
    };
    for (const h of order) place(h);
    for (let h = 0; h < start.length; h++) place(h);
    this.dims = dims;
    this.values = values;
    this.start.set(start);
  }

  /** Writes hook h's components into `dense` (which must be all zero). */
  scatter(h: number, dense: Float64Array): void {
    this.ensure(h);
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    for (let p = start; p < end; p++) dense[this.dims[p] as number] = this.values[p] as number;
  }

  /** Zeroes what scatter(h) wrote. */
  clear(h: number, dense: Float64Array): void {
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    for (let p = start; p < end; p++) dense[this.dims[p] as number] = 0;
  }

  /**
   * Hook h's dot product with the vector scattered into `dense`: an exact integer (|sum| < 2^53). `dense`
   * holds doubles: V8 multiplies them without the int32 overflow checks (about a third faster).
   */
  dot(h: number, dense: Float64Array): number {
    this.ensure(h);
    const start = this.start[h] as number;
    const end = start + (this.length[h] as number);
    const { dims, values } = this;
    let dot = 0;
    for (let p = start; p < end; p++) dot += (dense[dims[p] as number] as number) * (values[p] as number);
    return dot;
  }
}

/**
 * A hook's best neighbours among its candidates: positive dot products, highest first, ties by hook index
 * (the order of a full sort of the candidates by similarity, then index), kept to HOOK_NEIGHBORS by
 * insertion. Similarity is dot / SCALE² for every pair, so ordering by the integer dot is the same order.
 * After of(), idx[0 .. found) and dot[0 .. found) hold the list.
 */
class NeighbourSelection {
  readonly idx = new Int32Array(HOOK_NEIGHBORS);
  readonly dot = new Int32Array(HOOK_NEIGHBORS);
  private readonly candidates = new Int32Array(CANDIDATE_CAP + 2 * WINDOW + 1);
  private readonly seen: Int32Array;
  private readonly dense: Float64Array;
  private stamp = 0;
  /** The embedder's minimum similarity as an int8 dot product (a neighbour needs more than 0 anyway). */
  private readonly minDot: number;

  constructor(
    hooks: number,
    dimensions: number,
    private readonly vectors: SparseVectors,
    minSimilarity = 0,
  ) {
    this.minDot = Math.max(1, Math.ceil(minSimilarity * SCALE * SCALE));
    this.seen = new Int32Array(hooks);
    this.dense = new Float64Array(dimensions);
  }

  /** The list of row r of `blocking`, hook h. */
  of(r: number, h: number, blocking: Blocking): number {
    const found = blocking.candidates(r, h, this.candidates, this.seen, ++this.stamp);
    const { idx, dot, dense, vectors, minDot } = this;
    vectors.scatter(h, dense);
    let size = 0;
    for (let i = 0; i < found; i++) {
      const c = this.candidates[i] as number;
      const d = vectors.dot(c, dense);
      if (d < minDot) continue;
      if (size === HOOK_NEIGHBORS) {
        const lastDot = dot[size - 1] as number;
        if (d < lastDot || (d === lastDot && c > (idx[size - 1] as number))) continue;
        size--;
      }
      let at = size;
      while (at > 0) {
        const prevDot = dot[at - 1] as number;
        if (prevDot > d || (prevDot === d && (idx[at - 1] as number) < c)) break;
        dot[at] = prevDot;
        idx[at] = idx[at - 1] as number;
        at--;
      }
      dot[at] = d;
      idx[at] = c;
      size++;
    }
    vectors.clear(h, dense);
    return size;
  }
}
