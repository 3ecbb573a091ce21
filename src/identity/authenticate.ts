import type { Config, PublicUrls } from "../config/index.js";
import type { Clock } from "../shared/clock.js";
import type { ServiceError } from "../shared/errors.js";
import { logger as defaultLogger, type Logger } from "../shared/log.js";
import type { Principal } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import { createApiKeyVerifier } from "./api-key-verifier.js";
import {
  challengeFor,
  credentialMisplaced,
  type Endpoint,
  grantMissing,
  keySetUnavailable,
  subscriptionInactive,
  unauthorized,
} from "./auth-errors.js";
import { findMisplacedCredential } from "./credential-placement.js";
import { JwksUnavailableError, jwksResolver } from "./jwks.js";
import { isClientGranted, isClientRegistered } from "./oauth-clients.js";
import { type AccessTokenClaims, looksLikeJwt, verifyAccessToken } from "./oauth-token.js";
import { findOrgById, findOrgByName, type Organisation } from "./orgs.js";
import { protectedResourceMetadata, protectedResourceMetadataUrl } from "./protected-resource.js";
import { findMembership, findUserByEmail, findUserById, type User } from "./users.js";

export interface AuthRequest {
  headers: Record<string, string | string[] | undefined>;
  url: string;
  endpoint: Endpoint;
  /** The parsed body, when the transport has one: scanned for misplaced keys. */
  body?: unknown;
}

/** A principal plus when its credential stops working (MCP's verifier needs it; null = no expiry). */
export type AuthenticatedPrincipal = Principal & { expiresAt: number | null };

export interface Authenticator {
  /** Resolves the caller or throws ServiceError: 401 unauthorized / credential_misplaced, 403 with a code. */
  authenticate(req: AuthRequest): Promise<AuthenticatedPrincipal>;
  /** Throws 401 credential_misplaced when a key or token was pasted into the (parsed) body. */
  checkBody(req: AuthRequest): void;
}

export interface AuthenticatorDeps {
  /** The service's one SqlClient (identity's tables). */
  sql: SqlClient;
  secret: string;
  clock: Clock;
  config: Config;
  urls: PublicUrls;
  /** Defaults to the service logger; failures log a reason and never the credential. */
  logger?: Logger;
}

// Node lowercases header names; other callers may not, so match case-insensitively.
function header(headers: AuthRequest["headers"], name: string): string | string[] | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  const { sql, clock, config, urls } = deps;
  const log = deps.logger ?? defaultLogger;
  const apiKeys = createApiKeyVerifier(sql, deps.secret);
  // Challenges link the metadata only where it is published (OAuth configured).
  const prmUrl = protectedResourceMetadata(urls, config) ? protectedResourceMetadataUrl(urls) : null;
  // OAuth needs both an issuer and a key set; without them a JWT is just an unknown credential.
  const oauth =
    config.oauthIssuer && config.oauthJwks
      ? {
          issuer: config.oauthIssuer,
          getKey: jwksResolver(config.oauthJwks, () => clock.nowSeconds()),
          maxLifetime: config.oauthMaxTokenLifetime,
        }
      : null;

  function refuse(req: AuthRequest, reason: string, extra: Record<string, unknown> = {}): ServiceError {
    log.info({ endpoint: req.endpoint, reason, ...extra }, "authentication refused");
    return unauthorized(challengeFor(req.endpoint, prmUrl));
  }

  function requireActive<O extends Pick<Organisation, "id" | "subscription">>(
    org: O | undefined,
    req: AuthRequest,
  ): O {
    if (!org) throw refuse(req, "organisation missing");
    if (org.subscription !== "active") {
      log.info({ endpoint: req.endpoint, orgId: org.id }, "subscription inactive");
      throw subscriptionInactive();
    }
    return org;
  }

  async function withApiKey(token: string, req: AuthRequest, now: number): Promise<AuthenticatedPrincipal> {
    // The key and its organisation's subscription come in one statement (the hot path).
    const check = await apiKeys.verify(token, now);
    if (!check.ok) throw refuse(req, `api key ${check.reason}`);
    const org = requireActive(
      check.orgSubscription === null ? undefined : { id: check.orgId, subscription: check.orgSubscription },
      req,
    );
    // Best-effort: a full, read-only or locked database must not turn a read into a failure.
    try {
      await apiKeys.recordUse(check, now);
    } catch (error) {
      log.warn({ err: error, keyPrefix: check.prefix }, "could not record key use (continuing)");
    }
    return {
      kind: "api_key",
      credentialId: check.keyId,
      keyId: check.keyId,
      keyPrefix: check.prefix,
      clientId: null,
      userId: check.userId,
      orgId: org.id,
      scopes: check.scopes,
      expiresAt: check.expiresAt,
    };
  }

  /**
   * Bound by `sub` (a CRS user id). An `email` matches only when the operator allows it
   * (CRS_OAUTH_EMAIL_MATCH=verified) and the issuer marks it verified: an unverified email is anyone's claim.
   */
  async function tokenUser(claims: AccessTokenClaims): Promise<User | undefined> {
    const bySubject = claims.subject ? await findUserById(sql, claims.subject) : undefined;
    if (bySubject) return bySubject;
    if (config.oauthEmailMatch !== "verified" || !claims.emailVerified || !claims.email) return undefined;
    return findUserByEmail(sql, claims.email.trim().toLowerCase());
  }

  async function tokenOrg(claims: AccessTokenClaims): Promise<Organisation | undefined> {
    if (claims.orgId) return findOrgById(sql, claims.orgId);
    return claims.orgName ? findOrgByName(sql, claims.orgName) : undefined;
  }

  async function withAccessToken(
    token: string,
    req: AuthRequest,
    now: number,
  ): Promise<AuthenticatedPrincipal> {
    if (!oauth || req.endpoint !== "mcp") throw refuse(req, "jwt where no OAuth is accepted");
    let check: Awaited<ReturnType<typeof verifyAccessToken>>;
    try {
      check = await verifyAccessToken(token, { ...oauth, audience: urls.mcpUrl, now });
    } catch (error) {
      if (!(error instanceof JwksUnavailableError)) throw error;
      log.warn({ endpoint: req.endpoint, reason: error.message }, "OAuth key set unavailable");
      throw keySetUnavailable(error.retryAfter);
    }
    if (!check.ok) throw refuse(req, `access token ${check.reason}`);
    const { claims } = check;
    if (!(await isClientRegistered(sql, claims.clientId))) throw refuse(req, "client not registered");
    const user = await tokenUser(claims);
    if (!user) throw refuse(req, "token user unknown", { clientId: claims.clientId });
    const org = await tokenOrg(claims);
    if (!org) throw refuse(req, "token organisation unknown", { clientId: claims.clientId });
    if (!(await findMembership(sql, user.id, org.id)))
      throw refuse(req, "user not a member", { clientId: claims.clientId });
    if (!(await isClientGranted(sql, claims.clientId, org.id))) {
      log.info({ endpoint: req.endpoint, clientId: claims.clientId, orgId: org.id }, "oauth grant missing");
      throw grantMissing();
    }
    requireActive(org, req);
    return {
      kind: "oauth",
      // Limits and analyst budgets count per client, organisation and user: one user of a shared client
      // cannot spend another organisation's (or another user's) allowance.
      credentialId: `oauth:${claims.clientId}:${org.id}:${user.id}`,
      keyId: null,
      keyPrefix: null,
      clientId: claims.clientId,
      userId: user.id,
      orgId: org.id,
      scopes: claims.scopes,
      expiresAt: claims.expiresAt,
    };
  }

  async function authenticate(req: AuthRequest): Promise<AuthenticatedPrincipal> {
    const challenge = challengeFor(req.endpoint, prmUrl);
    const cookie = header(req.headers, "cookie");
    const cookieText = Array.isArray(cookie) ? cookie.join("; ") : cookie;
    const misplaced = findMisplacedCredential(req.url, cookieText, req.body);
    if (misplaced) {
      log.warn(
        { endpoint: req.endpoint, where: misplaced },
        "credential outside the Authorization header refused",
      );
      throw credentialMisplaced(challenge, misplaced);
    }
    const authorization = header(req.headers, "authorization");
    if (authorization === undefined) {
      throw refuse(req, cookieText ? "cookie session without bearer" : "no credential");
    }
    if (Array.isArray(authorization)) throw refuse(req, "several Authorization headers");
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match?.[1]) throw refuse(req, "not a bearer credential");
    const token = match[1];
    const now = clock.nowSeconds();
    if (token.startsWith("crs_")) return withApiKey(token, req, now);
    if (looksLikeJwt(token)) return withAccessToken(token, req, now);
    throw refuse(req, "malformed bearer");
  }

  function checkBody(req: AuthRequest): void {
    if (req.body === undefined) return;
    const misplaced = findMisplacedCredential("", undefined, req.body);
    if (!misplaced) return;
    log.warn(
      { endpoint: req.endpoint, where: misplaced },
      "credential outside the Authorization header refused",
    );
    throw credentialMisplaced(challengeFor(req.endpoint, prmUrl), misplaced);
  }

  return { authenticate, checkBody };
}
