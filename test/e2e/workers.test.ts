import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { initDatabase } from "../../src/ingest/init.js";
import { systemClock } from "../../src/shared/clock.js";
import { openDb } from "../../src/store/connection.js";
import { resolveSecret } from "../../src/store/secret.js";
import { dailyCallsInRedis, redisAvailability, startRedis, type TestRedis } from "../helpers/redis.js";
import { sqlOf } from "../helpers/sql.js";

/**
 * `crs serve --workers 2` as a child process (needs `npm run build`): limits exact across workers (shared in
 * the database file, or in Redis), a killed worker replaced and its analyst run recovered, Redis outages
 * answered 503 + Retry-After without losing counts.
 */
interface Served {
  child: ChildProcess;
  url: string;
  stderr(): string;
}

const children: ChildProcess[] = [];

function serve(db: string, env: Record<string, string>, workers = 2): Promise<Served> {
  const child = spawn(
    process.execPath,
    ["dist/cli.js", "serve", "--workers", String(workers), "--port", "0", "--db", db],
    {
      env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "warn", CRS_LIMITS: "default", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  children.push(child);
  let err = "";
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = err.match(/crs: serving (http:\/\/\S+)/);
      if (match) resolve({ child, url: match[1] as string, stderr: () => err });
    });
    child.once("exit", (code) => reject(new Error(`crs serve exited ${code}: ${err}`)));
  });
}

async function stop(served: Served): Promise<void> {
  if (served.child.exitCode !== null) return;
  const exited = new Promise((r) => served.child.once("exit", r));
  served.child.kill("SIGTERM");
  await exited;
}

/** The pids of a process's children (the workers of a primary), from /proc. */
function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

async function until<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await probe();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function makeDb(dir: string, name: string): Promise<{ file: string; key: string }> {
  const file = join(dir, name);
  const db = openDb(file);
  const config = loadConfig({ env: {}, flags: { db: file } });
  const key = (
    await initDatabase(db, {
      videos: 400,
      seed: 5,
      now: systemClock.nowSeconds(),
      secret: await resolveSecret(sqlOf(db), config),
    })
  ).key.secret;
  db.close();
  return { file, key };
}

const search = (url: string, key: string) =>
  fetch(`${url}/v1/videos?q=hook&limit=5`, { headers: { authorization: `Bearer ${key}` } });

/** 100 requests at once on fresh connections (so the primary hands them round-robin to both workers). */
async function burstOf(url: string, key: string, n = 100): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${url}/v1/videos?q=hook&limit=5`, {
        headers: { authorization: `Bearer ${key}`, connection: "close" },
      }),
    ),
  );
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return responses.map((r) => r.status);
}

/** How many of each status (a failure then shows which other status came back). */
const tally = (statuses: number[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

const dailyCalls = (file: string): number => {
  const db = openDb(file, { readonly: true });
  try {
    const row = db.prepare("SELECT SUM(calls) AS n FROM limit_daily_content").get() as { n: number | null };
    return row.n ?? 0;
  } finally {
    db.close();
  }
};

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "crs-workers-"));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("crs serve --workers 2 on the database file", () => {
  it("100 parallel requests across both workers: exactly 15 pass the burst", async () => {
    const { file, key } = await makeDb(dir, "burst.sqlite");
    const served = await serve(file, {});
    const workers = childPids(served.child.pid as number);
    expect(workers).toHaveLength(2);
    const statuses = await burstOf(served.url, key);
    expect(tally(statuses)).toEqual({ 200: 15, 429: 85 });
    expect(dailyCalls(file)).toBe(15);
    await stop(served);
  });

  it("the daily ceiling is exact across workers", async () => {
    const { file, key } = await makeDb(dir, "daily.sqlite");
    const roomy = { max: 1_000_000, windowSeconds: 60 };
    const served = await serve(file, {
      CRS_LIMITS: JSON.stringify({
        burst: roomy,
        perCredential: roomy,
        perOrg: roomy,
        dailyContent: { max: 37 },
      }),
    });
    const statuses = await burstOf(served.url, key);
    expect(tally(statuses)).toEqual({ 200: 37, 429: 63 });
    expect(dailyCalls(file)).toBe(37);
    const usage = await fetch(`${served.url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(
      ((await usage.json()) as { data: { search: { daily: unknown } } }).data.search.daily,
    ).toMatchObject({
      limit: 37,
      used: 37,
      remaining: 0,
    });
    await stop(served);
  });

  it("a killed worker is replaced (logged on stderr); the analyst run it held is recovered, its slot returned", async () => {
    const { file, key } = await makeDb(dir, "kill.sqlite");
    const served = await serve(file, { CRS_ANALYST_MIN_MS: "60000", CRS_ANALYST_HEARTBEAT_MS: "50" });
    const primary = served.child.pid as number;
    const before = childPids(primary);
    expect(before).toHaveLength(2);

    // Hold one run open, then kill the workers one after the other (each once its replacement is up):
    // whichever held the run dies with it, and the service keeps answering throughout.
    const res = await fetch(`${served.url}/v1/agent/answers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": "11111111-2222-4333-8444-555555555555",
      },
      body: JSON.stringify({ question: "How many ads were posted in the US?" }),
    });
    const reader = res.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toContain("event: heartbeat");
    reader?.read().catch(() => undefined);
    let current = before;
    for (const pid of before) {
      process.kill(pid, "SIGKILL");
      current = await until(
        () => childPids(primary),
        (pids) => pids.length === 2 && !pids.includes(pid),
        `a replacement for worker ${pid}`,
      );
      await until(
        () => served.stderr(),
        (err) =>
          err.includes(`worker ${pid} exited (signal SIGKILL); starting a replacement`) &&
          current.some(
            (next) => !before.includes(next) && err.includes(`worker ${next} (replacement) listening`),
          ),
        "the replacement logged and listening",
      );
      expect((await search(served.url, key)).status).toBe(200);
    }
    expect(current.every((pid) => !before.includes(pid))).toBe(true);

    // The replacements serve, and the dead worker's run is terminal with its slot and allowance back.
    const run = await until(
      async () => {
        const r = await fetch(`${served.url}/v1/usage`, {
          headers: { authorization: `Bearer ${key}` },
        }).catch(() => undefined);
        if (!r) return undefined;
        return r?.status === 200
          ? (
              (await r.json()) as {
                data: { analyst: { concurrency: { running: number }; monthly: { used: number } } };
              }
            ).data.analyst
          : undefined;
      },
      (a) => a !== undefined && a.concurrency.running === 0,
      "the slot to come back",
    );
    expect(run?.monthly.used).toBe(0);
    const db = openDb(file, { readonly: true });
    expect(db.prepare("SELECT status, error_code FROM analyst_runs").get()).toEqual({
      status: "failed",
      error_code: "interrupted",
    });
    db.close();
    await stop(served);
  });
});

const redis = redisAvailability();

describe.skipIf(!redis.available)("crs serve --workers 2 with CRS_REDIS_URL", () => {
  let server: TestRedis;
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it("exactly 15 pass the burst; Redis stopped: 503 + Retry-After, no counts lost; back when Redis returns", async () => {
    const { file, key } = await makeDb(dir, "redis.sqlite");
    const served = await serve(file, { CRS_REDIS_URL: server.url, CRS_REDIS_PREFIX: "e2e:" });
    await until(
      () => fetch(`${served.url}/readyz`).then((r) => r.status),
      (s) => s === 200,
      "ready",
    );
    const statuses = await burstOf(served.url, key);
    expect(tally(statuses)).toEqual({ 200: 15, 429: 85 });
    expect(await dailyCallsInRedis(server.url, "e2e:")).toBe(15);
    expect(dailyCalls(file)).toBe(0); // with Redis, a content call writes nothing to the file

    await server.stop();
    const down = await search(served.url, key);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(down.headers.get("content-type")).toContain("application/problem+json");
    expect(((await down.json()) as { code: string }).code).toBe("service_unavailable");
    expect((await burstOf(served.url, key, 20)).every((s) => s === 503)).toBe(true);
    expect((await fetch(`${served.url}/readyz`)).status).toBe(503);

    await server.start();
    // Nothing was counted for the refused calls, and nothing counted before is gone (append-only file).
    expect(await dailyCallsInRedis(server.url, "e2e:")).toBe(15);
    await until(
      async () => {
        const r = await search(served.url, key);
        await r.arrayBuffer();
        return r.status;
      },
      (s) => s === 200,
      "service back after Redis returned",
    );
    expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
    expect(await dailyCallsInRedis(server.url, "e2e:")).toBe(16);
    await stop(served);
  });
});
