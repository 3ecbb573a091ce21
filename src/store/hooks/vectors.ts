import type { Embedder } from "./embedder.js";

/** Vectors are kept as int8: component × SCALE, rounded; similarity = dot / SCALE². */
export const SCALE = 127;

/**
 * Int8 hook vectors, sparse: the hashing embedder fills ~30 of 128 dimensions, so a dot product over a
 * candidate's non-zero components is a quarter of the work of a dense one (and the same integer).
 * Embedded on first use: a scoped run only embeds the hooks it compares.
 */
export class SparseVectors {
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
