import type { Statement } from "better-sqlite3";
import type { Db } from "../../store/sqlite/connection.js";
import type {
  CorpusWriter,
  CreatorInput,
  StoredVideo,
  VideoInput,
} from "../../store/sqlite/corpus-writer.js";
import { AccountWriter } from "./account-writer.js";
import { CreatorObservations } from "./creator-observations.js";
import { openingHook } from "./normalize.js";
import type { ImportFormat, MappedRecord, NamedAdvertiser } from "./types.js";

/** What one record did to the store: a new video, a changed one (fields or a new snapshot), or nothing. */
export interface WriteResult {
  outcome: "imported" | "updated" | "unchanged";
  transcriptJoined: boolean;
}

/**
 * Writes mapped records through CorpusWriter. Upsert by id: fields a record does not know (null) keep what
 * the store already has, so a poorer format never erases a richer import; the opening hook is derived after
 * that merge. `videos.source` is the format name.
 */
export class RecordWriter {
  private readonly uidByHandle: Statement;
  /** Creators written this run (a record's creatorRepeated covers its file; this, handle-only records). */
  private readonly creatorsWritten = new CreatorObservations();
  private readonly accounts: AccountWriter;

  /**
   * `collections`: names every record of the run is also in (`crs import --collection`), normalised, beside
   * those a record names itself.
   */
  constructor(
    db: Db,
    private readonly corpus: CorpusWriter,
    private readonly now: number,
    private readonly collections: readonly string[] = [],
  ) {
    this.uidByHandle = db.prepare("SELECT uid FROM creators WHERE handle = ? COLLATE NOCASE LIMIT 2");
    this.accounts = new AccountWriter(db);
  }

  /**
   * Writes a batch of records in one transaction, in order. The stored rows of the whole batch are read
   * with one statement, so a brand-new video costs no lookup at all.
   */
  writeBatch(
    records: readonly MappedRecord[],
    format: ImportFormat,
    transcripts?: ReadonlyMap<string, string>,
  ): WriteResult[] {
    const results: WriteResult[] = [];
    this.corpus.batch(() => {
      const stored = this.corpus.storedVideos(records.map((r) => r.video.id));
      // A video written earlier in this batch is read again: the prefetched row (or its absence) is stale.
      const written = new Set<string>();
      for (const record of records) {
        const id = record.video.id;
        const row = written.has(id) ? this.corpus.storedVideo(id) : (stored.get(id) ?? null);
        results.push(this.write(record, format, transcripts, row));
        written.add(id);
      }
    });
    return results;
  }

  /** Writes one record (inside the caller's batch); `stored` is its row when already read (null: absent). */
  write(
    record: MappedRecord,
    format: ImportFormat,
    transcripts?: ReadonlyMap<string, string>,
    stored?: StoredVideo | null,
  ): WriteResult {
    const observedAt = record.observedAt ?? this.now;
    // Parents first: the creator (here) and the advertiser (below) are written before the video, and the
    // first snapshot after it, so a bulk load runs without foreign key checks (see beginBulkLoad).
    const authorUid = this.writeCreator(record, observedAt);
    const known = stored === undefined ? this.corpus.storedVideo(record.video.id) : (stored ?? undefined);
    const joined = record.video.transcript === null ? (transcripts?.get(record.video.id) ?? null) : null;
    const v = record.video;
    const transcript = v.transcript ?? joined ?? known?.transcript ?? null;
    const platformKnown = v.platformAd !== null;
    const video: VideoInput = {
      id: v.id,
      caption: v.caption,
      transcript,
      hookText:
        v.hookText !== undefined
          ? v.hookText
          : record.ownHook !== undefined && transcript === v.transcript
            ? record.ownHook
            : openingHook(transcript, v.caption),
      createdAt: v.createdAt,
      mediaType: v.mediaType,
      region: v.region ?? known?.region ?? null,
      language: v.language ?? known?.language ?? null,
      durationS: v.durationS ?? known?.duration_s ?? null,
      musicId: v.musicId ?? known?.music_id ?? null,
      musicTitle: v.musicTitle ?? known?.music_title ?? null,
      musicAuthor: v.musicAuthor ?? known?.music_author ?? null,
      hashtags: v.hashtags,
      url: v.url ?? known?.url ?? null,
      platformAd: platformKnown ? v.platformAd : known?.platform_ad == null ? null : known.platform_ad === 1,
      platformAdEvidence: platformKnown ? v.platformAdEvidence : (known?.platform_ad_evidence ?? null),
      authorUid,
      advertiserId: record.advertiser
        ? this.advertiserId(record.advertiser, v.createdAt)
        : (known?.advertiser_id ?? null),
      source: format,
    };
    const r = record.stats;
    const stats = {
      plays: r.plays,
      likes: r.likes,
      comments: r.comments,
      shares: r.shares,
      saves: r.saves,
      observedAt,
    };
    const outcome = this.corpus.upsertVideo(video, this.now, stats, known ?? null);
    const snapshot = outcome !== "inserted" && this.corpus.addSnapshot(video.id, stats);
    const collections = [...(record.collections ?? []), ...this.collections];
    const collected = collections.length > 0 && this.corpus.addCollections(video.id, collections);
    return {
      outcome:
        outcome === "inserted"
          ? "imported"
          : outcome === "updated" || snapshot || collected
            ? "updated"
            : "unchanged",
      transcriptJoined: joined !== null,
    };
  }

  private writeCreator(record: MappedRecord, observedAt: number): string {
    let uid = record.creator.uid;
    if (record.creatorRepeated) return uid;
    if (record.uidFromHandle) {
      // Only a unique match is trusted; otherwise the surrogate `@handle` UID stands.
      const matches = this.uidByHandle.all(record.creator.handle) as { uid: string }[];
      if (matches.length === 1 && matches[0]) uid = matches[0].uid;
    }
    if (this.creatorsWritten.repeat(uid, record.creator, observedAt)) return uid;
    const { account, ...fields } = record.creator;
    const creator: CreatorInput = { ...fields, uid, observedAt };
    this.corpus.upsertCreator(creator, this.now);
    this.accounts.write(uid, account, observedAt);
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
