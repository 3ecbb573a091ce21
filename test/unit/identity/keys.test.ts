import { describe, expect, it } from "vitest";
import { listKeyEvents } from "../../../src/identity/audit.js";
import { IdentityError } from "../../../src/identity/identity-error.js";
import {
  createKey,
  getKeySummary,
  listKeys,
  revealDefaultKey,
  revokeKey,
  rotateKey,
} from "../../../src/identity/keys.js";
import type { Db } from "../../../src/store/connection.js";
import { identityWorld, NOW, PEPPER } from "./fixtures.js";

const who = { orgName: "acme", email: "ana@acme.test", actor: "cli:test" };

/** Every text value in every table, to prove a secret was never stored. */
function everyStoredText(db: Db): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'videos_fts%'")
    .all() as { name: string }[];
  return tables
    .flatMap(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
    .flatMap((row) => Object.values(row).map(String))
    .join("\n");
}

describe("key lifecycle", () => {
  it("reveals the default slot once with both scopes, then refuses and says to rotate", () => {
    const { db } = identityWorld();
    const key = revealDefaultKey(db, PEPPER, who, NOW);
    expect(key.scopes).toEqual(["content:read", "agent:request"]);
    expect(() => revealDefaultKey(db, PEPPER, who, NOW)).toThrow(/rotate it with 'crs keys rotate/);
    expect(getKeySummary(db, key.id, NOW)).toMatchObject({ isDefault: true, state: "active" });
  });

  it("lets a revoked default slot be revealed again", () => {
    const { db } = identityWorld();
    const first = revealDefaultKey(db, PEPPER, who, NOW);
    revokeKey(db, first.id, "cli:test", NOW + 1);
    const second = revealDefaultKey(db, PEPPER, who, NOW + 2);
    expect(second.id).not.toBe(first.id);
  });

  it("creates additional keys with content:read required and agent:request optional", () => {
    const { db } = identityWorld();
    const readOnly = createKey(db, PEPPER, { ...who, scopes: ["content:read"], label: "ci" }, NOW);
    expect(readOnly.scopes).toEqual(["content:read"]);
    expect(() => createKey(db, PEPPER, { ...who, scopes: ["agent:request"] }, NOW)).toThrow(IdentityError);
    expect(() =>
      createKey(db, PEPPER, { ...who, scopes: ["content:read"], expiresAt: NOW - 1 }, NOW),
    ).toThrow(/future/);
  });

  it("refuses unknown organisations, users and non-members", () => {
    const { db } = identityWorld();
    expect(() => revealDefaultKey(db, PEPPER, { ...who, orgName: "nope" }, NOW)).toThrow(
      /unknown organisation/,
    );
    expect(() => revealDefaultKey(db, PEPPER, { ...who, email: "x@y.z" }, NOW)).toThrow(/unknown user/);
    expect(() => revealDefaultKey(db, PEPPER, { ...who, email: "not-an-email" }, NOW)).toThrow(
      /invalid email/,
    );
  });

  it("rotates into the same slot, scopes and label, keeping the expiry's lifetime", () => {
    const { db } = identityWorld();
    const old = createKey(
      db,
      PEPPER,
      { ...who, scopes: ["content:read"], label: "ci", expiresAt: NOW + 1000 },
      NOW,
    );
    const fresh = rotateKey(db, PEPPER, old.id, "cli:test", NOW + 100);
    const summary = getKeySummary(db, fresh.id, NOW + 100);
    expect(summary).toMatchObject({
      label: "ci",
      scopes: ["content:read"],
      expiresAt: NOW + 1100,
      isDefault: false,
    });
    expect(getKeySummary(db, old.id, NOW + 100)).toMatchObject({ state: "rotated", replacedBy: fresh.id });
    expect(() => rotateKey(db, PEPPER, old.id, "cli:test", NOW)).toThrow(/already rotated/);
    expect(() => revokeKey(db, old.id, "cli:test", NOW)).toThrow(/rotated/);
  });

  it("rotates the default slot (by prefix too) and refuses to rotate a revoked key", () => {
    const { db } = identityWorld();
    const first = revealDefaultKey(db, PEPPER, who, NOW);
    const second = rotateKey(db, PEPPER, first.prefix, "cli:test", NOW + 1);
    expect(getKeySummary(db, second.id, NOW)).toMatchObject({ isDefault: true, state: "active" });
    revokeKey(db, `crs_${second.prefix}_…`, "cli:test", NOW + 2);
    expect(() => rotateKey(db, PEPPER, second.id, "cli:test", NOW + 3)).toThrow(/revoked/);
    expect(() => revokeKey(db, second.id, "cli:test", NOW + 3)).toThrow(/already revoked/);
    expect(() => revokeKey(db, "nope", "cli:test", NOW + 3)).toThrow(/unknown key/);
  });

  it("lists keys masked with user, state and times, never a secret or digest", () => {
    const { db, org } = identityWorld();
    const key = revealDefaultKey(db, PEPPER, who, NOW);
    createKey(db, PEPPER, { ...who, scopes: ["content:read"], expiresAt: NOW + 10 }, NOW);
    const listed = listKeys(db, org.id, NOW + 20);
    expect(listed.map((k) => k.state)).toEqual(["active", "expired"]);
    expect(listed[0]).toMatchObject({ masked: `crs_${key.prefix}_…`, userEmail: "ana@acme.test" });
    const text = JSON.stringify(listed);
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain("v1:");
  });

  it("records reveal, create, rotate and revoke with who, when and prefix", () => {
    const { db, org, user } = identityWorld();
    const revealed = revealDefaultKey(db, PEPPER, who, NOW);
    const created = createKey(db, PEPPER, { ...who, scopes: ["content:read"] }, NOW + 1);
    rotateKey(db, PEPPER, created.id, "cli:ops", NOW + 2);
    revokeKey(db, revealed.id, "cli:ops", NOW + 3);
    const events = listKeyEvents(db, { orgId: org.id }).reverse();
    expect(events.map((e) => [e.event, e.keyPrefix, e.actor, e.at])).toEqual([
      ["reveal", revealed.prefix, "cli:test", NOW],
      ["create", created.prefix, "cli:test", NOW + 1],
      ["rotate", created.prefix, "cli:ops", NOW + 2],
      ["revoke", revealed.prefix, "cli:ops", NOW + 3],
    ]);
    expect(events.every((e) => e.userId === user.id)).toBe(true);
  });

  it("never stores a secret: only v1 digests, in any table", () => {
    const { db } = identityWorld();
    const secrets = [
      revealDefaultKey(db, PEPPER, who, NOW),
      createKey(db, PEPPER, { ...who, scopes: ["content:read"] }, NOW),
    ];
    secrets.push(rotateKey(db, PEPPER, secrets[1]?.id ?? "", "cli:test", NOW));
    const stored = everyStoredText(db);
    for (const key of secrets) {
      expect(stored).not.toContain(key.secret);
      expect(stored).not.toContain(key.secret.slice(-32));
    }
    const digests = db.prepare("SELECT digest, digest_version FROM api_keys").all();
    expect(digests).toHaveLength(3);
    for (const row of digests as { digest: string; digest_version: number }[]) {
      expect(row.digest).toMatch(/^v1:[0-9a-f]{64}$/);
      expect(row.digest_version).toBe(1);
    }
  });
});
