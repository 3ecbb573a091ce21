import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../../src/store/connection.js";
import { createPool } from "../../../src/store/postgres/connection.js";
import { postgresClient } from "../../../src/store/postgres/sql-client.js";
import { type SqlClient, type Steps, sqlStep, toNumberedParameters } from "../../../src/store/sql-client.js";
import { HELD_LOCK_WAIT_MS, LOCK_WAIT_MS, sqliteClient } from "../../../src/store/sqlite/sql-client.js";
import { tempDb } from "../../helpers/db.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../../helpers/postgres.js";

describe("toNumberedParameters", () => {
  it("numbers ? outside literals, identifiers and comments", () => {
    expect(toNumberedParameters(`SELECT '?', "a?b", ? -- why?\n, ?`)).toBe(
      `SELECT '?', "a?b", $1 -- why?\n, $2`,
    );
    expect(toNumberedParameters("SELECT 'it''s ?' WHERE a = ?")).toBe("SELECT 'it''s ?' WHERE a = $1");
  });
  it("refuses a statement mixing styles", () => {
    expect(() => toNumberedParameters("SELECT $1, ?")).toThrow(/\? placeholders only/);
  });
});

const pgAvailable = postgresAvailability().available;

interface Engine {
  name: string;
  open(): Promise<{ client: SqlClient; close(): Promise<void> }>;
}

let server: TestPostgres | undefined;
const engines: Engine[] = [
  {
    name: "sqlite",
    async open() {
      const { db, dir } = tempDb();
      return {
        client: sqliteClient(db),
        close: async () => {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (pgAvailable)
  engines.push({
    name: "postgres",
    async open() {
      server ??= await startPostgres("crs_sql");
      const pool = createPool(server.url);
      await pool.query("DROP TABLE IF EXISTS t_items");
      return { client: postgresClient(pool), close: () => pool.end() };
    },
  });

afterAll(async () => {
  await server?.dispose();
});

describe.each(engines)("SqlClient on $name", (engine) => {
  let client: SqlClient;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, close } = await engine.open());
    await client.run("CREATE TABLE t_items (id TEXT PRIMARY KEY, n BIGINT NOT NULL, note TEXT)");
  });
  afterAll(() => close());

  it("reads, writes and counts changes with ? parameters", async () => {
    expect(await client.run("INSERT INTO t_items (id, n, note) VALUES (?, ?, ?)", ["a", 1, "x?"])).toEqual({
      changes: 1,
    });
    await client.run("INSERT INTO t_items (id, n, note) VALUES (?, ?, NULL)", ["b", 2]);
    expect(await client.get("SELECT id, n, note FROM t_items WHERE id = ?", ["a"])).toEqual({
      id: "a",
      n: 1,
      note: "x?",
    });
    expect(await client.get("SELECT id FROM t_items WHERE id = ?", ["none"])).toBeUndefined();
    expect(await client.all<{ id: string }>("SELECT id FROM t_items ORDER BY id")).toEqual([
      { id: "a" },
      { id: "b" },
    ]);
    const upsert =
      "INSERT INTO t_items (id, n) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET n = t_items.n + excluded.n RETURNING n";
    expect(await client.get(upsert, ["a", 5])).toEqual({ n: 6 });
    expect(await client.run("UPDATE t_items SET n = n + 1 WHERE n > ?", [0])).toEqual({ changes: 2 });
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await client.transaction(async (tx) => {
      await tx.run("INSERT INTO t_items (id, n) VALUES (?, ?)", ["c", 3]);
      // A nested transaction joins the outer one.
      await tx.transaction((inner) => inner.run("INSERT INTO t_items (id, n) VALUES (?, ?)", ["d", 4]));
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.run("INSERT INTO t_items (id, n) VALUES (?, ?)", ["e", 5]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const ids = await client.all<{ id: string }>("SELECT id FROM t_items WHERE id IN (?, ?, ?) ORDER BY id", [
      "c",
      "d",
      "e",
    ]);
    expect(ids.map((r) => r.id)).toEqual(["c", "d"]);
  });

  it("keeps concurrent read-modify-write transactions exact", async () => {
    await client.run("INSERT INTO t_items (id, n) VALUES (?, ?)", ["counter", 0]);
    const bump = () =>
      client.transaction(async (tx) => {
        const row = await tx.get<{ n: number }>(
          `SELECT n FROM t_items WHERE id = ?${tx.engine === "postgres" ? " FOR UPDATE" : ""}`,
          ["counter"],
        );
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.run("UPDATE t_items SET n = ? WHERE id = ?", [(row?.n ?? 0) + 1, "counter"]);
      });
    // Plain writes interleaved with the transactions must neither be lost nor land inside a rolled-back one.
    const plain = Array.from({ length: 10 }, (_, i) =>
      client.run("INSERT INTO t_items (id, n) VALUES (?, ?)", [`p${i}`, i]),
    );
    await Promise.all([...Array.from({ length: 20 }, bump), ...plain]);
    expect(await client.get("SELECT n FROM t_items WHERE id = ?", ["counter"])).toEqual({ n: 20 });
    expect(await client.get("SELECT count(*) AS c FROM t_items WHERE id LIKE 'p%'")).toEqual({ c: 10 });
  });

  it("runs an atomic body of yielded statements: exact, rolled back on a throw, joining a transaction", async () => {
    await client.run("INSERT INTO t_items (id, n) VALUES (?, ?)", ["atomic", 0]);
    function* bump(): Steps<number> {
      const row = yield* sqlStep.get<{ n: number }>(
        `SELECT n FROM t_items WHERE id = ?${client.engine === "postgres" ? " FOR UPDATE" : ""}`,
        ["atomic"],
      );
      const next = (row?.n ?? 0) + 1;
      yield* sqlStep.run("UPDATE t_items SET n = ? WHERE id = ?", [next, "atomic"]);
      return next;
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => client.atomic(bump())));
    expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await expect(
      client.atomic(
        (function* () {
          yield* sqlStep.run("UPDATE t_items SET n = 1000 WHERE id = ?", ["atomic"]);
          throw new Error("not this one");
        })(),
      ),
    ).rejects.toThrow("not this one");
    const inner = await client.transaction(async (tx) => {
      await tx.run("UPDATE t_items SET n = n + 1 WHERE id = ?", ["atomic"]);
      return tx.atomic(bump());
    });
    expect(inner).toBe(22);
    expect(await client.get("SELECT n FROM t_items WHERE id = ?", ["atomic"])).toEqual({ n: 22 });
  });

  it("on SQLite, nothing else of the process runs between an atomic body's statements", async () => {
    const order: string[] = [];
    const body = (function* () {
      order.push("begin");
      yield* sqlStep.get("SELECT 1 AS one");
      order.push("middle");
      yield* sqlStep.get("SELECT 1 AS one");
      order.push("end");
    })();
    const done = client.atomic(body);
    void Promise.resolve().then(() => order.push("another request"));
    await done;
    if (client.engine === "sqlite") expect(order).toEqual(["begin", "middle", "end", "another request"]);
    else expect(order).toContain("end");
  });
});

/** Runs `fn` on a SQLite file's connection with a second connection on the same file (another process's stand-in). */
async function besideAnotherConnection(fn: (db: Db, other: Db) => Promise<void>): Promise<void> {
  const { db, file, dir } = tempDb();
  const other = openDb(file);
  try {
    await fn(db, other);
  } finally {
    if (other.inTransaction) other.exec("ROLLBACK");
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lets the event loop turn `times` times (a process blocked in SQLite's busy handler would not). */
async function letTheLoopTurn(times: number): Promise<void> {
  for (let turns = 0; turns < times; turns += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe("SqlClient on sqlite, beside another process on the file", () => {
  it("waits for the other connection's write lock without blocking the event loop, then commits", () =>
    besideAnotherConnection(async (db, other) => {
      const client = sqliteClient(db);
      await client.run("CREATE TABLE t_lock (id TEXT PRIMARY KEY)");
      const busyTimeout = db.pragma("busy_timeout", { simple: true });
      other.exec("BEGIN IMMEDIATE");
      let done = false;
      const write = client
        .transaction((tx) => tx.run("INSERT INTO t_lock (id) VALUES (?)", ["x"]))
        .then(() => {
          done = true;
        });
      // The loop keeps turning while the transaction waits (busy_timeout would have slept the process).
      await letTheLoopTurn(50);
      expect(done).toBe(false);
      other.exec("COMMIT");
      await write;
      expect(done).toBe(true);
      expect(await client.get("SELECT id FROM t_lock")).toEqual({ id: "x" });
      // The connection's busy handler is as it was.
      expect(db.pragma("busy_timeout", { simple: true })).toBe(busyTimeout);
    }));
  it("a write outside a transaction waits the same way; a read never waits; a statement joins the owner's own transaction", () =>
    besideAnotherConnection(async (db, other) => {
      const client = sqliteClient(db);
      await client.run("CREATE TABLE t_alone (id TEXT PRIMARY KEY, n INTEGER NOT NULL)");
      await client.run("INSERT INTO t_alone (id, n) VALUES ('a', 0)");
      other.exec("BEGIN IMMEDIATE");
      other.prepare("UPDATE t_alone SET n = n + 10").run();
      // Autocommit UPDATE … RETURNING and INSERT: SQLite's busy handler would sleep the whole process here.
      const bumped = client.all<{ n: number }>("UPDATE t_alone SET n = n + 1 RETURNING n");
      const inserted = client.run("INSERT INTO t_alone (id, n) VALUES ('b', 1)");
      await letTheLoopTurn(50);
      // A read sees the last commit at once, even while the writes wait for the lock.
      expect(await client.get("SELECT n FROM t_alone WHERE id = 'a'")).toEqual({ n: 0 });
      other.exec("COMMIT");
      expect(await bumped).toEqual([{ n: 11 }]);
      expect(await inserted).toEqual({ changes: 1 });
      // A transaction the connection's owner opened itself (not through the client): the statement joins it.
      db.exec("BEGIN");
      await client.run("UPDATE t_alone SET n = 99 WHERE id = 'b'");
      db.exec("ROLLBACK");
      expect(await client.get("SELECT n FROM t_alone WHERE id = 'b'")).toEqual({ n: 1 });
    }));
  it(
    "a lock held past the wait: SQLITE_BUSY; later writes wait only briefly until the lock is taken again",
    () =>
      besideAnotherConnection(async (db, other) => {
        const client = sqliteClient(db);
        await client.run("CREATE TABLE t_held (id TEXT PRIMARY KEY)");
        other.exec("BEGIN IMMEDIATE");
        const insert = (id: string) => client.run("INSERT INTO t_held (id) VALUES (?)", [id]);
        await expect(insert("a")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
        // Not another full wait: each write behind a stuck writer would take LOCK_WAIT_MS in turn. (A 20× margin
        // between the two waits, not a timing figure.)
        const fullWait = new Promise<"full wait">((resolve) =>
          setTimeout(() => resolve("full wait"), LOCK_WAIT_MS),
        );
        const second = insert("b").then(
          () => "written",
          (error: { code?: string }) => error.code,
        );
        expect(await Promise.race([second, fullWait])).toBe("SQLITE_BUSY");
        expect(HELD_LOCK_WAIT_MS * 20).toBeLessThanOrEqual(LOCK_WAIT_MS);
        other.exec("ROLLBACK");
        await insert("c");
        // Taken again: a lock held for a moment is waited for as before.
        other.exec("BEGIN IMMEDIATE");
        const waiting = insert("d");
        await new Promise((resolve) => setTimeout(resolve, HELD_LOCK_WAIT_MS * 2));
        other.exec("COMMIT");
        await waiting;
        expect(await client.all("SELECT id FROM t_held ORDER BY id")).toEqual([{ id: "c" }, { id: "d" }]);
      }),
    LOCK_WAIT_MS * 3,
  );
});
