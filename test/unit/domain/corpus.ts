import { DAY, HOUR } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter, type VideoInput } from "../../../src/store/sqlite/corpus-writer.js";
import { refreshScores } from "../../../src/store/sqlite/refresh/scores.js";
import { tempDb } from "../../helpers/db.js";

export const NOW = 1_750_000_000;

export interface VideoSpec {
  id: string;
  author: string;
  caption?: string;
  hook?: string | null;
  hashtags?: string[];
  ageHours?: number;
  plays?: number;
  comments?: number;
  shares?: number;
  region?: string | null;
  language?: string | null;
  media?: "video" | "slideshow";
  advertiserId?: string | null;
  ad?: boolean;
  hookType?: string | null;
  viral?: boolean;
  musicId?: string | null;
  /** Plays at the earlier snapshots, oldest first (the last snapshot carries `plays`). */
  history?: { hoursAgo: number; plays: number }[];
}

/** Builds a small constructed corpus through the one write path (CorpusWriter). */
export function buildCorpus(
  db: Db,
  videos: VideoSpec[],
  creators: { uid: string; handle: string; nickname?: string; isHouse?: boolean }[] = [],
): CorpusWriter {
  const writer = new CorpusWriter(db);
  writer.batch(() => {
    const authors = new Set(videos.map((v) => v.author));
    for (const uid of authors) {
      const c = creators.find((x) => x.uid === uid);
      writer.upsertCreator(
        {
          uid,
          handle: c?.handle ?? `h_${uid}`,
          nickname: c?.nickname ?? `Nick ${uid}`,
          followers: 1000,
          verified: false,
          region: "US",
          observedAt: NOW - 90 * DAY,
          isHouse: c?.isHouse,
        },
        NOW,
      );
    }
    for (const v of videos) {
      const createdAt = NOW - (v.ageHours ?? 24 * 5) * HOUR;
      const input: VideoInput = {
        id: v.id,
        caption: v.caption ?? "",
        hookText: v.hook ?? null,
        transcript: null,
        createdAt,
        mediaType: v.media ?? "video",
        region: v.region === undefined ? "US" : v.region,
        language: v.language === undefined ? "en" : v.language,
        durationS: 20,
        musicId: v.musicId ?? null,
        musicTitle: v.musicId ? `Song ${v.musicId}` : null,
        musicAuthor: null,
        hashtags: v.hashtags ?? [],
        authorUid: v.author,
        advertiserId: v.advertiserId ?? null,
        platformAd: null,
        platformAdEvidence: null,
        url: null,
        source: "test",
      };
      // The writer starts stats_at at the write time; write "at publication" so the snapshots below win.
      writer.upsertVideo(input, createdAt);
      const plays = v.plays ?? 1000;
      const snaps = [
        ...(v.history ?? []).map((h) => ({ observedAt: NOW - h.hoursAgo * HOUR, plays: h.plays })),
        { observedAt: NOW - HOUR, plays },
      ];
      writer.addSnapshotsFresh(
        v.id,
        snaps.map((s) => ({
          observedAt: s.observedAt,
          plays: s.plays,
          likes: Math.round(s.plays / 10),
          comments: s.plays === plays ? (v.comments ?? Math.round(plays / 100)) : 0,
          shares: s.plays === plays ? (v.shares ?? Math.round(plays / 200)) : 0,
          saves: 0,
        })),
      );
      const label = (name: string, value: string) =>
        writer.setLabel(v.id, {
          label: name,
          value,
          confidence: 0.9,
          modelVersion: "test-1",
          evidence: "",
          observedAt: NOW,
        });
      label("ad", v.ad ? "yes" : "no");
      label("hook", v.hook ? (v.hookType ?? "statement") : "no");
      label("viral_hook", v.viral ? "yes" : "no");
    }
  });
  return writer;
}

/** A fresh database holding the constructed corpus, its scores refreshed at NOW. */
export function scoredCorpusDb(videos: VideoSpec[]): Db {
  const { db } = tempDb();
  buildCorpus(db, videos);
  refreshScores(db, NOW);
  return db;
}
