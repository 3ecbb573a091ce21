/**
 * Counts the words, phrases or emoji of a list of texts (captions, opening lines, transcripts): "the most common
 * words in hotel hooks". Each is counted once per text, so a word repeated in one caption is one video. Words
 * are what lies between spaces and punctuation, lower-cased; hashtags, @mentions, links and common function
 * words (English and Vietnamese, the scrape's main languages, and the commonest of Spanish,
 * Portuguese, French, German, Dutch and Indonesian) are left out, and so are one-letter words
 * and bare numbers under 10; two words nearly always written together are one ("khách sạn"). A phrase is two
 * or three words in a row within one sentence, neither end a function word; a phrase inside a longer one used
 * by as many texts gives way to it.
 */

export type WordKind = "words" | "phrases" | "emojis";

export interface WordCount {
  /** The word, phrase or emoji, as counted (lower-cased). */
  text: string;
  /** How many of the texts use it. */
  texts: number;
  /** The first text (in the order given) that uses it. */
  first: number;
}

/** Function words: English and Vietnamese first (the real scrape is mostly these two), then the commonest of six more. */
const FUNCTION_WORD_LIST = `a an the and or but if so as at by for from in into of off on onto out over to up
with without about after before between through during under again then than too very just only also not no nor
is am are was were be been being do does did done doing have has had having will would shall should can could
may might must i me my mine myself we us our ours you your yours he him his she her hers it its they them their
theirs this that these those there here what which who whom whose when where why how all any both each every
few more most other some such own same one ones get got gets go goes going gone let lets let's it's i'm i've
you're we're they're that's there's don't doesn't didn't can't won't isn't aren't wasn't i'll you'll im dont
like really much many even still yet ever oh ok okay yes yeah lol via
và của là có cho với những các một được này trong không thì mà để đã sẽ đi ở ra vào lại cũng như nhé nha ạ à ơi
rồi thế nào gì khi bạn mình em anh chị tôi ta nó họ đó đây kia vậy còn hay hoặc nên vì nếu bị từ đến về theo sau
trước trên dưới rất quá lắm nhiều ít hơn nhất chỉ luôn đang vẫn mới xong ko k thôi nhỉ tại do bởi nè ha hả đâu
cái chiếc mấy ai người ấy vô tới cả thật nhưng phải thể mọi rằng vừa sự việc điều
el la los las un una unos y o de del en por con para es se lo mi más pero como muy este esta al que
o os as um uma do da dos das em não é meu você isso
le les et est des du pour pas qui dans sur avec je tu mon ce
der die das und ist nicht ich du mit ein eine zu auf für den dem von sich auch wie mein es im wir
het een en van ik je niet dat op met voor zijn maar wat
yang dan di ini itu dengan untuk tidak ada aku kamu dari ke saya juga bisa sama kalau buat udah lagi mau`;

const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  FUNCTION_WORD_LIST.split(/\s+/).filter((w) => w.length > 0),
);

/** Links, hashtags and mentions: not words of the text. */
const NOT_WORDS = /https?:\/\/\S+|www\.\S+|[#@][\p{L}\p{M}\p{N}_.]+/gu;
/** A word: letters, marks and digits, with inner apostrophes ("don't"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
/** Where a sentence ends: a phrase never runs across these. */
const SENTENCE_BREAK = /[.!?;:,…|()[\]{}"“”\n\r\t•·–—]+|\p{Extended_Pictographic}/u;
const EMOJI = /\p{Extended_Pictographic}/u;

const kept = (word: string) =>
  !FUNCTION_WORDS.has(word) && [...word].length > 1 && !(/^\d+$/.test(word) && Number(word) < 10);

/** Each sentence's words (lower-cased; links, hashtags and mentions left out). */
function sentencesOf(text: string): string[][] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(NOT_WORDS, " ")
    .split(SENTENCE_BREAK)
    .map((sentence) => (sentence.match(WORD) ?? []).map((w) => w.replace(/’/g, "'")))
    .filter((words) => words.length > 0);
}

/** Runs of `n` words within a sentence whose first and last word are kept. */
function runsOf(sentences: readonly string[][], n: number): string[] {
  const found: string[] = [];
  for (const words of sentences)
    for (let i = 0; i + n <= words.length; i++)
      if (kept(words[i] as string) && kept(words[i + n - 1] as string))
        found.push(words.slice(i, i + n).join(" "));
  return found;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function emojisOf(text: string): string[] {
  const found: string[] = [];
  // Most texts hold none: one test spares splitting them into graphemes (1.8 s of 20,000 transcripts at 1M videos).
  if (!EMOJI.test(text)) return found;
  // Skin tones and the variation selector are one emoji's looks, not another emoji.
  for (const { segment } of segmenter.segment(text))
    if (EMOJI.test(segment)) found.push(segment.replace(/[\u{1F3FB}-\u{1F3FF}\u{FE0F}]/gu, ""));
  return found;
}

/**
 * Texts read between two turns of the event loop: counting 20,000 transcripts at 1M videos held every other
 * request of the process for 0.76 s in one piece; in turns of 1,000 texts, for 49 ms at most.
 */
const TEXTS_PER_TURN = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `read(i)` for each of `n` texts, letting other work run every TEXTS_PER_TURN of them. */
async function eachText(n: number, read: (i: number) => void): Promise<void> {
  for (let i = 0; i < n; i++) {
    read(i);
    if (i % TEXTS_PER_TURN === TEXTS_PER_TURN - 1) await nextTurn();
  }
}

/** How many of `n` texts use each item `found(i)` finds in text i, and the first to. */
async function tally(n: number, found: (i: number) => string[]): Promise<Map<string, WordCount>> {
  const counts = new Map<string, WordCount>();
  await eachText(n, (i) => {
    for (const item of new Set(found(i))) {
      const seen = counts.get(item);
      if (seen) seen.texts += 1;
      else counts.set(item, { text: item, texts: 1, first: i });
    }
  });
  return counts;
}

/**
 * Two words in a row are one when at least this share of the texts using the rarer of them use the pair:
 * Vietnamese writes a word's syllables apart ("khách sạn", hotel; "đà lạt" beside "đà nẵng"), and so do names.
 */
const TOGETHER = 0.8;
/** A pair joins only when this many texts use it: a few texts cannot tell a word from two said together. */
const JOINED_TEXTS = 5;

/** The `top` most used words (phrases, emoji) of `texts`, by how many texts use each, then by first use. */
export async function countWords(
  texts: readonly string[],
  kind: WordKind,
  top: number,
): Promise<WordCount[]> {
  if (kind === "emojis") return ranked(await tally(texts.length, (i) => emojisOf(texts[i] as string)), top);
  const sentences: string[][][] = [];
  await eachText(texts.length, (i) => sentences.push(sentencesOf(texts[i] as string)));
  const of = (i: number) => sentences[i] as string[][];
  if (kind === "phrases") {
    // A phrase used once is no pattern; "link in" gives way to "link in bio" when the longer is as common.
    const phrases = [
      ...(await tally(texts.length, (i) => [...runsOf(of(i), 2), ...runsOf(of(i), 3)])).values(),
    ].filter((c) => c.texts > 1);
    // The most texts a three-word phrase holding each two-word one has (it holds its first two and last two):
    // one pass, where checking each pair against every longer phrase took 10 s of 20,000 transcripts at 1M videos.
    const within = new Map<string, number>();
    for (const c of phrases) {
      const words = c.text.split(" ");
      if (words.length !== 3) continue;
      for (const inner of [`${words[0]} ${words[1]}`, `${words[1]} ${words[2]}`])
        within.set(inner, Math.max(within.get(inner) ?? 0, c.texts));
    }
    return ranked(
      phrases.filter((c) => (within.get(c.text) ?? 0) < c.texts),
      top,
    );
  }
  // Pairs whose rarer word nearly always comes with the other are one word; each text is then read again,
  // a pair taking its two words.
  const single = await tally(texts.length, (i) => of(i).flat().filter(kept));
  const joined = new Set(
    [...(await tally(texts.length, (i) => runsOf(of(i), 2))).values()]
      .filter((pair) => {
        const [a, b] = pair.text.split(" ") as [string, string];
        const rarer = Math.min(single.get(a)?.texts ?? 0, single.get(b)?.texts ?? 0);
        return a !== b && pair.texts >= JOINED_TEXTS && pair.texts >= TOGETHER * rarer;
      })
      .map((pair) => pair.text),
  );
  const wordsIn = (sentences: readonly string[][]) => {
    const found: string[] = [];
    for (const words of sentences)
      for (let i = 0; i < words.length; i++) {
        const pair = `${words[i]} ${words[i + 1]}`;
        if (i + 1 < words.length && joined.has(pair)) {
          found.push(pair);
          i++;
        } else if (kept(words[i] as string)) found.push(words[i] as string);
      }
    return found;
  };
  return ranked(await tally(texts.length, (i) => wordsIn(of(i))), top);
}

const ranked = (counts: Map<string, WordCount> | WordCount[], top: number) =>
  [...counts.values()].sort((a, b) => b.texts - a.texts || a.first - b.first).slice(0, top);
