import { anyOf, confidence, type LabelVerdict } from "./verdict.js";

export const HOOK_MODEL = "hook-patterns-v3";

export interface HookRule {
  pattern: string;
  /** How sure a match makes us; explicit markers ("POV:", "stop scrolling") are surer than a bare "?". */
  strength: number;
  test: RegExp;
  /** A line this also matches is not the pattern after all (the next rule is tried). */
  unless?: RegExp;
}

/**
 * First match wins, so the order settles overlaps: "Before and after: 30 days" is before_after, not a list;
 * "Nobody tells you this about X" is secret, not story; a line is a question only when nothing more specific
 * matched. Word boundaries are lookarounds rather than `\b`, which is slow under /iu (see ad.ts FEATURES).
 * The `\b` after challenge's "\d+ (días|…|يوم)" stays: it sits behind digits V8 scans for first, so it costs
 * nothing there, and its alternatives end in word ("días") and non-word ("يوم") characters alike.
 */
export const RULES: HookRule[] = [
  { pattern: "pov", strength: 0.95, test: /^\s*\W{0,3}pov(?![a-z0-9_])/iu },
  {
    pattern: "stop_scrolling",
    strength: 0.93,
    test: /stop scrolling|don['’]?t scroll|keep scrolling|deja de (hacer )?scroll|no sigas deslizando|para de rolar|pare de rolar|arr[eê]te de scroller|ne scrolle pas|h[oö]r auf zu scrollen|nicht weiterscrollen|berhenti scroll|jangan scroll|dừng lướt|đừng lướt|スクロール(を止めて|しないで)|스크롤 멈춰|หยุดเลื่อน|อย่าเพิ่งเลื่อน|kaydırmayı bırak|^geçme(?![a-z0-9_])|توقف عن التمرير|لا تتخطى/iu,
  },
  {
    pattern: "before_after",
    strength: 0.92,
    test: /before (and|&|vs\.?|\/) after|before vs|antes (y|e|vs\.?) despu[eé]s|antes (e|vs\.?) depois|avant\s*(\/|et|vs\.?)\s*apr[eè]s|vorher[\s-]*(vs\.?\s*)?nachher|sebelum (dan|vs\.?) sesudah|trước (và|vs\.?) sau|ビフォーアフター|ビフォー|비포 ?애프터|전후|ก่อน(และ| vs )หลัง|önce(si)? ve sonra(sı)?|قبل وبعد|glow[- ]?up/iu,
  },
  {
    pattern: "challenge",
    strength: 0.9,
    test: /challenge|i tried .* for \d+ days|for \d+ days straight|(?<![a-z0-9_])reto(?![a-z0-9_])|desaf[ií]o|d[ée]fi(?![a-z0-9_])|tantangan|thử thách|チャレンジ|やってみた|してみた|챌린지|해봤다|ชาเลนจ์|ทุกวัน|\d+ (días|dias|jours|tage|hari|ngày|gün|يوم(اً)?)\b.*(todos|tous|jeden|tiap|mỗi|her|كل)|(todos los días|todos os dias|tous les jours|jeden tag|tiap hari|mỗi ngày|her gün|كل يوم)|تحدي/iu,
  },
  {
    pattern: "secret",
    strength: 0.9,
    test: /nobody (tells|talks|mentions)|no one (tells|talks|mentions)|secret|nadie te (dice|cuenta)|secreto|ningu[eé]m (te )?(conta|fala)|segredo|personne ne (te )?(dit|parle)|niemand (sagt|erz[äa]hlt)|keiner erw[äa]hnt|geheimnis|(nggak|tidak|gak) ada yang (kasih tahu|bilang)|rahasia|không ai (nói|nhắc)|bí mật|誰も教えてくれない|秘密|아무도 (알려주지|말 안)|비밀|ไม่มีใครบอก|ความลับ|kimsenin .*(söylemediği|bahsetmediği)|(?<![a-z0-9_])sır(?![a-z0-9_])|لا أحد يخبرك|السر/iu,
  },
  {
    pattern: "numbered_list",
    strength: 0.88,
    test: /^\s*(top\s+)?\d{1,2}(\s|\.|:|選|つ|가지)|^\s*(top|los|las|os|as|les|die)\s+\d{1,2}\s/iu,
    // A count of things, not "1 chiếc khách sạn" (a hotel: one item is no list) nor a duration, time, distance
    // or amount ("2 năm trước" two years ago, "3 days in Paris", "5k followers", "17:25", "10.000đ").
    unless:
      /^\s*(1(\s|\.|:)|\d{1,2}[:.]\d{2}|\d{1,2}\s*(years?|yrs?|months?|weeks?|days?|nights?|hours?|hrs?|h|minutes?|mins?|seconds?|secs?|am|pm|m|km|k|%|năm|tháng|tuần|ngày|đêm|giờ|tiếng|phút|giây|triệu|tr|nghìn|ngàn)([^\p{L}\p{N}_]|$))/iu,
  },
  {
    pattern: "tutorial",
    strength: 0.85,
    test: /how to|here['’]?s how|step[- ]by[- ]step|tutorial|c[oó]mo (empezar|hacer|usar)|paso a paso|como (come[cç]ar|fazer|usar)|passo a passo|comment (commencer|faire)|[ée]tape par [ée]tape|(?<![a-z0-9_])tuto(?![a-z0-9_])|^so (geht|f[äa]ngst|machst)|anleitung|schritt f[üu]r schritt|^cara (mulai|membuat|bikin)|langkah demi langkah|^cách(?![a-z0-9_])|hướng dẫn|やり方|方法|방법|튜토리얼|วิธี|สอน|nasıl yapılır|adım adım|rehberi|طريقة|خطوة بخطوة|شرح/iu,
    // Vietnamese "cách" before a distance or time is "from", not "how to" ("Cách phố đi bộ 100m").
    unless: /^\s*cách\s.*\d([.,]\d+)?\s*(m|km|phút|tiếng|giờ|h)([^\p{L}]|$)/iu,
  },
  {
    pattern: "story",
    strength: 0.85,
    test: /story ?time|so this happened|let me tell you|les cuento|deixa eu (te )?contar|je vous raconte|ich erz[äa]hl|ceritanya|kể (các bạn|mọi người) nghe|聞いて|ストーリータイム|썰|생긴 일|เล่าเรื่อง|เรื่องมีอยู่ว่า|hikaye zamanı|anlatayım|قصة|سأحكي/iu,
  },
  {
    pattern: "bold_claim",
    strength: 0.8,
    test: /(?<![a-z0-9_])the best(?![a-z0-9_])|(?<![a-z0-9_])the only(?![a-z0-9_]).*(?<![a-z0-9_])need(?![a-z0-9_])|never going back|changed my|you['’]?ll ever|el mejor|la mejor|la única|el único|o melhor|a melhor|a única|o único|le meilleur|la meilleure|la seule|le seul|der beste|das beste|die beste|die einzige|der einzige|terbaik|satu-satunya|tốt nhất|đỉnh nhất|duy nhất|最強|これだけでいい|최고의|만 있으면|ที่ดีที่สุด|เดียวที่|en iyi|htiyacın olan tek|أفضل|الوحيد/iu,
  },
  {
    pattern: "question",
    strength: 0.75,
    test: /[?？؟]\s*$|^\s*(why|what|how|is|are|do|did|can|would)(?![a-z0-9_]).*[?？]/iu,
  },
];

/** Most opening lines follow no pattern: one scan tells, rather than one per rule. */
const ANY_RULE = anyOf(RULES.map((rule) => rule.test));

/** The text up to its first line break, trimmed (which drops the "\r" of a "\r\n"). */
function firstLine(text: string): string {
  const end = text.indexOf("\n");
  return (end < 0 ? text : text.slice(0, end)).trim();
}

/**
 * Detects the opening-line hook pattern (question, pov, stop_scrolling, numbered_list, bold_claim,
 * before_after, story, challenge, tutorial, secret) across the corpus languages; "no" when the line follows
 * none. `language` is the record's language; the rules are language-independent, so it only shapes evidence.
 */
export function classifyHook(text: string | null, language: string | null): LabelVerdict {
  const line = firstLine(text ?? "");
  if (line.length === 0) return { value: "no", confidence: 0.95, evidence: "no opening line" };
  if (ANY_RULE.test(line)) {
    for (const rule of RULES) {
      const match = rule.test.exec(line);
      if (!match || rule.unless?.test(line)) continue;
      return {
        value: rule.pattern,
        confidence: confidence(rule.strength),
        evidence: `opening line${language ? ` (${language})` : ""} matches ${rule.pattern}: "${match[0].trim() || line.slice(0, 40)}"`,
      };
    }
  }
  return {
    value: "no",
    confidence: 0.8,
    evidence: `opening line follows no hook pattern: "${line.slice(0, 60)}"`,
  };
}
