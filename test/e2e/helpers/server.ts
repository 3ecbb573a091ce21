import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "../../../src/app/server.js";
import { loadConfig } from "../../../src/config/index.js";
import { createKey } from "../../../src/identity/keys.js";
import { createOrg, updateOrg } from "../../../src/identity/orgs.js";
import { addUserToOrg } from "../../../src/identity/users.js";
import { initDatabase } from "../../../src/ingest/init.js";
import type { Scope } from "../../../src/registry/types.js";
import type { Clock } from "../../../src/shared/clock.js";
import { type Db, openDb } from "../../../src/store/connection.js";
import { resolveSecret } from "../../../src/store/secret.js";
import type { SqlClient } from "../../../src/store/sql-client.js";
import { sqlOf } from "../../helpers/sql.js";
import { copyToPostgres, onPostgres } from "../../helpers/test-store.js";

export interface TestServer {
  url: string;
  /**
   * The SQLite file; pass it back as `file` (with `key` and `clock`) to restart on the same data. SQLite only:
   * reading it under `CRS_TEST_STORE=postgres` throws (the server serves a PostgreSQL database).
   */
  file: string;
  /** What `--db` / `CRS_DB` takes to reach the served database: the file, or the postgres:// URL. */
  location: string;
  /** Both scopes, organisation `default`. */
  key: string;
  /** The served database, whichever engine serves (the server's own client): tests read and write through it. */
  sql: SqlClient;
  /** The SQLite connection, for tests about the file itself; SQLite only, like `file`. */
  db: Db;
  secret: string;
  server: RunningServer;
  clock: MutableClock;
  /** Creates a user + key in another organisation (or in `default`). */
  addKey(options: { org?: string; email?: string; scopes?: Scope[] }): Promise<string>;
  setSubscription(org: string, subscription: "active" | "past_due" | "canceled"): Promise<void>;
  close(): Promise<void>;
}

export interface MutableClock extends Clock {
  advance(seconds: number): void;
}

export function mutableClock(start = Math.floor(Date.now() / 1000)): MutableClock {
  let offset = 0;
  return {
    nowSeconds: () => start + offset,
    advance: (seconds) => {
      offset += seconds;
    },
  };
}

export interface TestServerOptions {
  videos?: number;
  limits?: string;
  env?: Record<string, string>;
  /**
   * An existing database file (a restart): no corpus is generated, `key` must be the key the first
   * server returned, and the file is left in place on close (the caller removes it).
   */
  file?: string;
  key?: string;
  /** The first server's clock, so a restart keeps the same moment (counters are per UTC day/month). */
  clock?: MutableClock;
  /** Keep the generated database file on close (to restart on it). */
  keepFile?: boolean;
}

/**
 * A real server on a loopback port over a small generated corpus (deterministic seed). Under
 * `CRS_TEST_STORE=postgres` the corpus is built the same way in the SQLite file, copied into a fresh
 * PostgreSQL database, and the server serves that database (`--db postgres://…`).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (options.file && !options.key) throw new Error("restarting on a file needs the key of the first server");
  if (options.file && onPostgres) throw new Error("restarting on a SQLite file is a SQLite-only test");
  const dir = options.file ? undefined : mkdtempSync(join(tmpdir(), "crs-e2e-"));
  const file = options.file ?? join(dir as string, "crs.sqlite");
  const env = { CRS_LOG_LEVEL: "silent", ...options.env };
  const flags = { host: "127.0.0.1", port: 0, limits: options.limits ?? "off" };
  const db = openDb(file);
  const clock = options.clock ?? mutableClock();
  const secret = await resolveSecret(sqlOf(db), loadConfig({ env, flags: { ...flags, db: file } }));
  const key =
    options.key ??
    (await initDatabase(db, { videos: options.videos ?? 1200, seed: 7, now: clock.nowSeconds(), secret })).key
      .secret;
  let server: RunningServer;
  let location = file;
  try {
    if (onPostgres) {
      location = await copyToPostgres(db);
      db.close();
      server = await startServer(loadConfig({ env, flags: { ...flags, db: location } }), { clock });
    } else {
      server = await startServer(loadConfig({ env, flags: { ...flags, db: file } }), { db, clock });
    }
  } catch (error) {
    if (db.open) db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const sql = server.backend.sql;
  if (sql.engine !== (onPostgres ? "postgres" : "sqlite")) throw new Error(`served from ${sql.engine}`);
  const sqliteOnly = (what: string): never => {
    throw new Error(`t.${what} is the SQLite file: this test is SQLite-only (CRS_TEST_STORE=postgres)`);
  };
  let counter = 0;
  return {
    url: server.url,
    get file() {
      return onPostgres ? sqliteOnly("file") : file;
    },
    location,
    key,
    sql,
    get db() {
      return onPostgres ? sqliteOnly("db") : db;
    },
    secret,
    server,
    clock,
    async addKey({ org = "default", email, scopes = ["content:read", "agent:request"] }) {
      const now = clock.nowSeconds();
      if (
        org !== "default" &&
        !(await sql.get("SELECT 1 AS found FROM organisations WHERE name = ?", [org]))
      ) {
        await createOrg(sql, { name: org }, now);
      }
      const userEmail = email ?? `user${++counter}@${org.replace(/\W/g, "")}.test`;
      await addUserToOrg(sql, { email: userEmail, orgName: org }, now);
      return (await createKey(sql, secret, { orgName: org, email: userEmail, scopes, actor: "test" }, now))
        .secret;
    },
    async setSubscription(org, subscription) {
      await updateOrg(sql, org, { subscription }, clock.nowSeconds());
    },
    async close() {
      await server.close();
      if (db.open) db.close();
      if (dir && !options.keepFile) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function getJson(url: string, key?: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    status: res.status,
    headers: res.headers,
    body: body as Record<string, unknown> & { data?: unknown },
  };
}
