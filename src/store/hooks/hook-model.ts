import { foldText } from "../../shared/text/normalize.js";
import type { Embedder } from "./embedder.js";

/**
 * The hook model: two hooks are similar when they make the same rhetorical MOVE about the same TOPIC, in
 * whatever words or language (English, Vietnamese, Spanish, German, Indonesian). A hook becomes three
 * parts, each unit length, weighted and joined into one vector (cosine = dot product):
 *
 * - moves (weight² 0.4): question, warning/avoid, list, POV, before/after, challenge, claim (superlatives,
 *   "must"), story (first person), secret/reveal ("nobody tells you", "the truth about"), how-to, offer (a
 *   price or deal: "chỉ từ 370k", "2.80k/đêm", "giảm 20%"; not "4K" or "1k góc"), review (a room tour,
 *   "trải nghiệm"; "check in" shows a place off: showcase), target ("nếu
 *   bạn đang tìm…", "if you…", "save this for…") — by multilingual patterns; and showcase, for a hook that
 *   makes none of these but names a place to stay or a feature of one ("Chiếc phòng có bồn tắm…");
 * - topics (weight² 0.45): concepts from a small multilingual lexicon of the corpus domains (hotel, room,
 *   pool, beach, view, price, food, travel, places, jobs, skincare, fitness, …);
 * - words (weight² 0.15): the remaining content words, hashed, so identical wording scores a little higher.
 *
 * So a paraphrase in another language (same move, same topic) scores ~0.85, the same topic with another
 * move ≤ ~0.6, the same move about something else ≤ ~0.4. A part a hook lacks is its own: its weight stays
 * in the hook's length but on no dimension another hook can share, so two hooks are never alike for what
 * neither has (on the real Apify export, a hashed slot for it instead matched unrelated hooks by collision).
 * Lists below MIN_SIMILARITY are not returned.
 */
export const HOOK_MODEL_NAME = "hook-move-v3";
export const MIN_SIMILARITY = 0.5;

const W_MOVE = Math.sqrt(0.4);
const W_TOPIC = Math.sqrt(0.45);
const W_WORD = Math.sqrt(0.15);

/** Rhetorical moves; patterns run on the lower-cased text and on its folded form (accents removed). */
const MOVES: [string, RegExp][] = [
  [
    "question",
    /\?|^(what|why|how much|which|who|where|when|is|are|do|does|can|should|would)\b|\b(tai sao|vi sao|co nen|bao nhieu|o dau|the nao|co dang|nen khong|khong\s*$)|^(por que|cual|donde|cuanto|warum|wieso|welche|wie viel|lohnt sich|kenapa|mengapa|bagaimana|berapa|dimana|gimana)\b/u,
  ],
  [
    "warning",
    /\b(avoid|don ?t|never|stop|mistakes?|warning|beware|worst|scam|careful|canh bao|sai lam|te nhat|lua dao|khong nen|evita|evitar|nunca|cuidado|errores?|estafa|vermeide|niemals|fehler|achtung|warnung|jangan|hindari|hati hati|kesalahan|awas|penipuan)\b|(^|\s)(đừng|tránh|chớ)(\s|$)/u,
  ],
  [
    "list",
    /\btop\s?(\d+|nhung|cac)\b|(?<!no\.? ?)\b([2-9]|\d\d)\s+(?:\p{L}+\s+)?(things?|places?|ways?|reasons?|tips?|hotels?|resorts?|spots?|mistakes?|khach san|dia diem|mon|dieu|cach|ly do|homestay|resort|quan|cosas|lugares|hoteles|consejos|razones|dinge|orte|tipps|grunde|tempat|hotel|cara|alasan|rekomendasi)\b/u,
  ],
  ["pov", /\bpov\b|^(when you|khi ban|cuando tu|wenn du|ketika kamu|saat kamu)\b/u],
  [
    "before_after",
    /\b(before (and|vs|&|\/)? ?after|truoc (va|vs) sau|antes y despues|vorher (und )?nachher|sebelum (dan|vs)? ?sesudah|transformation|lot xac|bien hinh)\b/u,
  ],
  [
    "challenge",
    /\b(challenge|thu thach|reto|desafio|herausforderung|tantangan|day \d+|ngay \d+|dia \d+|tag \d+|hari ke)\b/u,
  ],
  [
    "claim",
    /\b(best|#1|no\.? ?1|number one|must|perfect|cheapest|the most|prettiest|phai thu|khong the bo qua|dung bo qua|nhat dinh phai|can ?t miss|el mejor|la mejor|los mejores|imprescindible|der beste|die beste|das beste|am besten|terbaik|paling|wajib)\b|(?<!(thống|hợp|đồng|thứ))(^|\s)(nhất|đỉnh)(\s|$)/u,
  ],
  [
    "story",
    /^(i |i'm|my |we |today i|hom nay|minh da|minh vua|tui|toi da|ke chuyen|storytime|story time|ayer|hoy fui|cuando fui|gestern|ich habe|ich war|kemarin|aku |saya )|\bstorytime\b/u,
  ],
  [
    "secret",
    /\b(secrets?|hidden|nobody (tells|talks|knows|mentions)|no one (tells|talks|knows|mentions)|nobody told me|they don ?t (tell|want)|truth about|bi mat|it ai biet|khong ai noi|secreto|nadie te dice|nadie habla|la verdad sobre|geheimnis|niemand (sagt|erzahlt)|die wahrheit uber|rahasia|tidak ada yang (bilang|tahu)|fakta tersembunyi)\b/u,
  ],
  [
    "howto",
    /\b(how to|cach (de|lam)|huong dan|como hacer|so geht|anleitung|cara (buat|bikin|membuat)|tutorial)\b/u,
  ],
  [
    "offer",
    /\b(chi (tu|voi|co|con|tam)|gia (re|tot|soc|mem|hat de|uu dai|sieu|chi|cuc re)|sieu re|phai chang|uu dai|giam gia|giam \d+|khuyen mai|flash sale|sale off|voucher|combo|discount|deals?|only \$?\d+|from \$\d+|(\d{2,}|\d(?=[.,]\d))([.,]\d+)*\s?k|\d+([.,]\d+)*\s?(vnd|usd|tr|trieu|cu)|oferta|descuento|rabatt|angebot|diskon|potongan harga)\b/u,
  ],
  [
    "review",
    /\b(reviews?|room tour|hotel tour|house tour|tour (phong|khach san|homestay|resort|villa)|trai nghiem|danh gia|kham pha|dot nhap|unboxing|honest opinion|i stayed|we stayed|resena|erfahrungsbericht|ulasan|pengalaman menginap)\b/u,
  ],
  [
    "target",
    /\b(neu (ban|cac ban|may ban|mn|moi nguoi|ai)|mach (ban|cac ban|may ban|mn)|ban nao (co|dang|can|muon)|tham khao|ai (muon|dang|can|sap|chua)|danh cho (ban|cac ban|may ban|nhung ai|ai|nguoi)|cho (nhung )?ai (muon|dang|can)|if you|for (anyone|those|everyone|people) (who|looking|planning)|anyone (who|looking|planning)|save (this|it) for|luu (ngay|lai)|note (ngay|lai)|si (buscas|vas|quieres)|para (los|las|quien) que|wenn (du|ihr)|falls (du|ihr)|buat (kamu|yang)|untuk (kamu|yang|kalian))\b/u,
  ],
];

/** The move of a hook that makes none of MOVES but names one of SHOWCASED (analyseHook). */
const SHOWCASE = "showcase";
const SHOWCASED = new Set(["hotel", "room", "pool", "view"]);

/** Topic concepts: folded phrases of the corpus domains in the corpus languages. */
const TOPICS: [string, string[]][] = [
  [
    "hotel",
    [
      "hotel",
      "hotels",
      "khach san",
      "ks",
      "resort",
      "resorts",
      "homestays",
      "villas",
      "homestay",
      "villa",
      "hostel",
      "motel",
      "nha nghi",
      "unterkunft",
      "penginapan",
      "staycation",
      "accommodation",
      "alojamiento",
    ],
  ],
  ["room", ["room", "rooms", "phong", "habitacion", "zimmer", "kamar", "suite", "giuong", "bed"]],
  ["pool", ["pool", "ho boi", "be boi", "piscina", "schwimmbad", "kolam renang", "infinity"]],
  [
    "beach",
    ["beach", "bien", "bai bien", "playa", "mar", "strand", "meer", "pantai", "laut", "sea", "ocean"],
  ],
  ["view", ["view", "vista", "aussicht", "pemandangan", "ngam canh", "canh dep"]],
  [
    "price",
    [
      "cheap",
      "gia re",
      "price",
      "gia tot",
      "gia chi",
      "gia phong",
      "gia ca",
      "gia hat de",
      "gia uu dai",
      "uu dai",
      "barato",
      "precio",
      "billig",
      "preis",
      "murah",
      "harga",
      "budget",
      "sale",
      "giam gia",
      "khuyen mai",
      "promo",
      "discount",
      "voucher",
    ],
  ],
  [
    "food",
    [
      "food",
      "meal",
      "meal prep",
      "recipe",
      "cooking",
      "an gi",
      "an uong",
      "an sang",
      "an trua",
      "an toi",
      "di an",
      "an vat",
      "am thuc",
      "mon an",
      "mon ngon",
      "breakfast",
      "buffet",
      "comida",
      "desayuno",
      "essen",
      "fruhstuck",
      "makan",
      "makanan",
      "sarapan",
      "restaurant",
      "nha hang",
      "quan an",
    ],
  ],
  [
    "travel",
    [
      "travel",
      "du lich",
      "trip",
      "viaje",
      "reise",
      "urlaub",
      "jalan jalan",
      "liburan",
      "wisata",
      "itinerary",
      "lich trinh",
      "di choi",
      "vacation",
      "holiday",
    ],
  ],
  ["vungtau", ["vung tau", "vungtau"]],
  ["danang", ["da nang", "danang"]],
  ["dalat", ["da lat", "dalat"]],
  ["phuquoc", ["phu quoc", "phuquoc"]],
  ["cantho", ["can tho", "cantho"]],
  ["halong", ["ha long", "halong"]],
  ["nhatrang", ["nha trang", "nhatrang"]],
  ["hanoi", ["ha noi", "hanoi"]],
  ["saigon", ["sai gon", "saigon", "ho chi minh", "hcm"]],
  ["bali", ["bali"]],
  [
    "job",
    [
      "internship",
      "intern",
      "thuc tap",
      "job",
      "jobs",
      "viec lam",
      "tuyen dung",
      "practicas",
      "praktikum",
      "magang",
      "lowongan",
      "career",
      "cong viec",
    ],
  ],
  [
    "skincare",
    [
      "skincare",
      "skin care",
      "cham soc da",
      "cuidado de la piel",
      "hautpflege",
      "perawatan kulit",
      "serum",
      "skin",
    ],
  ],
  ["fitness", ["gym", "workout", "protein", "tap gym", "entrenamiento", "training", "olahraga", "fitness"]],
  [
    "money",
    ["money", "tien", "dinero", "geld", "uang", "budgeting", "tiet kiem", "ahorrar", "sparen", "hemat"],
  ],
];

const STOP = new Set(
  "the a an and or of to in on at for with this that is are was be it you your my i we me so just from by as o va cua la co cho mot nhung cac thi nay do de y en el la los las un una es del al der die das und ist ein eine zu mit yang dan di ini itu untuk dengan ke dari khong nhe nha oi ne a".split(
    " ",
  ),
);

const TOPIC_INDEX = new Map<string, string>();
const TOPIC_PHRASES: [string, string][] = [];
for (const [concept, phrases] of TOPICS)
  for (const p of phrases) {
    if (p.includes(" ")) TOPIC_PHRASES.push([p, concept]);
    else TOPIC_INDEX.set(p, concept);
  }

export interface HookAnalysis {
  moves: string[];
  topics: string[];
  words: string[];
}

/** The moves, topic concepts and remaining content words of a hook. */
export function analyseHook(text: string): HookAnalysis {
  const lower = text.toLowerCase().trim();
  const folded = foldText(text)
    .replace(/[^\p{L}\p{N}?#.&/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const moves = MOVES.filter(([, p]) => p.test(folded) || p.test(lower)).map(([m]) => m);
  const tokens = folded
    .replace(/[?#.&/]/g, " ")
    .split(" ")
    .filter(Boolean);
  const spaced = ` ${tokens.join(" ")} `;
  const topics = new Set<string>();
  const covered = new Set<string>();
  for (const [phrase, concept] of TOPIC_PHRASES) {
    if (spaced.includes(` ${phrase} `)) {
      topics.add(concept);
      for (const w of phrase.split(" ")) covered.add(w);
    }
  }
  const words = new Set<string>();
  for (const t of tokens) {
    const concept = TOPIC_INDEX.get(t);
    if (concept) topics.add(concept);
    else if (!covered.has(t) && !STOP.has(t) && t.length > 1 && !/^\d+$/.test(t)) words.add(t);
  }
  // No other move, but it names a place to stay or a feature of one: the hook shows it off ("Khách sạn X
  // ngay trung tâm…", "Chiếc phòng có bồn tắm…"), the commonest opener of the real hotel export.
  if (moves.length === 0 && [...topics].some((t) => SHOWCASED.has(t))) moves.push(SHOWCASE);
  return { moves, topics: [...topics], words: [...words] };
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The hook model behind the Embedder interface (see embedder.ts for plugging in a real embedding model).
 * Moves and topics get dedicated slots (no collisions); content words are hashed into the rest.
 */
export class HookMoveEmbedder implements Embedder {
  readonly name = HOOK_MODEL_NAME;
  readonly minSimilarity = MIN_SIMILARITY;
  private readonly moveSlot = new Map([...MOVES.map(([m]) => m), SHOWCASE].map((m, i) => [m, i]));
  private readonly topicSlot = new Map(TOPICS.map(([t], i) => [t, MOVES.length + 1 + i]));
  private readonly wordStart = MOVES.length + 1 + TOPICS.length;

  constructor(readonly dimensions = 128) {
    if (dimensions < this.wordStart + 16)
      throw new Error(`${HOOK_MODEL_NAME} needs at least ${this.wordStart + 16} dimensions`);
  }

  embed(text: string, into?: Float32Array): Float32Array {
    const v = into ?? new Float32Array(this.dimensions);
    v.fill(0);
    const a = analyseHook(text);
    const span = this.dimensions - this.wordStart;
    const parts: [number, number[]][] = [
      [W_MOVE, a.moves.map((m) => this.moveSlot.get(m) as number)],
      [W_TOPIC, a.topics.map((t) => this.topicSlot.get(t) as number)],
      [W_WORD, a.words.map((w) => this.wordStart + (fnv(w) % span))],
    ];
    // The weight² of the parts this hook has: what another hook can share. A part it lacks keeps its weight
    // in the hook's length (1) but on no shared dimension, so the dot product stays the cosine.
    let shared = 0;
    for (const [weight, slots] of parts) {
      if (slots.length === 0) continue;
      shared += weight * weight;
      const each = weight / Math.sqrt(slots.length);
      for (const s of slots) v[s] = (v[s] as number) + each;
    }
    // Hashed words may collide: scale what is shared back to its share of the unit length.
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += (v[i] as number) ** 2;
    const scale = norm > 0 ? Math.sqrt(shared / (W_MOVE ** 2 + W_TOPIC ** 2 + W_WORD ** 2) / norm) : 0;
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * scale;
    return v;
  }

  /** Blocking keys: topic concepts and content words (a candidate must share one with the hook). */
  keys(text: string): string[] {
    const a = analyseHook(text);
    return [...a.topics.map((t) => `T_${t}`), ...a.words];
  }
}
