import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyVideos } from "../../../src/ingest/classify/index.js";
import { classifyViralHook, median } from "../../../src/ingest/classify/viral-hook.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter, type VideoInput } from "../../../src/store/sqlite/corpus-writer.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_760_000_000;
let db: Db;
let dir: string;

beforeEach(() => {
  ({ db, dir } = tempDb());
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function video(id: string, overrides: Partial<VideoInput> = {}): VideoInput {
  return {
    id,
    caption: "weekend at the lake #fyp",
    hookText: null,
    transcript: null,
    createdAt: NOW - 10 * 86_400,
    mediaType: "video",
    region: "US",
    language: "en",
    durationS: 20,
    musicId: null,
    musicTitle: null,
    musicAuthor: null,
    hashtags: ["fyp"],
    authorUid: "7000000000000000001",
    advertiserId: null,
    platformAd: null,
    platformAdEvidence: null,
    url: null,
    source: "test",
    ...overrides,
  };
}

/** One creator with four ordinary videos (1 000 plays) and one hooked video at `hitPlays`. */
function seedCreator(hitPlays: number, hitHook: string | null = "Nobody tells you this about lakes"): void {
  const writer = new CorpusWriter(db);
  writer.batch(() => {
    writer.upsertCreator(
      {
        uid: "7000000000000000001",
        handle: "lakeside",
        nickname: "Lake",
        followers: 5_000,
        verified: false,
        region: "US",
        observedAt: NOW - 30 * 86_400,
      },
      NOW,
    );
    const plays = [900, 1_000, 1_000, 1_100, hitPlays];
    plays.forEach((p, i) => {
      const id = `70000000000000000${10 + i}`;
      writer.upsertVideo(
        video(id, i === 4 ? { hookText: hitHook } : { hookText: "Why is this lake so blue?" }),
        NOW,
      );
      writer.addSnapshotsFresh(id, [
        { observedAt: NOW, plays: p, likes: 0, comments: 0, shares: 0, saves: 0 },
      ]);
    });
  });
}

const labelOf = (id: string, label: string) =>
  db
    .prepare(
      "SELECT value, confidence, model_version AS model, evidence FROM labels WHERE video_id = ? AND label = ?",
    )
    .get(id, label) as {
    value: string;
    confidence: number;
    model: string;
    evidence: string;
  };

describe("classifyVideos", () => {
  it("marks a hooked video far above its creator's median as a viral hook", () => {
    seedCreator(12_000);
    expect(classifyVideos(db, NOW)).toEqual({ labelled: 5 });
    const hit = labelOf("7000000000000000014", "viral_hook");
    expect(hit.value).toBe("yes");
    expect(hit.confidence).toBeCloseTo(0.5 + 0.5 * (1 - 3 / 12), 2);
    expect(hit.evidence).toMatch(/secret hook; 12000 plays = 12\.0× creator median 1000 over 5 videos/);
    expect(labelOf("7000000000000000014", "hook").value).toBe("secret");
    expect(labelOf("7000000000000000010", "viral_hook").value).toBe("no");
    const row = db
      .prepare("SELECT label_viral_hook, label_hook, hook_type FROM videos WHERE id = '7000000000000000014'")
      .get();
    expect(row).toEqual({ label_viral_hook: 1, label_hook: 1, hook_type: "secret" });
  });

  it("needs a hook and a 3× lead", () => {
    seedCreator(2_500);
    classifyVideos(db, NOW);
    expect(labelOf("7000000000000000014", "viral_hook").value).toBe("no");
    db.prepare("DELETE FROM videos").run();
    seedCreator(50_000, null);
    classifyVideos(db, NOW);
    expect(labelOf("7000000000000000014", "viral_hook")).toMatchObject({
      value: "no",
      evidence: "no opening hook",
    });
  });

  it("prefers the platform flag to the text model", () => {
    seedCreator(1_000);
    const writer = new CorpusWriter(db);
    writer.batch(() => {
      writer.upsertVideo(
        video("7000000000000000020", {
          caption: "#ad shop now",
          hashtags: ["ad"],
          platformAd: false,
          platformAdEvidence: "isAd=false",
        }),
        NOW,
      );
      writer.upsertVideo(
        // As the importer records it ("platform flag …"): said once in the label.
        video("7000000000000000021", {
          platformAd: true,
          platformAdEvidence: "platform flag isSponsored=true",
        }),
        NOW,
      );
      writer.upsertVideo(
        video("7000000000000000022", { caption: "#ad use code LAKE10", hashtags: ["ad"] }),
        NOW,
      );
    });
    const result = classifyVideos(db, NOW, [
      "7000000000000000020",
      "7000000000000000021",
      "7000000000000000022",
    ]);
    expect(result).toEqual({ labelled: 3 });
    expect(labelOf("7000000000000000020", "ad")).toEqual({
      value: "no",
      confidence: 0.99,
      model: "platform-flag-v1",
      evidence: "platform flag: isAd=false",
    });
    expect(labelOf("7000000000000000021", "ad")).toMatchObject({
      value: "yes",
      model: "platform-flag-v1",
      evidence: "platform flag: isSponsored=true",
    });
    expect(labelOf("7000000000000000022", "ad")).toMatchObject({ value: "yes", model: "ad-signals-v1" });
    // Only the given videos were labelled.
    expect(db.prepare("SELECT count(DISTINCT video_id) AS n FROM labels").get()).toEqual({ n: 3 });
    expect(db.prepare("SELECT label_ad FROM videos WHERE id = '7000000000000000021'").get()).toEqual({
      label_ad: 1,
    });
  });

  it("re-runs write only the labels that changed", () => {
    seedCreator(12_000);
    classifyVideos(db, NOW);
    classifyVideos(db, NOW + 60);
    const times = db.prepare("SELECT DISTINCT observed_at FROM labels").pluck().all();
    expect(times).toEqual([NOW]);
    const writer = new CorpusWriter(db);
    writer.batch(() =>
      writer.upsertVideo(
        video("7000000000000000010", {
          caption: "#ad love it",
          hashtags: ["ad"],
          hookText: "Why is this lake so blue?",
        }),
        NOW,
      ),
    );
    classifyVideos(db, NOW + 120, ["7000000000000000010"]);
    expect(labelOf("7000000000000000010", "ad").value).toBe("yes");
    // The ad label and the branded observation changed; hook and viral_hook did not.
    expect(
      db
        .prepare("SELECT label FROM labels WHERE observed_at = ? ORDER BY label")
        .pluck()
        .all(NOW + 120),
    ).toEqual(["ad", "branded"]);
  });

  it("labels a whole generated corpus with evidence and confidence in range", () => {
    generateCorpus(db, { videos: 2_000, seed: 3, now: NOW });
    expect(classifyVideos(db, NOW)).toEqual({ labelled: 2_000 });
    const stats = db
      .prepare(
        `SELECT count(*) AS n, min(confidence) AS lo, max(confidence) AS hi, sum(evidence = '') AS blank,
                count(DISTINCT label) AS labels FROM labels`,
      )
      .get() as { n: number; lo: number; hi: number; blank: number; labels: number };
    expect(stats).toMatchObject({ n: 8_000, blank: 0, labels: 4 });
    expect(stats.lo).toBeGreaterThanOrEqual(0);
    expect(stats.hi).toBeLessThanOrEqual(1);
    const flags = db
      .prepare(
        "SELECT avg(label_ad) AS ad, avg(label_hook) AS hook, sum(label_viral_hook) AS viral FROM videos",
      )
      .get() as { ad: number; hook: number; viral: number };
    expect(flags.ad).toBeGreaterThan(0.1);
    expect(flags.ad).toBeLessThan(0.35);
    expect(flags.hook).toBeGreaterThan(0.6);
    expect(flags.hook).toBeLessThan(0.7);
    expect(flags.viral).toBeGreaterThan(5);
    // The platform flag decides wherever the record had one.
    const disagreements = db
      .prepare("SELECT count(*) AS n FROM videos WHERE platform_ad IS NOT NULL AND platform_ad <> label_ad")
      .get() as { n: number };
    expect(disagreements.n).toBe(0);
  });
});

describe("viral hook definition", () => {
  it("uses the creator median over at least three videos", () => {
    expect(median([1, 3, 2])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(classifyViralHook("question", 3_000, { medianPlays: 1_000, videos: 3 }).value).toBe("yes");
    expect(classifyViralHook("question", 2_999, { medianPlays: 1_000, videos: 3 }).value).toBe("no");
    expect(classifyViralHook("question", 90_000, { medianPlays: 1_000, videos: 2 })).toMatchObject({
      value: "no",
      confidence: 0.6,
    });
    expect(classifyViralHook("question", 30_000, { medianPlays: 1_000, videos: 9 }).confidence).toBeCloseTo(
      0.95,
      3,
    );
  });
});
