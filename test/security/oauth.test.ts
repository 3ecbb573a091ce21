import { execFileSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createWorld, initialize, mcp, type Served, serve, serveFails, type World } from "./helpers.js";

/** OAuth access tokens at /mcp: the checks that held, limits per user, `sub` binding, lifetime, JWKS. */
let world: World;
let s: Served;
const tools = (id = 3) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "service_list_feed", arguments: { feed: "newest", limit: 1 } },
});

beforeAll(async () => {
  world = await createWorld();
  s = await serve(world, { CRS_OAUTH_ISSUER: world.issuer, CRS_OAUTH_JWKS: world.jwksFile });
});
afterAll(async () => {
  await s?.close();
  world?.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("held: token checks", () => {
  it("accepts a valid token, refuses alg none, HS/RS confusion, wrong iss/aud/typ, expired, nbf, unregistered", async () => {
    const mcpUrl = `${s.url}/mcp`;
    expect((await mcp(s.url, await world.mint(world.claims(mcpUrl)), initialize())).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const claims = world.claims(mcpUrl, { iat: now, exp: now + 600 });
    const none = `${b64({ alg: "none", typ: "at+jwt" })}.${b64(claims)}.`;
    const jwks = JSON.parse(readFileSync(world.jwksFile, "utf8")) as { keys: Record<string, unknown>[] };
    const pem = createPublicKey({ key: jwks.keys[0] as never, format: "jwk" }).export({
      type: "spki",
      format: "pem",
    });
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid: "k1", typ: "at+jwt" })
      .sign(new TextEncoder().encode(String(pem)));
    const bad = [
      none,
      hs,
      await world.mint(world.claims(mcpUrl, { iss: "https://evil.example" })),
      await world.mint(world.claims(mcpUrl, { aud: `${s.url}/v1` })),
      await world.mint(world.claims(mcpUrl, { aud: [mcpUrl, "https://other"] })),
      await world.mint(world.claims(mcpUrl), { typ: "JWT" }),
      await world.mint(world.claims(mcpUrl, { iat: now - 4000, exp: now - 3000 })),
      await world.mint(world.claims(mcpUrl, { nbf: now + 3000 })),
      await world.mint(world.claims(mcpUrl, { client_id: "unregistered" })),
      await world.mint(world.claims(mcpUrl, { client_id: "other-client" })), // not granted to `default`
    ];
    for (const token of bad) expect([401, 403]).toContain((await mcp(s.url, token, initialize())).status);
    // A JWT is no credential at REST.
    expect((await call(`${s.url}/v1/videos`, { key: await world.mint(world.claims(mcpUrl)) })).status).toBe(
      401,
    );
  });
});

describe("finding 12: with OAuth configured, discovery is complete", () => {
  it("lists the authorization server and the challenge links the metadata", async () => {
    const meta = await call(`${s.url}/.well-known/oauth-protected-resource/mcp`);
    expect(meta.status).toBe(200);
    expect(meta.body.authorization_servers).toEqual([world.issuer]);
    const challenge = (await mcp(s.url, undefined, initialize())).headers.get("www-authenticate");
    expect(challenge).toContain(`resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp"`);
  });
});

describe("finding 4: OAuth limits per client, organisation and user", () => {
  it("one user spending the burst does not rate-limit a user of another organisation on the same client", async () => {
    const local = await serve(world, { CRS_OAUTH_ISSUER: world.issuer, CRS_OAUTH_JWKS: world.jwksFile });
    try {
      const mcpUrl = `${local.url}/mcp`;
      const a = await world.mint(world.claims(mcpUrl));
      const b = await world.mint(
        world.claims(mcpUrl, { sub: world.ids.rivalUser, org_id: world.ids.rivalOrg }),
      );
      let limited = false;
      for (let i = 0; i < 20 && !limited; i += 1) {
        const res = await mcp(local.url, a, tools(i));
        limited = JSON.stringify(res.body).includes("rate_limited");
      }
      expect(limited).toBe(true);
      const other = await mcp(local.url, b, tools(99));
      expect(JSON.stringify(other.body)).not.toContain("rate_limited");
      expect(other.body.result?.isError).toBeFalsy();
    } finally {
      await local.close();
    }
  });
});

describe("finding 7: users are bound by sub; email only when verified and allowed", () => {
  it("refuses an email match by default and without email_verified; accepts it when the operator allows it", async () => {
    const mcpUrl = `${s.url}/mcp`;
    const byEmail = (extra: Record<string, unknown>) =>
      world.mint(world.claims(mcpUrl, { sub: "idp-user-42", email: "mail@default.test", ...extra }));
    expect((await mcp(s.url, await byEmail({}), initialize())).status).toBe(401);
    expect((await mcp(s.url, await byEmail({ email_verified: true }), initialize())).status).toBe(401);
    const allowing = await serve(world, {
      CRS_OAUTH_ISSUER: world.issuer,
      CRS_OAUTH_JWKS: world.jwksFile,
      CRS_OAUTH_EMAIL_MATCH: "verified",
    });
    try {
      const url = `${allowing.url}/mcp`;
      const mint = (extra: Record<string, unknown>) =>
        world.mint(world.claims(url, { sub: "idp-user-42", email: "mail@default.test", ...extra }));
      expect((await mcp(allowing.url, await mint({}), initialize())).status).toBe(401);
      expect((await mcp(allowing.url, await mint({ email_verified: "true" }), initialize())).status).toBe(
        401,
      );
      expect((await mcp(allowing.url, await mint({ email_verified: true }), initialize())).status).toBe(200);
    } finally {
      await allowing.close();
    }
  });
});

describe("finding 13: maximum token lifetime", () => {
  it("refuses a token whose lifetime exceeds CRS_OAUTH_MAX_TOKEN_LIFETIME, or that has no iat", async () => {
    const local = await serve(world, {
      CRS_OAUTH_ISSUER: world.issuer,
      CRS_OAUTH_JWKS: world.jwksFile,
      CRS_OAUTH_MAX_TOKEN_LIFETIME: "3600",
    });
    try {
      const url = `${local.url}/mcp`;
      const now = Math.floor(Date.now() / 1000);
      expect((await mcp(local.url, await world.mint(world.claims(url)), initialize())).status).toBe(200);
      const long = await world.mint(world.claims(url, { iat: now, exp: now + 30 * 86_400 }));
      expect((await mcp(local.url, long, initialize())).status).toBe(401);
      const noIat = await world.mint(world.claims(url, { iat: undefined, exp: now + 600 }));
      expect((await mcp(local.url, noIat, initialize())).status).toBe(401);
    } finally {
      await local.close();
    }
  });
});

describe("finding 11: the JWKS source", () => {
  let https: Server;
  let port = 0;
  let fetches = 0;
  let mode: "ok" | "huge" | "fail" = "ok";
  let caFile = "";

  beforeAll(async () => {
    caFile = join(world.dir, "cert.pem");
    const keyFile = join(world.dir, "key.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        caFile,
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const jwks = readFileSync(world.jwksFile);
    https = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (_req, res) => {
      fetches += 1;
      if (mode === "fail") {
        res.statusCode = 500;
        return res.end("down");
      }
      res.setHeader("content-type", "application/json");
      if (mode === "huge") {
        res.write('{"keys":[');
        const pad = `{"kty":"oct","k":"${"A".repeat(1000)}"},`;
        for (let i = 0; i < 4000; i += 1) res.write(pad);
        return res.end('{"kty":"oct","k":"AA"}]}');
      }
      res.end(jwks);
    });
    await new Promise<void>((r) => https.listen(0, "127.0.0.1", () => r()));
    port = (https.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => (https ? https.close(() => r()) : r())));

  it("refuses at start an http:// URL, a bare relative name and a file that is not a key set", async () => {
    for (const jwks of [
      "http://127.0.0.1:9/jwks.json",
      "jwks.example.com/keys",
      join(world.dir, "missing.json"),
    ]) {
      const result = await serveFails(world, { CRS_OAUTH_ISSUER: world.issuer, CRS_OAUTH_JWKS: jwks });
      expect(result.code).not.toBe(null);
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(/JWKS/i);
    }
  });

  it("fetches an https key set once (cached), caps its size, and answers 503 + Retry-After when it fails", async () => {
    const start = () =>
      serve(world, {
        CRS_OAUTH_ISSUER: world.issuer,
        CRS_OAUTH_JWKS: `https://localhost:${port}/jwks.json`,
        NODE_EXTRA_CA_CERTS: caFile,
      });
    for (const current of ["ok", "fail", "huge"] as const) {
      mode = current;
      fetches = 0;
      const local = await start();
      try {
        const url = `${local.url}/mcp`;
        if (current === "ok") {
          for (let i = 0; i < 4; i += 1)
            expect((await mcp(local.url, await world.mint(world.claims(url)), initialize(i))).status).toBe(
              200,
            );
          expect(fetches).toBe(1);
        } else {
          // The source is down or oversized: 503 with Retry-After, never 401 (the token may be fine).
          const res = await mcp(local.url, await world.mint(world.claims(url)), initialize());
          expect(res.status).toBe(503);
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        }
      } finally {
        await local.close();
      }
    }
    mode = "ok";
  });
});
