import { describe, expect, it } from "vitest";
import { USE_RECORD_INTERVAL_SECONDS } from "../../../src/identity/api-key-verifier.js";
import { listKeyEvents } from "../../../src/identity/audit.js";
import type { AuthRequest } from "../../../src/identity/authenticate.js";
import {
  createKey,
  getKeySummary,
  revealDefaultKey,
  revokeKey,
  rotateKey,
} from "../../../src/identity/keys.js";
import { createOrg, updateOrg } from "../../../src/identity/orgs.js";
import { addUserToOrg } from "../../../src/identity/users.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { sqlOf } from "../../helpers/sql.js";
import { authenticatorFor, bearer, identityWorld, NOW, PEPPER } from "./fixtures.js";

const who = { orgName: "acme", email: "ana@acme.test", actor: "cli:test" };

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

async function world() {
  const w = await identityWorld();
  const key = await revealDefaultKey(sqlOf(w.db), PEPPER, who, NOW);
  return { ...w, key, ...authenticatorFor(w.db) };
}

describe("authenticate: API keys", () => {
  it("resolves a valid key to its principal", async () => {
    const { auth, key, user, org } = await world();
    await expect(auth.authenticate(bearer(key.secret))).resolves.toEqual({
      kind: "api_key",
      credentialId: key.id,
      keyId: key.id,
      keyPrefix: key.prefix,
      clientId: null,
      userId: user.id,
      orgId: org.id,
      scopes: ["content:read", "agent:request"],
      expiresAt: null,
    });
  });

  it("accepts a case-insensitive scheme and any header-name casing", async () => {
    const { auth, key } = await world();
    const principal = await auth.authenticate({
      headers: { Authorization: `bearer ${key.secret}` },
      url: "/v1/videos",
      endpoint: "rest",
    });
    expect(principal.keyId).toBe(key.id);
  });

  it("answers every bad credential with one indistinguishable 401", async () => {
    const w = await world();
    const other = await createKey(sqlOf(w.db), PEPPER, { ...who, scopes: ["content:read"] }, NOW);
    const revoked = await createKey(sqlOf(w.db), PEPPER, { ...who, scopes: ["content:read"] }, NOW);
    await revokeKey(sqlOf(w.db), revoked.id, "cli:test", NOW);
    const expiring = await createKey(
      sqlOf(w.db),
      PEPPER,
      { ...who, scopes: ["content:read"], expiresAt: NOW + 5 },
      NOW,
    );
    w.clock.now = NOW + 5;
    const wrongSecret = `crs_${other.prefix}_${"A".repeat(32)}`;
    const requests: AuthRequest[] = [
      { headers: {}, url: "/v1/videos", endpoint: "rest" },
      { headers: { authorization: "" }, url: "/v1/videos", endpoint: "rest" },
      { headers: { authorization: `Basic ${w.key.secret}` }, url: "/v1/videos", endpoint: "rest" },
      {
        headers: { authorization: [`Bearer ${w.key.secret}`, "Bearer x"] },
        url: "/v1/videos",
        endpoint: "rest",
      },
      bearer("crs_garbage"),
      bearer("not-a-key-at-all"),
      bearer(`crs_zzzzzzzz_${"B".repeat(32)}`),
      bearer(wrongSecret),
      bearer(revoked.secret),
      bearer(expiring.secret),
    ];
    const errors = await Promise.all(requests.map((r) => refusal(w.auth.authenticate(r))));
    for (const error of errors) {
      expect(error.status).toBe(401);
      expect(error.code).toBe("unauthorized");
      expect(error.detail).toBe(errors[0]?.detail);
      expect(error.headers).toEqual({ "WWW-Authenticate": 'Bearer realm="crs"' });
    }
  });

  it("answers MCP 401s in API-key mode with a plain Bearer challenge (no metadata is published)", async () => {
    const { auth } = await world();
    const error = await refusal(auth.authenticate({ headers: {}, url: "/mcp", endpoint: "mcp" }));
    expect(error.headers).toEqual({ "WWW-Authenticate": 'Bearer realm="crs"' });
  });

  it("rejects an application session cookie without a bearer at MCP", async () => {
    const { auth } = await world();
    const error = await refusal(
      auth.authenticate({ headers: { cookie: "session=abc123" }, url: "/mcp", endpoint: "mcp" }),
    );
    expect([error.status, error.code]).toEqual([401, "unauthorized"]);
  });

  it("refuses a key in the query string, a cookie or the body, even beside a valid header", async () => {
    const { auth, key, logs } = await world();
    const misplaced: AuthRequest[] = [
      { headers: {}, url: `/v1/videos?q=cats&x=${key.secret}`, endpoint: "rest" },
      { headers: {}, url: "/v1/videos?api_key=whatever", endpoint: "rest" },
      { headers: {}, url: "/mcp?access_token=eyJ.a.b", endpoint: "mcp" },
      { headers: {}, url: "/v1/videos?key=abc", endpoint: "rest" },
      { headers: { cookie: `theme=dark; crs=${key.secret}` }, url: "/mcp", endpoint: "mcp" },
      { headers: { cookie: "api_key=abc" }, url: "/v1/videos", endpoint: "rest" },
      { ...bearer(key.secret, "rest", "/v1/agent/answers"), body: { question: `use ${key.secret}` } },
      { ...bearer(key.secret, "mcp", "/mcp"), body: { params: { arguments: { api_key: "zzz" } } } },
      { ...bearer(key.secret), url: `/v1/videos?cursor=${key.secret}` },
      { ...bearer(key.secret), url: `/v1/videos/${key.secret}` },
    ];
    for (const req of misplaced) {
      const error = await refusal(auth.authenticate(req));
      expect([error.status, error.code]).toEqual([401, "credential_misplaced"]);
      expect(error.detail).toMatch(/Authorization header/);
      expect(error.headers?.["WWW-Authenticate"]).toMatch(/^Bearer /);
    }
    expect(logs()).toContain("credential outside the Authorization header");
    expect(logs()).not.toContain(key.secret);
    expect(logs()).not.toContain(key.secret.slice(-32));
  });

  it("does not mistake ordinary body fields or queries for credentials", async () => {
    const { auth, key } = await world();
    const principal = await auth.authenticate({
      ...bearer(key.secret, "rest", "/v1/videos?q=monkey&keyword=x"),
      body: { question: "what is the key insight?", key: { nested: 1 } },
    });
    expect(principal.keyId).toBe(key.id);
  });

  it("takes rotation and revocation into account on the very next call", async () => {
    const { auth, key, db } = await world();
    await auth.authenticate(bearer(key.secret));
    const rotated = await rotateKey(sqlOf(db), PEPPER, key.id, "cli:test", NOW);
    await expect(auth.authenticate(bearer(key.secret))).rejects.toMatchObject({ status: 401 });
    await expect(auth.authenticate(bearer(rotated.secret))).resolves.toMatchObject({ keyId: rotated.id });
    await revokeKey(sqlOf(db), rotated.id, "cli:test", NOW);
    await expect(auth.authenticate(bearer(rotated.secret))).rejects.toMatchObject({ status: 401 });
  });

  it("stops an expiring key at its expiry second", async () => {
    const w = await world();
    const key = await createKey(
      sqlOf(w.db),
      PEPPER,
      { ...who, scopes: ["content:read"], expiresAt: NOW + 60 },
      NOW,
    );
    w.clock.now = NOW + 59;
    await expect(w.auth.authenticate(bearer(key.secret))).resolves.toMatchObject({ expiresAt: NOW + 60 });
    w.clock.now = NOW + 60;
    await expect(w.auth.authenticate(bearer(key.secret))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("answers 403 subscription_inactive for past_due and canceled organisations", async () => {
    const { auth, key, db } = await world();
    for (const subscription of ["past_due", "canceled"] as const) {
      await updateOrg(sqlOf(db), "acme", { subscription }, NOW);
      await expect(auth.authenticate(bearer(key.secret))).rejects.toMatchObject({
        status: 403,
        code: "subscription_inactive",
      });
    }
    await updateOrg(sqlOf(db), "acme", { subscription: "active" }, NOW);
    await expect(auth.authenticate(bearer(key.secret))).resolves.toMatchObject({ keyId: key.id });
  });

  it("records use at most once a minute per key, with last_used_at", async () => {
    const { auth, key, db, clock } = await world();
    const uses = async () =>
      (await listKeyEvents(sqlOf(db), { keyId: key.id })).filter((e) => e.event === "use");
    await auth.authenticate(bearer(key.secret));
    await auth.authenticate(bearer(key.secret));
    clock.now = NOW + USE_RECORD_INTERVAL_SECONDS - 1;
    await auth.authenticate(bearer(key.secret));
    expect(await uses()).toHaveLength(1);
    expect((await getKeySummary(sqlOf(db), key.id, NOW)).lastUsedAt).toBe(NOW);
    clock.now = NOW + USE_RECORD_INTERVAL_SECONDS;
    await auth.authenticate(bearer(key.secret));
    expect((await uses()).map((e) => e.at)).toEqual([NOW + USE_RECORD_INTERVAL_SECONDS, NOW]);
    expect((await uses())[0]).toMatchObject({
      keyPrefix: key.prefix,
      actor: `user:${(await getKeySummary(sqlOf(db), key.id, NOW)).userId}`,
    });
  });

  it("does not count a refused call as a use", async () => {
    const { auth, key, db } = await world();
    await updateOrg(sqlOf(db), "acme", { subscription: "canceled" }, NOW);
    await expect(auth.authenticate(bearer(key.secret))).rejects.toMatchObject({ status: 403 });
    expect((await getKeySummary(sqlOf(db), key.id, NOW)).lastUsedAt).toBeNull();
  });

  it("binds each key of a user in two organisations to its own organisation", async () => {
    const { auth, key, db, user, org } = await world();
    const beta = await createOrg(sqlOf(db), { name: "beta" }, NOW);
    await addUserToOrg(sqlOf(db), { email: "ana@acme.test", orgName: "beta" }, NOW);
    const betaKey = await revealDefaultKey(sqlOf(db), PEPPER, { ...who, orgName: "beta" }, NOW);
    const acmePrincipal = await auth.authenticate(bearer(key.secret));
    const betaPrincipal = await auth.authenticate(bearer(betaKey.secret));
    expect([acmePrincipal.userId, acmePrincipal.orgId]).toEqual([user.id, org.id]);
    expect([betaPrincipal.userId, betaPrincipal.orgId]).toEqual([user.id, beta.id]);
    await updateOrg(sqlOf(db), "beta", { subscription: "canceled" }, NOW);
    await expect(auth.authenticate(bearer(betaKey.secret))).rejects.toMatchObject({ status: 403 });
    await expect(auth.authenticate(bearer(key.secret))).resolves.toMatchObject({ orgId: org.id });
  });

  it("never logs or audits a secret, whatever happens", async () => {
    const { auth, key, db, logs } = await world();
    await auth.authenticate(bearer(key.secret));
    const fakeSameprefix = `crs_${key.prefix}_${"Z".repeat(32)}`;
    await refusal(auth.authenticate(bearer(fakeSameprefix)));
    await refusal(auth.authenticate({ ...bearer(key.secret), url: `/v1/x?k=${key.secret}` }));
    const audit = JSON.stringify(await listKeyEvents(sqlOf(db)));
    for (const text of [logs(), audit]) {
      expect(text).not.toContain(key.secret.slice(-32));
      expect(text).not.toContain("Z".repeat(32));
    }
    expect(logs()).toContain("authentication refused");
  });
});
