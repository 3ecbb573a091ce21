import { describe, expect, it } from "vitest";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter, type StatsInput, type VideoInput } from "../../../src/store/sqlite/corpus-writer.js";
import { tempDb } from "../../helpers/db.js";

const NOW = 1_718_000_000;

function video(id: string): VideoInput {
  return {
    id,
    caption: `caption ${id}`,
    hookText: null,
    transcript: null,
    createdAt: NOW - 3600,
    mediaType: "video",
    region: null,
    language: null,
    durationS: null,
    musicId: null,
    musicTitle: null,
    musicAuthor: null,
    hashtags: [],
    authorUid: "u1",
    advertiserId: null,
    platformAd: null,
    platformAdEvidence: null,
    url: null,
    source: "jsonl",
  };
}

const stats = (plays: number, observedAt = NOW): StatsInput => ({
  observedAt,
  plays,
  likes: 1,
  comments: 2,
  shares: 3,
  saves: 4,
});

function setup(): { db: Db; writer: CorpusWriter } {
  const { db } = tempDb();
  const writer = new CorpusWriter(db);
  writer.upsertCreator(
    { uid: "u1", handle: "h", nickname: "", followers: null, verified: false, region: null, observedAt: NOW },
    NOW,
  );
  return { db, writer };
}

const snapshots = (db: Db) =>
  db
    .prepare("SELECT video_id, observed_at, plays, saves FROM video_stats ORDER BY video_id, observed_at")
    .all();

describe("CorpusWriter first snapshots", () => {
  it("a batch writes each new video's first snapshot; outside a batch it is written at once", () => {
    const { db, writer } = setup();
    writer.upsertVideo(video("a"), NOW, stats(10));
    expect(snapshots(db)).toEqual([{ video_id: "a", observed_at: NOW, plays: 10, saves: 4 }]);
    writer.batch(() => {
      writer.upsertVideo(video("b"), NOW, stats(20));
      writer.upsertVideo(video("c"), NOW); // no figures: no snapshot
      writer.upsertVideo(video("d"), NOW, stats(40));
    });
    expect(snapshots(db)).toEqual([
      { video_id: "a", observed_at: NOW, plays: 10, saves: 4 },
      { video_id: "b", observed_at: NOW, plays: 20, saves: 4 },
      { video_id: "d", observed_at: NOW, plays: 40, saves: 4 },
    ]);
  });

  it("a later snapshot of a video inserted in the same batch sees its first one", () => {
    const { db, writer } = setup();
    writer.batch(() => {
      writer.upsertVideo(video("a"), NOW, stats(10));
      expect(writer.addSnapshot("a", stats(10, NOW + 60))).toBe(false); // same figures: nothing new
      expect(writer.addSnapshot("a", stats(15, NOW + 120))).toBe(true);
    });
    expect(snapshots(db)).toEqual([
      { video_id: "a", observed_at: NOW, plays: 10, saves: 4 },
      { video_id: "a", observed_at: NOW + 120, plays: 15, saves: 4 },
    ]);
    expect(db.prepare("SELECT plays, stats_at FROM videos WHERE id = 'a'").get()).toEqual({
      plays: 15,
      stats_at: NOW + 120,
    });
  });

  it("a failed batch leaves nothing pending for the next one", () => {
    const { db, writer } = setup();
    expect(() =>
      writer.batch(() => {
        writer.upsertVideo(video("a"), NOW, stats(10));
        throw new Error("boom");
      }),
    ).toThrow("boom");
    writer.batch(() => {
      writer.upsertVideo(video("b"), NOW, stats(20));
    });
    expect(snapshots(db)).toEqual([{ video_id: "b", observed_at: NOW, plays: 20, saves: 4 }]);
    expect(writer.storedVideos(["a", "b"]).size).toBe(1);
  });
});
