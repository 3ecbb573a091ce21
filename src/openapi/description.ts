import type { PublicUrls } from "../config/index.js";
import { PROBLEM_CATALOG } from "../shared/problem-catalog.js";

/** The OpenAPI description: the decisions the contract leaves open, written where clients read them. */
export function describeService(urls: PublicUrls, maxPages: number): string {
  const codes = Object.entries(PROBLEM_CATALOG)
    .map(([code, p]) => `| \`${code}\` | ${p.status} | ${p.description} |`)
    .join("\n");
  return `Search and read a classified corpus of short-form video creatives (videos and slideshows, creators,
advertisers, ranked feeds, trend reports) and ask the analyst for evidence-backed answers. The same
capabilities are MCP tools at \`${urls.mcpUrl}\`; both interfaces share one tool registry and one limiter.

## Authentication
\`Authorization: Bearer <API key>\` on every /v1 request. A key in the query string, a cookie or the body is
refused (\`credential_misplaced\`). 401 = missing, malformed, unknown, revoked, rotated-out or expired credential
(one indistinguishable answer). 403 = valid credential lacking the scope (\`insufficient_scope\`), the analyst
entitlement (\`entitlement_missing\`), an active subscription (\`subscription_inactive\`) or an OAuth grant
(\`grant_missing\`). Repeated failed authentication from one address is throttled with 429.

## Inputs are strict
An unknown query parameter or body property gives 400 \`unknown_parameter\`; a value outside its rule gives 400
\`invalid_parameter\` naming the parameter and the rule. A parameter given twice is invalid.

## Defaults of enumerated filters
Videos: \`sort\` = \`best_match\` when \`q\` is given, otherwise \`trending\`; \`ad\`, \`hook\`, \`viral_hook\`,
\`media_type\` = \`any\`. Creators: \`view\` = \`all\`, \`type\` = \`all\`, \`window\` = 7. Advertisers: \`view\` = \`all\`,
\`focus\` = \`all\`, \`window\` = 7 (\`0\` = the current UTC day). Creator videos: \`ads\` = \`any\`. \`limit\` = 20
(similar hooks: 8).

## Pagination
Send \`meta.next_cursor\` unchanged as \`cursor\`, with the same other parameters (\`limit\` may change). Cursors are
HMAC-signed, bound to the query and the organisation, expire after 24 hours, and one traversal stops at
${maxPages} pages: page ${maxPages} answers \`has_more: false\`, \`next_cursor: null\` and \`meta.truncated: true\` —
narrow the query (filters, region, language, a more specific \`q\`) to reach further results. An altered,
expired, foreign or mismatched cursor gives 400 \`invalid_cursor\` (one answer for all causes).

## Errors
\`application/problem+json\` with \`type\` = \`${urls.problemsUrl}/<code>\` (a page per code), \`title\`, \`status\`,
\`detail\`, \`code\`, \`request_id\` and, where useful, \`hint\`, \`parameter\`, \`retry_after\`.

| code | status | meaning |
|---|---|---|
${codes}

## Versioning
The version is in the path (\`/v1\`). Additive fields and endpoints may appear within v1; clients ignore unknown
response fields. This description is 1.0.0-beta.1. A breaking change gets a new path version; the previous one
is kept for at least 6 months after the new one is announced, and responses of a deprecated version carry
\`Deprecation\` and \`Sunset\` headers (RFC 8594) from the announcement on.`;
}
