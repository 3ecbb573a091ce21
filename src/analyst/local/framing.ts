import { outsideQuotes, QUOTED } from "./lexicon.js";

/**
 * What a request says around its question: an email's greeting and sign-off ("Hi team, … Thanks, Linh"), and the
 * instructions an agent wraps a user's question in ("Answer using only the corpus. User question: …", "Task: …
 * Return the figure and 3 example videos."). The question is read without them; a sign-off's name is no creator,
 * and "answer", "user" or "concisely" are no words to find. What was left out is said beside the answer.
 */

export interface Unframed {
  /** The question without its framing. */
  question: string;
  /** The framing left out, as written (each part shortened to a few words). */
  framing: string[];
}

/** A greeting that opens a message: "Hi team,", "Hello,", "Dear Minh,", "Good morning all —". */
const GREETING = /^\s*(?:hi|hello|hey|hiya|dear|greetings|good (?:morning|afternoon|evening))\b/i;
/** Whom it greets, and the stop after it (case kept: "Hi Minh," greets Minh; "Hey can you," greets no one). */
const GREETED =
  /^(?:\s+(?:there|team|all|everyone|folks|guys|y'all|again|\p{Lu}[\p{Ll}'-]+))*\s*[,!.:;—–-]+\s+/u;

/** A sign-off that closes one, with the name after it: "Thanks, Linh", "Best regards", "cheers". */
const SIGN_OFF =
  /(?<=[.?!)]|^)\s*(?:(?:many\s+)?thanks(?:\s+(?:a lot|so much|in advance|again))?|thank you(?:\s+(?:so much|in advance))?|thx|tia|cheers|best(?:\s+(?:regards|wishes))?|(?:kind|warm|many)\s+regards|regards|sincerely)(?:\s*[,!.—–-]+\s*|\s+)?(?:\p{Lu}[\p{Ll}'-]*(?:\s+\p{Lu}[\p{Ll}'-]*)?|\p{Ll}{2,12})?\s*[.!]*\s*$/iu;

/** Labels of what an agent writes around the question ("Task:", "System note:", "Context:"). */
const INSTRUCTION_LABEL =
  /^(?:task|instructions?|system(?:\s+(?:note|prompt|message))?|note|context|background|format|guidelines?|rules?|persona|role|goal|objective)$/i;

/** Labels of the question itself ("User question:", "The user asks:", "Q from end user (forwarded verbatim):"). */
const QUESTION_LABEL =
  /^(?:(?:the\s+)?(?:end[- ]?)?(?:user|customer|client)(?:'s)?\s+(?:question|query|request|message|prompt|asks|asked|writes|wrote|wants to know)|(?:the\s+)?(?:end[- ]?)?user|question|query|request|prompt|q(?:\s+from\s+(?:the\s+)?(?:end[- ]?)?(?:user|customer|client))?|(?:forwarded\s+)?(?:end[- ]?)?user\s+message(?:,.*)?)(?:\s*\([^)]{0,40}\))?$/i;

/** A sentence that tells the answerer how to answer ("Please respond concisely.", "Use only data you have."). */
const INSTRUCTION =
  /^(?:please\s+)?(?:(?:answer|respond|reply)(?:\s+(?:only\s+)?(?:using|from|with|in|concisely|briefly|precisely|shortly)\b|\s*[.!]*$)|be\s+(?:brief|concise|precise|short|accurate|careful|exact)\b|keep\s+(?:it|the\s+answer|answers|your\s+answer)\b|use\s+only\b|only\s+use\b|use\s+(?:only\s+)?(?:the\s+)?(?:data|corpus|dataset)\b|(?:do\s+not|don'?t)\s+(?:speculate|guess|invent|make\s+up|hallucinate|use\s+outside)\b|avoid\s+(?:jargon|speculation|guessing)\b|no\s+outside\b|short\s+answer\b|if\s+(?:the\s+)?(?:data|corpus|dataset)\s+(?:cannot|can'?t|does\s+not|doesn'?t)\b)/i;

/**
 * A sentence after the question on the answer's form ("Output a two-row table.", "Return a ranked list.", "If fewer
 * than 3 match, say so."). (What to give back is kept: "Return the count and median plays per year" asks it.)
 */
const FORM_INSTRUCTION =
  /^(?:please\s+)?(?:(?:return|output|format|give|provide|present|show|answer|reply|respond)\s+(?:it\s+|them\s+|everything\s+|(?:the|your)\s+(?:answer|results?|output)\s+)?(?:as|in|with)\s+(?:an?\s+)?(?:json|csv|markdown|plain text|(?:short\s+|simple\s+)?table|(?:ranked\s+|bulleted\s+)?list|bullets?|bullet points|[\w-]+[- ](?:row|column)\s+table|one\s+(?:line|sentence|paragraph)|a\s+few\s+(?:lines|sentences)|numbers?\s+only|vietnamese|english)\b|(?:return|output)\s+an?\s+(?:ranked\s+list|(?:short\s+|simple\s+|[\w-]+[- ](?:row|column)\s+)?table(?:\s+with\s[^.!?]*)?|list)\s*[.!]?$|cite\b|include\s+(?:the\s+)?(?:video\s+)?(?:urls?|links?|sources?)\b|(?:max(?:imum)?|at\s+most|no\s+more\s+than|limit\s+(?:it\s+)?to)\s+\d+\s+(?:rows|lines|words|items|sentences)\b|if\b[^.!?]{0,80}\b(?:say\s+so|tell\s+me|let\s+me\s+know|note\s+it|flag\s+it|mention\s+it|say\s+that)\b)/i;

/** What the asker wants to write ("I want to say …", "we'd like to quote …"). */
const SAYS_WORDS = String.raw`(?:i|we)(?:'d|\s+would)?\s+(?:want|like|need)\s+to\s+(?:say|write|quote|claim|tell)\b`;
/**
 * A sentence after the question on why it is asked or what the asker believes ("…? we're thinking about a 'stay with
 * us' post", "…? someone told me capcut videos get pushed more", "…? they look like an OTA-style reseller, wanna
 * benchmark vs our content", "…? Em cần số này cho chương 4."): it asks nothing, and its words are no topics.
 */
const ASIDE = new RegExp(
  String.raw`^(?:\(?\s*)?(?:(?:lol|haha|tbh|ngl|fwiw|btw|ok|so)[,\s]+)?(?:` +
    [
      String.raw`i\s+(?:assume|think|thought|feel|felt|guess|heard|hear|remember|believe|suspect|noticed|saw|read|was told|wonder(?:ed)?|run|manage|work|do|handle|own)\b`,
      String.raw`i'?m\s+(?:trying|planning|thinking|doing|writing|working|building|making|curious|asking|preparing|pitching|just|guessing|assuming|pretty sure|not sure)\b`,
      String.raw`i'?ve\s+(?:heard|seen|noticed|been|got)\b`,
      String.raw`we(?:'re|\s+are)\s+(?:thinking|planning|trying|considering|deciding|looking|pitching|preparing|launching|building|running|doing|working|a|an|the)\b`,
      String.raw`we(?:'ve|\s+have)\s+(?:been|seen|heard|noticed|got)\b`,
      String.raw`we\s+(?:run|manage|plan|might|may|will|'ll|need to decide|assume|think|feel|heard)\b`,
      String.raw`(?:my|our)\s+(?:boss|gm|manager|client|team|ceo|hotel|resort|homestay|property|brand|deck|thesis|report|plan|goal|idea|theory|hunch|guess|assumption|sense|feeling)\b`,
      String.raw`(?:someone|somebody|a friend|people|they)\s+(?:says?|said|told|tell|claim(?:s|ed)?)\b`,
      String.raw`(?:it's|it is|this is|that's|they're|they look|looks like|seems like|it seems|it feels)\b`,
      String.raw`(?:trying|hoping|planning|thinking|curious|asking)\s+(?:to|about|if|whether|because|since|for|bc|b\/c)\b`,
      // ("I don't want a "trend" built on 35 old clips.", "Before I approve another pool video.", "Zero ads would be
      // funny given their budget.", "Saves feel like the real signal so I'd love that number.")
      String.raw`i\s+(?:don'?t|do not|can'?t|cannot)\s+(?:want|need|trust|buy|believe|afford|imagine)\b`,
      String.raw`(?:before|after|so|until|unless)\s+(?:i|we)\s+(?!(?:should|can|could)\b)`,
      String.raw`(?:[\p{L}\p{N}#@'-]+\s+){1,4}would\s+be\s+(?:(?:a|an|so|really|very)\s+)?(?:fun|cool|funny|ironic|interesting|surprising|wild|hilarious|great|nice|telling|amazing|useful|helpful|embarrassing|awkward)\b`,
      String.raw`(?:[\p{L}\p{N}#@'-]+\s+){1,3}(?:feels?|seems?)\s+like\b`,
      String.raw`thinking\s+of\s+(?:a|an|our|my|going|doing|making|trying|opening|launching|extending|starting|running|using|posting|adding|building|creating|booking|hiring)\b`,
      String.raw`(?:want(?:ing)?\s+to|wanna)\s+(?:know\s+(?:if|whether|what|why)|see\s+(?:if|whether|how)|understand|show|check\s+(?:if|whether)|find out\s+(?:if|whether)|prove|convince|benchmark|pitch|plan|decide|get ahead|justify)\b`,
      SAYS_WORDS,
      // ('Slide title will be "How the category tags itself".')
      String.raw`(?:(?:the|my|our|this)\s+)?(?:slide|deck|chart|section|page|report|post)(?:'s)?\s+(?:title|headline|heading|name)\s+(?:will be|is|would be|reads|could be)\b`,
      String.raw`(?:just\s+(?:curious|checking|wondering)|since|because|cause|cuz|for context|fyi|context|background)\b`,
      String.raw`(?:mình|minh|em|tôi|toi|tớ|tui|tụi\s+(?:mình|minh|em|tui)|bên\s+(?:mình|minh|em)|chúng\s+(?:tôi|toi|mình|minh|em))\s+(?:đang|dang|định|dinh|cần|can|nhớ|nho|nghĩ|nghi|thấy|thay|nghe|làm|lam|viết|viet|hỏi|hoi|muốn|muon|xem)(?![\p{L}\p{N}])`,
      String.raw`(?:định|dinh|vì|tại vì|tai vi|nghe nói|nghe noi)\s`,
    ].join("|") +
    ")",
  "iu",
);
/** An aside saying what the asker wants to write, quoted after it ("I want to say "…""). */
const SAYS = new RegExp(`^${SAYS_WORDS}`, "i");
/** Words that ask inside a sentence (an aside holding one asks it: "we're choosing, which is better"). */
const ASKS_INSIDE =
  /\?|\b(?:how many|how much|which|what'?s the|what are|top\s*\d|show me|list|give me|rank|median|average|avg|mean|compare|pls|please|also|if so|and what)\b|\b(?:bao nhiêu|bao nhieu|nào|gì|là ai)(?![\p{L}])/iu;

/**
 * Whom the asker asks for, said before the question: "I have a couple who love ocean-view rooms — …", "For a
 * pre-wedding couple who want misty views, which …". Their wishes are no topics of the question after.
 */
const CLIENTS = String.raw`(?:a|an|my|our|one|two|some)\s+(?:[\p{L}-]+\s+){0,3}?(?:couples?|clients?|brides?|grooms?|family|families|guests?|honeymooners?|customers?|parents)\s+(?:who|that)\s+(?:really\s+)?(?:love|loves|want|wants|like|likes|prefer|prefers|dream|dreams|adore|adores|need|needs)\b`;
const CLIENT_SENTENCE = new RegExp(
  String.raw`^(?:(?:so|ok|okay)[,\s]+)?(?:i|we)(?:\s+have|'ve\s+got|\s+have\s+got)\s+${CLIENTS}[^.?!—–]*(?:[.!]\s+|\s*[—–]\s*)`,
  "iu",
);
const CLIENT_CLAUSE = new RegExp(String.raw`^for\s+${CLIENTS}[^.?!—–,]*(?:,|\s*[—–])\s*`, "iu");

/** A label at a sentence's start: a few words before a colon. */
const LABEL = /(?:^|(?<=[.!?]\s+))((?:[\p{L}'-]+[ ]?){1,6}(?:\([^)]{0,40}\))?(?:,[^:.?!]{0,60})?)\s*:\s+/gu;

/** The instruction's label that opens `text` ("Task: ", "System note: "), or null. */
function instructionLabel(text: string): string | null {
  const first = text.matchAll(LABEL).next().value;
  return first?.index === 0 && INSTRUCTION_LABEL.test((first[1] as string).trim()) ? first[0] : null;
}

/** A part of a request as said beside the answer: its first 57 characters and "…" past 60. */
export const short = (text: string) => {
  const t = text.trim();
  return t.length <= 60 ? t : `${t.slice(0, 57).trimEnd()}…`;
};

/** Splits text into sentences at a stop followed by a space ("trending.json", "@a.b" and "1.5" stay whole). */
const sentences = (text: string) => text.split(/(?<=[.!?]['"”’)]*)\s+/).filter(Boolean);

/**
 * A question quoted whole, and what follows it ("'who posted the most?' Return id, plays."): the quotes removed.
 * (Not the first of two quotes: "'book now' or 'free breakfast'"; an apostrophe within a word stays: "what's".)
 */
const unquoted = (text: string) => {
  const t = text.trim();
  if (!/^['"“‘]/.test(t)) return t;
  for (let i = 1; i < t.length; i++) {
    const c = t[i] as string;
    if (!/['"”’“‘]/.test(c) || (/\p{L}/u.test(t[i - 1] ?? "") && /\p{L}/u.test(t[i + 1] ?? ""))) continue;
    const after = t.slice(i + 1);
    // (The quote ends a sentence: "'…?' Return id", "\"…\". Output: …".)
    const ends = /^[.!?]*$|^[.!?]+\s/.test(after) || (/[.!?]/.test(t[i - 1] ?? "") && /^\s/.test(after));
    return ends ? `${t.slice(1, i)}${after}` : t;
  }
  return t;
};

export function unframed(text: string): Unframed {
  const framing: string[] = [];
  let rest = text;
  const greeting = rest.match(GREETING);
  const greeted = greeting ? rest.slice(greeting[0].length).match(GREETED) : null;
  if (greeting && greeted && rest.length > greeting[0].length + greeted[0].length + 10) {
    framing.push(short(greeting[0] + greeted[0]));
    rest = rest.slice(greeting[0].length + greeted[0].length);
  }
  const signOff = rest.match(SIGN_OFF);
  if (signOff && (signOff.index ?? 0) > 10) {
    framing.push(short(signOff[0]));
    rest = rest.slice(0, signOff.index).trimEnd();
  }
  // The question after its label; what comes before it frames it.
  const labels = [...rest.matchAll(LABEL)];
  const question = labels.find((l) => QUESTION_LABEL.test((l[1] as string).trim()));
  if (question) {
    const at = (question.index ?? 0) + question[0].length;
    if (rest.slice(0, question.index).trim()) framing.push(short(rest.slice(0, question.index)));
    framing.push(short(question[0]));
    rest = unquoted(rest.slice(at));
  } else {
    // ("Task: determine …": the label alone; what follows is the question.)
    const first = instructionLabel(rest);
    if (first) {
      framing.push(short(first));
      rest = rest.slice(first.length);
    }
  }
  // (Whom it is asked for, before the question; not when that asks: "I have a client who wants to know how many …".)
  for (const client of [CLIENT_SENTENCE, CLIENT_CLAUSE]) {
    const said = rest.match(client)?.[0];
    if (said && !ASKS_INSIDE.test(said) && wordCount(rest.slice(said.length)) >= 3) {
      framing.push(short(said.replace(/[\s,—–]+$/, "")));
      rest = rest.slice(said.length);
    }
  }
  // Sentences telling how to answer, before and after the question, and a later instruction's label.
  const parts = sentences(rest);
  while (parts.length > 1 && INSTRUCTION.test((parts[0] as string).trim()))
    framing.push(short(parts.shift() as string));
  for (let i = 1; i < parts.length; i++) {
    const part = (parts[i] as string).trim();
    if (INSTRUCTION.test(part) || FORM_INSTRUCTION.test(part) || instructionLabel(part)) {
      framing.push(...parts.splice(i).map(short));
      break;
    }
  }
  // (After the question: its asides, in the order written. A request with no question mark asks in its first sentence
  // that asks: "Pls pull the top 15 hashtags. Slide title will be "…".")
  const mark = parts.findIndex((p) => /\?['"”’)]*$/.test(p.trim()));
  const asked = mark >= 0 ? mark : parts.findIndex((p) => ASKS_INSIDE.test(p));
  const asides: string[] = [];
  for (let i = parts.length - 1; asked >= 0 && i > asked; i--) {
    const part = (parts[i] as string).trim();
    // (Words quoted after "I want to say" ask nothing: 'I want to say "the average hotel TikTok lasts X seconds".')
    const asks = ASKS_INSIDE.test(SAYS.test(part) ? part.replace(QUOTED, " ") : part);
    if (ASIDE.test(part) && !asks) asides.unshift(short(parts.splice(i, 1)[0] as string));
  }
  framing.push(...asides);
  const read = unquoted(parts.join(" "));
  return read && framing.length > 0 ? { question: read, framing } : { question: text, framing: [] };
}

export interface Asks {
  /** The first ask, with the heading before the list ("For @x: 1) …" → "For @x: …"). */
  question: string;
  /** The other asks, as written. */
  others: string[];
}

/** Asks numbered "1) … 2) …", "(1) … (2) …" or "1. … 2. …": where each starts. */
const NUMBERED = /(?:^|\s)\(?([1-9])[).]\s+/g;
/** Asks set apart by bullets, " - " or ";" (each of a few words at least). */
const BULLETS: readonly { mark: RegExp; words: number; asks: number }[] = [
  { mark: /\s*[•·▪]\s*/g, words: 2, asks: 2 },
  // (Three asks at least: "Jan - Apr 2025 vs May - Aug" is one.)
  { mark: /\s+-\s+/g, words: 3, asks: 3 },
  { mark: /\s*;\s*/g, words: 2, asks: 2 },
];

/** Words that ask for something: a part of a list with none is its heading. */
const ASKING =
  /\b(?:how|what|which|who|why|when|where|median|mean|average|avg|count|number|total|top|most|best|share|percent|list|rank|compare|vs)\b|%|\?/i;

/** Text split at a mark outside quotes ("nhạc nền - Keypad Hotel" stays whole). */
const splitOutsideQuotes = (text: string, mark: RegExp): string[] =>
  outsideQuotes(text, (part) => part.replace(mark, "\u0000")).split("\u0000");

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * A message of several asks ("Weekly check: 1) how many … 2) which of those … 3) were any ads", "Huế; how many
 * videos; median likes; top 5 by shares"): the first, read with the heading before the list, and the others, said
 * to be asked one at a time. A question with no such list is its one ask.
 */
export function asksOf(text: string): Asks {
  const numbered = [...text.matchAll(NUMBERED)];
  const firstAt = numbered.findIndex((m) => m[1] === "1");
  if (firstAt >= 0 && numbered[firstAt + 1]?.[1] === "2") {
    const marks = numbered.slice(firstAt).filter((m, k) => Number(m[1]) === k + 1);
    const starts = marks.map((m) => (m.index ?? 0) + m[0].length);
    const parts = marks.map((_m, k) =>
      text
        .slice(starts[k], k + 1 < marks.length ? (marks[k + 1]?.index ?? text.length) : text.length)
        .replace(/[\s,;]*(?:and)?[\s,;]*$/i, "")
        .trim(),
    );
    const heading = text.slice(0, marks[0]?.index ?? 0).trim();
    return { question: `${heading} ${parts[0] ?? ""}`.trim(), others: parts.slice(1).filter(Boolean) };
  }
  for (const { mark, words, asks: least } of BULLETS) {
    const parts = splitOutsideQuotes(text, mark);
    if (parts.length < least + 1) continue;
    const [head, ...asks] = parts as [string, ...string[]];
    // (The heading may be a word or two: "Hội An: - top creators …", "quick one on Huế; how many …". Not
    // definitions, "North = hanoi, …; South = …", nor one question's parts: "how many mention a gym; what about a
    // rooftop; and which gets more saves?" compares the two.)
    if (
      asks.some((a) => wordCount(a) < words) ||
      wordCount(head) === 0 ||
      parts.some((p) => p.includes("=")) ||
      asks.some((a) => /^(?:and|also|or|but|same|(?:what|how)\s+about)\b/i.test(a))
    )
      continue;
    // (A heading names what is asked about, "@x in the trending set", and asks nothing itself.)
    const headed = /[:–—]\s*$/.test(head) || wordCount(head) <= 4 || !ASKING.test(head);
    return headed
      ? { question: `${head.replace(/[\s:–—]+$/, "")}: ${asks[0]}`, others: asks.slice(1) }
      : { question: head, others: asks };
  }
  return { question: text, others: [] };
}
