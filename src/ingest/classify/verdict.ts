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
