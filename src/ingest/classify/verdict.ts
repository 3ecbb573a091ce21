/** A label observation before it is stored: value, confidence in 0..1, and a short human-readable reason. */
export interface LabelVerdict {
  value: string;
  confidence: number;
  evidence: string;
}

/** Confidence rounded to three places and kept inside [0, 1]. */
export function confidence(p: number): number {
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}

/**
 * One /iu pattern that matches wherever any of `patterns` (all /iu) can: their sources as alternatives. A
 * text it misses needs no scan per pattern, which costs several times this one scan.
 */
export function anyOf(patterns: readonly RegExp[]): RegExp {
  const other = patterns.find((p) => p.flags !== "iu");
  if (other) throw new Error(`anyOf: /${other.source}/${other.flags} is not an /iu pattern`);
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join("|"), "iu");
}
