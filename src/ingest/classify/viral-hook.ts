import { confidence, type LabelVerdict } from "./verdict.js";

export const VIRAL_HOOK_MODEL = "viral-hook-v1";
/** How many times the creator's median plays a hooked video needs. */
export const VIRAL_RATIO = 3;
/** Fewest videos a creator needs before their median counts as a baseline. */
export const MIN_BASELINE_VIDEOS = 3;

export interface CreatorBaseline {
  medianPlays: number;
  videos: number;
}

/**
 * viral_hook = "yes" when the video has an opening hook (its `hook` label is a pattern, not "no") AND its
 * creator has a baseline of at least 3 videos in the corpus AND the video's latest plays are at least 3× the
 * median latest plays of all that creator's videos (this one included). Confidence rises with the ratio:
 * 0.5 + 0.5·(1 − 3/ratio), i.e. 0.5 at 3×, 0.75 at 6×, 0.95 at 30× (capped at 0.99). A "no" is surer the
 * further below 3× the video sits; without a hook it is 0.95, without a baseline 0.6.
 */
export function classifyViralHook(
  hookValue: string,
  plays: number,
  baseline: CreatorBaseline | undefined,
): LabelVerdict {
  if (hookValue === "no") return { value: "no", confidence: 0.95, evidence: "no opening hook" };
  if (!baseline || baseline.videos < MIN_BASELINE_VIDEOS) {
    return {
      value: "no",
      confidence: 0.6,
      evidence: `creator baseline too small (${baseline?.videos ?? 0} of ${MIN_BASELINE_VIDEOS} videos needed)`,
    };
  }
  const ratio = plays / Math.max(1, baseline.medianPlays);
  const figures = `${plays} plays = ${ratio.toFixed(1)}× creator median ${baseline.medianPlays} over ${baseline.videos} videos`;
  if (ratio >= VIRAL_RATIO) {
    return {
      value: "yes",
      confidence: confidence(Math.min(0.99, 0.5 + 0.5 * (1 - VIRAL_RATIO / ratio))),
      evidence: `${hookValue} hook; ${figures}`,
    };
  }
  return {
    value: "no",
    confidence: confidence(Math.min(0.99, 0.5 + 0.5 * (1 - ratio / VIRAL_RATIO))),
    evidence: `${hookValue} hook but ${figures} (needs ${VIRAL_RATIO}×)`,
  };
}

/** Median of a list of play counts (mean of the middle two for even lengths). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
