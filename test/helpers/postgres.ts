import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Db } from "../../src/store/connection.js";
import { copyVerified } from "../../src/store/postgres/from-sqlite.js";
import { migratePostgres } from "../../src/store/postgres/migrate.js";

/**
 * Real throwaway PostgreSQL servers for tests (Debian's `postgresql` package; no mocks): `initdb` into a
 * temporary directory, `pg_ctl start` listening only on a unix socket in that directory, one database.
 * Suites that need one call `postgresAvailability()`: the binaries missing skips them with a message, except
 * in CI, where it fails them. initdb refuses to run as root: as root, the cluster and the server belong to the
 * `postgres` system user (the Debian package creates it; it is created here when missing).
 */

/** The directory holding initdb, pg_ctl and postgres: PATH first, then /usr/lib/postgresql/<newest>/bin. */
export function postgresBinDir(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  }
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, "bin");
    if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  }
  return undefined;
}

export function postgresAvailability(): { available: boolean; reason?: string } {
  if (postgresBinDir()) return { available: true };
  if (process.env.CI)
    throw new Error(
      "PostgreSQL (initdb, pg_ctl) is not installed, and CI is set: the PostgreSQL suites must run (apt-get install postgresql)",
    );
  const reason =
    "PostgreSQL (initdb, pg_ctl) is not installed (apt-get install postgresql): PostgreSQL suites skipped";
  process.stderr.write(`SKIPPED: ${reason}\n`);
  return { available: false, reason };
}

export interface TestPostgres {
  /** postgres://postgres@localhost/<db>?host=<socket dir>: the form `crs migrate --to` and CRS_DB accept. */
  url: string;
  /** The socket directory (also the cluster's parent directory). */
  dir: string;
  database: string;
  /** Stops the server (fast shutdown); the cluster stays. */
  stop(): Promise<void>;
  /** Starts it again on the same socket, with its data. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
  /** Creates another empty database on the same server and returns its URL. */
  createDatabase(name: string): Promise<string>;
}

/** The uid/gid the cluster runs as: ours, or (as root) the postgres system user's. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  let id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  if (id.status !== 0) {
    const made = spawnSync(
      "useradd",
      ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
      {
        encoding: "utf8",
      },
    );
    if (made.status !== 0) throw new Error(`cannot create the postgres system user: ${made.stderr.trim()}`);
    id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  }
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined, cwd: string): void {
  const result = spawnSync(bin, args, {
    encoding: "utf8",
    cwd,
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status !== 0)
    throw new Error(
      `${bin} ${args[0]} failed (${result.status}): ${(result.stderr || result.stdout).trim()}`,
    );
}

/** `initdb` + `pg_ctl start` into a new temporary directory; resolves once the database accepts connections. */
export async function startPostgres(database = "crs"): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL binaries not found (apt-get install postgresql)");
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), "crs-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  run(
    join(bin, "initdb"),
    [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ],
    user,
    dir,
  );
  // Speed over durability: a test cluster is thrown away.
  writeFileSync(
    join(data, "postgresql.auto.conf"),
    [
      "listen_addresses = ''",
      `unix_socket_directories = '${dir}'`,
      "fsync = off",
      "synchronous_commit = off",
      "full_page_writes = off",
      "shared_buffers = 32MB",
      "max_connections = 40",
      "max_wal_size = 1GB",
      "",
    ].join("\n"),
  );
  if (user) chownSync(join(data, "postgresql.auto.conf"), user.uid, user.gid);
  const ctl = join(bin, "pg_ctl");
  const start = async () => run(ctl, ["start", "-D", data, "-l", log, "-w", "-t", "30", "-s"], user, dir);
  const stop = async () => {
    if (!existsSync(join(data, "postmaster.pid"))) return;
    run(ctl, ["stop", "-D", data, "-m", "fast", "-w", "-t", "30", "-s"], user, dir);
  };
  const urlOf = (name: string) => `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}`;
  const createDatabase = async (name: string): Promise<string> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return urlOf(name);
  };
  await start();
  const url = await createDatabase(database);
  return {
    url,
    dir,
    database,
    stop,
    start,
    createDatabase,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives the empty database behind `pool` the CRS schema and a verified copy of `db` (the path of `crs init`
 * into PostgreSQL: migrate, then copy and check table by table), so both stores hold the same rows.
 */
export async function seedFromSqlite(db: Db, pool: pg.Pool): Promise<void> {
  await migratePostgres(pool);
  const client = await pool.connect();
  try {
    await copyVerified(db, client);
  } finally {
    client.release();
  }
}
