import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { loadConfig } from "../../src/config/index.js";
import { createKey } from "../../src/identity/keys.js";
import { addOAuthClient } from "../../src/identity/oauth-clients.js";
import { createOrg } from "../../src/identity/orgs.js";
import { addUserToOrg } from "../../src/identity/users.js";
import { initDatabase } from "../../src/ingest/init.js";
import type { Scope } from "../../src/registry/types.js";
import { systemClock } from "../../src/shared/clock.js";
import { openDb } from "../../src/store/connection.js";
import { resolveSecret } from "../../src/store/secret.js";
import { sqlOf } from "../helpers/sql.js";
import { copyToPostgres, onPostgres } from "../helpers/test-store.js";

/**
 * The attack suite's world: a small corpus, two organisations (`default` and `rival`), keys of each kind and
 * two registered OAuth clients, written once into a template database. Every server gets its own copy and runs
 * as `node dist/cli.js serve` on a loopback port (needs `npm run build`): the suite sees only HTTP.
 */
export interface World {
  dir: string;
  template: string;
  issuer: string;
  jwksFile: string;
  /** Both scopes, org `default` (admin@localhost). */
  key: string;
  /** `content:read` only, org `default`. */
  readKey: string;
  /** Both scopes, org `rival` (a second organisation). */
  rivalKey: string;
  /** More keys of `default`, for tests that spend their own budgets. */
  spare: string[];
  ids: { defaultOrg: string; rivalOrg: string; admin: string; rivalUser: string; emailUser: string };
  /** Signs an access token with the JWKS key (ES256); `header` overrides the protected header. */
  mint(claims: JWTPayload, header?: Record<string, unknown>): Promise<string>;
  /** Claims of a valid token for `client_id` (default `ide-client`) at org `default` as admin. */
  claims(mcpUrl: string, extra?: JWTPayload): JWTPayload;
  close(): void;
}

export async function createWorld(options: { videos?: number } = {}): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), "crs-sec-"));
  const template = join(dir, "template.sqlite");
  const db = openDb(template);
  const now = systemClock.nowSeconds();
  const config = loadConfig({ env: {}, flags: { db: template } });
  const secret = await resolveSecret(sqlOf(db), config);
  const key = (await initDatabase(db, { videos: options.videos ?? 300, seed: 11, now, secret })).key.secret;
  const make = async (org: string, email: string, scopes: Scope[]) => {
    await addUserToOrg(sqlOf(db), { email, orgName: org }, now);
    return (await createKey(sqlOf(db), secret, { orgName: org, email, scopes, actor: "test" }, now)).secret;
  };
  const readKey = await make("default", "reader@default.test", ["content:read"]);
  await createOrg(sqlOf(db), { name: "rival" }, now);
  const rivalKey = await make("rival", "eve@rival.test", ["content:read", "agent:request"]);
  const spare: string[] = [];
  for (let i = 0; i < 6; i += 1)
    spare.push(await make("default", `spare${i}@default.test`, ["content:read", "agent:request"]));
  await addUserToOrg(sqlOf(db), { email: "mail@default.test", orgName: "default" }, now);
  await addOAuthClient(sqlOf(db), "ide-client", ["default", "rival"], now);
  await addOAuthClient(sqlOf(db), "other-client", ["rival"], now);
  const id = (sql: string, arg: string) => (db.prepare(sql).get(arg) as { id: string }).id;
  const ids = {
    defaultOrg: id("SELECT id FROM organisations WHERE name = ?", "default"),
    rivalOrg: id("SELECT id FROM organisations WHERE name = ?", "rival"),
    admin: id("SELECT id FROM users WHERE email = ?", "admin@localhost"),
    rivalUser: id("SELECT id FROM users WHERE email = ?", "eve@rival.test"),
    emailUser: id("SELECT id FROM users WHERE email = ?", "mail@default.test"),
  };
  // Eve of `rival` is also a member of `default`? No: isolation tests need her outside it.
  db.close();

  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  const jwksFile = join(dir, "jwks.json");
  writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
  const issuer = "https://auth.example.test";
  return {
    dir,
    template,
    issuer,
    jwksFile,
    key,
    readKey,
    rivalKey,
    spare,
    ids,
    mint: (claims, header = {}) => {
      const t = Math.floor(Date.now() / 1000);
      return new SignJWT({ iat: t - 5, exp: t + 600, ...claims })
        .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "at+jwt", ...header })
        .sign(privateKey);
    },
    claims: (mcpUrl, extra = {}) => ({
      iss: issuer,
      aud: mcpUrl,
      sub: ids.admin,
      client_id: "ide-client",
      org_id: ids.defaultOrg,
      scope: "content:read agent:request",
      ...extra,
    }),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Served {
  url: string;
  port: number;
  /** What the server was given as --db: its own copy of the template, or (CRS_TEST_STORE=postgres) a URL. */
  db: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr (logs are JSON lines at the level asked). */
  stderr(): string;
  /** The process's resident set size in bytes (Linux /proc). */
  close(): Promise<void>;
}

let copies = 0;

/**
 * A copy of the world's database for one server: a file next to the template, or under
 * `CRS_TEST_STORE=postgres` a fresh PostgreSQL database holding the template's rows.
 */
async function copyOfWorld(world: World, kind: string): Promise<string> {
  if (onPostgres) {
    const template = openDb(world.template);
    try {
      return await copyToPostgres(template);
    } finally {
      template.close();
    }
  }
  const db = join(world.dir, `${kind}-${process.pid}-${++copies}.sqlite`);
  copyFileSync(world.template, db);
  return db;
}

/** `crs serve` on its own copy of the world's database. */
export async function serve(world: World, env: Record<string, string> = {}): Promise<Served> {
  const db = await copyOfWorld(world, "serve");
  const child = spawn(process.execPath, ["dist/cli.js", "serve", "--port", "0", "--db", db], {
    env: {
      PATH: process.env.PATH ?? "",
      CRS_LOG_LEVEL: "info",
      CRS_LIMITS: "default",
      CRS_ANALYST_HEARTBEAT_MS: "200",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = err.match(/crs: serving (http:\/\/\S+)/);
      if (match) {
        const url = match[1] as string;
        resolve({
          url,
          port: Number(new URL(url).port),
          db,
          child,
          stderr: () => err,
          close: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGKILL");
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`crs serve exited ${code}: ${err.slice(-2000)}`)));
  });
}

/** Starts `crs serve` expecting it to refuse to start; resolves with its exit code and stderr. */
export async function serveFails(
  world: World,
  env: Record<string, string>,
): Promise<{ code: number | null; err: string }> {
  const db = await copyOfWorld(world, "fail");
  const child = spawn(process.execPath, ["dist/cli.js", "serve", "--port", "0", "--db", db], {
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
    if (/crs: serving/.test(err)) child.kill("SIGKILL");
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, err })));
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are probed field by field
  body: any;
}

export async function call(url: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const { key, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(rest.headers as Record<string, string>),
    },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, text, body };
}

export const mcpHeaders = (key?: string) => ({
  ...(key ? { authorization: `Bearer ${key}` } : {}),
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
});

/** One JSON-RPC POST to /mcp; an SSE answer is reduced to its first `data:` message. */
export async function mcp(base: string, key: string | undefined, message: unknown): Promise<Answer> {
  const res = await call(`${base}/mcp`, {
    method: "POST",
    headers: mcpHeaders(key),
    body: JSON.stringify(message),
  });
  if (typeof res.body === "string" && res.text.includes("data:")) {
    const line = res.text.split("\n").find((l) => l.startsWith("data:"));
    if (line) res.body = JSON.parse(line.slice(5));
  }
  return res;
}

export const initialize = (id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "attack", version: "1" } },
});

/** A raw TCP client: writes what it is given, collects what comes back, reports when the server closes. */
export function rawSocket(port: number): Promise<{
  socket: Socket;
  received(): string;
  closed: Promise<void>;
}> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, received: () => data, closed }));
    socket.once("error", reject);
  });
}

/** Resolves true when `promise` settles within `ms`, false otherwise (a generous bound, not a timing claim). */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    promise.then(() => true),
    new Promise<boolean>((done) => {
      timer = setTimeout(() => done(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return result;
}
