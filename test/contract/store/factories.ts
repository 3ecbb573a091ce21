import { rmSync } from "node:fs";
import { HOUR } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { createPool } from "../../../src/store/postgres/connection.js";
import { createPostgresStore } from "../../../src/store/postgres/index.js";
import { CorpusWriter } from "../../../src/store/sqlite/corpus-writer.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { refreshSearchCompounds } from "../../../src/store/sqlite/search-compounds.js";
import type { Store } from "../../../src/store/types.js";
import { tempDb } from "../../helpers/db.js";
import {
  postgresAvailability,
  seedFromSqlite,
  startPostgres,
  type TestPostgres,
} from "../../helpers/postgres.js";
import type { Fixture } from "./fixture.js";

/** A store loaded with a fixture; close() releases it and whatever it ran on. */
export interface StoreUnderTest {
  store: Store;
  close(): Promise<void>;
}

/**
 * How the contract gets a store of one implementation. A factory loads the fixture through its own write
 * path and runs its refresh (scores, aggregates, search compounds, hook neighbours) as of `fixture.now`. The PostgreSQL store
 * adds its factory here.
 */
export interface StoreFactory {
  name: string;
  create(fixture: Fixture): Promise<StoreUnderTest>;
  /** Releases what the factory keeps between calls (a test file calls it in afterAll). */
  dispose(): Promise<void>;
}

/** The fixture written through the SQLite write path, refreshed as of `fixture.now`, in a temp file. */
function loadSqlite(fixture: Fixture): { db: Db; dir: string } {
  const { db, dir } = tempDb();
  const writer = new CorpusWriter(db);
  writer.batch(() => {
    for (const a of fixture.advertisers)
      writer.upsertAdvertiser(
        {
          id: a.id,
          name: a.name,
          focus: a.focus,
          industry: null,
          domain: a.domain,
          aliases: a.aliases.map((alias) => ({ kind: "handle" as const, alias })),
          firstSeen: a.firstSeen,
        },
        fixture.now,
      );
    for (const c of fixture.creators)
      c.handles.forEach((handle, i) => {
        writer.upsertCreator(
          {
            uid: c.uid,
            handle,
            nickname: c.nickname,
            followers: c.followers,
            verified: false,
            region: "US",
            observedAt: c.firstSeen + i * HOUR,
          },
          fixture.now,
        );
      });
    for (const v of fixture.videos) {
      writer.upsertVideo(
        {
          id: v.id,
          caption: v.caption,
          hookText: v.hook,
          transcript: v.transcript ?? null,
          createdAt: v.createdAt,
          mediaType: v.media,
          region: v.region,
          language: "en",
          durationS: 20,
          musicId: v.music?.id ?? null,
          musicTitle: v.music?.title ?? null,
          musicAuthor: v.music?.artist ?? null,
          hashtags: v.hashtags,
          authorUid: v.author,
          advertiserId: v.advertiserId,
          platformAd: null,
          platformAdEvidence: null,
          url: null,
          source: "contract",
        },
        v.createdAt,
      );
      writer.addCollections(v.id, v.collections ?? []);
      const snapshots = [...v.history, { observedAt: fixture.now - HOUR, plays: v.plays }];
      writer.addSnapshotsFresh(
        v.id,
        snapshots.map((s) => ({
          observedAt: s.observedAt,
          plays: s.plays,
          likes: Math.round(s.plays / 10),
          comments: Math.round(s.plays / 100),
          shares: Math.round(s.plays / 200),
          saves: 0,
        })),
      );
      const label = (name: string, value: string) => ({
        label: name,
        value,
        confidence: 0.9,
        modelVersion: "contract-1",
        evidence: "",
        observedAt: fixture.now,
      });
      writer.setLabels(v.id, [
        label("ad", v.ad ? "yes" : "no"),
        label("hook", v.hook ? (v.hookType ?? "statement") : "no"),
        label("viral_hook", v.viral ? "yes" : "no"),
      ]);
    }
  });
  refreshScores(db, fixture.now);
  refreshSearchCompounds(db);
  computeHookNeighbors(db);
  return { db, dir };
}

export const sqliteFactory: StoreFactory = {
  name: "sqlite",
  async create(fixture) {
    const { db, dir } = loadSqlite(fixture);
    return {
      store: createSqliteStore(db),
      async close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async dispose() {},
};

/**
 * The PostgreSQL store: the fixture goes through the SQLite write path (loadSqlite), then `crs migrate`'s
 * copy (copyAll, checked by verifyAll) into a fresh database of a throwaway server — one server per test
 * file (started on first use, stopped by dispose), one database per create. So both stores hold the same
 * rows, scores and hook neighbours, and the contract compares their reads.
 */
let server: Promise<TestPostgres> | undefined;
let databases = 0;

export const postgresFactory: StoreFactory = {
  name: "postgres",
  async create(fixture) {
    server ??= startPostgres("contract_server");
    const pgServer = await server;
    const url = await pgServer.createDatabase(`contract_${++databases}`);
    const { db, dir } = loadSqlite(fixture);
    const pool = createPool(url, { max: 4 });
    try {
      await seedFromSqlite(db, pool);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return {
      store: createPostgresStore(pool),
      async close() {
        await pool.end();
      },
    };
  },
  async dispose() {
    const started = server;
    server = undefined;
    if (started) await (await started).dispose();
  },
};

/**
 * Every implementation the contract runs against. PostgreSQL is skipped (with a message) only when its
 * binaries are missing outside CI; in CI postgresAvailability() throws instead.
 */
export const storeFactories: readonly StoreFactory[] = [
  sqliteFactory,
  ...(postgresAvailability().available ? [postgresFactory] : []),
];
