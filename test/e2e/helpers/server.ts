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
import { sqlOf } from "../../helpers/sql.js";

export interface TestServer {
  url: string;
  /** The SQLite file; pass it back as `file` (with `key` and `clock`) to restart on the same data. */
  file: string;
  /** Both scopes, organisation `default`. */
  key: string;
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

/** A real server on a loopback port over a small generated corpus (deterministic seed). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (options.file && !options.key) throw new Error("restarting on a file needs the key of the first server");
  const dir = options.file ? undefined : mkdtempSync(join(tmpdir(), "crs-e2e-"));
  const file = options.file ?? join(dir as string, "crs.sqlite");
  const config = loadConfig({
    env: { CRS_LOG_LEVEL: "silent", ...options.env },
    flags: { db: file, host: "127.0.0.1", port: 0, limits: options.limits ?? "off" },
  });
  const db = openDb(file);
  const clock = options.clock ?? mutableClock();
  const secret = await resolveSecret(sqlOf(db), config);
  const key =
    options.key ??
    (await initDatabase(db, { videos: options.videos ?? 1200, seed: 7, now: clock.nowSeconds(), secret })).key
      .secret;
  const server = await startServer(config, { db, clock });
  let counter = 0;
  return {
    url: server.url,
    file,
    key,
    db,
    secret,
    server,
    clock,
    async addKey({ org = "default", email, scopes = ["content:read", "agent:request"] }) {
      const now = clock.nowSeconds();
      if (org !== "default" && !db.prepare("SELECT 1 FROM organisations WHERE name = ?").get(org)) {
        await createOrg(sqlOf(db), { name: org }, now);
      }
      const userEmail = email ?? `user${++counter}@${org.replace(/\W/g, "")}.test`;
      await addUserToOrg(sqlOf(db), { email: userEmail, orgName: org }, now);
      return (
        await createKey(sqlOf(db), secret, { orgName: org, email: userEmail, scopes, actor: "test" }, now)
      ).secret;
    },
    async setSubscription(org, subscription) {
      await updateOrg(sqlOf(db), org, { subscription }, clock.nowSeconds());
    },
    async close() {
      await server.close();
      db.close();
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
