import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { initDatabase } from "../../src/ingest/init.js";
import { systemClock } from "../../src/shared/clock.js";
import { normalizeTokens } from "../../src/shared/text/normalize.js";
import { openDb } from "../../src/store/connection.js";
import { TABLES } from "../../src/store/postgres/from-sqlite.js";
import { resolveSecret } from "../../src/store/secret.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import { sqlOf } from "../helpers/sql.js";

/**
 * `crs migrate --from FILE --to postgres://…` through the built CLI (needs `npm run build`) against a real
 * throwaway PostgreSQL: a generated corpus plus a row in every identity/limits/analyst table (with values
 * that stress the copy: tabs, newlines, backslashes, non-ASCII, BLOBs, integers above 2^53, extreme
 * doubles) round-trips with equal counts and checksums; a tampered row is named; errors are one line.
 */
const postgres = postgresAvailability();

interface Check {
  table: string;
  sqlite_rows: number;
  postgres_rows: number;
  sqlite_md5: string;
  postgres_md5: string;
  ok: boolean;
}

function crs(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["dist/cli.js", ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "warn" },
    timeout: 120_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A transcript far larger than a COPY chunk, of more words (90 000) than a tsvector has positions (16 383). */
const LONG_TRANSCRIPT = Array.from({ length: 30_000 }, (_, i) => `Đà Nẵng w${i % 500}`).join(" ");

/** A 2000-video corpus with a row in every table the generator leaves empty. */
async function makeSource(file: string): Promise<void> {
  const db = openDb(file);
  const config = loadConfig({ env: {}, flags: { db: file } });
  const now = systemClock.nowSeconds();
  await initDatabase(db, { videos: 2000, seed: 11, now, secret: await resolveSecret(sqlOf(db), config) });
  const org = db.prepare("SELECT id FROM organisations LIMIT 1").pluck().get() as string;
  const user = db.prepare("SELECT id FROM users LIMIT 1").pluck().get() as string;
  const key = db.prepare("SELECT id FROM api_keys LIMIT 1").pluck().get() as string;
  const creator = db.prepare("SELECT uid FROM creators LIMIT 1").pluck().get() as string;
  const odd = "tab\there\nnew line \\back\\slash 'quote' \"dq\" Đà Nẵng 🎉 \r end";
  db.exec(`
    INSERT INTO oauth_clients (client_id, created_at) VALUES ('client-1', ${now});
    INSERT INTO oauth_client_grants (client_id, org_id) VALUES ('client-1', '${org}');
    INSERT INTO user_passwords (user_id, hash, updated_at) VALUES ('${user}', 'scrypt$abc', ${now});
    INSERT INTO user_invites (token_digest, user_id, org_id, created_by, created_at, expires_at)
      VALUES ('digest-1', '${user}', '${org}', 'cli:test', ${now}, ${now + 86400});
    INSERT INTO settings_sessions (token_digest, user_id, org_id, csrf_token, created_at, last_seen_at, expires_at)
      VALUES ('digest-2', '${user}', '${org}', 'csrf', ${now}, ${now}, ${now + 3600});
    INSERT INTO signin_failures (subject, at) VALUES ('account:a@b.c', ${now}), ('address:127.0.0.1', ${now});
    INSERT INTO analyst_runs (id, org_id, credential_id, key_id, idempotency_key, fingerprint, status, question,
      context, created_at, started_at, finished_at, result, created_at_ms, finished_at_ms)
      VALUES ('run-1', '${org}', '${key}', '${key}', 'idem-1', 'fp', 'completed', 'what works?', NULL,
      ${now}, ${now}, ${now + 2}, '{"answer":"x"}', ${now * 1000}, ${now * 1000 + 2500});
    INSERT INTO usage_ledger (org_id, credential_id, kind, run_id, delta, period, at)
      VALUES ('${org}', '${key}', 'analyst', 'run-1', 1, '2026-05', 9007199254740993),
             ('${org}', '${key}', 'analyst', 'run-1', -1, '2026-05', ${now});
    INSERT INTO limit_daily_content (org_id, day, calls) VALUES ('${org}', '2026-05-20', 17);
    INSERT INTO limit_analyst_claims (run_id, org_id, credential_id, period, claimed_at, owner, lease_until)
      VALUES ('run-1', '${org}', '${key}', '2026-05', ${now}, 'host:1:abc', ${now + 30});
    INSERT INTO limit_windows (key, second, units, expires_at) VALUES ('burst:${key}', ${now}, 3, ${now + 10});
    INSERT INTO hook_keys_stale (seq) VALUES (1), (2);
    INSERT INTO video_collections (collection, video_id)
      SELECT 'khách sạn đà lạt', id FROM videos ORDER BY seq LIMIT 5;
    INSERT INTO creator_accounts (uid, business, category, seller, bio_link, private_account, observed_at)
      VALUES ('${creator}', 1, 'Food', NULL, 'https://x.test', 0, ${now});
    INSERT INTO engine_common_terms (term, df) VALUES ('food', 900);
    INSERT INTO engine_term_heads (term, rank, seq) VALUES ('food', 1, 3), ('food', 2, 1);
    INSERT INTO key_events (key_id, key_prefix, org_id, user_id, event, actor, at, detail)
      VALUES ('${key}', 'abcd1234', '${org}', '${user}', 'use', 'cli:test', ${now}, 'detail');
  `);
  db.prepare("INSERT INTO meta (key, value) VALUES ('odd_text', ?)").run(odd);
  db.prepare("UPDATE videos SET caption = ?, transcript = ? WHERE seq = (SELECT min(seq) FROM videos)").run(
    `${odd} caption`,
    odd,
  );
  const seqs = db.prepare("SELECT seq FROM videos ORDER BY seq LIMIT 4").pluck().all() as number[];
  db.prepare("UPDATE videos SET transcript = ? WHERE seq = ?").run(LONG_TRANSCRIPT, seqs[1]);
  const doubles = [0.1, 1e-7, 1.7976931348623157e308, 5e-324];
  doubles.forEach((value, i) => {
    db.prepare("UPDATE videos SET velocity = ? WHERE seq = ?").run(value, seqs[i]);
  });
  db.prepare("INSERT OR REPLACE INTO hook_neighbors (seq, neighbors) VALUES (?, ?)").run(
    seqs[0],
    Buffer.from([0, 0, 0, 2, 0, 0, 0x3f, 0x01, 0xff, 0x00, 0x5c, 0x09]),
  );
  db.close();
}

describe.skipIf(!postgres.available)("crs migrate to PostgreSQL", () => {
  let server: TestPostgres;
  let dir: string;
  let file: string;
  let client: pg.Client;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crs-migrate-"));
    file = join(dir, "crs.sqlite");
    await makeSource(file);
    server = await startPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await server?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("copies every table of the embedded deployment with equal counts and checksums", () => {
    const result = crs(["migrate", "--from", file, "--to", server.url, "--json"]);
    expect(result.stderr).toContain("crs migrate: verifying");
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { ok: boolean; tables: Check[] };
    expect(summary.ok).toBe(true);
    expect(summary.tables.map((t) => t.table)).toEqual(TABLES.map((t) => t.table));
    for (const t of summary.tables) {
      expect(t.ok, t.table).toBe(true);
      expect(t.postgres_rows, t.table).toBe(t.sqlite_rows);
      expect(t.postgres_md5, t.table).toBe(t.sqlite_md5);
      // Every table of the deployment holds something (the source was filled so): nothing copied trivially.
      expect(t.sqlite_rows, t.table).toBeGreaterThan(0);
    }
    const videos = summary.tables.find((t) => t.table === "videos");
    expect(videos?.sqlite_rows).toBe(2000);
  });

  it("keeps odd text, BLOBs, big integers and extreme doubles exactly", async () => {
    const meta = await client.query("SELECT value FROM meta WHERE key = 'odd_text'");
    expect(meta.rows[0]?.value).toBe("tab\there\nnew line \\back\\slash 'quote' \"dq\" Đà Nẵng 🎉 \r end");
    const ledger = await client.query("SELECT at::text AS at FROM usage_ledger ORDER BY id LIMIT 1");
    expect(ledger.rows[0]?.at).toBe("9007199254740993");
    const velocities = await client.query<{ velocity: number }>(
      "SELECT velocity FROM videos ORDER BY seq LIMIT 4",
    );
    expect(velocities.rows.map((r) => r.velocity)).toEqual([0.1, 1e-7, 1.7976931348623157e308, 5e-324]);
    const blob = await client.query("SELECT neighbors FROM hook_neighbors ORDER BY seq LIMIT 1");
    expect(
      Buffer.compare(
        blob.rows[0]?.neighbors,
        Buffer.from([0, 0, 0, 2, 0, 0, 0x3f, 0x01, 0xff, 0x00, 0x5c, 0x09]),
      ),
    ).toBe(0);
    // The long transcript arrived whole; its vector holds its words, positions capped as PostgreSQL caps them.
    const long = await client.query<{ length: number; found: boolean; lexemes: number }>(
      `SELECT length(transcript) AS length, search_vector @@ to_tsquery('simple', 'w499 & nang') AS found,
              length(search_vector) AS lexemes
       FROM videos ORDER BY seq OFFSET 1 LIMIT 1`,
    );
    expect(long.rows[0]?.length).toBe(LONG_TRANSCRIPT.length);
    expect(long.rows[0]?.found).toBe(true);
    expect(long.rows[0]?.lexemes).toBeGreaterThanOrEqual(502); // da, nang, w0…w499 and the caption's words
    // Identity columns continue after the copied ids.
    const next = await client.query(
      "INSERT INTO signin_failures (subject, at) VALUES ('x', 1) RETURNING id, (SELECT max(id) FROM signin_failures) AS before",
    );
    expect(Number(next.rows[0]?.id)).toBeGreaterThan(2);
    await client.query("DELETE FROM signin_failures WHERE subject = 'x'");
  });

  it("indexes the same videos for a term as SQLite's FTS5 index", async () => {
    const sqlite = openDb(file, { readonly: true });
    try {
      const terms = [
        ...(sqlite
          .prepare("SELECT term FROM engine_videos_vocab ORDER BY doc DESC LIMIT 8")
          .pluck()
          .all() as string[]),
        ...(sqlite
          .prepare("SELECT term FROM engine_videos_vocab WHERE doc BETWEEN 2 AND 5 ORDER BY term LIMIT 6")
          .pluck()
          .all() as string[]),
        ...normalizeTokens("Đà Nẵng"),
      ];
      expect(terms.length).toBeGreaterThan(10);
      // The first two videos' text was rewritten by plain SQL in makeSource (their FTS rows are stale).
      const [first, second] = (
        sqlite.prepare("SELECT seq FROM videos ORDER BY seq LIMIT 2").pluck().all() as number[]
      ).map(Number);
      for (const term of terms) {
        const fts = (
          sqlite
            .prepare("SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? ORDER BY rowid")
            .pluck()
            .all(`"${term}"`) as number[]
        )
          .map(Number)
          .filter((seq) => seq !== first && seq !== second);
        const rows = await client.query<{ seq: string }>(
          "SELECT seq FROM videos WHERE search_vector @@ to_tsquery('simple', $1) AND seq NOT IN ($2, $3) ORDER BY seq",
          [term, first, second],
        );
        expect(
          rows.rows.map((r) => Number(r.seq)),
          term,
        ).toEqual(fts);
      }
    } finally {
      sqlite.close();
    }
  });

  it("--verify on a database without the schema says so", async () => {
    const empty = await server.createDatabase("empty_target");
    const result = crs(["migrate", "--from", file, "--to", empty, "--verify"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/has no CRS schema: nothing to verify/);
  });

  it("refuses a target that holds data unless --force, then replaces it", () => {
    const again = crs(["migrate", "--from", file, "--to", server.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds data .*--force/);
    expect(again.stderr.trim().split("\n").at(-1)).toMatch(/^crs: /);
    const replaced = crs(["migrate", "--from", file, "--to", server.url, "--force"]);
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/every count and checksum equal/);
  });

  it("names the tables a tampered target differs in", async () => {
    const clean = crs(["migrate", "--from", file, "--to", server.url, "--verify"]);
    expect(clean.status, clean.stderr).toBe(0);
    await client.query(
      "UPDATE videos SET caption = caption || '!' WHERE seq = (SELECT max(seq) FROM videos)",
    );
    await client.query(
      "DELETE FROM labels WHERE (video_id, label) = (SELECT video_id, label FROM labels ORDER BY 1, 2 LIMIT 1)",
    );
    const tampered = crs(["migrate", "--from", file, "--to", server.url, "--verify"]);
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toMatch(/verification failed for .*videos \(same row count, different content\)/);
    expect(tampered.stderr).toMatch(/labels \(\d+ rows in SQLite, \d+ in PostgreSQL\)/);
    expect(tampered.stdout).toMatch(/^videos .* MISMATCH/m);
    expect(tampered.stdout).toMatch(/^video_stats .* ok$/m);
  });

  it("fails in one clear line, without the password, on a bad URL or an unreachable server", () => {
    const unreachable = crs(["migrate", "--from", file, "--to", "postgres://crs:Pa55word@127.0.0.1:1/crs"]);
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr.trim()).toBe(
      "crs: cannot use PostgreSQL at postgres://crs:***@127.0.0.1:1/crs: connection refused (is the server running, and on that host and port?)",
    );
    const notUrl = crs(["migrate", "--from", file, "--to", "mysql://crs:Pa55word@db/crs"]);
    expect(notUrl.status).toBe(2);
    expect(notUrl.stderr).toMatch(/^crs: --to must be a postgres:\/\/ or postgresql:\/\/ URL/);
    const noDb = crs(["migrate", "--from", file, "--to", "postgres://crs:Pa55word@db"]);
    expect(noDb.stderr).toMatch(/names no database/);
    const missing = crs(["migrate", "--from", join(dir, "nope.sqlite"), "--to", server.url]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.sqlite does not exist/);
    for (const r of [unreachable, notUrl, noDb]) {
      expect(r.stderr).not.toContain("Pa55word");
      expect(r.stdout).not.toContain("Pa55word");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    const notSqlite = join(dir, "notes.txt");
    writeFileSync(notSqlite, "not a database\n".repeat(100));
    const garbage = crs(["migrate", "--from", notSqlite, "--to", server.url]);
    expect(garbage.status).toBe(2);
    expect(garbage.stderr.trim()).toBe(`crs: --from: ${notSqlite} cannot be opened as a SQLite database`);
    const help = crs(["migrate", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: crs migrate --from FILE --to postgres:\/\//);
  });
});
