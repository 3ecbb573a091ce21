import { inlineHashtags } from "../../shared/text/hashtags.js";
import { anyOf, confidence, type LabelVerdict } from "./verdict.js";

export type { LabelVerdict } from "./verdict.js";

export interface AdTextInput {
  caption: string;
  /** Lower-case, without '#'. */
  hashtags: string[];
  transcript: string | null;
  hookText: string | null;
  /** The record was attributed to a known advertiser (brand handle, shop anchor, import mapping). */
  advertiserAttributed: boolean;
}

export const AD_TEXT_MODEL = "ad-text-v1";

/** Disclosure hashtags across the corpus languages (#ad, #publi, #werbung, #iklan, #광고, …). */
const DISCLOSURE_TAGS = new Set([
  "ad",
  "ads",
  "advert",
  "advertisement",
  "sponsored",
  "sponsor",
  "spon",
  "paidpartnership",
  "paidpartner",
  "publicidad",
  "publi",
  "publicidade",
  "anuncio",
  "patrocinado",
  "pub",
  "partenariat",
  "sponsorisé",
  "werbung",
  "anzeige",
  "iklan",
  "quangcao",
  "quảngcáo",
  "pr",
  "広告",
  "プロモーション",
  "광고",
  "협찬",
  "유료광고",
  "โฆษณา",
  "reklam",
  "işbirliği",
  "sponsorlu",
  "إعلان",
  "اعلان",
]);

export interface Feature {
  name: string;
  weight: number;
  pattern: RegExp;
  /** Matches wherever `pattern` can and costs less: `pattern` runs only on text it matches. */
  hint?: RegExp;
}

/**
 * Text features; each counts once. Weights are log-odds a reader can check by hand.
 *
 * Word boundaries are spelled `(?<![a-z0-9_])` before a letter or digit and `(?![a-z0-9_])` after one.
 * Under /iu that is the test `\b` makes there ([a-z0-9_] case-folds to exactly the characters `\b` counts
 * as word characters, ſ and K included), but V8 compiles `\b` under /iu to a two-sided lookaround
 * alternation that keeps it from skipping ahead to the literals: each such pattern ran ~5× slower.
 * test/unit/ingest/classify-patterns.test.ts checks both spellings agree.
 */
export const FEATURES: Feature[] = [
  {
    name: "disclosure phrase",
    weight: 3,
    pattern:
      /paid partnership|sponsored by|in partnership with|colaboración pagada|patrocinado por|parceria paga|partenariat rémunéré|sponsorisé par|bezahlte partnerschaft|in kooperation mit|kerja sama berbayar|disponsori|hợp tác có trả phí|được tài trợ|タイアップ|提供|유료 광고|ร่วมงานแบบมีค่าตอบแทน|สนับสนุนโดย|ücretli ortaklık|sponsorlu|شراكة مدفوعة|برعاية/iu,
  },
  {
    name: "app install call to action",
    weight: 1.6,
    pattern:
      /download (the|our) app|download now|install (it )?now|get the app|descarga la app|baixe o app|télécharge l['’]appli|lade dir die app|app (jetzt )?runter|download aplikasi|tải app|アプリをダウンロード|앱 다운로드|ดาวน์โหลดแอป|uygulamayı indir|حم[ّ]?ل التطبيق/iu,
  },
  {
    name: "purchase call to action",
    weight: 1.4,
    pattern:
      /shop now|buy now|order now|get yours|compra ya|cómpralo|compre agora|achète|jetzt kaufen|beli sekarang|mua ngay|đặt ngay|今すぐ購入|지금 구매|สั่งซื้อ|satın al|تسوق الآن|اطلب الآن/iu,
  },
  {
    name: "discount",
    weight: 1,
    pattern:
      /\d+\s?%\s?(off|de descuento|desconto|de réduction|rabatt)|(diskon|giảm|ลด|indirim)\s?%?\d+\s?%?|%\d+\s?indirim|\d+%\s?(オフ|할인)|خصم|free shipping|envío gratis|frete grátis|livraison gratuite|kostenloser versand|gratis ongkir|freeship|miễn phí vận chuyển|送料無料|무료배송|ส่งฟรี|ücretsiz kargo|شحن مجاني/iu,
  },
  {
    name: "shop or web link",
    weight: 1.2,
    pattern:
      /https?:\/\/|www\.|\b[a-z0-9-]+\.(com|shop|store|app|co)(?![a-z0-9_])|tiktok ?shop|tiktokmademebuyit|shop link/iu,
    // The domain alternative tries every word of the text; the dot and suffix it needs are rare.
    hint: /https?:\/\/|www\.|\.(?:com|shop|store|app|co)(?![a-z0-9_])|tiktok|shop link/iu,
  },
  {
    name: "link in bio",
    weight: 0.8,
    pattern:
      /link (in|in my|on my|en la|en mi|na|di|ở) bio|lien en bio|link bio|bio ?link|プロフィールのリンク|프로필 링크|ลิงก์ในไบโอ|link bioda|الرابط في البايو/iu,
  },
  {
    name: "contact or booking prompt",
    weight: 0.8,
    pattern:
      /hotline|whatsapp|zalo|dm (me )?to order|call now|book now|liên hệ|đặt phòng|(?<![a-z0-9_])0\d{2,3}[.\s]?\d{3}[.\s]?\d{3,4}(?![a-z0-9_])/iu,
  },
];

/** The first disclosure tag among the hashtags, else among the text's inline #tags; lower-cased. */
function disclosureTag(hashtags: readonly string[], text: string): string | undefined {
  for (const tag of hashtags) {
    const lower = tag.toLowerCase();
    if (DISCLOSURE_TAGS.has(lower)) return lower;
  }
  for (const tag of inlineHashtags(text)) {
    const lower = tag.toLowerCase();
    if (DISCLOSURE_TAGS.has(lower)) return lower;
  }
  return undefined;
}

/**
 * A paid-partnership disclosure in the text: a disclosure tag (#ad, #publi, #werbung, #iklan, #quangcao, …)
 * or phrase ("paid partnership", "được tài trợ", …); null when there is none. The `ad` model counts it as
 * strong evidence of a paid placement; calls to action and promo codes alone only make a video `branded`.
 */
export function textDisclosure(
  input: Pick<AdTextInput, "caption" | "hashtags" | "transcript" | "hookText">,
): string | null {
  const text = `${input.hookText ?? ""}\n${input.caption}\n${input.transcript ?? ""}`;
  const tag = disclosureTag(input.hashtags, text);
  if (tag) return `disclosure tag #${tag}`;
  const phrase = (FEATURES[0] as Feature).pattern.exec(text);
  return phrase ? `disclosure phrase "${phrase[0].trim()}"` : null;
}

const PROMO_KEYWORD = /(code|c[oó]digo|cupom|cup[oó]n|kode|mã|コード|코드|โค้ด|kod|كود)/iu;
/** A promo code looks like SAVE20: capitals with digits, 4–15 characters. */
const PROMO_TOKEN = /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,15}\b/u;
/** Rules out the promo code and every feature at once on the many texts that show none of them. */
const ANY_SIGNAL = anyOf([PROMO_KEYWORD, ...FEATURES.map((f) => f.hint ?? f.pattern)]);
const BIAS = -2.5;
const ATTRIBUTION_WEIGHT = 3.2;
const DISCLOSURE_TAG_WEIGHT = 3;
const PROMO_WEIGHT = 2.6;

/** One commercial signal found in a text: its kind (a FEATURES name, "disclosure tag" or "promo code"). */
export interface TextSignal {
  name: string;
  weight: number;
  /** What was found, e.g. `#ad`, `promo code SAVE20`, `purchase call to action "mua ngay"`. */
  evidence: string;
}

/** Every commercial signal in the hook, caption and transcript (each feature once). */
export function textSignals(
  input: Pick<AdTextInput, "caption" | "hashtags" | "transcript" | "hookText">,
): TextSignal[] {
  const text = `${input.hookText ?? ""}\n${input.caption}\n${input.transcript ?? ""}`;
  const found: TextSignal[] = [];
  const disclosure = disclosureTag(input.hashtags, text);
  if (disclosure)
    found.push({
      name: "disclosure tag",
      weight: DISCLOSURE_TAG_WEIGHT,
      evidence: `disclosure tag #${disclosure}`,
    });
  if (ANY_SIGNAL.test(text)) {
    const promo = PROMO_KEYWORD.test(text) ? PROMO_TOKEN.exec(text) : null;
    if (promo) found.push({ name: "promo code", weight: PROMO_WEIGHT, evidence: `promo code ${promo[0]}` });
    for (const feature of FEATURES) {
      if (feature.hint && !feature.hint.test(text)) continue;
      const match = feature.pattern.exec(text);
      if (!match) continue;
      found.push({
        name: feature.name,
        weight: feature.weight,
        evidence: `${feature.name} "${match[0].trim()}"`,
      });
    }
  }
  return found;
}

/**
 * A transparent weighted model for "is this an ad?" over text and metadata: disclosure tags and phrases,
 * promo codes, calls to action, shop/link signals, contact prompts and advertiser attribution add log-odds
 * to a negative prior; "yes" when the probability reaches 0.5. Confidence is the probability of the verdict.
 * (The stored `ad` label now uses ad-signals.ts; this text score remains its reference and eval baseline.)
 */
export function classifyAdText(input: AdTextInput): LabelVerdict {
  const evidence: string[] = [];
  let score = BIAS;
  for (const signal of textSignals(input)) {
    score += signal.weight;
    evidence.push(signal.evidence);
  }
  if (input.advertiserAttributed) {
    score += ATTRIBUTION_WEIGHT;
    evidence.push("attributed to an advertiser");
  }

  const p = 1 / (1 + Math.exp(-score));
  const isAd = p >= 0.5;
  return {
    value: isAd ? "yes" : "no",
    confidence: confidence(isAd ? p : 1 - p),
    evidence:
      evidence.length > 0 ? evidence.join("; ") : "no disclosure, promo, call-to-action or advertiser signal",
  };
}
