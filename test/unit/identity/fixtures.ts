import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import pino from "pino";
import { type Config, loadConfig, publicUrls } from "../../../src/config/index.js";
import { type Authenticator, createAuthenticator } from "../../../src/identity/authenticate.js";
import { createOrg } from "../../../src/identity/orgs.js";
import { addUserToOrg } from "../../../src/identity/users.js";
import { fixedClock } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { sqlOf } from "../../helpers/sql.js";

export const NOW = 1_800_000_000;
export const PEPPER = "test-pepper-0123456789abcdef";
export const ISSUER = "https://auth.example.test";

/** A pino logger writing into memory, so tests can assert what was (not) logged. */
export function memoryLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "trace" }, sink), text: () => lines.join("") };
}

/** A fresh database with org `acme` and user `ana@acme.test` in it. */
export async function identityWorld() {
  const { db, dir, file } = tempDb();
  const org = await createOrg(sqlOf(db), { name: "acme" }, NOW);
  const { user, membership } = await addUserToOrg(
    sqlOf(db),
    { email: "ana@acme.test", orgName: "acme" },
    NOW,
  );
  return { db, dir, file, org, user, membership };
}

export function testConfig(overrides: Record<string, unknown> = {}): Config {
  return loadConfig({ env: {}, flags: { publicUrl: "https://crs.example.test", ...overrides } });
}

export interface AuthHarness {
  auth: Authenticator;
  clock: { now: number };
  logs: () => string;
  config: Config;
}

export function authenticatorFor(db: Db, configOverrides: Record<string, unknown> = {}): AuthHarness {
  const config = testConfig(configOverrides);
  const clock = { now: NOW };
  const memory = memoryLogger();
  const auth = createAuthenticator({
    sql: sqlOf(db),
    secret: PEPPER,
    clock: { nowSeconds: () => clock.now },
    config,
    urls: publicUrls(config),
    logger: memory.logger,
  });
  return { auth, clock, logs: memory.text, config };
}

export const bearer = (token: string, endpoint: "rest" | "mcp" = "rest", url = "/v1/videos") => ({
  headers: { authorization: `Bearer ${token}` },
  url,
  endpoint,
});

/** A signing key pair and a JWKS file holding its public half. */
export async function oauthKeys(dir: string) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  const jwksFile = join(dir, "jwks.json");
  writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
  const mint = (claims: JWTPayload, options: { typ?: string | null; expiresIn?: number | null } = {}) => {
    const jwt = new SignJWT(claims).setProtectedHeader({
      alg: "ES256",
      kid: "k1",
      ...(options.typ === null ? {} : { typ: options.typ ?? "at+jwt" }),
    });
    jwt.setIssuedAt(NOW - 10);
    if (options.expiresIn !== null) jwt.setExpirationTime(NOW + (options.expiresIn ?? 600));
    return jwt.sign(privateKey);
  };
  return { jwksFile, mint, privateKey };
}

export { fixedClock };
