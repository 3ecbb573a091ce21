import { writeFileSync } from "node:fs";
import { generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { addOAuthClient } from "../../../src/identity/oauth-clients.js";
import { createOrg, updateOrg } from "../../../src/identity/orgs.js";
import { addUserToOrg } from "../../../src/identity/users.js";
import { sqlOf } from "../../helpers/sql.js";
import { authenticatorFor, bearer, ISSUER, identityWorld, NOW, oauthKeys } from "./fixtures.js";

const MCP_URL = "https://crs.example.test/mcp";

async function oauthWorld() {
  const w = await identityWorld();
  const keys = await oauthKeys(w.dir);
  await addOAuthClient(sqlOf(w.db), "claude-desktop", ["acme"], NOW);
  const harness = authenticatorFor(w.db, { oauthIssuer: ISSUER, oauthJwks: keys.jwksFile });
  const claims = (extra: JWTPayload = {}): JWTPayload => ({
    iss: ISSUER,
    aud: MCP_URL,
    sub: w.user.id,
    client_id: "claude-desktop",
    org_id: w.org.id,
    scope: "content:read agent:request openid",
    ...extra,
  });
  const mcp = (token: string) => harness.auth.authenticate(bearer(token, "mcp", "/mcp"));
  return { ...w, ...keys, ...harness, claims, mcp };
}

const unauthorized = { status: 401, code: "unauthorized" };

describe("authenticate: OAuth access tokens at /mcp", () => {
  it("resolves a valid token to an oauth principal with known scopes only", async () => {
    const w = await oauthWorld();
    const principal = await w.mcp(await w.mint(w.claims()));
    expect(principal).toEqual({
      kind: "oauth",
      // Limits count per client, organisation and user.
      credentialId: `oauth:claude-desktop:${w.org.id}:${w.user.id}`,
      keyId: null,
      keyPrefix: null,
      clientId: "claude-desktop",
      userId: w.user.id,
      orgId: w.org.id,
      scopes: ["content:read", "agent:request"],
      expiresAt: NOW + 600,
    });
  });

  it("accepts azp for the client, a verified email (when allowed) for the user and org for the organisation name", async () => {
    const w = await oauthWorld();
    const claims = (extra: JWTPayload) =>
      w.claims({
        client_id: undefined,
        azp: "claude-desktop",
        sub: "idp|123",
        email: "ANA@acme.test",
        org_id: undefined,
        org: "acme",
        scope: "content:read",
        ...extra,
      });
    // By default a user is bound by `sub` only; an email needs email_verified and the operator's consent.
    await expect(w.mcp(await w.mint(claims({ email_verified: true })))).rejects.toMatchObject(unauthorized);
    const allowing = authenticatorFor(w.db, {
      oauthIssuer: ISSUER,
      oauthJwks: w.jwksFile,
      oauthEmailMatch: "verified",
    });
    const mcp = (token: string) => allowing.auth.authenticate(bearer(token, "mcp", "/mcp"));
    await expect(mcp(await w.mint(claims({})))).rejects.toMatchObject(unauthorized);
    await expect(mcp(await w.mint(claims({ email_verified: true })))).resolves.toMatchObject({
      userId: w.user.id,
      orgId: w.org.id,
      scopes: ["content:read"],
    });
  });

  it("accepts an audience array holding exactly the MCP URL", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims({ aud: [MCP_URL] })))).resolves.toMatchObject({ kind: "oauth" });
  });

  it("refuses a wrong issuer", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims({ iss: "https://evil.test" })))).rejects.toMatchObject(
      unauthorized,
    );
  });

  it("refuses any audience but exactly the MCP URL", async () => {
    const w = await oauthWorld();
    for (const aud of ["https://crs.example.test/v1", `${MCP_URL}/`, [MCP_URL, "https://other.test"]]) {
      await expect(w.mcp(await w.mint(w.claims({ aud })))).rejects.toMatchObject(unauthorized);
    }
    await expect(w.mcp(await w.mint(w.claims({ aud: undefined })))).rejects.toMatchObject(unauthorized);
  });

  it("refuses a token whose typ is not at+jwt", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims(), { typ: "JWT" }))).rejects.toMatchObject(unauthorized);
    await expect(w.mcp(await w.mint(w.claims(), { typ: null }))).rejects.toMatchObject(unauthorized);
  });

  it("refuses alg none and HMAC tokens, even with a symmetric key in the JWKS", async () => {
    const w = await oauthWorld();
    const secret = new TextEncoder().encode("a-shared-secret-of-at-least-32-bytes!!");
    writeFileSync(
      w.jwksFile,
      JSON.stringify({
        keys: [{ kty: "oct", k: Buffer.from(secret).toString("base64url"), kid: "k1", alg: "HS256" }],
      }),
    );
    const hs = await new SignJWT(w.claims())
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: "k1" })
      .setExpirationTime(NOW + 600)
      .sign(secret);
    await expect(w.mcp(hs)).rejects.toMatchObject(unauthorized);
    const none = new UnsecuredJWT(w.claims()).setExpirationTime(NOW + 600).encode();
    await expect(w.mcp(none)).rejects.toMatchObject(unauthorized);
  });

  it("refuses a signature from a key outside the JWKS", async () => {
    const w = await oauthWorld();
    const stranger = await generateKeyPair("ES256");
    const forged = await new SignJWT(w.claims())
      .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: "k1" })
      .setExpirationTime(NOW + 600)
      .sign(stranger.privateKey);
    await expect(w.mcp(forged)).rejects.toMatchObject(unauthorized);
  });

  it("requires exp, and refuses an expired token", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims(), { expiresIn: null }))).rejects.toMatchObject(unauthorized);
    const token = await w.mint(w.claims(), { expiresIn: 30 });
    await expect(w.mcp(token)).resolves.toMatchObject({ kind: "oauth" });
    w.clock.now = NOW + 31;
    await expect(w.mcp(token)).rejects.toMatchObject(unauthorized);
  });

  it("refuses an unregistered client, and one without a client id", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims({ client_id: "rogue" })))).rejects.toMatchObject(unauthorized);
    await expect(w.mcp(await w.mint(w.claims({ client_id: undefined })))).rejects.toMatchObject(unauthorized);
  });

  it("refuses an unknown user", async () => {
    const w = await oauthWorld();
    const token = await w.mint(w.claims({ sub: "no-such-user", email: "ghost@acme.test" }));
    await expect(w.mcp(token)).rejects.toMatchObject(unauthorized);
  });

  it("refuses an unknown or missing organisation", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims({ org_id: "nope" })))).rejects.toMatchObject(unauthorized);
    await expect(w.mcp(await w.mint(w.claims({ org_id: undefined })))).rejects.toMatchObject(unauthorized);
  });

  it("refuses a user who is not a member of the token's organisation", async () => {
    const w = await oauthWorld();
    const beta = await createOrg(sqlOf(w.db), { name: "beta" }, NOW);
    await addOAuthClient(sqlOf(w.db), "claude-desktop", ["beta"], NOW);
    await expect(w.mcp(await w.mint(w.claims({ org_id: beta.id })))).rejects.toMatchObject(unauthorized);
    await addUserToOrg(sqlOf(w.db), { email: "ana@acme.test", orgName: "beta" }, NOW);
    await expect(w.mcp(await w.mint(w.claims({ org_id: beta.id })))).resolves.toMatchObject({
      orgId: beta.id,
    });
  });

  it("answers 403 grant_missing when the client is not granted the organisation", async () => {
    const w = await oauthWorld();
    const beta = await createOrg(sqlOf(w.db), { name: "beta" }, NOW);
    await addUserToOrg(sqlOf(w.db), { email: "ana@acme.test", orgName: "beta" }, NOW);
    await expect(w.mcp(await w.mint(w.claims({ org_id: beta.id })))).rejects.toMatchObject({
      status: 403,
      code: "grant_missing",
    });
  });

  it("answers 403 subscription_inactive for an inactive organisation", async () => {
    const w = await oauthWorld();
    await updateOrg(sqlOf(w.db), "acme", { subscription: "past_due" }, NOW);
    await expect(w.mcp(await w.mint(w.claims()))).rejects.toMatchObject({
      status: 403,
      code: "subscription_inactive",
    });
  });

  it("grants no scope the token does not carry", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims({ scope: "openid profile" })))).resolves.toMatchObject({
      scopes: [],
    });
    await expect(
      w.mcp(await w.mint(w.claims({ scope: undefined, scp: ["agent:request"] }))),
    ).resolves.toMatchObject({
      scopes: ["agent:request"],
    });
  });

  it("does not accept access tokens at REST", async () => {
    const w = await oauthWorld();
    await expect(w.auth.authenticate(bearer(await w.mint(w.claims())))).rejects.toMatchObject(unauthorized);
  });

  it("treats JWTs as unknown credentials when OAuth is not configured", async () => {
    const w = await oauthWorld();
    const plain = authenticatorFor(w.db);
    const token = await w.mint(w.claims());
    await expect(plain.auth.authenticate(bearer(token, "mcp", "/mcp"))).rejects.toMatchObject(unauthorized);
  });

  it("reloads a JWKS file when it changes (signing-key rotation without restart)", async () => {
    const w = await oauthWorld();
    await expect(w.mcp(await w.mint(w.claims()))).resolves.toMatchObject({ kind: "oauth" });
    const next = await oauthKeys(w.dir);
    await expect(w.mcp(await next.mint(w.claims()))).resolves.toMatchObject({ kind: "oauth" });
    await expect(w.mcp(await w.mint(w.claims()))).rejects.toMatchObject(unauthorized);
  });

  it("stops a removed client's tokens on the next request", async () => {
    const w = await oauthWorld();
    const token = await w.mint(w.claims());
    await w.mcp(token);
    w.db.prepare("DELETE FROM oauth_clients WHERE client_id = ?").run("claude-desktop");
    await expect(w.mcp(token)).rejects.toMatchObject(unauthorized);
  });

  it("never logs the token", async () => {
    const w = await oauthWorld();
    const token = await w.mint(w.claims({ client_id: "rogue" }));
    await expect(w.mcp(token)).rejects.toMatchObject(unauthorized);
    expect(w.logs()).toContain("client not registered");
    expect(w.logs()).not.toContain(token.split(".")[2]);
  });
});
