import { classifyAdSignals, classifyBranded } from "../../src/ingest/classify/ad-signals.js";
import { classifyHook } from "../../src/ingest/classify/hook.js";
import type { LabelVerdict } from "../../src/ingest/classify/verdict.js";
import { type CreatorBaseline, classifyViralHook, median } from "../../src/ingest/classify/viral-hook.js";
import type { Db } from "../../src/store/connection.js";

/**
 * classifyVideos as it was before its speed work (one lookup, one upsert per label and one named-parameter
 * flags UPDATE per video, per-creator baseline queries, 5 000 videos a transaction), with its SQL inline so
 * changes to CorpusWriter's label path do not change it. It calls the same models: what it pins is what
 * the orchestration stores, not the models' verdicts (classify-patterns.test.ts pins the regex rewrites).
 */
export function referenceClassifyVideos(
  db: Db,
  now: number,
  videoIds?: readonly string[],
): { labelled: number } {
  const PAGE = 5_000;
  const COLUMNS =
    "seq, id, caption, hashtags, transcript, hook_text, advertiser_id, platform_ad, platform_ad_evidence, language, author_uid, plays";
  interface VideoRow {
    seq: number;
    id: string;
    caption: string;
    hashtags: string;
    transcript: string | null;
    hook_text: string | null;
    advertiser_id: string | null;
    platform_ad: number | null;
    platform_ad_evidence: string | null;
    language: string | null;
    author_uid: string;
    plays: number;
  }
  interface Change {
    label: string;
    value: string;
    confidence: number;
    evidence: string;
    modelVersion: string;
  }
  const upsertLabel = db.prepare(
    `INSERT INTO labels (video_id, label, value, confidence, model_version, evidence, observed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(video_id, label) DO UPDATE SET value = excluded.value, confidence = excluded.confidence,
       model_version = excluded.model_version, evidence = excluded.evidence, observed_at = excluded.observed_at`,
  );
  const labelFlags = db.prepare(
    `UPDATE videos SET label_ad = coalesce(@ad, label_ad),
       label_hook = coalesce(@hook, label_hook),
       hook_type = CASE WHEN @hook IS NULL THEN hook_type WHEN @hook = 1 THEN @hook_type ELSE NULL END,
       label_viral_hook = coalesce(@viral, label_viral_hook)
     WHERE id = @id`,
  );
  const existing = db.prepare(
    "SELECT video_id, label, value, confidence, model_version, evidence FROM labels WHERE video_id IN (SELECT value FROM json_each(?))",
  );
  const labelKey = (value: string, confidence: number, model: string, evidence: string) =>
    `${value}\u0000${confidence}\u0000${model}\u0000${evidence}`;

  const setLabels = (videoId: string, labels: readonly Change[]) => {
    if (labels.length === 0) return;
    const flags = {
      ad: null as number | null,
      hook: null as number | null,
      hook_type: null as string | null,
    };
    let viral: number | null = null;
    for (const l of labels) {
      upsertLabel.run(videoId, l.label, l.value, l.confidence, l.modelVersion, l.evidence, now);
      const on = l.value !== "no" ? 1 : 0;
      if (l.label === "ad") flags.ad = on;
      else if (l.label === "viral_hook") viral = on;
      else if (l.label === "hook") {
        flags.hook = on;
        flags.hook_type = on ? l.value : null;
      }
    }
    labelFlags.run({ id: videoId, ...flags, viral });
  };

  const authorOf = db.prepare(
    "SELECT c.followers, c.verified, a.business, a.seller, a.bio_link FROM creators c LEFT JOIN creator_accounts a ON a.uid = c.uid WHERE c.uid = ?",
  );
  const historyOf = db.prepare(
    "SELECT coalesce(sum(platform_ad), 0) AS flagged, count(platform_ad) AS known FROM videos WHERE author_uid = ?",
  );
  const textOf = (row: VideoRow) => ({
    caption: row.caption,
    hashtags: row.hashtags.length > 0 ? row.hashtags.split(" ") : [],
    transcript: row.transcript,
    hookText: row.hook_text,
    advertiserAttributed: row.advertiser_id !== null,
  });
  const adVerdict = (row: VideoRow): LabelVerdict & { model: string } => {
    if (row.platform_ad !== null) {
      const evidence = row.platform_ad_evidence ?? (row.platform_ad ? "isAd" : "isAd=false");
      return {
        value: row.platform_ad ? "yes" : "no",
        confidence: 0.99,
        evidence: `platform flag: ${evidence.replace(/^platform flag:? /, "")}`,
        model: "platform-flag-v1",
      };
    }
    const a = authorOf.get(row.author_uid) as
      | {
          followers: number | null;
          verified: number;
          business: number | null;
          seller: number | null;
          bio_link: string | null;
        }
      | undefined;
    const h = historyOf.get(row.author_uid) as { flagged: number; known: number };
    const verdict = classifyAdSignals({
      text: textOf(row),
      author: a
        ? {
            followers: a.followers,
            verified: a.verified === 1,
            business: a.business === null ? null : a.business === 1,
            seller: a.seller === null ? null : a.seller === 1,
            bioLink: a.bio_link,
          }
        : null,
      plays: row.plays,
      history: h,
    });
    return { ...verdict, model: "ad-signals-v1" };
  };

  let labelled = 0;
  const label = (rows: VideoRow[], baselines: Map<string, CreatorBaseline>) => {
    const stored = new Map<string, string>();
    for (const l of existing.all(JSON.stringify(rows.map((row) => row.id))) as {
      video_id: string;
      label: string;
      value: string;
      confidence: number;
      model_version: string;
      evidence: string;
    }[]) {
      stored.set(`${l.video_id}\t${l.label}`, labelKey(l.value, l.confidence, l.model_version, l.evidence));
    }
    const changed: Change[] = [];
    const put = (id: string, name: string, verdict: LabelVerdict, modelVersion: string) => {
      if (
        stored.get(`${id}\t${name}`) ===
        labelKey(verdict.value, verdict.confidence, modelVersion, verdict.evidence)
      )
        return;
      changed.push({ label: name, ...verdict, modelVersion });
    };
    db.transaction(() => {
      for (const row of rows) {
        changed.length = 0;
        const ad = adVerdict(row);
        put(row.id, "ad", ad, ad.model);
        put(row.id, "branded", classifyBranded(textOf(row)), "branded-text-v1");
        const hook = classifyHook(row.hook_text, row.language);
        put(row.id, "hook", hook, "hook-patterns-v3");
        put(
          row.id,
          "viral_hook",
          classifyViralHook(hook.value, row.plays, baselines.get(row.author_uid)),
          "viral-hook-v1",
        );
        setLabels(row.id, changed);
      }
    })();
    labelled += rows.length;
  };

  if (videoIds === undefined) {
    const plays = new Map<string, number[]>();
    for (const [uid, p] of db.prepare("SELECT author_uid, plays FROM videos").raw().all() as [
      string,
      number,
    ][]) {
      const list = plays.get(uid);
      if (list) list.push(p);
      else plays.set(uid, [p]);
    }
    const baselines = new Map<string, CreatorBaseline>();
    for (const [uid, list] of plays) baselines.set(uid, { medianPlays: median(list), videos: list.length });
    const page = db.prepare(`SELECT ${COLUMNS} FROM videos WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`);
    for (let after = 0; ; ) {
      const rows = page.all(after) as VideoRow[];
      if (rows.length === 0) break;
      label(rows, baselines);
      after = (rows[rows.length - 1] as VideoRow).seq;
    }
    return { labelled };
  }

  const byIds = db.prepare(`SELECT ${COLUMNS} FROM videos WHERE id IN (SELECT value FROM json_each(?))`);
  const playsOf = db.prepare("SELECT plays FROM videos WHERE author_uid = ?").pluck();
  const baselines = new Map<string, CreatorBaseline>();
  for (let i = 0; i < videoIds.length; i += PAGE) {
    const rows = byIds.all(JSON.stringify(videoIds.slice(i, i + PAGE))) as VideoRow[];
    for (const row of rows) {
      if (baselines.has(row.author_uid)) continue;
      const plays = playsOf.all(row.author_uid) as number[];
      baselines.set(row.author_uid, { medianPlays: median(plays), videos: plays.length });
    }
    label(rows, baselines);
  }
  return { labelled };
}
