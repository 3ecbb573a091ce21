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
import { sqlOf } from "../../helpers/sql.js";
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
  it("reveals the default slot once with both scopes, then refuses and says to rotate", async () => {
    const { db } = await identityWorld();
    const key = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW);
    expect(key.scopes).toEqual(["content:read", "agent:request"]);
    await expect(revealDefaultKey(sqlOf(db), PEPPER, who, NOW)).rejects.toThrow(
      /rotate it with 'crs keys rotate/,
    );
    expect(await getKeySummary(sqlOf(db), key.id, NOW)).toMatchObject({ isDefault: true, state: "active" });
  });

  it("lets a revoked default slot be revealed again", async () => {
    const { db } = await identityWorld();
    const first = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW);
    await revokeKey(sqlOf(db), first.id, "cli:test", NOW + 1);
    const second = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW + 2);
    expect(second.id).not.toBe(first.id);
  });

  it("creates additional keys with content:read required and agent:request optional", async () => {
    const { db } = await identityWorld();
    const readOnly = await createKey(
      sqlOf(db),
      PEPPER,
      { ...who, scopes: ["content:read"], label: "ci" },
      NOW,
    );
    expect(readOnly.scopes).toEqual(["content:read"]);
    await expect(createKey(sqlOf(db), PEPPER, { ...who, scopes: ["agent:request"] }, NOW)).rejects.toThrow(
      IdentityError,
    );
    await expect(
      createKey(sqlOf(db), PEPPER, { ...who, scopes: ["content:read"], expiresAt: NOW - 1 }, NOW),
    ).rejects.toThrow(/future/);
  });

  it("refuses unknown organisations, users and non-members", async () => {
    const { db } = await identityWorld();
    await expect(revealDefaultKey(sqlOf(db), PEPPER, { ...who, orgName: "nope" }, NOW)).rejects.toThrow(
      /unknown organisation/,
    );
    await expect(revealDefaultKey(sqlOf(db), PEPPER, { ...who, email: "x@y.z" }, NOW)).rejects.toThrow(
      /unknown user/,
    );
    await expect(revealDefaultKey(sqlOf(db), PEPPER, { ...who, email: "not-an-email" }, NOW)).rejects.toThrow(
      /invalid email/,
    );
  });

  it("rotates into the same slot, scopes and label, keeping the expiry's lifetime", async () => {
    const { db } = await identityWorld();
    const old = await createKey(
      sqlOf(db),
      PEPPER,
      { ...who, scopes: ["content:read"], label: "ci", expiresAt: NOW + 1000 },
      NOW,
    );
    const fresh = await rotateKey(sqlOf(db), PEPPER, old.id, "cli:test", NOW + 100);
    const summary = await getKeySummary(sqlOf(db), fresh.id, NOW + 100);
    expect(summary).toMatchObject({
      label: "ci",
      scopes: ["content:read"],
      expiresAt: NOW + 1100,
      isDefault: false,
    });
    expect(await getKeySummary(sqlOf(db), old.id, NOW + 100)).toMatchObject({
      state: "rotated",
      replacedBy: fresh.id,
    });
    await expect(rotateKey(sqlOf(db), PEPPER, old.id, "cli:test", NOW)).rejects.toThrow(/already rotated/);
    await expect(revokeKey(sqlOf(db), old.id, "cli:test", NOW)).rejects.toThrow(/rotated/);
  });

  it("rotates the default slot (by prefix too) and refuses to rotate a revoked key", async () => {
    const { db } = await identityWorld();
    const first = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW);
    const second = await rotateKey(sqlOf(db), PEPPER, first.prefix, "cli:test", NOW + 1);
    expect(await getKeySummary(sqlOf(db), second.id, NOW)).toMatchObject({
      isDefault: true,
      state: "active",
    });
    await revokeKey(sqlOf(db), `crs_${second.prefix}_…`, "cli:test", NOW + 2);
    await expect(rotateKey(sqlOf(db), PEPPER, second.id, "cli:test", NOW + 3)).rejects.toThrow(/revoked/);
    await expect(revokeKey(sqlOf(db), second.id, "cli:test", NOW + 3)).rejects.toThrow(/already revoked/);
    await expect(revokeKey(sqlOf(db), "nope", "cli:test", NOW + 3)).rejects.toThrow(/unknown key/);
  });

  it("lists keys masked with user, state and times, never a secret or digest", async () => {
    const { db, org } = await identityWorld();
    const key = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW);
    await createKey(sqlOf(db), PEPPER, { ...who, scopes: ["content:read"], expiresAt: NOW + 10 }, NOW);
    const listed = await listKeys(sqlOf(db), org.id, NOW + 20);
    expect(listed.map((k) => k.state)).toEqual(["active", "expired"]);
    expect(listed[0]).toMatchObject({ masked: `crs_${key.prefix}_…`, userEmail: "ana@acme.test" });
    const text = JSON.stringify(listed);
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain("v1:");
  });

  it("records reveal, create, rotate and revoke with who, when and prefix", async () => {
    const { db, org, user } = await identityWorld();
    const revealed = await revealDefaultKey(sqlOf(db), PEPPER, who, NOW);
    const created = await createKey(sqlOf(db), PEPPER, { ...who, scopes: ["content:read"] }, NOW + 1);
    await rotateKey(sqlOf(db), PEPPER, created.id, "cli:ops", NOW + 2);
    await revokeKey(sqlOf(db), revealed.id, "cli:ops", NOW + 3);
    const events = (await listKeyEvents(sqlOf(db), { orgId: org.id })).reverse();
    expect(events.map((e) => [e.event, e.keyPrefix, e.actor, e.at])).toEqual([
      ["reveal", revealed.prefix, "cli:test", NOW],
      ["create", created.prefix, "cli:test", NOW + 1],
      ["rotate", created.prefix, "cli:ops", NOW + 2],
      ["revoke", revealed.prefix, "cli:ops", NOW + 3],
    ]);
    expect(events.every((e) => e.userId === user.id)).toBe(true);
  });

  it("never stores a secret: only v1 digests, in any table", async () => {
    const { db } = await identityWorld();
    const secrets = [
      await revealDefaultKey(sqlOf(db), PEPPER, who, NOW),
      await createKey(sqlOf(db), PEPPER, { ...who, scopes: ["content:read"] }, NOW),
    ];
    secrets.push(await rotateKey(sqlOf(db), PEPPER, secrets[1]?.id ?? "", "cli:test", NOW));
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
