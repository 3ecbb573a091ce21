import { rmSync } from "node:fs";
import type { Config } from "../config/index.js";
import { type InitOptions, type InitResult, type InitStage, initDatabase } from "../ingest/init.js";
import { initPostgres, TargetNotEmptyError } from "../ingest/init-postgres.js";
import { systemClock } from "../shared/clock.js";
import { isEmptyDatabase } from "../store/empty.js";
import { MigrateError } from "../store/postgres/from-sqlite.js";
import { describeUrl, isPostgresUrl, PostgresConnectionError } from "../store/postgres/url.js";
import { resolveSecret } from "../store/secret.js";
import { type Db, openDb } from "../store/sqlite/connection.js";
import { sqliteClient } from "../store/sqlite/sql-client.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";

const USAGE =
  "usage: crs init [--db FILE] [--videos N] [--seed S] [--empty] [--force] [--json]\n  --empty (or --videos 0): schema, organisation default, user admin@localhost and a key, no synthetic corpus (then crs import)\n";

function positiveInt(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new CliError(`--${name} must be an integer >= ${min}, got '${value}'`);
  }
  return Number(value);
}

/** `crs init`: schema + embedded corpus + org `default`, user `admin@localhost` and a key printed once. */
export async function run(args: string[]): Promise<number> {
  const { values } = parseCommand(
    args,
    {
      videos: { type: "string" },
      seed: { type: "string" },
      force: { type: "boolean", default: false },
      empty: { type: "boolean", default: false },
    },
    false,
  );
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.empty && values.videos !== undefined && values.videos !== "0")
    throw new CliError("--empty creates no synthetic corpus: drop --videos (or give --videos 0)");
  const videos = values.empty ? 0 : positiveInt(values.videos, "videos", 20_000, 0);
  const seed = positiveInt(values.seed, "seed", 42, 0);
  const config = commandConfig(values);
  if (config.db === ":memory:") throw new CliError("--db must be a file or a postgres:// URL for init");

  const postgres = isPostgresUrl(config.db);
  // Never the URL itself: it may carry a password.
  const where = postgres ? describeUrl(config.db) : config.db;
  let db: Db | null = null;
  if (!postgres) {
    db = openDb(config.db);
    if (!(await isEmptyDatabase(sqliteClient(db)))) {
      if (!values.force) {
        db.close();
        throw new CliError(`${where} already holds a corpus or organisations; use --force to start over`);
      }
      db.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${config.db}${suffix}`, { force: true });
      db = openDb(config.db);
    }
  }

  try {
    const started = Date.now();
    let lastStage: InitStage | null = null;
    // A terminal gets one line rewritten in place; a log (CI, a pipe) one line per tenth of the corpus.
    const tty = process.stderr.isTTY === true;
    let tenth = -1;
    const options = {
      videos,
      seed,
      now: systemClock.nowSeconds(),
      onProgress: (stage: InitStage, done: number, total: number) => {
        if (stage === "corpus") {
          if (tty) process.stderr.write(`\rcrs init: corpus ${done}/${total} videos\x1b[K`);
          else if (Math.floor((done * 10) / total) !== tenth) {
            tenth = Math.floor((done * 10) / total);
            process.stderr.write(`crs init: corpus ${done}/${total} videos\n`);
          }
        } else if (stage !== lastStage)
          process.stderr.write(`${lastStage === "corpus" && tty ? "\n" : ""}crs init: ${stage}…\n`);
        lastStage = stage;
      },
    };
    const result = db
      ? await initDatabase(db, { ...options, secret: await resolveSecret(sqliteClient(db), config) })
      : await initIntoPostgres(config.db, values.force, options, config);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = {
      db: where,
      seed,
      corpus: result.corpus,
      trend_reports: result.trendReports,
      key: result.key,
      seconds: Number(seconds),
    };
    const what =
      videos === 0
        ? "empty (no synthetic corpus): add real data with `crs import FILE…`, then `crs serve`"
        : `${result.corpus.videos} videos, ${result.corpus.creators} creators, ` +
          `${result.corpus.advertisers} advertisers, ${result.corpus.snapshots} snapshots, ${result.trendReports} trend reports (seed ${seed})`;
    output(
      Boolean(values.json),
      { ...summary, empty: videos === 0 },
      [
        `initialised ${where} in ${seconds}s: ${what}`,
        `API key for admin@localhost in organisation "default" (shown once, keep it; scopes ${result.key.scopes.join(",")}):`,
        result.key.secret,
      ].join("\n"),
    );
    return 0;
  } finally {
    db?.close();
  }
}

/** init into PostgreSQL (see initPostgres); the pepper is the configured one, else a new one copied along. */
async function initIntoPostgres(
  url: string,
  force: boolean,
  options: Omit<InitOptions, "secret">,
  config: Config,
): Promise<InitResult> {
  try {
    return await initPostgres(url, {
      ...options,
      force,
      secret: config.secret,
      onCopy: (table) => process.stderr.write(`crs init: copying ${table} to PostgreSQL…\n`),
    });
  } catch (error) {
    if (error instanceof TargetNotEmptyError)
      throw new CliError(
        `${describeUrl(url)} already holds a corpus or organisations; use --force to start over`,
      );
    if (error instanceof PostgresConnectionError || error instanceof MigrateError)
      throw new CliError(error.message, 1);
    throw error;
  }
}
