import { beginBulkLoad } from "../../store/sqlite/bulk.js";
import { type Db, setMeta } from "../../store/sqlite/connection.js";
import { CorpusWriter } from "../../store/sqlite/corpus-writer.js";
import {
  advertiserCount,
  type CreatorPlan,
  creatorCount,
  planAdvertisers,
  planCreators,
} from "./entities.js";
import { SeededRandom } from "./random.js";
import { SoundPool } from "./sounds.js";
import { type GeneratedVideo, generateVideo, postingTime } from "./videos.js";

export interface GenerateOptions {
  videos: number;
  seed: number;
  /** Unix seconds; the corpus's history ends here (never read from the wall clock, for determinism). */
  now: number;
  onProgress?: (done: number, total: number) => void;
}

export interface CorpusCounts {
  videos: number;
  creators: number;
  advertisers: number;
  snapshots: number;
}

const BATCH = 5_000;

/**
 * Writes a realistic synthetic corpus, deterministic for (seed, now): advertisers, creators (some renamed,
 * some house accounts), then videos with sparse stat snapshots, one transaction per ~5 000 videos.
 */
export function generateCorpus(db: Db, opts: GenerateOptions): CorpusCounts {
  // Safe to skip fsync: generation fills a fresh database; an interrupted init is redone with `--force`.
  const end = beginBulkLoad(db, { unsafe: true });
  try {
    return writeCorpus(db, opts);
  } finally {
    end();
  }
}

function writeCorpus(db: Db, opts: GenerateOptions): CorpusCounts {
  const { now, videos } = opts;
  const r = new SeededRandom(opts.seed);
  const writer = new CorpusWriter(db);
  const advertisers = planAdvertisers(r, advertiserCount(videos), now);
  const creators = planCreators(r, creatorCount(videos), videos, advertisers, now);
  const sounds = new SoundPool(r, Math.min(5_000, Math.max(60, Math.round(videos / 40))), now);

  writer.batch(() => {
    for (const a of advertisers) {
      writer.upsertAdvertiser(
        {
          id: a.id,
          name: a.name,
          focus: a.focus,
          industry: a.industry,
          domain: a.domain,
          aliases: [
            { kind: "handle", alias: a.handle },
            { kind: "domain", alias: a.domain },
            { kind: "name", alias: a.brandTag },
          ],
          firstSeen: a.firstSeen,
        },
        now,
      );
    }
    for (const c of creators) writeCreator(writer, c, now);
  });

  // Posting times first, then the videos in time order: ids grow with time, so every insert appends.
  const total = creators.reduce((sum, c) => sum + c.videoCount, 0);
  const authorOf = new Int32Array(total);
  const postedAt = new Float64Array(total);
  let slot = 0;
  creators.forEach((creator, index) => {
    for (let i = 0; i < creator.videoCount; i++, slot++) {
      authorOf[slot] = index;
      postedAt[slot] = postingTime(r, creator, now);
    }
  });
  const order = Uint32Array.from({ length: total }, (_, i) => i).sort(
    (a, b) => (postedAt[a] as number) - (postedAt[b] as number) || a - b,
  );

  const ctx = { now, sounds, usedIds: new Set<string>() };
  let done = 0;
  let snapshots = 0;
  let pending: GeneratedVideo[] = [];
  const flush = () => {
    writer.batch(() => {
      for (const g of pending) {
        writer.upsertVideo(g.video, now);
        writer.addSnapshotsFresh(g.video.id, g.snapshots);
        snapshots += g.snapshots.length;
      }
    });
    done += pending.length;
    pending = [];
    opts.onProgress?.(done, total);
  };
  for (const k of order) {
    // Each video draws from its own stream, so its content does not depend on generation order.
    const stream = new SeededRandom((opts.seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0);
    const creator = creators[authorOf[k] as number] as CreatorPlan;
    pending.push(generateVideo(stream, ctx, creator, postedAt[k] as number));
    if (pending.length >= BATCH) flush();
  }
  if (pending.length > 0) flush();

  setMeta(db, "corpus_seed", String(opts.seed));
  setMeta(db, "corpus_generated_at", String(now));
  setMeta(db, "corpus_videos", String(done));
  return { videos: done, creators: creators.length, advertisers: advertisers.length, snapshots };
}

function writeCreator(writer: CorpusWriter, c: CreatorPlan, now: number): void {
  const base = {
    uid: c.uid,
    nickname: c.nickname,
    followers: c.followers,
    verified: c.verified,
    region: c.region,
    isHouse: c.house !== null,
    houseAdvertiserId: c.house?.id ?? null,
  };
  // A renamed creator is first seen under the old handle, then under the new one (history keeps both).
  if (c.formerHandle !== null && c.renamedAt !== null) {
    writer.upsertCreator({ ...base, handle: c.formerHandle, observedAt: c.firstSeen }, now);
    writer.upsertCreator({ ...base, handle: c.handle, observedAt: c.renamedAt }, now);
  } else {
    writer.upsertCreator({ ...base, handle: c.handle, observedAt: c.firstSeen }, now);
  }
}
