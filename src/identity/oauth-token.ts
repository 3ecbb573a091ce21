import type { JWSAlgorithm, JWTVerifyGetKey } from "jose";
import type { Scope } from "../shared/principal.js";
import { JwksUnavailableError } from "./jwks.js";
import { knownScopes } from "./scopes.js";

/** Asymmetric only: `none` and the HMAC family (HS*) are never accepted, whatever the key set holds. */
export const ACCEPTED_ALGORITHMS: JWSAlgorithm[] = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/** What a verified access token says, before it is matched against our users, orgs and clients. */
export interface AccessTokenClaims {
  clientId: string;
  /** `sub`: the CRS user id the token is bound to. */
  subject: string | null;
  /** `email`, and whether the issuer says it is verified (`email_verified: true`, the boolean). */
  email: string | null;
  emailVerified: boolean;
  /** `org_id` (a CRS organisation id) wins over `org` (an organisation name). */
  orgId: string | null;
  orgName: string | null;
  scopes: Scope[];
  expiresAt: number;
  issuedAt: number | null;
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: string };

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** Looks like a compact JWS: three base64url parts. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/**
 * RFC 9068 checks with jose: signature from the key set with an asymmetric algorithm, `typ: at+jwt`,
 * `iss`, `exp` required, and an audience of exactly the MCP URL (a string, or a one-element array — a
 * token minted for several resources could be replayed elsewhere).
 */
export async function verifyAccessToken(
  token: string,
  options: {
    getKey: JWTVerifyGetKey;
    issuer: string;
    audience: string;
    now: number;
    /** Seconds: a token with a longer `exp - iat`, or without `iat`, is refused. */
    maxLifetime?: number;
  },
): Promise<TokenCheck> {
  let payload: Record<string, unknown>;
  // jose is loaded with the first token: 100 ms of every start that serves no OAuth (`crs mcp`, API keys only).
  const { jwtVerify } = await import("jose");
  try {
    const result = await jwtVerify(token, options.getKey, {
      issuer: options.issuer,
      audience: options.audience,
      typ: "at+jwt",
      algorithms: ACCEPTED_ALGORITHMS,
      requiredClaims: ["exp"],
      currentDate: new Date(options.now * 1000),
    });
    payload = result.payload;
  } catch (error) {
    // The key set could not be had: not the token's fault (the HTTP layer answers 503).
    if (error instanceof JwksUnavailableError) throw error;
    return { ok: false, reason: `jwt: ${(error as { code?: string }).code ?? (error as Error).message}` };
  }
  const aud = payload.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (audiences.length !== 1 || audiences[0] !== options.audience) return { ok: false, reason: "audience" };
  const clientId = text(payload.client_id) ?? text(payload.azp);
  if (!clientId) return { ok: false, reason: "client_id missing" };
  const issuedAt = typeof payload.iat === "number" ? payload.iat : null;
  if (options.maxLifetime !== undefined) {
    if (issuedAt === null) return { ok: false, reason: "iat missing (maximum lifetime set)" };
    if ((payload.exp as number) - issuedAt > options.maxLifetime)
      return { ok: false, reason: "lifetime too long" };
  }
  const scopeText = text(payload.scope) ?? (Array.isArray(payload.scp) ? payload.scp.join(" ") : "");
  return {
    ok: true,
    claims: {
      clientId,
      subject: text(payload.sub),
      email: text(payload.email),
      emailVerified: payload.email_verified === true,
      orgId: text(payload.org_id),
      orgName: text(payload.org),
      scopes: knownScopes(scopeText),
      expiresAt: payload.exp as number,
      issuedAt,
    },
  };
}
