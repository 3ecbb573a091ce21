import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyVideos } from "../../../src/ingest/classify/index.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { type Db, openDb } from "../../../src/store/sqlite/connection.js";
import { CorpusWriter, type StoredVideo, type VideoInput } from "../../../src/store/sqlite/corpus-writer.js";
import { referenceClassifyVideos } from "../../helpers/classify-reference.js";

const NOW = 1_760_000_000;
// More than one 5 000-video page, so batch boundaries (lookups, baselines across batches) are crossed.
const VIDEOS = 7_000;

let dir: string;
let base: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-classify-eq-"));
  base = join(dir, "base.sqlite");
  const db = openDb(base);
  generateCorpus(db, { videos: VIDEOS, seed: 11, now: NOW });
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the generated corpus, not yet classified. */
function copy(name: string): Db {
  const file = join(dir, `${name}.sqlite`);
  copyFileSync(base, file);
  return openDb(file);
}

/** Everything the classifier may write: the labels, and every column of every video (not only the flags). */
function state(db: Db): unknown {
  return {
    labels: db.prepare("SELECT * FROM labels ORDER BY video_id, label").all(),
    videos: db.prepare("SELECT * FROM videos ORDER BY id").all(),
    meta: db.prepare("SELECT * FROM meta ORDER BY key").all(),
  };
}

/** A stored video row as upsertVideo takes it back. */
function input(
  v: StoredVideo & { id: string; created_at: number; media_type: string; author_uid: string; source: string },
): VideoInput {
  return {
    id: v.id,
    caption: v.caption,
    hookText: v.hook_text,
    transcript: v.transcript,
    createdAt: v.created_at,
    mediaType: v.media_type as VideoInput["mediaType"],
    region: v.region,
    language: v.language,
    durationS: v.duration_s,
    musicId: v.music_id,
    musicTitle: v.music_title,
    musicAuthor: v.music_author,
    hashtags: v.hashtags.length > 0 ? v.hashtags.split(" ") : [],
    authorUid: v.author_uid,
    advertiserId: v.advertiser_id,
    platformAd: v.platform_ad === null ? null : v.platform_ad === 1,
    platformAdEvidence: v.platform_ad_evidence,
    url: v.url,
    source: v.source,
  };
}

/**
 * The same edits to either copy: new text (ads, hooks gained and lost), platform flags, plays that move a
 * creator's baseline, new videos, deleted label rows, a stored label that differs from what the model says,
 * and flag columns out of step with the labels (left alone unless a label of the video changes). Returns
 * the ids touched.
 */
function edit(db: Db, at: number): string[] {
  const writer = new CorpusWriter(db);
  const ids = db.prepare("SELECT id FROM videos ORDER BY seq").pluck().all() as string[];
  const pick = (step: number, offset: number) => ids.filter((_, i) => i % step === offset);
  const stored = (id: string) =>
    db.prepare("SELECT * FROM videos WHERE id = ?").get(id) as Parameters<typeof input>[0];
  const touched = new Set<string>();
  writer.batch(() => {
    for (const id of pick(97, 1)) {
      const v = input(stored(id));
      writer.upsertVideo(
        { ...v, caption: `${v.caption} use code SAVE20 #ad`, hashtags: [...v.hashtags, "ad"] },
        at,
      );
      touched.add(id);
    }
    for (const id of pick(89, 2)) {
      writer.upsertVideo({ ...input(stored(id)), hookText: "Nobody tells you this about hotels" }, at);
      touched.add(id);
    }
    for (const id of pick(83, 3)) {
      writer.upsertVideo({ ...input(stored(id)), hookText: null }, at);
      touched.add(id);
    }
    for (const id of pick(79, 4)) {
      writer.upsertVideo({ ...input(stored(id)), platformAd: true, platformAdEvidence: "isSponsored" }, at);
      touched.add(id);
    }
    for (const id of pick(71, 5)) {
      writer.addSnapshot(id, {
        observedAt: at,
        plays: 40_000_000,
        likes: 1,
        comments: 1,
        shares: 1,
        saves: 1,
      });
      touched.add(id);
    }
    const author = stored(ids[0] as string).author_uid;
    for (let i = 0; i < 40; i++) {
      const id = `9900000000000000${String(i).padStart(3, "0")}`;
      writer.upsertVideo(
        {
          ...input(stored(ids[0] as string)),
          id,
          caption: i % 2 ? "Why is this hotel so cheap? #fyp" : "book now via zalo 0905 123 456",
          hookText: i % 2 ? "Why is this hotel so cheap?" : "POV: you booked the wrong room",
          authorUid: author,
        },
        at,
        { observedAt: at, plays: 1_000 * (i + 1), likes: 0, comments: 0, shares: 0, saves: 0 },
      );
      touched.add(id);
    }
  });
  const deleted = pick(61, 6);
  const del = db.prepare("DELETE FROM labels WHERE video_id = ? AND label = ?");
  for (const [i, id] of deleted.entries()) del.run(id, ["ad", "hook", "viral_hook"][i % 3] as string);
  const stale = pick(59, 7);
  const staleEvidence = db.prepare("UPDATE labels SET evidence = 'stale' WHERE video_id = ? AND label = ?");
  for (const [i, id] of stale.entries()) staleEvidence.run(id, ["ad", "hook", "viral_hook"][i % 3] as string);
  const flipped = pick(53, 8);
  const flip = db.prepare(
    "UPDATE videos SET label_ad = 1 - label_ad, label_hook = 1 - label_hook, hook_type = 'story' WHERE id = ?",
  );
  for (const id of flipped) flip.run(id);
  for (const id of [...deleted, ...stale, ...flipped]) touched.add(id);
  return [...touched].sort();
}

/** Runs `fn` on the reference copy and the current one; both must store the same and report the same. */
function both(ref: Db, cur: Db, run: (db: Db, classify: typeof classifyVideos) => unknown): void {
  const expected = run(ref, referenceClassifyVideos);
  const actual = run(cur, classifyVideos);
  expect(actual).toEqual(expected);
  expect(state(cur)).toEqual(state(ref));
}

describe("classifyVideos stores what the pre-optimisation classifier stored", () => {
  it("over the whole corpus: first run, unchanged re-run, edits, re-run", () => {
    const ref = copy("full-ref");
    const cur = copy("full-cur");
    both(ref, cur, (db, classify) => classify(db, NOW));
    expect(cur.prepare("SELECT count(*) AS n FROM labels").get()).toEqual({ n: 4 * VIDEOS });
    both(ref, cur, (db, classify) => classify(db, NOW + 60));
    // The unchanged re-run wrote nothing: every observation is still the first run's.
    expect(cur.prepare("SELECT DISTINCT observed_at FROM labels").pluck().all()).toEqual([NOW]);
    const touched = edit(ref, NOW + 100);
    expect(edit(cur, NOW + 100)).toEqual(touched);
    both(ref, cur, (db, classify) => classify(db, NOW + 120));
    expect(cur.prepare("SELECT count(*) AS n FROM labels WHERE observed_at = ?").get(NOW + 120)).not.toEqual({
      n: 0,
    });
    ref.close();
    cur.close();
  });

  it("over given ids: all ids in shuffled order with repeats and unknown ids, then the edited ids", () => {
    const ref = copy("scoped-ref");
    const cur = copy("scoped-cur");
    const ids = ref.prepare("SELECT id FROM videos ORDER BY seq").pluck().all() as string[];
    // A fixed permutation (stride coprime with the count), some ids twice (in other pages), two unknown ids.
    const stride = 7_919;
    const shuffled = ids.map((_, i) => ids[(i * stride) % ids.length] as string);
    const scoped = [...shuffled, "no-such-video", ...ids.slice(0, 300), "another-missing-id"];
    // First an import's worth of ids into an unlabelled corpus, then all of them (those first ones unchanged).
    both(ref, cur, (db, classify) => classify(db, NOW, ids.slice(2_000, 2_600)));
    both(ref, cur, (db, classify) => classify(db, NOW, scoped));
    both(ref, cur, (db, classify) => classify(db, NOW + 60, scoped));
    expect(cur.prepare("SELECT DISTINCT observed_at FROM labels").pluck().all()).toEqual([NOW]);
    const touched = edit(ref, NOW + 100);
    expect(edit(cur, NOW + 100)).toEqual(touched);
    both(ref, cur, (db, classify) => classify(db, NOW + 120, touched));
    // The edits that leave labels as they were (flipped flag columns) stay as edited, as before.
    both(ref, cur, (db, classify) => classify(db, NOW + 180));
    ref.close();
    cur.close();
  });
});
