import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Alongside,
  type AtomicWindowStore,
  DatabaseWindowStore,
  MemoryWindowStore,
  type WindowRequest,
} from "../../../src/limits/index.js";
import { connectRedis, firstConnection, RedisWindowStore } from "../../../src/limits/redis.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { redisAvailability, startRedis, type TestRedis } from "../../helpers/redis.js";
import { disposeSqlEngines, type SqlDatabase, sqlEngines } from "../../helpers/sql-engines.js";

/**
 * The window store contract, run against every implementation: exact under concurrency, a refused call
 * consumes nothing, identical sliding answers, and (for the shared ones) two handles see one set of windows.
 */
interface Harness {
  /** A store and, for shared implementations, a second independent handle on the same windows. */
  open(): Promise<{ store: AtomicWindowStore; twin?: AtomicWindowStore }>;
}

/** An alongside step without statements: the same answer run inside a store's transaction or on its own. */
const pure = (answer: () => boolean): Alongside => ({
  // biome-ignore lint/correctness/useYield: a step may have no statements
  *steps() {
    return answer();
  },
  alone: async () => answer(),
});

const redis = redisAvailability();
let server: TestRedis | undefined;
let prefixSeq = 0;

const databases: SqlDatabase[] = [];

const harnesses: [string, Harness, boolean][] = [
  ["memory", { open: async () => ({ store: new MemoryWindowStore() }) }, true],
  // The database store on each engine: two handles are two processes on one database.
  ...sqlEngines().map((engine): [string, Harness, boolean] => [
    `database (${engine.name})`,
    {
      async open() {
        const database = await engine.open();
        databases.push(database);
        return { store: new DatabaseWindowStore(database.sql), twin: new DatabaseWindowStore(database.twin) };
      },
    },
    true,
  ]),
  [
    "redis",
    {
      async open() {
        if (!server) throw new Error("redis not started");
        prefixSeq += 1;
        const prefix = `test${prefixSeq}:`;
        return {
          store: new RedisWindowStore(connectRedis(server.url), prefix),
          twin: new RedisWindowStore(connectRedis(server.url), prefix),
        };
      },
    },
    redis.available,
  ],
];

beforeAll(async () => {
  if (redis.available) server = await startRedis();
});
afterAll(async () => {
  await server?.dispose();
  for (const database of databases) await database.close();
  await disposeSqlEngines();
});

const burst: WindowRequest = { key: "burst:k1", rule: { max: 15, windowSeconds: 10 } };
const org: WindowRequest = { key: "org:o1", rule: { max: 100, windowSeconds: 60 } };
const T = 1_780_000_000;

/** Redis clients connect asynchronously; commands never queue, so wait until the store answers. */
async function ready(store: AtomicWindowStore): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (!store.unready?.()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

for (const [name, harness, enabled] of harnesses) {
  describe.skipIf(!enabled)(`${name} window store`, () => {
    const opened: AtomicWindowStore[] = [];
    const open = async () => {
      const pair = await harness.open();
      opened.push(pair.store, ...(pair.twin ? [pair.twin] : []));
      await ready(pair.store);
      if (pair.twin) await ready(pair.twin);
      return pair;
    };
    afterAll(async () => {
      for (const store of opened) await store.close?.();
    });

    it("100 parallel takes against a burst of 15 take exactly 15", async () => {
      const { store, twin } = await open();
      const stores = twin ? [store, twin] : [store];
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (stores[i % stores.length] as AtomicWindowStore).takeAll([burst, org], T),
        ),
      );
      expect(results.filter((r) => r.taken)).toHaveLength(15);
      const [b, o] = await store.peekAll([burst, org], T);
      expect(b).toEqual({ used: 15, remaining: 0, retryAfter: 10, resetIn: 10 });
      expect(o?.used).toBe(15);
    });

    it("a call refused by one window takes nothing in the others", async () => {
      const { store } = await open();
      const tight: WindowRequest = { key: "burst:k2", rule: { max: 2, windowSeconds: 10 } };
      expect((await store.takeAll([tight, org], T)).taken).toBe(true);
      expect((await store.takeAll([tight, org], T + 1)).taken).toBe(true);
      for (let i = 0; i < 10; i += 1) {
        const refused = await store.takeAll([tight, org], T + 2);
        expect(refused).toMatchObject({ taken: false, refusedBy: "window" });
      }
      const [t, o] = await store.peekAll([tight, org], T + 2);
      expect(t).toEqual({ used: 2, remaining: 0, retryAfter: 8, resetIn: 9 });
      expect(o?.used).toBe(2);
    });

    it("a call refused alongside (the daily ceiling) takes nothing in any window", async () => {
      const { store } = await open();
      let asked = 0;
      const refusal = await store.takeAll(
        [burst, org],
        T,
        pure(() => {
          asked += 1;
          return false;
        }),
      );
      expect(refusal).toMatchObject({ taken: false, refusedBy: "alongside" });
      expect(asked).toBe(1);
      const states = await store.peekAll([burst, org], T);
      expect(states.map((s) => s.used)).toEqual([0, 0]);
      // A refusal by a window never asks the alongside step (so it takes nothing there either).
      const full: WindowRequest = { key: "zero", rule: { max: 0, windowSeconds: 10 } };
      const count = pure(() => {
        asked += 1;
        return true;
      });
      expect(await store.takeAll([full], T, count)).toMatchObject({ taken: false });
      expect(asked).toBe(1);
    });

    it("slides exactly like the memory store", async () => {
      const { store } = await open();
      const reference = new MemoryWindowStore();
      const rule = { max: 3, windowSeconds: 10 };
      const w: WindowRequest = { key: "slide", rule };
      const steps = [100, 100, 104, 105, 106, 110, 111, 113, 114, 120, 125, 140];
      for (const now of steps) {
        const [ours, theirs] = await Promise.all([store.takeAll([w], now), reference.takeAll([w], now)]);
        expect(ours).toEqual(theirs);
        expect(await store.peekAll([w], now)).toEqual(await reference.peekAll([w], now));
      }
    });
  });
}

describe.skipIf(!redis.available)("redis window store when Redis goes away", () => {
  it("answers 503 unavailable with Retry-After, counts nothing, and recovers when Redis returns", async () => {
    const own = await startRedis();
    const store = new RedisWindowStore(connectRedis(own.url), "outage:");
    try {
      await ready(store);
      expect((await store.takeAll([burst], T)).taken).toBe(true);
      await own.stop();
      const error = await store.takeAll([burst], T).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: "service_unavailable", status: 503, retryAfter: 5 });
      expect((error as ServiceError).headers?.["Retry-After"]).toBe("5");
      expect(store.unready()).toBeDefined();
      let alongside = 0;
      const count = pure(() => {
        alongside += 1;
        return true;
      });
      await expect(store.takeAll([burst], T, count)).rejects.toThrow(ServiceError);
      expect(alongside).toBe(0);
      await own.start();
      await ready(store);
      expect(store.unready()).toBeUndefined();
      expect((await store.takeAll([burst], T)).taken).toBe(true);
    } finally {
      await store.close();
      await own.dispose();
    }
  });
});

describe.skipIf(!redis.available)("a new Redis client's first connection", () => {
  it("is awaited before serving (true once ready), and bounded when Redis is not there (false)", async () => {
    const own = await startRedis();
    const up = connectRedis(own.url);
    const down = connectRedis(`${own.url}.missing`);
    try {
      expect(up.status).not.toBe("ready");
      expect(await firstConnection(up, 5000)).toBe(true);
      expect(up.status).toBe("ready");
      expect(await firstConnection(up, 0)).toBe(true);
      const listeners = down.listenerCount("ready");
      expect(await firstConnection(down, 200)).toBe(false);
      expect(down.listenerCount("ready")).toBe(listeners);
    } finally {
      up.disconnect();
      down.disconnect();
      await own.dispose();
    }
  });
});
