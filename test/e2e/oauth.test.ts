import type { JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOAuthClient } from "../../src/identity/oauth-clients.js";
import { tempDir } from "../helpers/temp.js";
import { ISSUER, oauthKeys } from "../unit/identity/fixtures.js";
import { connectModern } from "./helpers/mcp-clients.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

let t: TestServer;
let keys: Awaited<ReturnType<typeof oauthKeys>>;
let claims: (extra?: JWTPayload) => JWTPayload;

beforeAll(async () => {
  keys = await oauthKeys(tempDir("crs-oauth-"));
  t = await startTestServer({ env: { CRS_OAUTH_ISSUER: ISSUER, CRS_OAUTH_JWKS: keys.jwksFile } });
  const now = t.clock.nowSeconds();
  const org = (await t.sql.get("SELECT id FROM organisations WHERE name = 'default'")) as { id: string };
  const user = (await t.sql.get("SELECT id FROM users WHERE email = 'admin@localhost'")) as { id: string };
  await addOAuthClient(t.sql, "ide-client", ["default"], now);
  await t.addKey({ org: "elsewhere" });
  await addOAuthClient(t.sql, "other-client", ["elsewhere"], now);
  claims = (extra = {}) => ({
    iss: ISSUER,
    aud: `${t.url}/mcp`,
    sub: user.id,
    client_id: "ide-client",
    org_id: org.id,
    scope: "content:read",
    ...extra,
  });
});
afterAll(async () => {
  await t?.close();
});

const initialize = (token: string) =>
  fetch(`${t.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    }),
  });

describe("OAuth 2.1 access tokens at /mcp (registered clients)", () => {
  it("a valid token drives the MCP endpoint with its principal", async () => {
    const client = await connectModern(t.url, await keys.mint(claims()));
    const res = (await client.callTool({
      name: "service_list_feed",
      arguments: { feed: "newest", limit: 2 },
    })) as {
      isError?: boolean;
      structuredContent: { data: unknown[] };
    };
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent.data).toHaveLength(2);
    // The token grants only its scopes: no agent:request here.
    const denied = (await client.callTool({
      name: "service_analyze",
      arguments: { question: "hi", idempotency_key: "0b7c6f52-64a5-4f0c-9d5a-1f8e0a3b2c11" },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(denied.isError).toBe(true);
    expect(denied.content[0]?.text).toMatch(/insufficient_scope/);
    await client.close();
  });

  it("is refused at REST, with a wrong audience, issuer or type, and for an ungranted client", async () => {
    const good = await keys.mint(claims());
    expect((await getJson(`${t.url}/v1/videos`, good)).status).toBe(401);
    for (const bad of [
      await keys.mint(claims({ aud: `${t.url}/v1` })),
      await keys.mint(claims({ iss: "https://other-issuer.test" })),
      await keys.mint(claims(), { typ: "JWT" }),
      await keys.mint(claims({ client_id: "never-registered" })),
    ]) {
      const res = await initialize(bad);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("resource_metadata=");
    }
    const ungranted = await initialize(await keys.mint(claims({ client_id: "other-client" })));
    expect(ungranted.status).toBe(403);
    expect(((await ungranted.json()) as { code: string }).code).toBe("grant_missing");
  });

  it("the protected resource metadata names the issuer", async () => {
    const prm = (await (await fetch(`${t.url}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(prm).toMatchObject({ resource: `${t.url}/mcp`, authorization_servers: [ISSUER] });
  });

  it("an API key of a lapsed organisation gets 403 at /mcp too", async () => {
    const key = await t.addKey({ org: "lapsed-mcp" });
    await t.setSubscription("lapsed-mcp", "canceled");
    const res = await initialize(key);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("subscription_inactive");
  });
});
