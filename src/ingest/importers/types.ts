import type { CreatorInput, StatsInput, VideoInput } from "../../store/sqlite/corpus-writer.js";

/** Formats `crs import` reads. `auto` picks one per file from its extension and content. */
export const IMPORT_FORMATS = ["apify", "collector", "tiktok-web", "research-api", "jsonl"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** An advertiser the record itself names (never guessed from text). */
export interface NamedAdvertiser {
  name: string;
  focus: "apps" | "dtc" | "other";
  industry: string | null;
  domain: string | null;
  handle: string | null;
}

/**
 * One source record mapped to store inputs, before the importer merges it with what is already stored.
 * `hookText: undefined` means "derive from transcript/caption"; times are Unix seconds.
 */
export interface MappedRecord {
  video: Omit<VideoInput, "hookText" | "authorUid" | "advertiserId" | "source"> & {
    hookText?: string | null;
  };
  /** `account`: business/seller/bio-link signals when the format carries them (see account-signals.ts). */
  creator: Omit<CreatorInput, "observedAt"> & { account?: AccountSignals | null };
  /** True when the format gives only a handle, so `creator.uid` is a surrogate to resolve against the store. */
  uidFromHandle: boolean;
  stats: Omit<StatsInput, "observedAt">;
  /** The record's own scrape time, when it carries one. */
  observedAt: number | null;
  advertiser: NamedAdvertiser | null;
  /** The collections (searches, hashtag inputs) the source says it found the video in, normalised; none: []. */
  collections?: string[];
  /**
   * Set while parsing (see prepareRecord), so the writing thread does less: the opening hook of the
   * record's own transcript or caption (when `hookText` is undefined), and whether an earlier record of
   * the file made this very observation of this creator (by UID; never for `uidFromHandle` records).
   */
  ownHook?: string | null;
  creatorRepeated?: boolean;
}

/** A record that cannot land, with the specific reason written to FILE.rejects.jsonl. */
export class RecordError extends Error {}

/** A whole-file failure (malformed JSON, undetectable format, unreadable file): one clear line, no stack. */
export class ImportFileError extends Error {}

/** Where a record sits in its file: 1-based line for line formats (JSONL, CSV), 0-based index in JSON arrays. */
export type RecordPosition = { line: number; index?: number } | { index: number };

/** Account-level signals a format carries for the author (null: the format does not carry it). */
export interface AccountSignals {
  /** A business ("commerce") account: Apify `commerceUserInfo.commerceUser`, web `commerceUserInfo`. */
  business: boolean | null;
  /** The business account's category as the platform shows it, e.g. "Travel & Tourism". */
  category: string | null;
  /** A TikTok Shop seller (`ttSeller`). */
  seller: boolean | null;
  /** The link in the bio (a URL), "" when the format carries the field and it is empty. */
  bioLink: string | null;
  privateAccount: boolean | null;
}
