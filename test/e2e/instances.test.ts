import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailability, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import {
  analystLeasesInRedis,
  dailyCallsInRedis,
  redisAvailability,
  startRedis,
  type TestRedis,
} from "../helpers/redis.js";

/**
 * Two `crs serve` processes (needs `npm run build`) on one PostgreSQL database and one Redis behave as one
 * service: limits exact across both, an identical analyst request on the other instance joins the run,
 * `kill -9` of the instance running an analysis returns its slot and allowance, and a Redis outage answers
 * 503 + Retry-After without losing counts.
 */
const engines = [postgresAvailability(), redisAvailability()];
const available = engines.every((e) => e.available);

interface Served {
  child: ChildProcess;
  url: string;
  stderr(): string;
}

const children: ChildProcess[] = [];

function serve(db: string, env: Record<string, string>): Promise<Served> {
  const child = spawn(
    process.execPath,
    ["dist/cli.js", "serve", "--workers", "1", "--port", "0", "--db", db],
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
  if (served.child.exitCode !== null || served.child.signalCode !== null) return;
  const exited = new Promise((r) => served.child.once("exit", r));
  served.child.kill("SIGTERM");
  await exited;
}

async function until<T>(
  probe: () => T | Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  seconds = 20,
): Promise<T> {
  for (let i = 0; i < seconds * 20; i += 1) {
    const value = await probe();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function cli(args: string[]): string {
  const result = spawnSync(process.execPath, ["dist/cli.js", ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "warn" },
  });
  if (result.status !== 0) throw new Error(`crs ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

let dir: string;
let postgres: TestPostgres;
let redis: TestRedis;
let seeded = 0;

/** A fresh PostgreSQL database holding an embedded deployment (`crs init`, then `crs migrate`); its key. */
async function deployment(): Promise<{ url: string; key: string; pool: pg.Pool }> {
  seeded += 1;
  const file = join(dir, `seed-${seeded}.sqlite`);
  const key = JSON.parse(cli(["init", "--db", file, "--videos", "400", "--seed", "5", "--json"])).key
    .secret as string;
  const url = await postgres.createDatabase(`crs_instances_${seeded}`);
  cli(["migrate", "--from", file, "--to", url, "--json"]);
  return { url, key, pool: new pg.Pool({ connectionString: url, max: 2 }) };
}

const search = (url: string, key: string) =>
  fetch(`${url}/v1/videos?q=hook&limit=5`, { headers: { authorization: `Bearer ${key}` } });

/** `n` requests at once, alternating between the instances, each on a fresh connection. */
async function burstAcross(urls: string[], key: string, n = 100): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      fetch(`${urls[i % urls.length]}/v1/videos?q=hook&limit=5`, {
        headers: { authorization: `Bearer ${key}`, connection: "close" },
      }),
    ),
  );
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return responses.map((r) => r.status);
}

const dailyCalls = (prefix: string) => dailyCallsInRedis(redis.url, prefix);

/** Rows of the database's own daily counter: none are written while Redis holds the counts. */
async function databaseDailyRows(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query("SELECT count(*) AS n FROM limit_daily_content");
  return Number(rows[0].n);
}

async function analystUsage(url: string, key: string) {
  const r = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } }).catch(
    () => undefined,
  );
  if (r?.status !== 200) return undefined;
  return (
    (await r.json()) as { data: { analyst: { concurrency: { running: number }; monthly: { used: number } } } }
  ).data.analyst;
}

const ask = (url: string, key: string, idempotencyKey: string, accept = "application/json") =>
  fetch(`${url}/v1/agent/answers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept,
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify({ question: "How many ads were posted in the US?" }),
  });

describe.skipIf(!available && !process.env.CI)("two crs serve instances on PostgreSQL + Redis", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crs-instances-"));
    [postgres, redis] = await Promise.all([startPostgres("crs_instances"), startRedis()]);
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await Promise.all([postgres?.dispose(), redis?.dispose()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("100 parallel requests across both: exactly 15 pass the burst; the daily ceiling is exact too", async () => {
    const { url, key, pool } = await deployment();
    const env = { CRS_REDIS_URL: redis.url, CRS_REDIS_PREFIX: "burst:" };
    const [a, b] = await Promise.all([serve(url, env), serve(url, env)]);
    const statuses = await burstAcross([a.url, b.url], key);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(85);
    expect(await dailyCalls("burst:")).toBe(15);
    expect(await databaseDailyRows(pool)).toBe(0);
    await Promise.all([stop(a), stop(b)]);

    const roomy = { max: 1_000_000, windowSeconds: 60 };
    const daily = {
      CRS_REDIS_URL: redis.url,
      CRS_REDIS_PREFIX: "burst:",
      CRS_LIMITS: JSON.stringify({
        burst: roomy,
        perCredential: roomy,
        perOrg: roomy,
        dailyContent: { max: 37 },
      }),
    };
    const [c, d] = await Promise.all([serve(url, daily), serve(url, daily)]);
    const more = await burstAcross([c.url, d.url], key);
    // 15 already counted today by the first pair: 22 more fit under 37.
    expect(more.filter((s) => s === 200)).toHaveLength(22);
    expect(await dailyCalls("burst:")).toBe(37);
    await Promise.all([stop(c), stop(d)]);
    await pool.end();
  });

  it("an identical analyst request on the other instance gets 202 and starts no second run", async () => {
    const { url, key, pool } = await deployment();
    const env = { CRS_REDIS_URL: redis.url, CRS_REDIS_PREFIX: "dup:", CRS_ANALYST_MIN_MS: "3000" };
    const [a, b] = await Promise.all([serve(url, env), serve(url, env)]);
    const idempotencyKey = "21111111-2222-4333-8444-555555555555";
    const first = ask(a.url, key, idempotencyKey);
    await until(
      async () => (await pool.query("SELECT count(*) AS n FROM analyst_runs")).rows[0].n,
      (n) => Number(n) === 1,
      "the run to start on the first instance",
    );
    const second = await ask(b.url, key, idempotencyKey);
    expect(second.status).toBe(202);
    expect((await first).status).toBe(200);
    expect(Number((await pool.query("SELECT count(*) AS n FROM analyst_runs")).rows[0].n)).toBe(1);
    await Promise.all([stop(a), stop(b)]);
    await pool.end();
  });

  it("kill -9 of the instance running an analysis: the run ends, its slot and allowance come back", {
    timeout: 90_000,
  }, async () => {
    const { url, key, pool } = await deployment();
    const env = {
      CRS_REDIS_URL: redis.url,
      CRS_REDIS_PREFIX: "kill:",
      CRS_ANALYST_MIN_MS: "60000",
      CRS_ANALYST_HEARTBEAT_MS: "50",
    };
    const [a, b] = await Promise.all([serve(url, env), serve(url, env)]);
    const res = await ask(a.url, key, "31111111-2222-4333-8444-555555555555", "text/event-stream");
    const reader = res.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toContain("event: heartbeat");
    reader?.read().catch(() => undefined);
    expect((await analystUsage(b.url, key))?.concurrency.running).toBe(1);
    expect(await analystLeasesInRedis(redis.url, "kill:")).toBe(1);
    a.child.kill("SIGKILL");
    // The survivor's upkeep (every 10 s) finds the claim abandoned (its process is gone from this host; on
    // another host, once its lease in Redis ran out): the slot frees, the run ends, the allowance comes back.
    await until(
      () => analystUsage(b.url, key),
      (u) => u !== undefined && u.concurrency.running === 0,
      "the slot to come back on the surviving instance",
      60,
    );
    expect(await analystLeasesInRedis(redis.url, "kill:")).toBe(0);
    await until(
      () => analystUsage(b.url, key),
      (u) => u !== undefined && u.monthly.used === 0,
      "the allowance to come back",
      30,
    );
    const run = await until(
      async () => (await pool.query("SELECT status, error_code FROM analyst_runs")).rows[0],
      (r) => r?.status === "failed",
      "the run to be terminal",
    );
    expect(run).toEqual({ status: "failed", error_code: "interrupted" });
    await stop(b);
    await pool.end();
  });

  it("Redis stopped: both answer 503 + Retry-After, no counts lost; back when Redis returns", async () => {
    const { url, key, pool } = await deployment();
    const env = { CRS_REDIS_URL: redis.url, CRS_REDIS_PREFIX: "outage:" };
    const [a, b] = await Promise.all([serve(url, env), serve(url, env)]);
    for (const s of [a, b])
      await until(
        () => fetch(`${s.url}/readyz`).then((r) => r.status),
        (st) => st === 200,
        "ready",
      );
    expect((await burstAcross([a.url, b.url], key, 10)).every((s) => s === 200)).toBe(true);
    expect(await dailyCalls("outage:")).toBe(10);

    await redis.stop();
    for (const s of [a, b]) {
      const down = await search(s.url, key);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(((await down.json()) as { code: string }).code).toBe("service_unavailable");
      expect((await fetch(`${s.url}/readyz`)).status).toBe(503);
    }

    await redis.start();
    // The counts outlived the restart (append-only file), and the refused calls counted nothing.
    expect(await dailyCalls("outage:")).toBe(10);
    for (const s of [a, b])
      await until(
        async () => {
          const r = await search(s.url, key);
          await r.arrayBuffer();
          return r.status;
        },
        (st) => st === 200,
        "service back after Redis returned",
      );
    expect(await dailyCalls("outage:")).toBe(12);
    await Promise.all([stop(a), stop(b)]);
    await pool.end();
  });
  it("PostgreSQL stopped: 503 + Retry-After and not ready, nothing counted; back when it returns", async () => {
    const { url, key, pool } = await deployment();
    const env = { CRS_REDIS_URL: redis.url, CRS_REDIS_PREFIX: "pgdown:" };
    const a = await serve(url, env);
    expect((await search(a.url, key)).status).toBe(200);
    await pool.end();

    await postgres.stop();
    try {
      const down = await search(a.url, key);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBeTruthy();
      expect(down.headers.get("content-type")).toContain("application/problem+json");
      const problem = (await down.json()) as { code: string; detail: string };
      expect(problem.code).toBe("service_unavailable");
      expect(problem.detail).not.toContain(postgres.dir);
      const ready = await fetch(`${a.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.stringify(await ready.json())).not.toContain(postgres.dir);
      expect((await fetch(`${a.url}/healthz`)).status).toBe(503);
    } finally {
      await postgres.start();
    }
    await until(
      async () => {
        const r = await search(a.url, key);
        await r.arrayBuffer();
        return r.status;
      },
      (st) => st === 200,
      "service back after PostgreSQL returned",
    );
    // The call before the outage and the one after: the refused ones counted nothing.
    expect(await dailyCalls("pgdown:")).toBe(2);
    await stop(a);
  });
  it("crs init, the admin commands, import and serve take the PostgreSQL URL; a second init is refused", async () => {
    const url = await postgres.createDatabase("crs_instances_init");
    const init = JSON.parse(cli(["init", "--db", url, "--videos", "300", "--seed", "3", "--json"]));
    expect(init.corpus.videos).toBe(300);
    expect(JSON.stringify(init)).not.toContain(postgres.dir);
    const again = spawnSync(process.execPath, ["dist/cli.js", "init", "--db", url], { encoding: "utf8" });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain("already holds a corpus or organisations; use --force");
    cli(["orgs", "create", "acme", "--db", url]);
    const orgs = JSON.parse(cli(["orgs", "list", "--db", url, "--json"])) as { name: string }[];
    expect(orgs.map((o) => o.name).sort()).toEqual(["acme", "default"]);
    const missing = spawnSync(process.execPath, ["dist/cli.js", "import", "x.json", "--db", url], {
      encoding: "utf8",
    });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain("x.json");
    const trends = JSON.parse(cli(["trends", "build", "--db", url, "--json"])) as { reports: number };
    expect(trends.reports).toBe(init.trend_reports);
    const a = await serve(url, { CRS_REDIS_URL: redis.url, CRS_REDIS_PREFIX: "init:" });
    const res = await fetch(`${a.url}/v1/videos?sort=newest&limit=5`, {
      headers: { authorization: `Bearer ${init.key.secret}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(5);
    await stop(a);
  });
});
