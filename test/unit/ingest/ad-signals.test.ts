import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AdTextInput } from "../../../src/ingest/classify/ad.js";
import {
  AD_PRIORS,
  adProbability,
  classifyAdSignals,
  classifyBranded,
} from "../../../src/ingest/classify/ad-signals.js";
import { averagePrecision, scoreProbabilities } from "../../../src/ingest/eval-labels.js";
import { accountSignalsOf } from "../../../src/ingest/importers/account-signals.js";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { tempDb } from "../../helpers/db.js";

const text = (caption: string, hashtags: string[] = []): AdTextInput => ({
  caption,
  hashtags,
  transcript: null,
  hookText: null,
  advertiserAttributed: false,
});

const NO_AUTHOR = { followers: null, verified: false, business: null, seller: null, bioLink: null };

describe("ad (paid placement) vs branded (commercial text)", () => {
  it("a boosted hotel video with hashtags only: account, reach and history make it an ad, not branded", () => {
    const input = {
      text: text("#xuhuong #homestaycantho #cantho #review", [
        "xuhuong",
        "homestaycantho",
        "cantho",
        "review",
      ]),
      author: { followers: 3_002, verified: false, business: true, seller: false, bioLink: "zalo.me/0909" },
      plays: 468_400,
      history: { flagged: 2, known: 3 },
    };
    const verdict = classifyAdSignals(input);
    expect(verdict.value).toBe("yes");
    expect(verdict.evidence).toMatch(/business account; bio link; plays 156× followers; 2 other flagged ads/);
    expect(classifyBranded(input.text).value).toBe("no");
    // Without the history signal the same account is less certain, and says so.
    expect(adProbability({ ...input, history: null }).p).toBeLessThan(adProbability(input).p);
  });

  it("a creator's own review with a booking hotline is branded, and not a paid placement", () => {
    const caption = "Review khách sạn view biển Vũng Tàu, đặt phòng liên hệ hotline 0909 123 456";
    const input = {
      text: text(caption),
      author: { ...NO_AUTHOR, followers: 12_000 },
      plays: 8_000,
      history: null,
    };
    expect(classifyBranded(input.text).value).toBe("yes");
    expect(classifyAdSignals(input).value).toBe("no");
  });

  it("text disclosure in the corpus languages counts as a paid placement on its own", () => {
    for (const caption of [
      "Video này được tài trợ bởi Vinpearl",
      "Paid partnership with @hotel",
      "Bezahlte Partnerschaft mit Hotel Adlon",
      "Publicidad: el mejor hotel de Cancún #publi",
      "Kerja sama berbayar dengan hotel ini",
    ]) {
      const tags = caption.includes("#publi") ? ["publi"] : [];
      expect(
        classifyAdSignals({ text: text(caption, tags), author: null, plays: 100, history: null }).value,
        caption,
      ).toBe("yes");
      expect(classifyBranded(text(caption, tags)).value, caption).toBe("yes");
    }
  });

  it("promo codes and shop calls to action are branded in each language", () => {
    for (const caption of [
      "Use code HOTEL20 for 20% off",
      "Dùng mã GIAM50K khi đặt phòng, mua ngay",
      "Usa el código VERANO24, compra ya",
      "Jetzt kaufen mit Code SOMMER10",
      "Pakai kode LIBUR25, beli sekarang",
    ]) {
      expect(classifyBranded(text(caption)).value, caption).toBe("yes");
    }
    expect(classifyBranded(text("Một ngày ở Đà Lạt thật chill")).value).toBe("no");
  });

  it("an author with many unflagged videos and organic reach stays far below the threshold", () => {
    const p = adProbability({
      text: text("Một ngày ở Đà Lạt"),
      author: { ...NO_AUTHOR, followers: 50_000 },
      plays: 20_000,
      history: { flagged: 0, known: 8 },
    }).p;
    const prior = 1 / (1 + Math.exp(-AD_PRIORS.prior));
    expect(p).toBeLessThan(prior);
  });

  it("eval figures: average precision and per-band precision/recall", () => {
    const scored = [
      { p: 0.9, truth: true },
      { p: 0.8, truth: false },
      { p: 0.6, truth: true },
      { p: 0.2, truth: false },
      { p: 0.05, truth: true },
    ];
    // Positives at ranks 1, 3, 5: (1/1 + 2/3 + 3/5) / 3.
    expect(averagePrecision(scored)).toBeCloseTo((1 + 2 / 3 + 3 / 5) / 3, 10);
    const e = scoreProbabilities(scored);
    expect(e.bands[0]).toMatchObject({ from: 0.9, videos: 1, flagged: 1, precisionAtOrAbove: 1 });
    expect(e.bands.find((b) => b.from === 0.5)).toMatchObject({
      videos: 1,
      flagged: 1,
      recallAtOrAbove: 2 / 3,
    });
    expect(e.precision).toBeCloseTo(2 / 3, 10);
    expect(e.bands.reduce((n, b) => n + b.videos, 0)).toBe(5);
  });
});

describe("importers keep the account signals", () => {
  it("reads Apify's commerce, seller, bio link and private flags (JSON and CSV spellings)", () => {
    expect(
      accountSignalsOf(
        {
          commerceUserInfo: { commerceUser: "true", category: "Travel & Tourism" },
          ttSeller: "false",
          bioLink: "linktr.ee/hotel",
          privateAccount: false,
        },
        "authorMeta",
      ),
    ).toEqual({
      business: true,
      category: "Travel & Tourism",
      seller: false,
      bioLink: "linktr.ee/hotel",
      privateAccount: false,
    });
    expect(accountSignalsOf({ bioLink: { link: "shop.example" } }, "author").bioLink).toBe("shop.example");
    expect(accountSignalsOf({}, "authorMeta")).toEqual({
      business: null,
      category: null,
      seller: null,
      bioLink: null,
      privateAccount: null,
    });
  });

  it("stores them in creator_accounts on import; a poorer record keeps what is known", async () => {
    const { db, dir } = tempDb();
    const item = (id: string, author: Record<string, unknown>) => ({
      id,
      text: "Khách sạn đẹp ở Phú Quốc",
      createTime: 1717000000,
      isAd: false,
      authorMeta: { id: "6900000000000000009", name: "phuquoc.hotel", fans: 3000, verified: true, ...author },
      playCount: 1,
      diggCount: 0,
      commentCount: 0,
      shareCount: 0,
    });
    const file = join(dir, "apify.json");
    writeFileSync(
      file,
      JSON.stringify([
        item("7400000000000000101", {
          commerceUserInfo: { commerceUser: true, category: "Travel & Tourism" },
          ttSeller: true,
          bioLink: "booking.example/pq",
        }),
      ]),
    );
    await importFile(db, file, { format: "apify", now: 1717100000 });
    const second = join(dir, "apify2.json");
    writeFileSync(second, JSON.stringify([item("7400000000000000102", {})]));
    await importFile(db, second, { format: "apify", now: 1717200000 });
    expect(db.prepare("SELECT business, category, seller, bio_link FROM creator_accounts").all()).toEqual([
      { business: 1, category: "Travel & Tourism", seller: 1, bio_link: "booking.example/pq" },
    ]);
    db.close();
  });
});
