import type { Statement } from "better-sqlite3";
import type { Db } from "../../store/connection.js";
import type { CorpusWriter, VideoInput } from "../../store/corpus-writer.js";
import { openingHook } from "./normalize.js";
import type { ImportFormat, MappedRecord, NamedAdvertiser } from "./types.js";

/** What one record did to the store: a new video, a changed one (fields or a new snapshot), or nothing. */
export interface WriteResult {
  outcome: "imported" | "updated" | "unchanged";
  transcriptJoined: boolean;
}

interface KnownVideo {
  transcript: string | null;
  region: string | null;
  language: string | null;
  duration_s: number | null;
  music_id: string | null;
  music_title: string | null;
  music_author: string | null;
  url: string | null;
  platform_ad: number | null;
  platform_ad_evidence: string | null;
  advertiser_id: string | null;
}

// Creators already written this run with the same observation are skipped (a file lists an author many times).
const CREATOR_CACHE_LIMIT = 200_000;

/**
 * Writes mapped records through CorpusWriter. Upsert by id: fields a record does not know (null) keep what
 * the store already has, so a poorer format never erases a richer import; the opening hook is derived after
 * that merge. `videos.source` is the format name.
 */
export class RecordWriter {
  private readonly known: Statement;
  private readonly uidByHandle: Statement;
  private readonly creatorsWritten = new Map<string, string>();

  constructor(
    db: Db,
    private readonly corpus: CorpusWriter,
    private readonly now: number,
  ) {
    this.known = db.prepare(
      `SELECT transcript, region, language, duration_s, music_id, music_title, music_author, url, platform_ad,
              platform_ad_evidence, advertiser_id FROM videos WHERE id = ?`,
    );
    this.uidByHandle = db.prepare("SELECT uid FROM creators WHERE handle = ? COLLATE NOCASE LIMIT 2");
  }

  inBatch(fn: () => void): void {
    this.corpus.batch(fn);
  }

  write(record: MappedRecord, format: ImportFormat, transcripts?: ReadonlyMap<string, string>): WriteResult {
    const observedAt = record.observedAt ?? this.now;
    const authorUid = this.writeCreator(record, observedAt);
    const known = this.known.get(record.video.id) as KnownVideo | undefined;
    const joined = record.video.transcript === null ? (transcripts?.get(record.video.id) ?? null) : null;
    const v = record.video;
    const transcript = v.transcript ?? joined ?? known?.transcript ?? null;
    const platformKnown = v.platformAd !== null;
    const video: VideoInput = {
      ...v,
      transcript,
      hookText: v.hookText !== undefined ? v.hookText : openingHook(transcript, v.caption),
      region: v.region ?? known?.region ?? null,
      language: v.language ?? known?.language ?? null,
      durationS: v.durationS ?? known?.duration_s ?? null,
      musicId: v.musicId ?? known?.music_id ?? null,
      musicTitle: v.musicTitle ?? known?.music_title ?? null,
      musicAuthor: v.musicAuthor ?? known?.music_author ?? null,
      url: v.url ?? known?.url ?? null,
      platformAd: platformKnown ? v.platformAd : known?.platform_ad == null ? null : known.platform_ad === 1,
      platformAdEvidence: platformKnown ? v.platformAdEvidence : (known?.platform_ad_evidence ?? null),
      authorUid,
      advertiserId: record.advertiser
        ? this.advertiserId(record.advertiser, v.createdAt)
        : (known?.advertiser_id ?? null),
      source: format,
    };
    const stats = { ...record.stats, observedAt };
    const outcome = this.corpus.upsertVideo(video, this.now, stats);
    const snapshot = outcome !== "inserted" && this.corpus.addSnapshot(video.id, stats);
    return {
      outcome:
        outcome === "inserted" ? "imported" : outcome === "updated" || snapshot ? "updated" : "unchanged",
      transcriptJoined: joined !== null,
    };
  }

  private writeCreator(record: MappedRecord, observedAt: number): string {
    let uid = record.creator.uid;
    if (record.uidFromHandle) {
      // Only a unique match is trusted; otherwise the surrogate `@handle` UID stands.
      const matches = this.uidByHandle.all(record.creator.handle) as { uid: string }[];
      if (matches.length === 1 && matches[0]) uid = matches[0].uid;
    }
    const creator = { ...record.creator, uid, observedAt };
    const signature = JSON.stringify(creator);
    if (this.creatorsWritten.get(uid) === signature) return uid;
    if (this.creatorsWritten.size >= CREATOR_CACHE_LIMIT) this.creatorsWritten.clear();
    this.corpus.upsertCreator(creator, this.now);
    this.creatorsWritten.set(uid, signature);
    return uid;
  }

  /** Resolves a named advertiser by its handle, domain or name alias; creates it when none matches. */
  private advertiserId(a: NamedAdvertiser, firstSeen: number): string {
    const found =
      (a.handle && this.corpus.findAdvertiserByAlias(a.handle)) ||
      (a.domain && this.corpus.findAdvertiserByAlias(a.domain)) ||
      this.corpus.findAdvertiserByAlias(a.name);
    if (found) return found;
    const aliases: { kind: "handle" | "domain"; alias: string }[] = [];
    if (a.handle) aliases.push({ kind: "handle", alias: a.handle });
    if (a.domain) aliases.push({ kind: "domain", alias: a.domain });
    return this.corpus.upsertAdvertiser(
      { name: a.name, focus: a.focus, industry: a.industry, domain: a.domain, aliases, firstSeen },
      this.now,
    );
  }
}
