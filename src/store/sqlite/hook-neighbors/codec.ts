import type { Statement } from "better-sqlite3";
import { decodeNeighbours, NEIGHBOUR_ENTRY } from "../../hooks/neighbour-list.js";
import { HOOK_NEIGHBORS, type NeighbourSelection } from "../../hooks/selection.js";
import type { Db } from "../connection.js";
import { prepared } from "../statements.js";

const ENTRY = NEIGHBOUR_ENTRY;
const MAX_SEQ = 0xffff_ffff;

/** A hooked video's stored neighbours, best first: their videos.seq and similarity (cosine in [0, 1]). */
export function readHookNeighbors(db: Db, seq: number): { seq: number; similarity: number }[] {
  const blob = prepared(db, "SELECT neighbors FROM hook_neighbors WHERE seq = ?").pluck().get(seq) as
    | Buffer
    | undefined;
  return blob ? decodeNeighbours(blob) : [];
}

export function checkedSeq(seq: number): number {
  if (seq < 0 || seq > MAX_SEQ) throw new Error(`videos.seq ${seq} does not fit a hook_neighbors entry`);
  return seq;
}

/** Hook indexes by ascending seq: rows are written in rowid order (appends, not b-tree splits). */
export function orderBy(seqs: ArrayLike<number>): Int32Array {
  return Int32Array.from(seqs, (_, h) => h).sort((a, b) => (seqs[a] as number) - (seqs[b] as number));
}

/** Computed neighbour lists, packed as stored: list i is bytes[ends[i - 1] .. ends[i]) of video seqs[i]. */
export interface PackedLists {
  seqs: Uint32Array;
  ends: Int32Array;
  bytes: Uint8Array;
}

/** Computed lists, packed as they are stored (in one buffer), until they are written in seq order. */
export class ListBuffer {
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
export function insertLists(db: Db, lists: PackedLists): void {
  const put = new BatchInsert(db, "INSERT INTO hook_neighbors (seq, neighbors) VALUES");
  const bytes = Buffer.from(lists.bytes.buffer, lists.bytes.byteOffset, lists.bytes.length);
  for (const i of orderBy(lists.seqs)) {
    const start = i > 0 ? (lists.ends[i - 1] as number) : 0;
    put.add(lists.seqs[i], bytes.subarray(start, lists.ends[i] as number));
  }
  put.flush();
}

/** Deletes the stored lists of these videos (by seq). */
export function dropLists(db: Db, seqs: readonly number[]): void {
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

/**
 * An INSERT of two-column rows, BATCH rows per statement: a statement per row cost more than the row
 * itself (the driver's call, bind and reset), about twice the time for 200k rows.
 */
export class BatchInsert {
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
