import { describe, expect, it } from "vitest";
import { FEATURES } from "../../../src/ingest/classify/ad.js";
import { RULES } from "../../../src/ingest/classify/hook.js";
import { anyOf } from "../../../src/ingest/classify/verdict.js";
import {
  HOOK_PATTERNS,
  HOOK_TEMPLATES,
  PLAIN_OPENERS,
} from "../../../src/ingest/generator/hook-templates.js";
import { LANGUAGES } from "../../../src/ingest/generator/languages.js";
import { TOPICS } from "../../../src/ingest/generator/topics.js";

const WORD = "[a-z0-9_]";
const BEFORE_WORD = `(?<!${WORD})`;
const AFTER_WORD = `(?!${WORD})`;

/** A pattern with its word-boundary lookarounds spelled `\b` again: what the models ran before. */
function withWordBoundaries(pattern: RegExp): RegExp {
  return new RegExp(
    pattern.source.replaceAll(BEFORE_WORD, "\\b").replaceAll(AFTER_WORD, "\\b"),
    pattern.flags,
  );
}

/** Every code point, lone surrogates included (under /u each is one character). */
function* codePoints(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) yield String.fromCodePoint(cp);
}

/** Neighbours that sit on either side of a boundary: ASCII word and non-word, the /iu extras ſ and K, others. */
const NEIGHBOURS = [
  "",
  "a",
  "Z",
  "0",
  "_",
  "-",
  " ",
  ".",
  "ſ",
  "\u212a",
  "İ",
  "ı",
  "é",
  "ß",
  "م",
  "日",
  "😀",
];

/** Lines near every pattern's edges: template hooks, plain openers, hand-made boundary cases. */
function lines(): string[] {
  const out = new Set<string>();
  for (const language of LANGUAGES) {
    for (const pattern of HOOK_PATTERNS) {
      for (const template of HOOK_TEMPLATES[language][pattern]) {
        for (const topic of TOPICS.slice(0, 3)) {
          out.add(template.replace("{x}", topic.noun[language]).replace("{n}", "5"));
        }
      }
    }
    for (const line of PLAIN_OPENERS[language]) out.add(line);
  }
  const edges = [
    "pov",
    "  ..pov: x",
    "povs",
    "geçme",
    "geçmek",
    "reto",
    "el reto diario",
    "retos",
    "défi",
    "défis",
    "30 días todos",
    "30 díasx todos",
    "30 يوم كل",
    "30 يومa كل",
    "30 يوماً كل",
    "sır",
    "bu sırrı",
    "tuto",
    "tutos",
    "cách làm",
    "cáchx",
    "the best",
    "the bestest",
    "the only thing you need",
    "the only one you needn't",
    "why is it?",
    "whys it?",
    "call 0905 123 456",
    "call 0905.123.4567",
    "call 09051234567",
    "ref a0905 123 456",
    "0905 123 456x",
    "shop.com",
    "my-shop.company",
    "x-y.shop",
    "-a.co",
    "_a.co",
    "a_-b.app!",
    "visit www.x",
    "https://x",
    "tiktok shop",
    "tiktokmademebuyit",
    "shop link",
  ];
  for (const edge of edges) {
    for (const before of NEIGHBOURS) for (const after of NEIGHBOURS) out.add(`${before}${edge}${after}`);
  }
  return [...out];
}

describe("the classifiers' faster patterns", () => {
  it("spell \\b as a lookaround testing the same, next to a word character, for every code point", () => {
    const boundaryAfter = /^a\b/iu;
    const lookaheadAfter = new RegExp(`^a${AFTER_WORD}`, "iu");
    const boundaryBefore = /\ba$/iu;
    const lookbehindBefore = new RegExp(`${BEFORE_WORD}a$`, "iu");
    const mismatches: string[] = [];
    let wordCharacters = 0;
    for (const c of codePoints()) {
      const after = boundaryAfter.test(`a${c}`);
      if (after !== lookaheadAfter.test(`a${c}`)) mismatches.push(`a${c}`);
      if (boundaryBefore.test(`${c}a`) !== lookbehindBefore.test(`${c}a`)) mismatches.push(`${c}a`);
      if (!after) wordCharacters++;
    }
    expect(mismatches).toEqual([]);
    // ASCII letters and digits, '_', and the two /iu extras (ſ and the Kelvin sign).
    expect(wordCharacters).toBe(26 * 2 + 10 + 1 + 2);
  });

  it("leave every hook rule and ad feature matching what it matched with \\b", () => {
    const patterns = [...RULES.map((r) => r.test), ...FEATURES.map((f) => f.pattern)];
    const rewritten = patterns.filter((p) => p.source.includes(BEFORE_WORD) || p.source.includes(AFTER_WORD));
    expect(rewritten.length).toBeGreaterThanOrEqual(8);
    const samples = lines();
    const mismatches: string[] = [];
    for (const pattern of patterns) {
      const before = withWordBoundaries(pattern);
      // Every lookaround in the models is one of the two boundary spellings (a variant would pass as itself).
      expect(before.source, pattern.source).not.toMatch(/\(\?<?[=!]/);
      let matched = 0;
      for (const line of samples) {
        const now = pattern.exec(line);
        const was = before.exec(line);
        if (now?.index !== was?.index || now?.[0] !== was?.[0])
          mismatches.push(`${pattern.source} on ${line}`);
        if (now) matched++;
      }
      // Both sides exercised: each rewritten pattern matches some lines and misses others.
      if (rewritten.includes(pattern)) {
        expect(matched, pattern.source).toBeGreaterThan(50);
        expect(matched, pattern.source).toBeLessThan(samples.length - 50);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("give each ad feature a hint that matches every text the feature can", () => {
    const samples = lines();
    for (const feature of FEATURES) {
      if (!feature.hint) continue;
      const missed = samples.filter((line) => feature.pattern.test(line) && !feature.hint?.test(line));
      expect(missed, feature.name).toEqual([]);
      expect(samples.filter((line) => feature.pattern.test(line)).length, feature.name).toBeGreaterThan(100);
    }
  });

  it("pass every text to the rules or features through anyOf that one of them matches", () => {
    const samples = lines();
    for (const patterns of [RULES.map((r) => r.test), FEATURES.map((f) => f.hint ?? f.pattern)]) {
      const any = anyOf(patterns);
      const missed = samples.filter((line) => patterns.some((p) => p.test(line)) && !any.test(line));
      expect(missed).toEqual([]);
      expect(samples.filter((line) => any.test(line)).length).toBeGreaterThan(samples.length / 10);
    }
    expect(() => anyOf([/x/iu, /y/i])).toThrow(/not an \/iu pattern/);
  });
});
