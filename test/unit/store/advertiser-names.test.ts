import { rmSync } from "node:fs";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPool } from "../../../src/store/postgres/connection.js";
import { PostgresFacts } from "../../../src/store/postgres/facts.js";
import { migratePostgres } from "../../../src/store/postgres/migrate.js";
import { type Db, openDb } from "../../../src/store/sqlite/connection.js";
import { type AdvertiserInput, CorpusWriter } from "../../../src/store/sqlite/corpus-writer.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { tempDb } from "../../helpers/db.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../../helpers/postgres.js";

const brand = (name: string, handle: string): AdvertiserInput => ({
  name,
  focus: "dtc",
  industry: null,
  domain: null,
  aliases: [{ kind: "handle", alias: `@${handle}` }],
  firstSeen: 1_700_000_000,
});

const names = (list: readonly { name: string; names: string[] }[]) =>
  list.map((a) => `${a.name}: ${[...new Set(a.names)].sort().join(", ")}`).sort();

// The planner reads every advertiser's names before each question: kept while the corpus is unchanged, read
// again as soon as anyone writes to it.
describe("the advertiser names the analyst links (SQLite)", () => {
  let base: { db: Db; file: string; dir: string };

  beforeAll(() => {
    base = tempDb();
    const writer = new CorpusWriter(base.db);
    writer.batch(() => writer.upsertAdvertiser(brand("Glow Lab", "glowlab"), 1_700_000_000));
  });
  afterAll(() => {
    base.db.close();
    rmSync(base.dir, { recursive: true, force: true });
  });

  it("are read once while nothing is written, again after this connection's or another's write", async () => {
    const facts = createSqliteStore(base.db).facts;
    const first = await facts.advertiserNames();
    expect(names(first)).toEqual(["Glow Lab: glow lab, glowlab"]);
    expect(await facts.advertiserNames()).toBe(first); // the same read, kept

    const writer = new CorpusWriter(base.db);
    writer.batch(() => writer.upsertAdvertiser(brand("Teramint App", "teramint"), 1_700_000_000));
    expect(names(await facts.advertiserNames())).toEqual([
      "Glow Lab: glow lab, glowlab",
      "Teramint App: teramint, teramint app",
    ]);

    // Another process (here another connection) imports: this one sees it at its next question.
    const other = openDb(base.file);
    try {
      other.prepare("UPDATE advertisers SET name = 'Glow Lab Co' WHERE name = 'Glow Lab'").run();
    } finally {
      other.close();
    }
    expect(names(await facts.advertiserNames())).toContain("Glow Lab Co: glow lab, glow lab co, glowlab");
  });
});

const postgres = postgresAvailability();

describe.skipIf(!postgres.available)("the advertiser names the analyst links (PostgreSQL)", () => {
  let server: TestPostgres;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startPostgres();
    pool = await connectPool(server.url, { max: 4 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await server?.dispose();
  });

  const add = (id: string, name: string) =>
    pool.query(
      `INSERT INTO advertisers (id, name, focus, first_seen, created_at, updated_at) VALUES ($1, $2, 'dtc', 0, 0, 0)`,
      [id, name],
    );

  it("are read once while the corpus version stands, again after any write to the corpus", async () => {
    await add("a1", "Glow Lab");
    const facts = new PostgresFacts(pool);
    const first = await facts.advertiserNames();
    expect(names(first)).toEqual(["Glow Lab: glow lab"]);
    expect(await facts.advertiserNames()).toBe(first);
    await add("a2", "Teramint App");
    expect(names(await facts.advertiserNames())).toEqual([
      "Glow Lab: glow lab",
      "Teramint App: teramint, teramint app",
    ]);
    await pool.query(
      "INSERT INTO advertiser_aliases (advertiser_id, kind, alias) VALUES ('a1', 'handle', '@glowlab')",
    );
    expect(names(await facts.advertiserNames())).toContain("Glow Lab: glow lab, glowlab");
  });
});
