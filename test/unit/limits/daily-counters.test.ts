import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DailyContentCounter } from "../../../src/limits/daily-content.js";
import {
  type AtomicWindowStore,
  type DailyCounter,
  DatabaseWindowStore,
  type WindowRequest,
} from "../../../src/limits/index.js";
import { connectRedis, RedisDailyCounter, RedisWindowStore } from "../../../src/limits/redis.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { redisAvailability, startRedis, type TestRedis } from "../../helpers/redis.js";
import { disposeSqlEngines, type SqlDatabase, sqlEngines } from "../../helpers/sql-engines.js";

/**
 * The daily content counter contract, in the database (each engine) and in Redis, each beside its window
 * store as the limiter pairs them: two handles (two processes or instances) racing 100 calls admit exactly
 * the ceiling; a call refused by the day takes nothing in any window; standings agree between handles.
 */
interface Pair {
  windows: AtomicWindowStore;
  daily: DailyCounter;
}

const redis = redisAvailability();
let server: TestRedis | undefined;
let prefixes = 0;
const databases: SqlDatabase[] = [];
const closers: (() => Promise<void>)[] = [];

const harnesses: [string, () => Promise<[Pair, Pair]>, boolean][] = [
  ...sqlEngines().map((engine): [string, () => Promise<[Pair, Pair]>, boolean] => [
    `database (${engine.name})`,
    async () => {
      const database = await engine.open();
      databases.push(database);
      return [
        { windows: new DatabaseWindowStore(database.sql), daily: new DailyContentCounter(database.sql) },
        { windows: new DatabaseWindowStore(database.twin), daily: new DailyContentCounter(database.twin) },
      ];
    },
    true,
  ]),
  [
    "redis",
    async () => {
      if (!server) throw new Error("redis not started");
      prefixes += 1;
      const prefix = `daily${prefixes}:`;
      const pair = (): Pair => {
        const client = connectRedis(server?.url ?? "");
        closers.push(async () => client.disconnect());
        return {
          windows: new RedisWindowStore(client, prefix),
          daily: new RedisDailyCounter(client, prefix),
        };
      };
      const pairs: [Pair, Pair] = [pair(), pair()];
      for (const p of pairs) {
        for (let i = 0; i < 200 && p.windows.unready?.(); i += 1) await new Promise((r) => setTimeout(r, 10));
      }
      return pairs;
    },
    redis.available,
  ],
];

beforeAll(async () => {
  if (redis.available) server = await startRedis();
});
afterAll(async () => {
  for (const close of closers) await close();
  await server?.dispose();
  for (const database of databases) await database.close();
  await disposeSqlEngines();
});

const T = 1_780_000_000;
const roomy: WindowRequest = { key: "org:o1", rule: { max: 1_000_000, windowSeconds: 60 } };

/** One content call's admission as the limiter makes it: the windows, then the day alongside. */
const admit = (p: Pair, org: string, max: number, now = T) =>
  p.windows.takeAll(
    [roomy],
    now,
    p.daily.alongside(org, max, now, () => {}),
  );

for (const [name, open, enabled] of harnesses) {
  describe.skipIf(!enabled)(`${name} daily counter`, () => {
    it("100 calls racing on two handles admit exactly the ceiling, and both handles see the count", async () => {
      const [a, b] = await open();
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, (_, i) => admit(i % 2 === 0 ? a : b, "o1", 37)),
      );
      expect(outcomes.filter((o) => o.taken)).toHaveLength(37);
      expect(outcomes.filter((o) => !o.taken).every((o) => !o.taken && o.refusedBy === "alongside")).toBe(
        true,
      );
      for (const p of [a, b]) {
        expect(await p.daily.standing("o1", 37, T)).toMatchObject({ used: 37, max: 37 });
      }
      // The day's refusals took nothing in the window: only the 37 admitted calls are there.
      const [window] = await a.windows.peekAll([roomy], T);
      expect(window?.used).toBe(37);
      // Another organisation, and the next UTC day, start from zero.
      expect((await admit(a, "o2", 37)).taken).toBe(true);
      expect((await admit(b, "o1", 37, T + 86_400)).taken).toBe(true);
      expect(await a.daily.standing("o1", 37, T + 86_400)).toMatchObject({ used: 1 });
    });

    it("a ceiling of 0 admits nothing and counts nothing", async () => {
      const [a] = await open();
      expect(await admit(a, "o3", 0)).toMatchObject({ taken: false, refusedBy: "alongside" });
      expect((await a.daily.standing("o3", 0, T)).used).toBe(0);
    });
  });
}

describe.skipIf(!redis.available)("redis daily counter when Redis goes away", () => {
  it("answers 503 with Retry-After and counts nothing; the counts are there when Redis returns", async () => {
    const own = await startRedis();
    const client = connectRedis(own.url);
    const pair: Pair = {
      windows: new RedisWindowStore(client, "gone:"),
      daily: new RedisDailyCounter(client, "gone:"),
    };
    try {
      for (let i = 0; i < 200 && pair.windows.unready?.(); i += 1)
        await new Promise((r) => setTimeout(r, 10));
      expect((await admit(pair, "o1", 10)).taken).toBe(true);
      await own.stop();
      const error = await admit(pair, "o1", 10).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: "service_unavailable", status: 503, retryAfter: 5 });
      await expect(pair.daily.standing("o1", 10, T)).rejects.toMatchObject({ status: 503 });
      await own.start();
      for (let i = 0; i < 300 && pair.windows.unready?.(); i += 1)
        await new Promise((r) => setTimeout(r, 10));
      expect((await pair.daily.standing("o1", 10, T)).used).toBe(1);
    } finally {
      client.disconnect();
      await own.dispose();
    }
  });
});

describe.skipIf(!redis.available)("redis daily counter added to a deployment mid-day", () => {
  it("starts from the day's count in the database: the allowance is not handed out again", async () => {
    const [engine] = sqlEngines();
    if (!engine) throw new Error("no SQL engine");
    const database = await engine.open();
    databases.push(database);
    const before = new DailyContentCounter(database.sql);
    for (let i = 0; i < 5; i += 1) expect(await before.tryTake("o1", 8, T)).toBeDefined();
    const handle = (sql: typeof database.sql): Pair => {
      const client = connectRedis(server?.url ?? "");
      closers.push(async () => client.disconnect());
      return {
        windows: new RedisWindowStore(client, "movedup:"),
        daily: new RedisDailyCounter(client, "movedup:", new DailyContentCounter(sql)),
      };
    };
    const [a, b] = [handle(database.sql), handle(database.twin)];
    for (const p of [a, b])
      for (let i = 0; i < 200 && p.windows.unready?.(); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(await a.daily.standing("o1", 8, T)).toMatchObject({ used: 5, max: 8 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => admit(i % 2 ? a : b, "o1", 8)));
    expect(outcomes.filter((o) => o.taken)).toHaveLength(3);
    for (const p of [a, b]) expect(await p.daily.standing("o1", 8, T)).toMatchObject({ used: 8 });
    // Nothing more is written to the database; the next day starts from zero.
    expect((await before.standing("o1", 8, T)).used).toBe(5);
    expect((await admit(a, "o1", 8, T + 86_400)).taken).toBe(true);
    expect(await b.daily.standing("o1", 8, T + 86_400)).toMatchObject({ used: 1 });
  });
});
