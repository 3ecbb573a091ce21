import { rmSync } from "node:fs";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeTokens } from "../../../src/shared/text/normalize.js";
import { connectPool, createPool } from "../../../src/store/postgres/connection.js";
import { CORPUS_TABLES, corpusVersion } from "../../../src/store/postgres/corpus-checkout.js";
import { latestPgVersion, migratePostgres } from "../../../src/store/postgres/migrate.js";
import { pgMigrations } from "../../../src/store/postgres/migrations/index.js";
import { creatorSearchVector, videoSearchVector } from "../../../src/store/postgres/search-vector.js";
import {
  describeUrl,
  PostgresConnectionError,
  PostgresUrlError,
  redactUrlSecrets,
} from "../../../src/store/postgres/url.js";
import { tempDb } from "../../helpers/db.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../../helpers/postgres.js";

const postgres = postgresAvailability();

describe.skipIf(!postgres.available)("PostgreSQL schema (real server)", () => {
  let server: TestPostgres;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startPostgres();
    pool = await connectPool(server.url, { max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await server?.dispose();
  });

  it("applies every migration on an empty database, once; a second run applies nothing", async () => {
    const first = await migratePostgres(pool);
    expect(first).toEqual({ from: 0, to: latestPgVersion(), applied: pgMigrations.map((m) => m.version) });
    const second = await migratePostgres(pool);
    expect(second).toEqual({ from: latestPgVersion(), to: latestPgVersion(), applied: [] });
    const rows = await pool.query("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows.rows).toEqual(pgMigrations.map((m) => ({ version: m.version, name: m.name })));
  });

  it("every corpus table the checkout copies changes the corpus version when written, and only then", async () => {
    await migratePostgres(pool);
    // Migration 002 lists the corpus tables as they were; a corpus table added since needs a migration of its own.
    const triggered = await pool.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE t.tgname = 'crs_corpus_changed' ORDER BY 1`,
    );
    expect(triggered.rows.map((r) => r.table)).toEqual(CORPUS_TABLES.map((t) => t.table).sort());
    const client = await pool.connect();
    try {
      const before = await corpusVersion(client);
      await client.query("SELECT count(*) FROM videos");
      await client.query("UPDATE organisations SET updated_at = updated_at");
      expect(await corpusVersion(client)).toBe(before);
      await client.query("INSERT INTO meta (key, value) VALUES ('probe', '1')");
      const after = await corpusVersion(client);
      expect(after).not.toBe(before);
      await client.query("DELETE FROM meta WHERE key = 'probe' AND false");
      expect(await corpusVersion(client)).not.toBe(after); // a statement that writes no row still counts
    } finally {
      client.release();
    }
  });

  it("several processes migrating one database at once apply each migration once", async () => {
    const url = await server.createDatabase("concurrent");
    const pools = [createPool(url, { max: 1 }), createPool(url, { max: 1 }), createPool(url, { max: 1 })];
    try {
      const results = await Promise.all(pools.map((p) => migratePostgres(p)));
      expect(results.flatMap((r) => r.applied).sort()).toEqual(pgMigrations.map((m) => m.version));
      for (const r of results) expect(r.to).toBe(latestPgVersion());
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it("has every table and column of the SQLite schema, with the same names", async () => {
    await migratePostgres(pool);
    const { db, dir } = tempDb();
    try {
      // FTS5 tables and their shadow tables live as search_vector columns and side tables in PostgreSQL.
      const tables = (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%fts_%'",
          )
          .pluck()
          .all() as string[]
      ).sort();
      expect(tables.length).toBeGreaterThan(30);
      const columns = await pool.query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
      );
      const pgColumns = new Map<string, Set<string>>();
      for (const r of columns.rows) {
        if (!pgColumns.has(r.table_name)) pgColumns.set(r.table_name, new Set());
        pgColumns.get(r.table_name)?.add(r.column_name);
      }
      for (const table of tables) {
        const sqliteColumns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
          (c) => c.name,
        );
        expect(pgColumns.has(table), `PostgreSQL table ${table}`).toBe(true);
        for (const column of sqliteColumns)
          expect(pgColumns.get(table)?.has(column), `PostgreSQL column ${table}.${column}`).toBe(true);
      }
      // The FTS tables' PostgreSQL forms.
      expect(pgColumns.get("videos")?.has("search_vector")).toBe(true);
      expect([...(pgColumns.get("engine_creators_search") ?? [])].sort()).toEqual(
        ["former_handles", "handle", "nickname", "search_vector", "uid"].sort(),
      );
      expect([...(pgColumns.get("engine_videos_vocab") ?? [])].sort()).toEqual(["cnt", "doc", "term"]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps keyset sort indexes (key DESC, id DESC) and a GIN index on the search vector", async () => {
    await migratePostgres(pool);
    const indexes = await pool.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'videos'",
    );
    const defs = new Map(indexes.rows.map((r) => [r.indexname, r.indexdef]));
    for (const [name, key] of [
      ["engine_videos_trending", "trending_score"],
      ["engine_videos_newest", "created_at"],
      ["engine_videos_plays", "plays"],
      ["engine_videos_comments", "comments"],
      ["engine_videos_shares", "shares"],
      ["engine_videos_breakout", "breakout_score"],
      ["engine_videos_early_breakout", "early_breakout_score"],
    ] as const)
      expect(defs.get(name), name).toContain(`(${key} DESC, id DESC)`);
    expect(defs.get("videos_search")).toContain("USING gin (search_vector)");
  });

  it("orders text ids byte-wise (as SQLite's BINARY) whatever the database collation", async () => {
    await migratePostgres(pool);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(
        "INSERT INTO meta (key, value) VALUES ('a-b', '1'), ('aB', '2'), ('a_c', '3'), ('Ab', '4'), ('é', '5'), ('z', '6')",
      );
      const rows = await client.query<{ key: string }>("SELECT key FROM meta ORDER BY key");
      const keys = rows.rows.map((r) => r.key);
      expect(keys).toEqual([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  });

  it("search vectors hold the normaliser's tokens, weighted, and match folded queries", async () => {
    await migratePostgres(pool);
    const video = {
      caption: "Đà Nẵng street food — São Paulo vibes",
      hook_text: "WAIT for the Müller twist",
      hashtags: "#foodtok #danang",
      transcript: "it's 2024 and straße food is back",
    };
    const literal = videoSearchVector(video);
    const stored = await pool.query<{ lexemes: string[]; weights: string[] }>(
      "SELECT array_agg(lexeme ORDER BY lexeme) AS lexemes, array_agg(weights[1] ORDER BY lexeme) AS weights FROM unnest($1::tsvector)",
      [literal],
    );
    const expected = [
      ...new Set([video.caption, video.hook_text, video.hashtags, video.transcript].flatMap(normalizeTokens)),
    ].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(stored.rows[0]?.lexemes).toEqual(expected);
    const weightOf = new Map(stored.rows[0]?.lexemes.map((l, i) => [l, stored.rows[0]?.weights[i]]));
    expect(weightOf.get("nang")).toBe("A"); // caption
    expect(weightOf.get("muller")).toBe("A"); // hook
    expect(weightOf.get("foodtok")).toBe("B"); // hashtags
    expect(weightOf.get("strasse")).toBe("D"); // transcript
    // A query folded by the same normaliser matches; positions keep phrases inside a field.
    const match = async (query: string) =>
      (
        await pool.query<{ m: boolean }>("SELECT $1::tsvector @@ to_tsquery('simple', $2) AS m", [
          literal,
          query,
        ])
      ).rows[0]?.m;
    expect(await match(normalizeTokens("DA NANG").join(" <-> "))).toBe(true);
    expect(await match(normalizeTokens("Strasse").join(" & "))).toBe(true);
    expect(await match(normalizeTokens("paulo sao").join(" <-> "))).toBe(false);
    expect(await match("mull:*")).toBe(true);
    // The creator name vector serves prefix search.
    const creator = creatorSearchVector({ handle: "ZoëCooks", former_handles: "zoe_old", nickname: "Zoë" });
    const prefix = await pool.query<{ m: boolean }>(
      "SELECT $1::tsvector @@ to_tsquery('simple', 'zoec:*') AS m",
      [creator],
    );
    expect(prefix.rows[0]?.m).toBe(true);
  });

  it("an unreachable server or a bad URL fails in one line that never shows the password", async () => {
    const secret = "Sup3r:S3cret";
    const refused = `postgres://crs:${encodeURIComponent(secret)}@127.0.0.1:1/crs`;
    const error = await connectPool(refused, { connectionTimeoutMillis: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostgresConnectionError);
    const message = (error as Error).message;
    expect(message).toContain("connection refused");
    expect(message).toContain("postgres://crs:***@127.0.0.1:1/crs");
    expect(message).not.toContain("S3cret");
    expect(message).not.toContain(encodeURIComponent(secret));
    expect(message.split("\n")).toHaveLength(1);

    const wrongUser = server.url.replace("postgres://postgres@", `postgres://nobody:${secret}@`);
    const denied = await connectPool(wrongUser).catch((e: unknown) => e);
    expect((denied as Error).message).toMatch(/authentication failed/);
    expect((denied as Error).message).not.toContain("S3cret");

    expect(() => createPool("mysql://u:pw@h/db")).toThrow(PostgresUrlError);
    expect(() => createPool("postgres://u:pw@h")).toThrow(/names no database/);
    expect(() => createPool("postgres://u:pw@h")).not.toThrow(/pw/);
    expect(describeUrl("postgres://u:pw@h:5/db?sslmode=require")).toBe(
      "postgres://u:***@h:5/db?sslmode=require",
    );
    expect(redactUrlSecrets("failed for postgres://a:b@c/d and b", "postgres://a:b@c/d")).toBe(
      "failed for postgres://a:***@c/d and ***",
    );
  });
});
