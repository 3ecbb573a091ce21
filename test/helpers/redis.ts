import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

/**
 * Real throwaway Redis servers for tests (Debian's `redis-server`; no mocks). Suites that need one call
 * `redisAvailability()`: the binary missing skips them with a message, except in CI, where it fails them.
 */
export function redisAvailability(): { available: boolean; reason?: string } {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (found.status === 0) return { available: true };
  if (process.env.CI)
    throw new Error(
      "redis-server is not installed, and CI is set: the Redis suites must run (apt-get install redis-server)",
    );
  const reason = "redis-server is not installed (apt-get install redis-server): Redis suites skipped";
  process.stderr.write(`SKIPPED: ${reason}\n`);
  return { available: false, reason };
}

export interface TestRedis {
  /** unix:///…/redis.sock, the form CRS_REDIS_URL accepts. */
  url: string;
  socket: string;
  /** Stops the server (its data goes: it runs without persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same socket. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/**
 * `redis-server --port 0 --unixsocket <tmp>/redis.sock --save '' --appendonly yes`, resolved once it answers
 * PING. The append-only file (as compose.yaml's Redis keeps one) carries the daily counts over a stop/start.
 */
export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "crs-redis-"));
  const socket = join(dir, "redis.sock");
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", "0", "--unixsocket", socket, "--unixsocketperm", "700", "--save", "", "--appendonly", "yes"],
      { stdio: ["ignore", "ignore", "pipe"], cwd: dir },
    );
    for (let i = 0; i < 200; i += 1) {
      if (existsSync(socket) && (await ping(socket))) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("redis-server did not start within 5 s");
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url: `unix://${socket}`,
    socket,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function ping(socket: string): Promise<boolean> {
  const client = new Redis({
    path: socket,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** The content calls counted today under a CRS_REDIS_PREFIX: the daily counts live in Redis beside the windows. */
export async function dailyCallsInRedis(url: string, prefix: string): Promise<number> {
  const client = new Redis({ path: url.replace(/^unix:\/\//, ""), maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}d:*`);
    const values = keys.length > 0 ? await client.mget(...keys) : [];
    return values.reduce((n, v) => n + Number(v ?? 0), 0);
  } finally {
    client.disconnect();
  }
}

/** Analyst leases held under a CRS_REDIS_PREFIX, across organisations (live or not yet purged). */
export async function analystLeasesInRedis(url: string, prefix: string): Promise<number> {
  const client = new Redis({ path: url.replace(/^unix:\/\//, ""), maxRetriesPerRequest: 1 });
  try {
    let n = 0;
    for (const key of await client.keys(`${prefix}lease:*`)) n += await client.zcard(key);
    return n;
  } finally {
    client.disconnect();
  }
}
