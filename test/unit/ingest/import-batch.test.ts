import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { importState } from "../../helpers/import-state.js";

const NOW = 1_718_000_000;

function record(id: string, plays: number, caption = `caption of ${id}`, observedAt?: number): string {
  return JSON.stringify({
    id,
    caption,
    created_at: 1_717_000_000,
    hashtags: ["tag"],
    author: { uid: `69${id}`, handle: `h${id}` },
    stats: { plays, likes: 1, comments: 0, shares: 0, observed_at: observedAt },
  });
}

/** A file where ids repeat (unchanged, with new stats, with a new caption) and some lines are bad. */
const MIXED = [
  record("1", 10),
  record("2", 20),
  record("1", 10), // the same observation again
  record("3", 30, "before"),
  "{not json",
  record("2", 25, "caption of 2", NOW + 60), // a later observation
  record("3", 30, "after"), // the caption changed, the figures did not
  JSON.stringify({ id: "4", caption: "no author" }),
  record("5", 50),
].join("\n");

const state = (db: Db) => importState(db, "after");

async function importMixed(batchSize: number, bulk = false) {
  const { db, dir } = tempDb();
  const file = join(dir, "mixed.jsonl");
  writeFileSync(file, MIXED);
  const summary = await importFile(db, file, { now: NOW, batchSize, bulk });
  return { db, summary, rejects: readFileSync(`${file}.rejects.jsonl`, "utf8") };
}

describe("batched writes", () => {
  it("a repeated id inside one batch lands exactly as it does across batches", async () => {
    const one = await importMixed(1);
    const all = await importMixed(5000);
    expect(all.summary).toMatchObject({ imported: 4, updated: 2, unchanged: 1, rejected: 2 });
    expect({ ...all.summary, file: "", rejectsFile: "" }).toEqual({
      ...one.summary,
      file: "",
      rejectsFile: "",
    });
    expect(state(all.db)).toEqual(state(one.db));
    expect(all.rejects).toBe(one.rejects);
  });

  it("a bulk load (no foreign key checks, deferred indexes) lands exactly as a plain import", async () => {
    const plain = await importMixed(3);
    const bulk = await importMixed(3, true);
    expect({ ...bulk.summary, file: "", rejectsFile: "" }).toEqual({
      ...plain.summary,
      file: "",
      rejectsFile: "",
    });
    expect(state(bulk.db)).toEqual(state(plain.db));
    expect(bulk.rejects).toBe(plain.rejects);
    expect(bulk.db.pragma("foreign_key_check")).toEqual([]);
    expect(bulk.db.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("every new video gets its first snapshot, equal to the figures on its row", async () => {
    const { db } = await importMixed(3);
    const rows = db
      .prepare(
        `SELECT v.id, v.plays, v.stats_at, count(s.video_id) AS snapshots FROM videos v
         LEFT JOIN video_stats s ON s.video_id = v.id GROUP BY v.id ORDER BY v.id`,
      )
      .all();
    expect(rows).toEqual([
      { id: "1", plays: 10, stats_at: NOW, snapshots: 1 },
      { id: "2", plays: 25, stats_at: NOW + 60, snapshots: 2 },
      { id: "3", plays: 30, stats_at: NOW, snapshots: 1 },
      { id: "5", plays: 50, stats_at: NOW, snapshots: 1 },
    ]);
  });

  it("CRLF and lone CR line ends number lines as LF does", async () => {
    const lines = [record("1", 1), "{bad", record("2", 2), "[1", record("3", 3)];
    const rejectsOf = async (separator: string) => {
      const { db, dir } = tempDb();
      const file = join(dir, "lines.jsonl");
      writeFileSync(file, `\uFEFF${lines.join(separator)}${separator}`);
      const summary = await importFile(db, file, { now: NOW });
      expect(summary.imported).toBe(3);
      return readFileSync(`${file}.rejects.jsonl`, "utf8")
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { line: number }).line);
    };
    expect(await rejectsOf("\n")).toEqual([2, 4]);
    expect(await rejectsOf("\r\n")).toEqual([2, 4]);
    expect(await rejectsOf("\r")).toEqual([2, 4]);
  });
});
