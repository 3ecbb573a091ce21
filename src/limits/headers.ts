/**
 * IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured-field form):
 * `RateLimit-Policy: "burst";q=15;w=10` and `RateLimit: "burst";r=3;t=7`.
 */
export interface ControlStanding {
  /** Policy name shown to clients: the CRS_LIMITS control name. */
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the quota is fully restored. */
  resetIn: number;
}

/** The control closest to its limit: smallest remaining share, then fewest remaining. */
export function closestToLimit(controls: readonly ControlStanding[]): ControlStanding | undefined {
  let closest: ControlStanding | undefined;
  for (const control of controls) {
    if (
      !closest ||
      share(control) < share(closest) ||
      (share(control) === share(closest) && control.remaining < closest.remaining)
    )
      closest = control;
  }
  return closest;
}

export function rateLimitHeaders(control: ControlStanding | undefined): Record<string, string> {
  if (!control) return {};
  return {
    "RateLimit-Policy": `"${control.name}";q=${control.quota};w=${control.windowSeconds}`,
    RateLimit: `"${control.name}";r=${Math.max(0, control.remaining)};t=${Math.max(0, Math.ceil(control.resetIn))}`,
  };
}

const share = (control: ControlStanding): number =>
  control.quota > 0 ? control.remaining / control.quota : 0;
