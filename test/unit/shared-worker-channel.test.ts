import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// A worker thread runs compiled code: the channel comes from the build (npm test builds first).
const channelModule = pathToFileURL(join(import.meta.dirname, "../../dist/shared/worker-channel.js")).href;
const { SyncWorker } = (await import(channelModule)) as typeof import("../../src/shared/worker-channel.js");
const fixture = (name: string) => pathToFileURL(join(import.meta.dirname, `../fixtures/workers/${name}.mjs`));

describe("SyncWorker", () => {
  it("hands over every message in order, then undefined once the worker has finished", () => {
    const ahead = new SharedArrayBuffer(4);
    const worker = new SyncWorker<{ n: number }>(
      fixture("counter"),
      { count: 50, channelModule, ahead },
      { lookahead: 3 },
    );
    const got: number[] = [];
    for (let m = worker.next(10_000); m !== undefined; m = worker.next(10_000)) {
      got.push(m.n);
      if (m.n === 0) Atomics.wait(new Int32Array(ahead), 0, 0, 200); // let it run ahead
    }
    expect(got).toEqual(Array.from({ length: 50 }, (_, n) => n));
    // It ran ahead of what was taken, but never more than the lookahead.
    expect(new Int32Array(ahead)[0]).toBeGreaterThan(0);
    expect(new Int32Array(ahead)[0]).toBeLessThanOrEqual(3);
    expect(worker.next(100)).toBeUndefined();
    worker.stop();
  });

  it("gives up on a worker that never starts instead of waiting for it", () => {
    const worker = new SyncWorker(fixture("never-starts"), {}, { lookahead: 1, startTimeoutMs: 300 });
    const started = Date.now();
    expect(worker.next(60_000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(10_000);
    worker.stop();
  });

  it("returns undefined when no message comes in time", () => {
    const worker = new SyncWorker(fixture("counter"), { count: 0, channelModule }, { lookahead: 1 });
    expect(worker.next(5_000)).toBeUndefined(); // finished without posting
    worker.stop();
  });
});
