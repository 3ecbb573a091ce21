/** Candidate blocking for hook neighbours: which hooks a hook is compared with (engine-neutral). */

/** How many candidates a hook is compared with at most, and the window either side of it in a long key list. */
export const CANDIDATE_CAP = 120;
export const WINDOW = 24;

/** The stored form of a hook's keys: sorted, space-separated (also the order its lists are sorted by). */
export function signature(keys: readonly string[]): string {
  checkKeys(keys);
  return [...keys].sort().join(" ");
}

/** Keys are words: a space or an empty key would not survive the space-separated stored form. */
export function checkKeys(keys: readonly string[]): void {
  for (const k of keys)
    if (k.length === 0 || k.includes(" ")) throw new Error(`embedder keys must be non-empty words: "${k}"`);
}

/**
 * Every hook's keys, interned as the hooks come (in id order): key ids in one growing array, each hook's
 * signature an index into the distinct ones. No array of keys is kept per hook: 200k small arrays living
 * through the run cost the garbage collector more than interning does.
 */
export class KeyTable {
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
export class Blocking {
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
