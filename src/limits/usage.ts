import { z } from "zod";

const count = z.number().int().min(0);
const unixSeconds = z.number().int().describe("The same moment as Unix seconds (UTC).");
const isoTime = z.string().describe("ISO 8601 date-time, UTC.");

const hourlyWindow = (who: string) =>
  z
    .object({
      limit: count.describe(`Analyst requests allowed per window for ${who}.`),
      used: count.describe(
        `Analyst requests by ${who} counted in the current window (refunded ones excluded).`,
      ),
      remaining: count.describe("Requests that fit now: limit minus used, at least 0."),
      window_seconds: count.describe("Length of the sliding window in seconds (3600 by default)."),
      reset_at: isoTime.describe(
        "When one more request fits again: the oldest counted request leaves the window (now when nothing is counted).",
      ),
      reset_at_unix: unixSeconds,
    })
    .describe(`Sliding hourly analyst window for ${who}.`);

const rateWindow = (who: string) =>
  z
    .object({
      limit: count.describe(`Calls allowed per window for ${who}.`),
      window_seconds: count.describe("Length of the sliding window in seconds."),
      used: count.describe(
        `Calls by ${who} counted in the current window (shared by every process of the deployment).`,
      ),
      remaining: count.describe("Calls that fit now: limit minus used, at least 0."),
    })
    .describe(`Request-rate window for ${who}; every tool call (REST or MCP) counts once.`);

/** What `GET /v1/usage` and `service_get_usage` return (MCP output schema and OpenAPI component). */
export const usageRecordSchema = z
  .object({
    organisation_id: z.string().describe("The organisation the caller's credential belongs to."),
    credential_id: z
      .string()
      .describe(
        "The credential the per-credential figures refer to (key id, or oauth:<client_id>:<org_id>:<user_id> for an OAuth token).",
      ),
    limits_enforced: z
      .boolean()
      .describe("false when the operator disabled limits (CRS_LIMITS=off); figures are still reported."),
    analyst: z
      .object({
        monthly: z
          .object({
            limit: count.describe("Analyst requests allowed this UTC month for the organisation."),
            used: count.describe("Accepted analyst requests this month, minus refunds for service failures."),
            remaining: count.describe("Analyst requests left this month: limit minus used, at least 0."),
            period: z.string().describe("The UTC month counted, YYYY-MM."),
            reset_at: isoTime.describe("Start of the next UTC month, when the allowance renews."),
            reset_at_unix: unixSeconds,
          })
          .describe("Shared monthly analyst allowance of the organisation (also in X-Agent-* headers)."),
        hourly: z
          .object({
            credential: hourlyWindow("this credential"),
            organisation: hourlyWindow("the whole organisation"),
          })
          .describe("Hourly analyst request limits."),
        concurrency: z
          .object({
            limit: count.describe("Analyst runs allowed at once for the organisation."),
            running: count.describe("Analyst runs of the organisation holding a slot now."),
          })
          .describe(
            "Concurrent analyst runs; a slot is claimed before work begins and freed when the run ends.",
          ),
      })
      .describe("Analyst allowance and limits."),
    search: z
      .object({
        burst: rateWindow("this credential (burst)"),
        per_credential: rateWindow("this credential (sustained)"),
        per_organisation: rateWindow("the whole organisation"),
        daily: z
          .object({
            limit: count.describe(
              "Content calls (search, feeds, records) allowed per UTC day for the organisation.",
            ),
            used: count.describe("Content calls made today (UTC) by the organisation."),
            remaining: count.describe("Content calls left today: limit minus used, at least 0."),
            day: z.string().describe("The UTC day counted, YYYY-MM-DD."),
            reset_at: isoTime.describe("Start of the next UTC day, when the count starts again."),
            reset_at_unix: unixSeconds,
          })
          .describe("Daily fair-use ceiling on content calls: anti-scraping protection, not a billed quota."),
      })
      .describe("Search fair-use settings: there is no monthly search counter."),
  })
  .describe("The organisation's analyst allowance and the search fair-use policy, with current figures.");

export type UsageRecord = z.infer<typeof usageRecordSchema>;
