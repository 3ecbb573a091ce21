import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { initDatabase } from "../../src/ingest/init.js";
import { systemClock } from "../../src/shared/clock.js";
import { openDb } from "../../src/store/connection.js";
import { resolveSecret } from "../../src/store/secret.js";
import { sqlOf } from "../helpers/sql.js";

/** `crs serve` as a child process (needs `npm run build`), resolved once it prints where it serves. */
function serve(db: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["dist/cli.js", "serve", "--workers", "1", "--port", "0", "--db", db],
    {
      env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent", CRS_LIMITS: "default", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = err.match(/crs: serving (http:\/\/\S+)/);
      if (match) resolve({ child, url: match[1] as string });
    });
    child.once("exit", (code) => reject(new Error(`crs serve exited ${code}: ${err}`)));
  });
}

/** Opens the analyst stream and resolves after the first heartbeat (the run is accepted and held). */
async function startRun(url: string, key: string, idempotencyKey: string): Promise<void> {
  const res = await fetch(`${url}/v1/agent/answers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify({ question: "How many ads were posted in the US?" }),
  });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  const first = await reader?.read();
  expect(new TextDecoder().decode(first?.value)).toContain("event: heartbeat");
  // The connection dies with the server; swallow the resulting read error.
  reader?.read().catch(() => undefined);
}

describe("kill -9 mid-run, then restart", () => {
  let dir: string;
  let file: string;
  let key: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crs-crash-"));
    file = join(dir, "crs.sqlite");
    const db = openDb(file);
    const config = loadConfig({ env: {}, flags: { db: file } });
    key = (
      await initDatabase(db, {
        videos: 400,
        seed: 3,
        now: systemClock.nowSeconds(),
        secret: await resolveSecret(sqlOf(db), config),
      })
    ).key.secret;
    db.close();
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("marks the run failed/interrupted, frees the slot, refunds the allowance, and the same key starts fresh work", async () => {
    const idempotencyKey = randomUUID();
    const first = await serve(file, { CRS_ANALYST_MIN_MS: "60000", CRS_ANALYST_HEARTBEAT_MS: "50" });
    children.push(first.child);
    await startRun(first.url, key, idempotencyKey);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;

    const peek = openDb(file);
    const held = peek.prepare("SELECT id, status FROM analyst_runs").get() as { id: string; status: string };
    expect(["queued", "running"]).toContain(held.status);
    expect(
      peek.prepare("SELECT COUNT(*) AS n FROM limit_analyst_claims WHERE released_at IS NULL").get(),
    ).toEqual({ n: 1 });
    peek.close();

    const second = await serve(file, { CRS_ANALYST_MIN_MS: "0" });
    children.push(second.child);
    const status = await fetch(`${second.url}/v1/agent/answers/${held.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const record = ((await status.json()) as { data: { status: string; error: { code: string } } }).data;
    expect(record.status).toBe("failed");
    expect(record.error.code).toBe("interrupted");
    expect(status.headers.get("x-agent-remaining")).toBe("100");

    const check = openDb(file);
    expect(
      check.prepare("SELECT COUNT(*) AS n FROM limit_analyst_claims WHERE released_at IS NULL").get(),
    ).toEqual({ n: 0 });
    expect(check.prepare("SELECT SUM(delta) AS n FROM usage_ledger WHERE kind = 'analyst'").get()).toEqual({
      n: 0,
    });
    check.close();

    const retry = await fetch(`${second.url}/v1/agent/answers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: "application/json",
        "idempotency-key": idempotencyKey,
      },
      body: JSON.stringify({ question: "How many ads were posted in the US?" }),
    });
    expect(retry.status).toBe(200);
    const fresh = ((await retry.json()) as { data: { id: string; status: string; replayed: boolean } }).data;
    expect(fresh.status).toBe("completed");
    expect(fresh.replayed).toBe(false);
    expect(fresh.id).not.toBe(held.id);
    second.child.kill("SIGTERM");
  }, 60_000);
});
