import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { checkStartSettings, type RunningServer, startServer } from "../app/server.js";
import type { Config } from "../config/index.js";
import { type InitResult, initDatabase } from "../ingest/init.js";
import { systemClock } from "../shared/clock.js";
import { logger } from "../shared/log.js";
import { isEmptyDatabase } from "../store/empty.js";
import { describeUrl, isPostgresUrl } from "../store/postgres/url.js";
import { resolveSecret } from "../store/secret.js";
import type { Db } from "../store/sqlite/connection.js";
import { sqliteClient } from "../store/sqlite/sql-client.js";
import { CliError, commandConfig, parseCommand } from "./common.js";
import { openForCommand } from "./open-backend.js";

const DEFAULT_VIDEOS = 20_000;
const DEFAULT_SEED = 42;
const MAX_WORKERS = 64;

/** `crs serve`: on an empty database it runs `init` first (corpus + first key, printed once). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(
    args,
    {
      host: { type: "string" },
      port: { type: "string" },
      "public-url": { type: "string" },
      workers: { type: "string" },
    },
    false,
  );
  if (values.help) {
    process.stdout.write(
      "usage: crs serve [--host H] [--port P] [--db FILE] [--public-url URL] [--config FILE] [--workers N]\n" +
        "  --workers N  processes sharing the port and every limit (default: the number of cores; 1 = one process)\n",
    );
    return 0;
  }
  const workers = parseWorkers(values.workers);
  const config = commandConfig(values, {
    host: values.host,
    port: values.port,
    publicUrl: values["public-url"],
  });
  if (cluster.isWorker) return serveWorker(config);
  try {
    checkStartSettings(config);
  } catch (error) {
    // A setting that cannot work: one line, before anything starts.
    throw new CliError((error as Error).message);
  }
  await initIfEmpty(config);
  if (workers === 1) return serveOne(config);
  return supervise(workers);
}

function parseWorkers(value: string | undefined): number {
  if (value === undefined) return Math.max(1, availableParallelism());
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new CliError(`--workers must be a whole number from 1 to ${MAX_WORKERS}; got '${value}'.`);
  return n;
}

/** Init runs once, in the primary, before any worker exists. */
async function initIfEmpty(config: Config): Promise<void> {
  const postgres = isPostgresUrl(config.db);
  const backend = await openForCommand(config.db);
  const empty = await isEmptyDatabase(backend.sql).finally(async () => {
    if (postgres) await backend.close();
  });
  if (!empty) {
    if (!postgres) await backend.close();
    return;
  }
  const where = postgres ? describeUrl(config.db) : config.db;
  process.stderr.write(
    `crs: empty database ${where}: creating the embedded corpus (${DEFAULT_VIDEOS} videos)…\n`,
  );
  const options = { videos: DEFAULT_VIDEOS, seed: DEFAULT_SEED, now: systemClock.nowSeconds() };
  let result: InitResult;
  if (postgres) {
    // Loaded only here: a start on SQLite does not load the PostgreSQL driver.
    const { initPostgres, TargetNotEmptyError } = await import("../ingest/init-postgres.js");
    try {
      result = await initPostgres(config.db, { ...options, secret: config.secret });
    } catch (error) {
      // Another instance started on the same empty database and finished first: serve what it wrote.
      if (error instanceof TargetNotEmptyError) return;
      throw error;
    }
  } else {
    const db = backend.db as Db;
    try {
      result = await initDatabase(db, { ...options, secret: await resolveSecret(sqliteClient(db), config) });
    } finally {
      await backend.close();
    }
  }
  process.stdout.write(
    `API key for admin@localhost in organisation "default" (shown once, keep it):\n${result.key.secret}\n`,
  );
}

/** One process: today's server, until SIGINT/SIGTERM. */
async function serveOne(config: Config): Promise<number> {
  const server = await startServer(config);
  process.stderr.write(`crs: serving ${server.url} (REST ${server.url}/v1, MCP ${server.url}/mcp)\n`);
  await untilStopped(server);
  return 0;
}

/** A worker: the same server on the port the primary shares; tells the primary when it listens. */
async function serveWorker(config: Config): Promise<number> {
  // The primary is gone (killed): stop at once, as the primary did; the runs this worker held are recovered
  // by the next server from their leases.
  process.on("disconnect", () => process.exit(1));
  const server = await startServer(config);
  process.send?.({ type: "crs:listening", url: server.url });
  await untilStopped(server);
  process.removeAllListeners("disconnect");
  process.disconnect?.();
  return 0;
}

function untilStopped(server: RunningServer): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, "shutting down");
      void server.close().then(() => resolve());
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
}

/**
 * The primary of `--workers N`: forks N workers that share the listen port (node:cluster hands connections
 * round-robin) and every limit (they live in the database file or Redis, never in a worker's memory). A worker
 * that dies is replaced; one that dies before it ever listened stops the service (it would fail again).
 */
async function supervise(count: number): Promise<number> {
  let stopping = false;
  let announced = false;
  let failure: string | undefined;
  const listening = new Set<number>();
  const alive = new Set<number>();
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker.id);
    worker.on("message", (message: { type?: string; url?: string }) => {
      if (message?.type !== "crs:listening" || !worker.process.pid) return;
      listening.add(worker.process.pid);
      if (announced) process.stderr.write(`crs: worker ${worker.process.pid} (replacement) listening\n`);
      if (!announced && listening.size >= count) {
        announced = true;
        const url = message.url ?? "";
        process.stderr.write(
          `crs: serving ${url} (REST ${url}/v1, MCP ${url}/mcp) with ${count} workers (primary pid ${process.pid})\n`,
        );
      }
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const pid = worker.process.pid ?? 0;
    const wasListening = listening.delete(pid);
    alive.delete(worker.id);
    if (stopping) {
      if (alive.size === 0) finish(failure ? 1 : 0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!wasListening) {
      failure = `worker ${pid} exited (${how}) before it listened; stopping`;
      process.stderr.write(`crs: ${failure}\n`);
      stop();
      return;
    }
    process.stderr.write(`crs: worker ${pid} exited (${how}); starting a replacement\n`);
    fork();
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) finish(failure ? 1 : 0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  for (let i = 0; i < count; i += 1) fork();
  return done;
}
