import { createHash } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import { DAY } from "../shared/clock.js";
import { serviceUnavailable } from "../shared/errors.js";
import { logger } from "../shared/log.js";
import type { DailyCounter, DailyStanding } from "./daily-content.js";
import { nextUtcDay, utcDay } from "./periods.js";
import {
  type Alongside,
  type AtomicWindowStore,
  stateFromLog,
  type WindowRequest,
  type WindowState,
  type WindowTake,
} from "./windows.js";

/** Seconds a caller is told to wait when Redis is unreachable (reconnection is tried every second or two). */
export const REDIS_RETRY_AFTER = 5;

/** Accepted forms of CRS_REDIS_URL: redis://, rediss:// (TLS), unix:///path or an absolute socket path. */
export function isRedisUrl(value: string): boolean {
  return /^(rediss?:\/\/|unix:\/\/\/|\/)/i.test(value);
}

/**
 * One Redis connection per process. Commands never queue while disconnected (they fail at once, and the
 * caller answers 503 + Retry-After instead of hanging or serving unlimited); the client reconnects in the
 * background, so service resumes by itself when Redis is back.
 */
export function connectRedis(url: string): Redis {
  const options: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  };
  const client = url.startsWith("unix://")
    ? new Redis({ ...options, path: url.slice("unix://".length) })
    : url.startsWith("/")
      ? new Redis({ ...options, path: url })
      : new Redis(url, options);
  let lastLogged = 0;
  client.on("error", (error: Error) => {
    // Once per 10 s at most: an outage must not flood stderr. The URL (and its password) is never logged.
    const now = Date.now();
    if (now - lastLogged < 10_000) return;
    lastLogged = now;
    logger.warn({ err: { message: error.message } }, "redis unreachable: limited calls answer 503");
  });
  client.on("ready", () => {
    if (lastLogged > 0) logger.info("redis reachable again");
  });
  return client;
}

/** A Lua script run by digest, loaded on first use (and again after a Redis restart forgot it). */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash("sha1").update(lua).digest("hex");
  }

  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return client.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}

/**
 * Peek-all-then-take-all over per-second buckets: each window is a hash {second: units} under its key.
 * Seconds that left the window are deleted while reading. Returns {taken, logs}: taken = 1 only when
 * ARGV[2] asked to take and every window had room; logs[i] = flat [second, units, …] inside window i
 * before the take. Redis runs a script atomically, so concurrent callers on any instance never overshoot.
 * KEYS[i]: window i. ARGV[1]: now (Unix seconds); ARGV[2]: '1' take, '0' peek; ARGV[2+i]: window
 * seconds of i; ARGV[2+n+i]: max of i.
 */
const TAKE_ALL = `
local now = tonumber(ARGV[1])
local take = ARGV[2] == '1'
local n = #KEYS
local logs = {}
local room = true
for i = 1, n do
  local win = tonumber(ARGV[2 + i])
  local max = tonumber(ARGV[2 + n + i])
  local flat = redis.call('HGETALL', KEYS[i])
  local log = {}
  local used = 0
  for j = 1, #flat, 2 do
    local second = tonumber(flat[j])
    if second <= now - win then
      redis.call('HDEL', KEYS[i], flat[j])
    else
      local units = tonumber(flat[j + 1])
      used = used + units
      log[#log + 1] = second
      log[#log + 1] = units
    end
  end
  if used >= max then room = false end
  logs[i] = log
end
local taken = 0
if take and room then
  taken = 1
  for i = 1, n do
    redis.call('HINCRBY', KEYS[i], ARGV[1], 1)
    redis.call('EXPIRE', KEYS[i], tonumber(ARGV[2 + i]) + 1)
  end
end
return {taken, logs}
`;

/**
 * Gives back one unit in every window: the newest second at or before ARGV[1] that holds one (the unit
 * `TAKE_ALL` took for a call the daily ceiling or a later limit then refused).
 */
const GIVE_BACK = `
local now = tonumber(ARGV[1])
for i = 1, #KEYS do
  local flat = redis.call('HGETALL', KEYS[i])
  local best = nil
  for j = 1, #flat, 2 do
    local second = tonumber(flat[j])
    if second <= now and tonumber(flat[j + 1]) > 0 and (best == nil or second > tonumber(best)) then
      best = flat[j]
    end
  end
  if best then
    local left = redis.call('HINCRBY', KEYS[i], best, -1)
    if left <= 0 then redis.call('HDEL', KEYS[i], best) end
  end
end
return 1
`;

const takeAllScript = new RedisScript(TAKE_ALL);
const giveBackScript = new RedisScript(GIVE_BACK);

/**
 * Request windows in Redis, shared by every instance on it. The `alongside` step (the daily ceiling,
 * RedisDailyCounter) runs after the script took the units; when it refuses, the units are given back, so a
 * refused call consumes nothing (in between, a parallel caller can at worst be refused early, never admitted
 * beyond a limit). When Redis cannot be reached the call is refused with 503 `service_unavailable` + Retry-After.
 */
export class RedisWindowStore implements AtomicWindowStore {
  readonly kind = "redis";

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async peekAll(windows: readonly WindowRequest[], now: number): Promise<WindowState[]> {
    return (await this.script(windows, now, false)).states;
  }

  async takeAll(windows: readonly WindowRequest[], now: number, alongside?: Alongside): Promise<WindowTake> {
    const { taken, states } = await this.script(windows, now, true);
    if (!taken) return { taken: false, refusedBy: "window", states };
    let agreed = false;
    try {
      agreed = alongside ? await alongside.alone() : true;
    } finally {
      if (!agreed) await this.giveBack(windows, now);
    }
    return agreed ? { taken: true, states } : { taken: false, refusedBy: "alongside", states };
  }

  unready(): string | undefined {
    return this.client.status === "ready" ? undefined : `redis ${this.client.status}`;
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  private keys(windows: readonly WindowRequest[]): string[] {
    return windows.map(({ key }) => `${this.prefix}w:${key}`);
  }

  private async script(windows: readonly WindowRequest[], now: number, take: boolean) {
    let reply: unknown;
    try {
      reply = await takeAllScript.run(this.client, this.keys(windows), [
        now,
        take ? "1" : "0",
        ...windows.map(({ rule }) => rule.windowSeconds),
        ...windows.map(({ rule }) => rule.max),
      ]);
    } catch (error) {
      throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
    }
    const [taken, logs] = reply as [number, number[][]];
    const states = windows.map(({ rule }, i) => {
      const pairs: [number, number][] = [];
      const flat = logs[i] ?? [];
      for (let j = 0; j + 1 < flat.length; j += 2) pairs.push([Number(flat[j]), Number(flat[j + 1])]);
      pairs.sort((a, b) => a[0] - b[0]);
      return stateFromLog(
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
        rule,
        now,
      );
    });
    return { taken: taken === 1, states };
  }

  giveAll(windows: readonly WindowRequest[], now: number): Promise<void> {
    return this.giveBack(windows, now);
  }

  private async giveBack(windows: readonly WindowRequest[], now: number): Promise<void> {
    try {
      await giveBackScript.run(this.client, this.keys(windows), [now]);
    } catch (error) {
      // The units stay until they leave their windows: stricter for a few seconds, never looser.
      logger.warn({ err: { message: (error as Error).message } }, "redis: could not give back window units");
    }
  }
}

/**
 * One organisation's content calls on one UTC day: takes one unless the ceiling is reached (-1), and keeps
 * the key until two days past its day. KEYS[1]: the counter; ARGV[1]: the ceiling; ARGV[2]: seconds to
 * keep it (relative: the service's clock, not Redis's, decides the day).
 */
const DAILY_TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return -1 end
used = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return used
`;

const dailyTakeScript = new RedisScript(DAILY_TAKE);

/**
 * The daily content counter in Redis, beside the request windows (no database write per call). Its take
 * runs after the window script; when the day is full the windows are given back (RedisWindowStore.takeAll).
 * The counts outlive a Redis restart only if Redis persists them (AOF, as compose.yaml's does). Unreachable:
 * 503 `service_unavailable` + Retry-After, nothing counted.
 */
export class RedisDailyCounter implements DailyCounter {
  readonly kind = "redis";

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async standing(orgId: string, max: number, now: number): Promise<DailyStanding> {
    const day = utcDay(now);
    let value: string | null;
    try {
      value = await this.client.get(this.key(orgId, day));
    } catch (error) {
      throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
    }
    return { day, used: Number(value ?? 0), max, resetAt: nextUtcDay(now) };
  }

  alongside(orgId: string, max: number, now: number, taken: (standing: DailyStanding) => void): Alongside {
    return {
      alone: async () => {
        if (max <= 0) return false;
        const day = utcDay(now);
        const resetAt = nextUtcDay(now);
        let used: number;
        try {
          used = Number(
            await dailyTakeScript.run(this.client, [this.key(orgId, day)], [max, resetAt - now + 2 * DAY]),
          );
        } catch (error) {
          throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
        }
        if (used < 0) return false;
        taken({ day, used, max, resetAt });
        return true;
      },
    };
  }

  private key(orgId: string, day: string): string {
    return `${this.prefix}d:${orgId}:${day}`;
  }
}
