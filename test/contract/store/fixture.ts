import { DAY, HOUR } from "../../../src/shared/clock.js";

/**
 * The corpus every store implementation is loaded with before the contract runs: plain data, no engine.
 * A factory writes it through its own ingest path, then computes scores, aggregates and hook neighbours.
 */
export const NOW = 1_750_000_000;

export interface FixtureVideo {
  id: string;
  author: string;
  caption: string;
  hook: string | null;
  hookType: string | null;
  /** Speech to text, when the source recorded it (blank: recorded empty, which counts as none). */
  transcript?: string;
  hashtags: string[];
  createdAt: number;
  plays: number;
  /** Earlier snapshots (the latest carries `plays`, an hour before NOW). */
  history: { observedAt: number; plays: number }[];
  region: string;
  media: "video" | "slideshow";
  advertiserId: string | null;
  ad: boolean;
  viral: boolean;
  /** The sound (music id, title and the artist credited), when recorded. */
  music: { id: string; title: string; artist?: string } | null;
  /** The collections (searches) the video was found in. */
  collections?: string[];
}

export interface FixtureCreator {
  uid: string;
  /** Handles in the order they were used; the last is current. */
  handles: string[];
  nickname: string;
  followers: number;
  firstSeen: number;
}

export interface FixtureAdvertiser {
  id: string;
  name: string;
  focus: "apps" | "dtc" | "other";
  domain: string | null;
  aliases: string[];
  firstSeen: number;
}

export interface Fixture {
  now: number;
  creators: FixtureCreator[];
  advertisers: FixtureAdvertiser[];
  videos: FixtureVideo[];
}

const ADVERTISER_A = "0b6f1a52-4a38-4d36-9a0e-5a3f2e0e8f01";
const ADVERTISER_B = "7c1d2e3f-5b6a-4c8d-9e0f-1a2b3c4d5e6f";

function video(n: number, over: Partial<FixtureVideo> = {}): FixtureVideo {
  const id = `7${String(n).padStart(18, "0")}`;
  return {
    id,
    author: n % 3 === 0 ? "c1" : n % 3 === 1 ? "c2" : "c3",
    caption: `clip number ${n} morning routine`,
    hook: null,
    hookType: null,
    hashtags: ["fyp"],
    createdAt: NOW - (n + 1) * 6 * HOUR,
    plays: 1000 + n * 137,
    history: [],
    region: n % 2 === 0 ? "US" : "GB",
    media: n % 5 === 0 ? "slideshow" : "video",
    advertiserId: null,
    ad: false,
    viral: false,
    // Two sounds, one under two titles (as scraped titles vary), on 3 videos of 4.
    music:
      n % 4 === 0
        ? { id: "6800000000000000001", title: n === 20 ? "Original Sound" : "original sound" }
        : n % 4 === 1
          ? {
              id: "6800000000000000002",
              title: "Shape Of You",
              artist: n === 21 ? "ED SHEERAN" : "Ed Sheeran",
            }
          : n % 4 === 2
            ? { id: "6800000000000000003", title: "original sound - Glow Lab", artist: "Glow Lab" }
            : null,
    // Two searches that overlap (every sixth video is in both); most videos in neither.
    collections: [
      ...(n % 2 === 0 && n < 20 ? ["skincare search"] : []),
      ...(n % 3 === 0 ? ["hotel đà lạt"] : []),
    ],
    ...over,
  };
}

/** Texts and whether each states a price (PRICE_PATTERN), as real Vietnamese hotel captions write them. */
export const PRICE_SAMPLES: readonly (readonly [string, boolean])[] = [
  ["phòng đôi chỉ 350k/đêm", true],
  ["giá 1.686.000đ một đêm", true],
  ["chỉ 2 triệu cho 2 người", true],
  ["What $10 gets you", true],
  ["only £7 per person", true],
  ["450 xu/phòng", true],
  ["20 USD per night", true],
  ["GIÁ CHỈ 500K", true],
  ["Phòng 300 K/đêm", true],
  ["TRỌN GÓI 3 TRIỆU", true],
  ["500.000 VNĐ", true],
  ["tu 4 trieu mot dem", true],
  ["10k views in 2 days", false],
  ["5km from the beach", false],
  ["born 2k4 vibes", false],
  ["2 đêm 3 ngày", false],
  ["1tr lượt xem", false],
  ["mở cửa 24/7, 5 khách", false],
  ["villa nguyên căn 1tr5/đêm", true],
  ["phòng này 2 củ mốt một đêm", true],
  ["Combo 2N1Đ Phú Quý #3n2đ", false],
  ["tại 10 Củ Chi, Nha Trang", false],
];

/** Phone numbers as captions give them (true), and figures that are none (false): PHONE_PATTERN's cases. */
export const PHONE_SAMPLES: readonly (readonly [string, boolean])[] = [
  ["hotline 0907.097.677", true],
  ["Zalo: 0908220613", true],
  ["LH 0276 3 822 999", true],
  ["gọi +84 905 123 456 nhé", true],
  ["tổng đài 1900 1870", true],
  ["đặt phòng 097-86-88888", true],
  ["giá 1.686.000đ một đêm", false],
  ["10.500.000 lượt xem", false],
  ["ngày 02.05.2025", false],
  ["mã 0123456789012345", false],
];

/** 40 videos by three creators, two advertisers, a few hooks that paraphrase each other. */
export function contractFixture(): Fixture {
  const videos: FixtureVideo[] = [];
  for (let n = 0; n < 40; n++) videos.push(video(n));
  const at = (n: number, over: Partial<FixtureVideo>) => {
    videos[n] = { ...(videos[n] as FixtureVideo), ...over };
  };
  at(1, { caption: "skincare serum review", hashtags: ["skincare", "fyp"], plays: 50_000, ad: true });
  at(2, { caption: "my skincare night routine 🌙✨", hashtags: ["skincare"], plays: 9_000 });
  at(3, { caption: "skincare mistakes to avoid", plays: 120_000, advertiserId: ADVERTISER_A, ad: true });
  at(4, { caption: "zucchini bread recipe ✨", plays: 700 });
  at(5, { hook: "nobody tells you this about skincare", hookType: "secret" });
  at(6, { hook: "no one tells you this about skincare", hookType: "secret" });
  at(7, { hook: "nobody talks about this skincare secret", hookType: "secret" });
  at(8, { hook: "the best pasta you will ever make", hookType: "statement" });
  at(9, { advertiserId: ADVERTISER_A, ad: true });
  at(10, { advertiserId: ADVERTISER_B, ad: true, viral: true });
  // Captions and hashtag lists of every length band (the caption_length and hashtag_count splits).
  const filler = (words: number) => Array.from({ length: words }, (_, k) => `lorem${k % 7}`).join(" ");
  at(30, { hashtags: [] });
  at(31, { hashtags: ["fyp", "walk", "sea", "sun"] });
  at(32, { hashtags: Array.from({ length: 8 }, (_, k) => `tag${k}`) });
  at(33, { hashtags: Array.from({ length: 12 }, (_, k) => `tag${k}`) });
  at(34, { caption: `clip number 34 morning routine ${filler(5)}` });
  at(35, { caption: `clip number 35 morning routine ${filler(14)}` });
  at(36, { caption: `clip number 36 morning routine ${filler(25)}` });
  at(37, { caption: `clip number 37 morning routine ${filler(50)}` });
  // Transcripts on a few videos (one blank, which is none); their words are in no query of the contract.
  at(5, { transcript: "hello everyone, welcome back to the channel" });
  at(6, { transcript: "welcome back friends\nhello again" });
  at(9, { transcript: "   " });
  // Prices as captions and transcripts write them (PRICE_SAMPLES), on videos 12-33: some a price, some not.
  for (const [k, [text]] of PRICE_SAMPLES.entries()) at(12 + k, { transcript: text });
  // Phone numbers in captions (PHONE_SAMPLES), on videos 12-21.
  for (const [k, [text]] of PHONE_SAMPLES.entries())
    at(12 + k, { caption: `clip number ${12 + k} morning routine ${text}` });
  at(11, {
    plays: 90_000,
    createdAt: NOW - 20 * HOUR,
    history: [{ observedAt: NOW - 10 * HOUR, plays: 10_000 }],
  });
  return {
    now: NOW,
    creators: [
      {
        uid: "c1",
        handles: ["glowgirl", "glow.lab"],
        nickname: "Glow Lab",
        followers: 90_000,
        firstSeen: NOW - 60 * DAY,
      },
      {
        uid: "c2",
        handles: ["pastaking"],
        nickname: "Pasta King",
        followers: 5_000,
        firstSeen: NOW - 3 * DAY,
      },
      {
        uid: "c3",
        handles: ["dailyvlogs"],
        nickname: "Daily Vlogs",
        followers: 40_000,
        firstSeen: NOW - 20 * DAY,
      },
    ],
    advertisers: [
      {
        id: ADVERTISER_A,
        name: "Serum Co",
        focus: "dtc",
        domain: "serum.example",
        aliases: ["serumco", "serum.example"],
        firstSeen: NOW - 40 * DAY,
      },
      {
        id: ADVERTISER_B,
        name: "Appify",
        focus: "apps",
        domain: null,
        aliases: ["appify_app"],
        firstSeen: NOW - DAY,
      },
    ],
    videos,
  };
}

/** The value, or a test failure when it is missing. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("expected a value");
  return value;
}
