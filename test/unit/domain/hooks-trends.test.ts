import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { similarHooks } from "../../../src/domain/hooks/similar-hooks.js";
import { buildTrendReports } from "../../../src/domain/trends/build.js";
import { getTrend, listTrends } from "../../../src/domain/trends/reports.js";
import { DAY } from "../../../src/shared/clock.js";
import { HashingEmbedder } from "../../../src/store/hooks/embedder.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { computeHookNeighbors } from "../../../src/store/sqlite/hook-neighbors/index.js";
import { createSqliteStore } from "../../../src/store/sqlite/index.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tempDb } from "../../helpers/db.js";
import { buildCorpus, NOW, type VideoSpec } from "./corpus.js";

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe("similar hooks", () => {
  it("the embedder puts a paraphrase above an unrelated hook", async () => {
    const e = new HashingEmbedder();
    const base = e.embed("nobody tells you this about meal prep");
    const paraphrase = e.embed("the secret about meal prep no one mentions");
    const unrelated = e.embed("3 ways to style white sneakers");
    expect(cosine(base, paraphrase)).toBeGreaterThan(cosine(base, unrelated) + 0.3);
  });

  it("treats words that name Object.prototype members as plain words", async () => {
    const e = new HashingEmbedder();
    expect(e.keys("the constructor of this house")).toEqual(["constructor", "house"]);
    const v = e.embed("the constructor of this house");
    expect(cosine(v, v)).toBeCloseTo(1, 5);
  });

  let db: Db;
  beforeEach(async () => {
    db = tempDb().db;
    const hooks = [
      "nobody tells you this about meal prep",
      "the secret about meal prep no one mentions",
      "3 ways to style white sneakers",
      "why I stopped buying fast fashion",
      "POV: your cat judges your cooking",
      "stop making this budgeting mistake",
    ];
    buildCorpus(db, [
      ...hooks.map((hook, i) => ({ id: `h${i}`, author: "a", hook })),
      { id: "nohook", author: "a", hook: null },
    ]);
    computeHookNeighbors(db);
  });
  afterEach(() => db.close());

  it("similarHooks ranks the paraphrase first and excludes the video itself", async () => {
    const r = await similarHooks(createSqliteStore(db), "h0", 12);
    expect(r?.items[0]?.video.id).toBe("h1");
    expect(r?.items[0]?.hook_text).toBe("the secret about meal prep no one mentions");
    expect(r?.items.some((s) => s.video.id === "h0")).toBe(false);
    const sims = r?.items.map((s) => s.similarity) ?? [];
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    expect((await similarHooks(createSqliteStore(db), "h0", 1))?.items.length).toBe(1);
    expect((await similarHooks(createSqliteStore(db), "nohook", 5))?.items).toEqual([]);
    expect(await similarHooks(createSqliteStore(db), "missing", 5)).toBeNull();
  });

  it("recomputes only the videos asked for", async () => {
    db.prepare(
      "UPDATE videos SET hook_text = 'the hidden truth about meal prep nobody talks about' WHERE id = 'h3'",
    ).run();
    computeHookNeighbors(db, ["h3"]);
    expect((await similarHooks(createSqliteStore(db), "h3", 3))?.items.map((s) => s.video.id)).toContain(
      "h0",
    );
  });
});

describe("trend reports", () => {
  let db: Db;
  beforeEach(async () => {
    db = tempDb().db;
    const specs: VideoSpec[] = [];
    // #glowup rises: 6 videos this week, 1 the week before; #oldnews falls.
    for (let i = 0; i < 6; i++)
      specs.push({
        id: `g${i}`,
        author: "a",
        hashtags: ["glowup"],
        ageHours: 24 + i * 10,
        plays: 1000 * (i + 1),
        musicId: "s1",
        hook: "wait for it",
        hookType: "suspense",
      });
    specs.push({ id: "g-old", author: "a", hashtags: ["glowup"], ageHours: 24 * 10 });
    for (let i = 0; i < 5; i++)
      specs.push({ id: `o${i}`, author: "b", hashtags: ["oldnews"], ageHours: 24 * 9 + i });
    buildCorpus(db, specs);
    refreshScores(db, NOW);
  });
  afterEach(() => db.close());

  it("builds deterministic reports with figures and examples", async () => {
    const { reports } = await buildTrendReports(createSqliteStore(db), NOW);
    expect(reports).toBeGreaterThan(0);
    const list = await listTrends(createSqliteStore(db), { limit: 50 });
    expect(list.total).toBe(reports);
    const glowup = list.items.find((t) => t.kind === "hashtag" && t.subject === "glowup");
    expect(glowup?.signal).toMatchObject({ videos: 6, previous_videos: 1 });
    expect(list.items.some((t) => t.subject === "oldnews")).toBe(false);
    expect(list.items.some((t) => t.kind === "sound" && t.subject === "s1")).toBe(true);
    expect(list.items.some((t) => t.kind === "hook_pattern" && t.subject === "suspense")).toBe(true);
    const detail = glowup ? await getTrend(createSqliteStore(db), glowup.id) : null;
    expect(detail?.examples.length).toBe(5);
    expect(detail?.examples.every((e) => e.video.hashtags.includes("glowup"))).toBe(true);
    expect(Date.parse(detail?.period.end ?? "") / 1000).toBe(NOW);
    expect(Date.parse(detail?.period.start ?? "") / 1000).toBe(NOW - 7 * DAY);
    // Same corpus, same now: same ids.
    await buildTrendReports(createSqliteStore(db), NOW);
    expect((await listTrends(createSqliteStore(db), { limit: 50 })).items.map((t) => t.id)).toEqual(
      list.items.map((t) => t.id),
    );
    const p1 = await listTrends(createSqliteStore(db), { limit: 1 });
    expect((await listTrends(createSqliteStore(db), { limit: 1, after: p1.next })).items[0]?.id).not.toBe(
      p1.items[0]?.id,
    );
    expect(await getTrend(createSqliteStore(db), "nope")).toBeNull();
  });
});
