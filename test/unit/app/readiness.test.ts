import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, openBackend } from "../../../src/app/backend.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { type Db, openDb } from "../../../src/store/sqlite/connection.js";
import { tempDb } from "../../helpers/db.js";
import { NOW } from "../domain/corpus.js";

// With `--workers 2` the other process commits all the time (limit counters, lease upkeep): readiness takes the
// write lock, and a lock a peer holds for a moment must not read as "cannot take writes".
describe("readiness of a SQLite deployment", () => {
  let base: { db: Db; file: string; dir: string };
  let backend: Backend;

  beforeAll(async () => {
    base = tempDb();
    generateCorpus(base.db, { videos: 50, seed: 3, now: NOW });
    base.db.close();
    backend = await openBackend(base.file);
  });
  afterAll(async () => {
    await backend.close();
    rmSync(base.dir, { recursive: true, force: true });
  });

  it("is ready when another process holds the write lock for a moment", async () => {
    const peer = openDb(base.file);
    try {
      peer.exec("BEGIN IMMEDIATE");
      setTimeout(() => peer.exec("ROLLBACK"), 40);
      expect(await backend.ready()).toEqual({ ok: true, detail: "ok" });
    } finally {
      if (peer.inTransaction) peer.exec("ROLLBACK");
      peer.close();
    }
  });

  it("is not ready while another process keeps the write lock, and ready again once it lets go", async () => {
    const peer = openDb(base.file);
    try {
      peer.exec("BEGIN IMMEDIATE");
      expect(await backend.ready()).toEqual({ ok: false, detail: "SQLITE_BUSY" });
      peer.exec("ROLLBACK");
      expect(await backend.ready()).toEqual({ ok: true, detail: "ok" });
    } finally {
      if (peer.inTransaction) peer.exec("ROLLBACK");
      peer.close();
    }
  });
});
