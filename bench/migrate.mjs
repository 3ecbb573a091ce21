// `crs migrate` throughput: an embedded deployment (SQLite) copied into PostgreSQL with COPY, then verified.
// Prints the videos table's COPY rate (records/s; the floor is 20 000/s), the whole load (every
// table), the index and foreign-key rebuild, and the verification (counts + checksums of every table).
// Usage: npm run build && node bench/migrate.mjs [--db FILE | --videos N] [--pg URL] [--runs R] [--dist DIR]
//   --db FILE   an existing CRS SQLite file; without it, `crs init --videos N` (default 20 000) makes one
//   --pg URL    an empty PostgreSQL database (each run replaces its content); without it, a throwaway
//               cluster is started (initdb + pg_ctl from Debian's postgresql package) and removed after
//   --runs R    repeat the copy R times (default 3) and report each run and the best
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    videos: { type: "string", default: "20000" },
    pg: { type: "string" },
    runs: { type: "string", default: "3" },
    dist: { type: "string", default: "dist" },
  },
});
const dist = resolve(values.dist);
const Database = (await import(join(dist, "store/sqlite/driver.js"))).default;
const { connectPool, describeUrl } = await import(join(dist, "store/postgres/connection.js"));
const { migratePostgres } = await import(join(dist, "store/postgres/migrate.js"));
const { copyAll, verifyAll, REBUILD } = await import(join(dist, "store/postgres/from-sqlite.js"));

const cleanup = [];
const log = (line) => process.stderr.write(`${line}\n`);

function run(bin, args, options = {}) {
  const result = spawnSync(bin, args, { encoding: "utf8", ...options });
  if (result.status !== 0)
    throw new Error(`${bin} ${args.join(" ")}: ${(result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

/** A throwaway cluster on a unix socket (as the postgres user when root, as initdb requires). */
function startCluster() {
  const pathDirs = (process.env.PATH ?? "").split(":");
  let bin = pathDirs.find((d) => d && existsSync(join(d, "initdb")) && existsSync(join(d, "pg_ctl")));
  if (!bin && existsSync("/usr/lib/postgresql")) {
    const version = readdirSync("/usr/lib/postgresql")
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .find((v) => existsSync(join("/usr/lib/postgresql", v, "bin", "initdb")));
    if (version) bin = join("/usr/lib/postgresql", version, "bin");
  }
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql), or give --pg URL");
  const dir = mkdtempSync(join(tmpdir(), "crs-bench-pg-"));
  let user = {};
  if (process.getuid?.() === 0) {
    const uid = Number(run("id", ["-u", "postgres"]).trim());
    const gid = Number(run("id", ["-g", "postgres"]).trim());
    user = { uid, gid };
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  run(
    join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    {
      ...user,
      cwd: dir,
    },
  );
  // Durability as a production server has it (fsync on), memory a small server would give.
  writeFileSync(
    join(data, "postgresql.auto.conf"),
    `listen_addresses = ''\nunix_socket_directories = '${dir}'\nshared_buffers = 256MB\nmax_wal_size = 2GB\n`,
  );
  if (user.uid !== undefined) chownSync(join(data, "postgresql.auto.conf"), user.uid, user.gid);
  run(join(bin, "pg_ctl"), ["start", "-D", data, "-l", join(dir, "log"), "-w", "-s"], { ...user, cwd: dir });
  cleanup.push(() => {
    run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w", "-s"], { ...user, cwd: dir });
    rmSync(dir, { recursive: true, force: true });
  });
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
}

try {
  let file = values.db;
  if (!file) {
    const dir = mkdtempSync(join(tmpdir(), "crs-bench-migrate-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    file = join(dir, "crs.sqlite");
    log(`bench/migrate: crs init --videos ${values.videos} …`);
    run(process.execPath, [join(dist, "cli.js"), "init", "--db", file, "--videos", values.videos, "--json"]);
  }
  const url = values.pg ?? startCluster();
  const pool = await connectPool(url, { max: 1 });
  await migratePostgres(pool);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const runs = [];
  for (let i = 0; i < Number(values.runs); i += 1) {
    const client = await pool.connect();
    try {
      db.exec("BEGIN");
      const started = process.hrtime.bigint();
      const copied = await copyAll(db, client, { force: true });
      const copySeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const verifyStarted = process.hrtime.bigint();
      const checks = await verifyAll(db, client);
      const verifySeconds = Number(process.hrtime.bigint() - verifyStarted) / 1e9;
      db.exec("COMMIT");
      const videos = copied.find((c) => c.table === "videos");
      const rebuild = copied.find((c) => c.table === REBUILD);
      const rows = copied.filter((c) => c.table !== REBUILD).reduce((n, c) => n + c.rows, 0);
      const result = {
        run: i + 1,
        videos: videos.rows,
        videos_copy_seconds: Number(videos.seconds.toFixed(3)),
        videos_records_per_s: Math.round(videos.rows / videos.seconds),
        all_rows: rows,
        load_seconds: Number(copySeconds.toFixed(3)),
        all_rows_per_s: Math.round(rows / copySeconds),
        index_rebuild_seconds: Number(rebuild.seconds.toFixed(3)),
        verify_seconds: Number(verifySeconds.toFixed(3)),
        verified: checks.every((c) => c.ok),
      };
      runs.push(result);
      log(
        `run ${i + 1}: videos ${result.videos} in ${result.videos_copy_seconds}s = ${result.videos_records_per_s} records/s; ` +
          `all ${rows} rows in ${result.load_seconds}s (${result.all_rows_per_s}/s, incl. ${result.index_rebuild_seconds}s of indexes); ` +
          `verify ${result.verify_seconds}s ${result.verified ? "ok" : "MISMATCH"}`,
      );
    } finally {
      if (db.inTransaction) db.exec("ROLLBACK");
      client.release();
    }
  }
  db.close();
  await pool.end();
  const best = runs.reduce((a, b) => (b.videos_records_per_s > a.videos_records_per_s ? b : a));
  process.stdout.write(
    `${JSON.stringify({ bench: "migrate", db: file, pg: describeUrl(url), floor_records_per_s: 20000, best, runs })}\n`,
  );
} finally {
  for (const step of cleanup.reverse()) {
    try {
      step();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
}
