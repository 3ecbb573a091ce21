import type { Clock } from "../shared/clock.js";
import { ServiceError } from "../shared/errors.js";
import type { CostClass, Principal } from "../shared/principal.js";
import type { LimitsConfig, WindowRule } from "./config.js";
import type { DailyCounter, DailyStanding } from "./daily-content.js";
import { type ControlStanding, closestToLimit, rateLimitHeaders } from "./headers.js";
import type { AtomicWindowStore, WindowState } from "./windows.js";

export type RateControl = "burst" | "perCredential" | "perOrg";
export type RequestControl = RateControl | "dailyContent" | "mcpReads";

interface Checked {
  name: RequestControl;
  quota: number;
  windowSeconds: number;
  state: WindowState;
}

const SCOPE: Record<RequestControl, string> = {
  burst: "credential",
  perCredential: "credential",
  perOrg: "organisation",
  dailyContent: "organisation",
  mcpReads: "credential",
};

/**
 * Per-call admission: burst, per-credential and per-organisation windows for every call, plus the
 * organisation's daily content budget for cost "content". Check-all-then-take-all is one atomic step of
 * the window store (the daily counter's own check-and-take runs inside it), so a rejected call takes
 * nothing anywhere, even with several processes or instances sharing the store.
 */
export class RequestLimiter {
  constructor(
    private readonly clock: Clock,
    private readonly config: LimitsConfig,
    readonly windows: AtomicWindowStore,
    readonly daily: DailyCounter,
  ) {}

  async admit(principal: Principal, cost: CostClass): Promise<{ headers: Record<string, string> }> {
    if (!this.config.enabled) return { headers: {} };
    const now = Math.floor(this.clock.nowSeconds());
    const windows = cost === "read" ? this.readWindows(principal) : this.rateWindows(principal);
    let daily: DailyStanding | undefined;
    const outcome = await this.windows.takeAll(
      windows,
      now,
      cost === "content"
        ? this.daily.alongside(principal.orgId, this.config.dailyContent.max, now, (standing) => {
            daily = standing;
          })
        : undefined,
    );
    const checked: Checked[] = windows.map(({ name, rule }, i) => ({
      name,
      quota: rule.max,
      windowSeconds: rule.windowSeconds,
      state: outcome.states[i] as WindowState,
    }));
    if (!outcome.taken) {
      const dailyNow = async () =>
        dailyChecked(await this.daily.standing(principal.orgId, this.config.dailyContent.max, now), now);
      if (outcome.refusedBy === "alongside") throw rateLimited([await dailyNow()]);
      const blocked = checked.filter((c) => c.state.remaining <= 0);
      // Report the daily budget too when it is also spent, so Retry-After covers every blocker.
      if (cost === "content") {
        const spent = await dailyNow();
        if (spent.state.remaining <= 0) blocked.push(spent);
      }
      throw rateLimited(blocked);
    }
    const standings: Checked[] = daily ? [dailyChecked(daily, now)] : [];
    for (const c of checked) {
      const used = c.state.used + 1;
      standings.push({
        ...c,
        state: { used, remaining: c.quota - used, retryAfter: 0, resetIn: c.windowSeconds },
      });
    }
    return { headers: rateLimitHeaders(closestToLimit(standings.map(standing))) };
  }

  /**
   * Gives back what `admit` took for a call that was then refused by a limit of its own (the analyst's hourly,
   * concurrency or monthly budget): a refused request costs nothing. Rate windows only; no cost class that
   * draws on the daily content budget is refused after admission.
   */
  async refund(principal: Principal, cost: CostClass): Promise<void> {
    if (!this.config.enabled) return;
    const windows = cost === "read" ? this.readWindows(principal) : this.rateWindows(principal);
    await this.windows.giveAll(windows, Math.floor(this.clock.nowSeconds()));
  }

  /** The cheap class: MCP protocol reads draw on their own per-credential window only. */
  readWindows(principal: Principal): { name: RequestControl; key: string; rule: WindowRule }[] {
    return [{ name: "mcpReads", key: `reads:${principal.credentialId}`, rule: this.config.mcpReads }];
  }

  rateWindows(principal: Principal): { name: RateControl; key: string; rule: WindowRule }[] {
    return [
      { name: "burst", key: `burst:${principal.credentialId}`, rule: this.config.burst },
      { name: "perCredential", key: `credential:${principal.credentialId}`, rule: this.config.perCredential },
      { name: "perOrg", key: `org:${principal.orgId}`, rule: this.config.perOrg },
    ];
  }
}

function dailyChecked(daily: DailyStanding, now: number): Checked {
  const remaining = Math.max(0, daily.max - daily.used);
  const untilMidnight = daily.resetAt - now;
  return {
    name: "dailyContent",
    quota: daily.max,
    windowSeconds: 86_400,
    state: {
      used: daily.used,
      remaining,
      retryAfter: remaining > 0 ? 0 : untilMidnight,
      resetIn: untilMidnight,
    },
  };
}

const standing = (c: Checked): ControlStanding => ({
  name: c.name,
  quota: c.quota,
  windowSeconds: c.windowSeconds,
  remaining: c.state.remaining,
  resetIn: c.state.resetIn,
});

function rateLimited(blocked: readonly Checked[]): ServiceError {
  // The longest wait among the blockers is the first moment every one of them has room.
  const worst = blocked.reduce((a, b) => (b.state.retryAfter > a.state.retryAfter ? b : a));
  const retryAfter = Math.max(1, Math.ceil(worst.state.retryAfter));
  const names = blocked.map((b) => b.name);
  const window = worst.name === "dailyContent" ? "UTC day" : `${worst.windowSeconds} s`;
  return new ServiceError("rate_limited", 429, "Rate limit reached", {
    detail: `The ${worst.name} limit (${worst.quota} per ${window} per ${SCOPE[worst.name]}) is reached.`,
    hint:
      worst.name === "dailyContent"
        ? `The organisation's daily content budget is spent; retry after ${retryAfter} s (next UTC day).`
        : `Wait ${retryAfter} s (Retry-After) before the next call; pace calls and cap concurrency instead of retrying in a loop.`,
    retryAfter,
    headers: {
      "Retry-After": String(retryAfter),
      ...rateLimitHeaders(standing({ ...worst, state: { ...worst.state, remaining: 0 } })),
    },
    extra: { control: worst.name, controls: names, limit: worst.quota, window_seconds: worst.windowSeconds },
  });
}
