import { ServiceError } from "../shared/errors.js";

export type Endpoint = "rest" | "mcp";

/**
 * The `WWW-Authenticate` value sent with a 401 from this endpoint: with OAuth configured, /mcp links the
 * protected-resource metadata (MCP authorization); otherwise a plain RFC 6750 challenge.
 */
export const challengeFor = (endpoint: Endpoint, prmUrl: string | null): string =>
  endpoint === "mcp" && prmUrl ? `Bearer realm="crs", resource_metadata="${prmUrl}"` : 'Bearer realm="crs"';

/** RFC 6750 §3.1: a 403 for a missing scope names it in the challenge. */
export const scopeChallenge = (scope: string): string =>
  `Bearer error="insufficient_scope", scope="${scope}"`;

/** One answer for missing, malformed, unknown, revoked, rotated-out and expired alike: probing learns nothing. */
export const unauthorized = (challenge: string) =>
  new ServiceError("unauthorized", 401, "Unauthorized", {
    detail: "A valid credential is required.",
    hint: "Send 'Authorization: Bearer <API key>' with a current key (or an OAuth access token at /mcp).",
    headers: { "WWW-Authenticate": challenge },
  });

export const credentialMisplaced = (challenge: string, where: "URL" | "query string" | "cookie" | "body") =>
  new ServiceError("credential_misplaced", 401, "Credential misplaced", {
    detail: `A credential was sent in the ${where}; credentials are accepted only in the Authorization header.`,
    hint: "Remove it from the URL, cookies and body, send 'Authorization: Bearer <key>', and rotate the key if the URL may have been logged.",
    headers: { "WWW-Authenticate": challenge },
  });

export const subscriptionInactive = () =>
  new ServiceError("subscription_inactive", 403, "Subscription inactive", {
    detail: "The organisation's subscription is not active.",
    hint: "An administrator must reactivate the organisation's subscription.",
  });

export const grantMissing = () =>
  new ServiceError("grant_missing", 403, "Grant missing", {
    detail: "This OAuth client is not granted access to the organisation.",
    hint: "An administrator can grant it with 'crs oauth-clients add CLIENT_ID --org NAME'.",
  });

export const insufficientScope = (scope: string) =>
  new ServiceError("insufficient_scope", 403, "Insufficient scope", {
    detail: `This call requires scope '${scope}'.`,
    hint: `Use a key or token that carries '${scope}'.`,
    headers: { "WWW-Authenticate": scopeChallenge(scope) },
    extra: { required_scope: scope },
  });

/** The OAuth key set cannot be fetched right now: the token may be fine, so 503 (retry), never 401. */
export const keySetUnavailable = (retryAfter: number) =>
  new ServiceError("service_unavailable", 503, "Service unavailable", {
    detail: "The OAuth signing keys cannot be fetched right now.",
    hint: `Retry after ${retryAfter} s.`,
    retryAfter,
    headers: { "Retry-After": String(retryAfter) },
  });

export const entitlementMissing = () =>
  new ServiceError("entitlement_missing", 403, "Entitlement missing", {
    detail: "The organisation is not entitled to the analyst.",
    hint: "An administrator can enable it with 'crs orgs set NAME --analyst on'.",
  });
