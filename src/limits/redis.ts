import { createHash } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import { DAY } from "../shared/clock.js";
import { serviceUnavailable } from "../shared/errors.js";
import { logger } from "../shared/log.js";
import type { SqlClient } from "../store/sql-client.js";
import { type AnalystLeases, DatabaseLeases } from "./analyst-leases.js";
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

/**
 * Waits (at most `ms`) for a new client's first connection, so a process does not answer its first calls 503
 * while the handshake is still under way (seen: 1 of 600 calls at the start of `--workers 2`). False when
 * Redis did not answer in time: the process serves anyway, answering 503 until the client connects.
 */
export function firstConnection(client: Redis, ms: number): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on("ready", onReady);
  });
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
 * keep it (relative: the service's clock, not Redis's, decides the day); ARGV[3]: where a counter Redis
 * does not hold yet starts (the day's count in the database, or 0).
 */
const DAILY_TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or ARGV[3])
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], used) end
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
 *
 * `database`: the counter the deployment used before Redis (moved up with `crs migrate`, or Redis added
 * later). A day Redis does not hold yet starts from its count there, read once per organisation and day by
 * each process, so switching to Redis mid-day does not hand out the day's allowance again.
 */
export class RedisDailyCounter implements DailyCounter {
  readonly kind = "redis";
  /** `org|day` whose Redis counter this process knows to exist (no database read needed). */
  private readonly seeded = new Set<string>();
  private seededDay = "";

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly database?: DailyCounter,
  ) {}

  async standing(orgId: string, max: number, now: number): Promise<DailyStanding> {
    const day = utcDay(now);
    let value: string | null;
    try {
      value = await this.client.get(this.key(orgId, day));
    } catch (error) {
      throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
    }
    if (value === null) return { ...(await this.seed(orgId, max, now)), max };
    return { day, used: Number(value), max, resetAt: nextUtcDay(now) };
  }

  alongside(orgId: string, max: number, now: number, taken: (standing: DailyStanding) => void): Alongside {
    return {
      alone: async () => {
        if (max <= 0) return false;
        const day = utcDay(now);
        const resetAt = nextUtcDay(now);
        const seen = `${orgId}|${day}`;
        const start = this.seeded.has(seen) ? 0 : (await this.seed(orgId, max, now)).used;
        let used: number;
        try {
          used = Number(
            await dailyTakeScript.run(
              this.client,
              [this.key(orgId, day)],
              [max, resetAt - now + 2 * DAY, start],
            ),
          );
        } catch (error) {
          throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
        }
        if (day !== this.seededDay) {
          this.seededDay = day;
          this.seeded.clear();
        }
        this.seeded.add(seen);
        if (used < 0) return false;
        taken({ day, used, max, resetAt });
        return true;
      },
    };
  }

  /** The day's count in the database counter (0 without one). */
  private async seed(orgId: string, max: number, now: number): Promise<DailyStanding> {
    return this.database
      ? this.database.standing(orgId, max, now)
      : { day: utcDay(now), used: 0, max, resetAt: nextUtcDay(now) };
  }

  private key(orgId: string, day: string): string {
    return `${this.prefix}d:${orgId}:${day}`;
  }
}

/**
 * An organisation's analyst leases: a sorted set of run ids scored by the time their lease runs out. Takes a
 * slot for ARGV[4] until ARGV[2] unless ARGV[3] (-1: no ceiling) leases are live at ARGV[1]; leases that ran
 * out leave the set first. KEYS[1]: the set; ARGV[5]: seconds to keep the set (relative, like DAILY_TAKE).
 */
const LEASE_TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
local max = tonumber(ARGV[3])
if max >= 0 and redis.call('ZCARD', KEYS[1]) >= max then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]))
return 1
`;

/** Sets the lease of run ARGV[2 + i] in set KEYS[i] to ARGV[1] (again, if Redis lost it); ARGV[2]: the sets' TTL. */
const LEASE_RENEW = `
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[1], ARGV[2 + i])
  redis.call('EXPIRE', KEYS[i], tonumber(ARGV[2]))
end
return #KEYS
`;

const leaseTakeScript = new RedisScript(LEASE_TAKE);
const leaseRenewScript = new RedisScript(LEASE_RENEW);

/** A lease set outlives its last lease by this much, then Redis drops it. */
const LEASE_SET_SPARE_SECONDS = 60;

/**
 * The analyst's concurrency leases in Redis, shared by every instance: a slot is taken atomically against the
 * organisation's ceiling and held while its process renews it; when the process stops, the slot comes back
 * as soon as the lease runs out. Each renewal also extends the claim rows' lease (one statement per process),
 * from which crash recovery decides which runs are abandoned. Unreachable: a claim answers 503 + Retry-After
 * and takes nothing; a renewal fails after extending the rows' lease, and puts the Redis leases back (a
 * sorted-set member added again) once Redis returns.
 */
export class RedisLeases implements AnalystLeases {
  readonly kind = "redis";
  private readonly rows = new DatabaseLeases();

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async running(_tx: SqlClient, orgId: string, now: number): Promise<number> {
    return this.call(() => this.client.zcount(this.key(orgId), now, "+inf"));
  }

  async take(_tx: SqlClient, orgId: string, runId: string, now: number, until: number, max: number | null) {
    const reply = await this.call(() =>
      leaseTakeScript.run(
        this.client,
        [this.key(orgId)],
        [now, until, max ?? -1, runId, until - now + LEASE_SET_SPARE_SECONDS],
      ),
    );
    return Number(reply) === 1;
  }

  async release(orgId: string, runId: string): Promise<void> {
    try {
      await this.client.zrem(this.key(orgId), runId);
    } catch (error) {
      // Nobody renews a released claim's lease: it runs out within the lease time and the slot comes back.
      logger.warn({ err: { message: (error as Error).message } }, "redis: could not free an analyst lease");
    }
  }

  async renew(sql: SqlClient, owner: string, now: number, until: number): Promise<number> {
    // The claim rows' lease first: recovery reads it, and it must not lapse while Redis is away.
    const held = await this.rows.renewHeld(sql, owner, until);
    if (held.length === 0) return 0;
    await this.call(() =>
      leaseRenewScript.run(
        this.client,
        held.map((c) => this.key(c.org_id)),
        [until, until - now + LEASE_SET_SPARE_SECONDS, ...held.map((c) => c.run_id)],
      ),
    );
    return held.length;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw serviceUnavailable("limits store (Redis)", REDIS_RETRY_AFTER, error);
    }
  }

  private key(orgId: string): string {
    return `${this.prefix}lease:${orgId}`;
  }
}
