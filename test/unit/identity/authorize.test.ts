import { describe, expect, it } from "vitest";
import { publicUrls } from "../../../src/config/index.js";
import { requireAnalystEntitlement, requireScope } from "../../../src/identity/authorize.js";
import { bootstrapIdentity } from "../../../src/identity/bootstrap.js";
import { updateOrg } from "../../../src/identity/orgs.js";
import {
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from "../../../src/identity/protected-resource.js";
import type { Principal } from "../../../src/registry/types.js";
import { tempDb } from "../../helpers/db.js";
import { sqlOf } from "../../helpers/sql.js";
import { authenticatorFor, bearer, ISSUER, identityWorld, NOW, PEPPER, testConfig } from "./fixtures.js";

const principal = (orgId: string, scopes: Principal["scopes"]): Principal => ({
  kind: "api_key",
  credentialId: "k",
  keyId: "k",
  keyPrefix: "abcdefgh",
  clientId: null,
  userId: "u",
  orgId,
  scopes,
});

describe("authorisation helpers", () => {
  it("requireScope answers 403 insufficient_scope naming the scope", () => {
    expect(() =>
      requireScope(principal("o", ["content:read", "agent:request"]), "agent:request"),
    ).not.toThrow();
    expect(() => requireScope(principal("o", ["content:read"]), "agent:request")).toThrow(
      expect.objectContaining({
        status: 403,
        code: "insufficient_scope",
        extra: { required_scope: "agent:request" },
      }),
    );
  });

  it("requireAnalystEntitlement follows the organisation's analyst switch", async () => {
    const { db, org } = await identityWorld();
    await expect(
      requireAnalystEntitlement(sqlOf(db), principal(org.id, ["agent:request"])),
    ).resolves.toBeUndefined();
    await updateOrg(sqlOf(db), "acme", { analystEnabled: false }, NOW);
    await expect(requireAnalystEntitlement(sqlOf(db), principal(org.id, ["agent:request"]))).rejects.toThrow(
      expect.objectContaining({ status: 403, code: "entitlement_missing" }),
    );
  });
});

describe("protected resource metadata", () => {
  it("names the MCP URL as resource and the configured issuer", () => {
    const config = testConfig({ oauthIssuer: ISSUER, oauthJwks: "/etc/crs/jwks.json" });
    const urls = publicUrls(config);
    expect(protectedResourceMetadata(urls, config)).toEqual({
      resource: "https://crs.example.test/mcp",
      authorization_servers: [ISSUER],
      bearer_methods_supported: ["header"],
      scopes_supported: ["content:read", "agent:request"],
      resource_name: "Creative Research Service",
    });
    expect(protectedResourceMetadataUrl(urls)).toBe(
      "https://crs.example.test/.well-known/oauth-protected-resource/mcp",
    );
  });

  it("publishes no document when OAuth is off (API-key mode: the well-known paths answer 404)", () => {
    const config = testConfig();
    expect(protectedResourceMetadata(publicUrls(config), config)).toBeNull();
    const issuerOnly = testConfig({ oauthIssuer: ISSUER });
    expect(protectedResourceMetadata(publicUrls(issuerOnly), issuerOnly)).toBeNull();
  });
});

describe("bootstrapIdentity", () => {
  it("creates org default, admin@localhost and a working key with both scopes, once", async () => {
    const { db } = tempDb();
    const result = await bootstrapIdentity(sqlOf(db), PEPPER, NOW);
    expect(result.org.name).toBe("default");
    expect(result.user.email).toBe("admin@localhost");
    expect(result.key.scopes).toEqual(["content:read", "agent:request"]);
    const { auth } = authenticatorFor(db);
    await expect(auth.authenticate(bearer(result.key.secret))).resolves.toMatchObject({
      orgId: result.org.id,
      userId: result.user.id,
      scopes: ["content:read", "agent:request"],
    });
    await expect(bootstrapIdentity(sqlOf(db), PEPPER, NOW)).rejects.toThrow(/already revealed/);
  });
});
