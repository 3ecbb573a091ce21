import { rmSync } from "node:fs";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createApiKeyVerifier, USE_RECORD_INTERVAL_SECONDS } from "../../src/identity/api-key-verifier.js";
import { listKeyEvents } from "../../src/identity/audit.js";
import { requireAnalystEntitlement } from "../../src/identity/authorize.js";
import { BOOTSTRAP_EMAIL, BOOTSTRAP_ORG, bootstrapIdentity } from "../../src/identity/bootstrap.js";
import { IdentityError } from "../../src/identity/identity-error.js";
import {
  createInvite,
  INVITE_LIFETIME_SECONDS,
  peekInvite,
  redeemInvite,
} from "../../src/identity/invites.js";
import {
  createKey,
  findKey,
  getKeySummary,
  listKeys,
  revealDefaultKey,
  revokeKey,
  rotateKey,
} from "../../src/identity/keys.js";
import { listUserMemberships, setMembershipRole } from "../../src/identity/memberships.js";
import {
  addOAuthClient,
  isClientGranted,
  isClientRegistered,
  listOAuthClients,
  removeOAuthClient,
} from "../../src/identity/oauth-clients.js";
import { createOrg, findOrgByName, listOrgs, requireOrg, updateOrg } from "../../src/identity/orgs.js";
import {
  hashPassword,
  storedPasswordHash,
  storePasswordHash,
  verifyPassword,
} from "../../src/identity/passwords.js";
import {
  createSession,
  endSession,
  purgeExpiredSessions,
  readSession,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  selectSessionOrg,
} from "../../src/identity/sessions.js";
import { checkSignin } from "../../src/identity/signin.js";
import { SIGNIN_THROTTLE } from "../../src/identity/signin-throttle.js";
import {
  addUserToOrg,
  findMembership,
  findUserByEmail,
  requireMembership,
  requireUser,
} from "../../src/identity/users.js";
import type { Principal } from "../../src/shared/principal.js";
import { createPool } from "../../src/store/postgres/connection.js";
import { migratePostgres } from "../../src/store/postgres/migrate.js";
import { postgresClient } from "../../src/store/postgres/sql-client.js";
import type { SqlClient } from "../../src/store/sql-client.js";
import { sqliteClient } from "../../src/store/sqlite/sql-client.js";
import { tempDb } from "../helpers/db.js";
import { postgresAvailability, startPostgres, type TestPostgres } from "../helpers/postgres.js";

/**
 * Identity over the engine-neutral SqlClient, on SQLite and on PostgreSQL (a throwaway server, a fresh
 * migrated database per test): the same calls give the same answers, refusals and audit trail. Each case
 * also writes a transcript (ids and secrets replaced by names), and the last block checks that both
 * engines wrote the same transcripts.
 */

const NOW = 1_800_000_000;
const PEPPER = "identity-contract-pepper-0123456789";

interface Engine {
  name: "sqlite" | "postgres";
  open(): Promise<{ sql: SqlClient; close(): Promise<void> }>;
}

let server: Promise<TestPostgres> | undefined;
let databases = 0;

const engines: Engine[] = [
  {
    name: "sqlite",
    async open() {
      const { db, dir } = tempDb();
      return {
        sql: sqliteClient(db),
        async close() {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (postgresAvailability().available)
  engines.push({
    name: "postgres",
    async open() {
      server ??= startPostgres("identity_contract");
      const url = await (await server).createDatabase(`identity_${++databases}`);
      const pool = createPool(url, { max: 4 });
      await migratePostgres(pool);
      return { sql: postgresClient(pool), close: () => pool.end() };
    },
  });

afterAll(async () => {
  const started = server;
  server = undefined;
  if (started) await (await started).dispose();
});

/** engine → case → what the case saw, with generated ids, prefixes and secrets named. */
const transcripts = new Map<string, Map<string, string>>();

/** Replaces every generated value (ids, prefixes, secrets) by a stable name, so transcripts compare. */
function namer() {
  const names = new Map<string, string>();
  return {
    name(value: string, label: string): string {
      if (!names.has(value)) names.set(value, `<${label}>`);
      return names.get(value) as string;
    },
    text(value: unknown): string {
      let json = JSON.stringify(value, null, 1);
      // Longest first, so an id is not half-replaced by a prefix it contains.
      for (const [raw, label] of [...names].sort((a, b) => b[0].length - a[0].length))
        json = json.split(raw).join(label);
      // Any other generated id, numbered by first appearance.
      const others = new Map<string, string>();
      return json.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!others.has(id)) others.set(id, `<id${others.size + 1}>`);
        return others.get(id) as string;
      });
    },
  };
}

/** The refusal's message (an IdentityError), or a failure naming what came instead. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const outcome = await promise.then(
    () => "resolved",
    (error: unknown) => error,
  );
  if (!(outcome instanceof IdentityError))
    throw new Error(`expected an IdentityError, got ${String(outcome)}`);
  return outcome.message;
}

const principalOf = (orgId: string): Principal => ({
  kind: "api_key",
  credentialId: "k",
  keyId: "k",
  keyPrefix: "p",
  clientId: null,
  userId: "u",
  orgId,
  scopes: ["content:read", "agent:request"],
});

describe.each(engines)("identity on $name", (engine) => {
  let sql: SqlClient;
  let close: () => Promise<void>;
  let log: Map<string, string>;
  const record = (name: string, text: string) => log.set(name, text);

  beforeEach(async () => {
    ({ sql, close } = await engine.open());
    log = transcripts.get(engine.name) ?? new Map();
    transcripts.set(engine.name, log);
    return () => close();
  });

  it("bootstraps org default, admin@localhost (owner) and the default key once", async () => {
    const n = namer();
    const first = await bootstrapIdentity(sql, PEPPER, NOW);
    n.name(first.org.id, "org");
    n.name(first.user.id, "user");
    n.name(first.key.id, "key");
    n.name(first.key.secret, "secret");
    n.name(first.key.prefix, "prefix");
    expect(first.org.name).toBe(BOOTSTRAP_ORG);
    expect(first.user.email).toBe(BOOTSTRAP_EMAIL);
    expect(first.key.scopes).toEqual(["content:read", "agent:request"]);
    expect(first.key.secret).toMatch(new RegExp(`^crs_${first.key.prefix}_`));
    const memberships = await listUserMemberships(sql, first.user.id);
    expect(memberships).toMatchObject([{ orgName: "default", role: "owner", analystEnabled: true }]);
    // The slot is filled: a second bootstrap refuses and says to rotate, and writes nothing.
    const again = await refusal(bootstrapIdentity(sql, PEPPER, NOW + 1));
    expect(again).toMatch(/already revealed and cannot be shown again; rotate it/);
    expect(await listOrgs(sql)).toHaveLength(1);
    const events = await listKeyEvents(sql);
    expect(events).toMatchObject([{ event: "reveal", actor: "init", keyId: first.key.id, at: NOW }]);
    record("bootstrap", n.text({ first, memberships, again, events }));
  });

  it("creates organisations, users and memberships; duplicates get the same refusals", async () => {
    const n = namer();
    const acme = await createOrg(sql, { name: "acme", analystMonthly: 5 }, NOW);
    n.name(acme.id, "acme");
    expect(acme).toMatchObject({
      name: "acme",
      subscription: "active",
      analystEnabled: true,
      analystMonthly: 5,
    });
    const zeta = await createOrg(sql, { name: "zeta", analystEnabled: false }, NOW);
    n.name(zeta.id, "zeta");
    const refusals = {
      duplicate: await refusal(createOrg(sql, { name: "acme" }, NOW)),
      invalidName: await refusal(createOrg(sql, { name: "bad/name" }, NOW)),
      allowance: await refusal(createOrg(sql, { name: "neg", analystMonthly: -1 }, NOW)),
      unknownOrg: await refusal(requireOrg(sql, "nope")),
      badEmail: await refusal(addUserToOrg(sql, { email: "no-at-sign", orgName: "acme" }, NOW)),
      unknownUser: await refusal(requireUser(sql, "ghost@example.com")),
      notMember: "",
    };
    expect(refusals.duplicate).toBe("organisation 'acme' already exists");
    expect(refusals.unknownOrg).toBe("unknown organisation 'nope'");

    const added = await addUserToOrg(sql, { email: " Ana@Acme.TEST ", orgName: "acme" }, NOW);
    n.name(added.user.id, "ana");
    n.name(added.membership.id, "ana@acme");
    expect(added).toMatchObject({
      createdUser: true,
      createdMembership: true,
      user: { email: "ana@acme.test" },
    });
    const again = await addUserToOrg(sql, { email: "ana@acme.test", orgName: "acme" }, NOW + 1);
    expect(again).toMatchObject({ createdUser: false, createdMembership: false, user: added.user });
    expect(again.membership.id).toBe(added.membership.id);
    const second = await addUserToOrg(sql, { email: "ANA@acme.test", orgName: "zeta" }, NOW + 2);
    n.name(second.membership.id, "ana@zeta");
    expect(second).toMatchObject({ createdUser: false, createdMembership: true });
    // Emails match case-insensitively on both engines.
    expect(await findUserByEmail(sql, "ANA@ACME.TEST")).toEqual(added.user);
    await createOrg(sql, { name: "solo" }, NOW);
    refusals.notMember = await refusal(requireMembership(sql, "solo", "ana@acme.test"));
    expect(refusals.notMember).toBe("user 'ana@acme.test' is not a member of 'solo'");
    expect(await findMembership(sql, added.user.id, zeta.id)).toMatchObject({ orgId: zeta.id });

    await setMembershipRole(sql, second.membership.id, "owner");
    const memberships = await listUserMemberships(sql, added.user.id);
    expect(memberships.map((m) => [m.orgName, m.role, m.analystEnabled])).toEqual([
      ["acme", "member", true],
      ["zeta", "owner", false],
    ]);
    const updated = await updateOrg(sql, "acme", { subscription: "past_due", analystMonthly: 9 }, NOW + 5);
    expect(updated).toMatchObject({ subscription: "past_due", analystMonthly: 9, updatedAt: NOW + 5 });
    const orgs = await listOrgs(sql);
    expect(orgs.map((o) => [o.name, o.members])).toEqual([
      ["acme", 1],
      ["solo", 0],
      ["zeta", 1],
    ]);
    await expect(requireAnalystEntitlement(sql, principalOf(acme.id))).resolves.toBeUndefined();
    await expect(requireAnalystEntitlement(sql, principalOf(zeta.id))).rejects.toMatchObject({
      code: "entitlement_missing",
    });
    record("orgs-users", n.text({ acme, zeta, refusals, added, second, memberships, updated, orgs }));
  });

  it("two processes creating the same organisation or user at once: one wins, the other gets the usual answer", async () => {
    const orgs = await Promise.allSettled([
      createOrg(sql, { name: "race" }, NOW),
      createOrg(sql, { name: "race" }, NOW),
    ]);
    expect(orgs.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = orgs.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(IdentityError);
    expect((lost.reason as Error).message).toBe("organisation 'race' already exists");

    const users = await Promise.all([
      addUserToOrg(sql, { email: "twin@example.com", orgName: "race" }, NOW),
      addUserToOrg(sql, { email: "twin@example.com", orgName: "race" }, NOW),
    ]);
    expect(users[0].user.id).toBe(users[1].user.id);
    expect(users[0].membership.id).toBe(users[1].membership.id);
    expect(users.filter((u) => u.createdUser)).toHaveLength(1);
    expect(users.filter((u) => u.createdMembership)).toHaveLength(1);

    const reveals = await Promise.allSettled([
      revealDefaultKey(sql, PEPPER, { orgName: "race", email: "twin@example.com", actor: "t" }, NOW),
      revealDefaultKey(sql, PEPPER, { orgName: "race", email: "twin@example.com", actor: "t" }, NOW),
    ]);
    expect(reveals.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = reveals.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(IdentityError);
    expect((refused.reason as Error).message).toMatch(/already revealed/);
    record(
      "races",
      JSON.stringify([lost.reason.message, users.map((u) => [u.createdUser, u.createdMembership]).sort()]),
    );
  });

  it("keys: verify, wrong digest, unknown prefix, revoke, rotate, expiry, listing and audit", async () => {
    const n = namer();
    const org = await createOrg(sql, { name: "acme" }, NOW);
    n.name(org.id, "org");
    const { user } = await addUserToOrg(sql, { email: "ana@acme.test", orgName: "acme" }, NOW);
    n.name(user.id, "user");
    const who = { orgName: "acme", email: "ana@acme.test", actor: "cli:test" };
    const named = <K extends { id: string; secret: string; prefix: string }>(key: K, label: string) => {
      n.name(key.id, `${label}.id`);
      n.name(key.secret, `${label}.secret`);
      n.name(key.prefix, `${label}.prefix`);
      return key;
    };
    const main = named(await revealDefaultKey(sql, PEPPER, who, NOW), "default");
    const extra = named(
      await createKey(
        sql,
        PEPPER,
        { ...who, scopes: ["content:read"], label: "ci", expiresAt: NOW + 100 },
        NOW,
      ),
      "extra",
    );
    const doomed = named(await createKey(sql, PEPPER, { ...who, scopes: ["content:read"] }, NOW), "doomed");
    const verifier = createApiKeyVerifier(sql, PEPPER);

    const checks: Record<string, unknown> = {};
    checks.ok = await verifier.verify(main.secret, NOW);
    expect(checks.ok).toMatchObject({
      ok: true,
      keyId: main.id,
      userId: user.id,
      orgId: org.id,
      scopes: ["content:read", "agent:request"],
      expiresAt: null,
      lastUsedAt: null,
      orgSubscription: "active",
    });
    checks.extra = await verifier.verify(extra.secret, NOW);
    expect(checks.extra).toMatchObject({ ok: true, scopes: ["content:read"], expiresAt: NOW + 100 });
    checks.wrongDigest = await verifier.verify(`crs_${main.prefix}_${"A".repeat(32)}`, NOW);
    expect(checks.wrongDigest).toEqual({ ok: false, reason: "digest_mismatch" });
    checks.unknown = await verifier.verify(`crs_zzzzzzzz_${"B".repeat(32)}`, NOW);
    expect(checks.unknown).toEqual({ ok: false, reason: "unknown" });
    checks.malformed = await verifier.verify("crs_nope", NOW);
    expect(checks.malformed).toEqual({ ok: false, reason: "malformed" });
    checks.expired = await verifier.verify(extra.secret, NOW + 100);
    expect(checks.expired).toEqual({ ok: false, reason: "expired" });

    const revoked = await revokeKey(sql, doomed.id, "cli:test", NOW + 1);
    expect(revoked).toMatchObject({ state: "revoked", revokedAt: NOW + 1 });
    checks.revoked = await verifier.verify(doomed.secret, NOW + 2);
    expect(checks.revoked).toEqual({ ok: false, reason: "revoked" });

    const rotated = named(await rotateKey(sql, PEPPER, main.prefix, "cli:test", NOW + 3), "rotated");
    checks.old = await verifier.verify(main.secret, NOW + 3);
    expect(checks.old).toEqual({ ok: false, reason: "rotated" });
    checks.new = await verifier.verify(rotated.secret, NOW + 3);
    expect(checks.new).toMatchObject({
      ok: true,
      keyId: rotated.id,
      scopes: ["content:read", "agent:request"],
    });
    expect(await getKeySummary(sql, main.id, NOW + 3)).toMatchObject({
      state: "rotated",
      replacedBy: rotated.id,
    });
    expect((await findKey(sql, `crs_${rotated.prefix}_…`))?.id).toBe(rotated.id);

    // A rotated expiring key keeps its lifetime.
    const extraNext = named(await rotateKey(sql, PEPPER, extra.id, "cli:test", NOW + 50), "extraNext");
    expect(await getKeySummary(sql, extraNext.id, NOW + 50)).toMatchObject({
      expiresAt: NOW + 150,
      label: "ci",
    });

    const refusals = {
      rotateRotated: await refusal(rotateKey(sql, PEPPER, main.id, "cli:test", NOW + 4)),
      revokeRotated: await refusal(revokeKey(sql, main.id, "cli:test", NOW + 4)),
      rotateRevoked: await refusal(rotateKey(sql, PEPPER, doomed.id, "cli:test", NOW + 4)),
      revokeRevoked: await refusal(revokeKey(sql, doomed.id, "cli:test", NOW + 4)),
      unknown: await refusal(revokeKey(sql, "nope", "cli:test", NOW + 4)),
      scopes: await refusal(createKey(sql, PEPPER, { ...who, scopes: ["agent:request"] }, NOW)),
      past: await refusal(createKey(sql, PEPPER, { ...who, scopes: ["content:read"], expiresAt: NOW }, NOW)),
    };
    expect(refusals.rotateRotated).toMatch(/already rotated; rotate its replacement/);
    expect(refusals.revokeRevoked).toMatch(/is already revoked/);
    expect(refusals.unknown).toBe("unknown key 'nope'");

    // Two rotations of one key at once: one replaces it, the other is refused as already rotated.
    const race = await Promise.allSettled([
      rotateKey(sql, PEPPER, rotated.id, "cli:test", NOW + 5),
      rotateKey(sql, PEPPER, rotated.id, "cli:test", NOW + 5),
    ]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const raceLoser = race.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((raceLoser.reason as Error).message).toMatch(/already rotated/);
    const raceWinner = (race.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<typeof main>)
      .value;
    named(raceWinner, "raced");

    const listed = await listKeys(sql, org.id, NOW + 60);
    expect(listed.map((k) => [k.id, k.state, k.isDefault])).toEqual([
      [main.id, "rotated", true],
      [extra.id, "rotated", false],
      [doomed.id, "revoked", false],
      [rotated.id, "rotated", true],
      [raceWinner.id, "active", true],
      [extraNext.id, "active", false],
    ]);
    expect(JSON.stringify(listed)).not.toContain(main.secret.slice(13));
    const events = await listKeyEvents(sql, { orgId: org.id });
    // Newest first; events of one second in the reverse order they were written.
    expect(events.map((e) => [e.event, e.keyId, e.at])).toEqual([
      ["rotate", extra.id, NOW + 50],
      ["rotate", rotated.id, NOW + 5],
      ["rotate", main.id, NOW + 3],
      ["revoke", doomed.id, NOW + 1],
      ["create", doomed.id, NOW],
      ["create", extra.id, NOW],
      ["reveal", main.id, NOW],
    ]);
    expect(await listKeyEvents(sql, { keyId: doomed.id })).toMatchObject([
      { event: "revoke" },
      { event: "create" },
    ]);
    expect(await listKeyEvents(sql, { orgId: org.id, limit: 2 })).toHaveLength(2);
    expect(await listKeyEvents(sql, { userId: "someone-else" })).toEqual([]);
    record("keys", n.text({ checks, revoked, refusals, listed, events }));
  });

  it("records last use at most once per interval, and skips the write when the key says it is recent", async () => {
    const n = namer();
    await createOrg(sql, { name: "acme" }, NOW);
    await addUserToOrg(sql, { email: "ana@acme.test", orgName: "acme" }, NOW);
    const key = await revealDefaultKey(
      sql,
      PEPPER,
      { orgName: "acme", email: "ana@acme.test", actor: "t" },
      NOW,
    );
    n.name(key.id, "key");
    n.name(key.prefix, "prefix");
    const verifier = createApiKeyVerifier(sql, PEPPER);
    const use = async (now: number) => {
      const check = await verifier.verify(key.secret, now);
      if (!check.ok) throw new Error(check.reason);
      await verifier.recordUse(check, now);
      return check.lastUsedAt;
    };
    const seen = [
      await use(NOW),
      await use(NOW + 1),
      await use(NOW + USE_RECORD_INTERVAL_SECONDS - 1),
      await use(NOW + USE_RECORD_INTERVAL_SECONDS),
      await use(NOW + USE_RECORD_INTERVAL_SECONDS + 1),
    ];
    expect(seen).toEqual([null, NOW, NOW, NOW, NOW + USE_RECORD_INTERVAL_SECONDS]);
    // A stale read (another request moved it meanwhile) writes nothing either: the UPDATE is conditional.
    await verifier.recordUse(
      { keyId: key.id, prefix: key.prefix, userId: "u", orgId: "o", lastUsedAt: null },
      NOW + 61,
    );
    const uses = (await listKeyEvents(sql, { keyId: key.id })).filter((e) => e.event === "use");
    expect(uses.map((e) => e.at)).toEqual([NOW + USE_RECORD_INTERVAL_SECONDS, NOW]);
    expect(uses[0]).toMatchObject({ actor: expect.stringMatching(/^user:/), keyPrefix: key.prefix });
    expect((await getKeySummary(sql, key.id, NOW + 70)).lastUsedAt).toBe(NOW + USE_RECORD_INTERVAL_SECONDS);
    record("last-used", n.text({ seen, uses: uses.map((e) => [e.event, e.at, e.keyPrefix]) }));
  });

  it("settings sessions: create, read, touch, idle and absolute expiry, organisation, sign-out, purge", async () => {
    const acme = await createOrg(sql, { name: "acme" }, NOW);
    const { user } = await addUserToOrg(sql, { email: "s@example.com", orgName: "acme" }, NOW);
    const { token, session } = await createSession(sql, user.id, null, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({
      userId: user.id,
      orgId: null,
      expiresAt: NOW + SESSION_ABSOLUTE_SECONDS,
    });
    const stored = await sql.get<{ token_digest: string }>("SELECT token_digest FROM settings_sessions");
    expect(stored?.token_digest).not.toBe(token);
    expect(await readSession(sql, "not a token", NOW)).toBeUndefined();

    const seen: unknown[] = [];
    let t = NOW;
    for (let i = 0; i < 3; i++) {
      t += SESSION_IDLE_SECONDS - 60;
      const s = await readSession(sql, token, t);
      seen.push(s && [s.lastSeenAt - NOW, s.csrfToken === session.csrfToken]);
    }
    expect(seen).toEqual([
      [SESSION_IDLE_SECONDS - 60, true],
      [2 * (SESSION_IDLE_SECONDS - 60), true],
      [3 * (SESSION_IDLE_SECONDS - 60), true],
    ]);
    await selectSessionOrg(sql, token, acme.id);
    expect((await readSession(sql, token, t + 1))?.orgId).toBe(acme.id);
    expect(await readSession(sql, token, t + SESSION_IDLE_SECONDS)).toBeUndefined();
    expect(await sql.get<{ n: number }>("SELECT count(*) AS n FROM settings_sessions")).toEqual({ n: 0 });

    const long = await createSession(sql, user.id, acme.id, NOW);
    for (let at = NOW + 600; at < NOW + SESSION_ABSOLUTE_SECONDS; at += 600)
      expect(await readSession(sql, long.token, at)).toBeDefined();
    expect(await readSession(sql, long.token, NOW + SESSION_ABSOLUTE_SECONDS)).toBeUndefined();

    const out = await createSession(sql, user.id, null, NOW);
    await endSession(sql, out.token);
    expect(await readSession(sql, out.token, NOW + 1)).toBeUndefined();

    await createSession(sql, user.id, null, NOW);
    await createSession(sql, user.id, null, NOW + 10);
    expect(await purgeExpiredSessions(sql, NOW + SESSION_IDLE_SECONDS + 5)).toBe(1);
    // A new password signs the user out everywhere.
    await storePasswordHash(sql, user.id, await hashPassword("a long passphrase"), NOW + 5);
    expect(await sql.get<{ n: number }>("SELECT count(*) AS n FROM settings_sessions")).toEqual({ n: 0 });
    record("sessions", JSON.stringify(seen));
  });

  it("invitations and passwords: invite, peek, redeem once, replace, sign in, throttle", async () => {
    await createOrg(sql, { name: "acme" }, NOW);
    await createOrg(sql, { name: "zeta" }, NOW);
    const invite = await createInvite(
      sql,
      { email: "New@Example.com", orgName: "acme", actor: "cli:t" },
      NOW,
    );
    expect(invite).toMatchObject({
      createdUser: true,
      orgName: "acme",
      expiresAt: NOW + INVITE_LIFETIME_SECONDS,
    });
    expect(invite.user.email).toBe("new@example.com");
    expect((await peekInvite(sql, invite.token, NOW + INVITE_LIFETIME_SECONDS - 1))?.id).toBe(invite.user.id);
    expect(await peekInvite(sql, invite.token, NOW + INVITE_LIFETIME_SECONDS)).toBeUndefined();
    expect(await peekInvite(sql, "short", NOW)).toBeUndefined();

    // A new invitation replaces the unused earlier one; `owner` makes that membership an owner.
    const second = await createInvite(
      sql,
      { email: "new@example.com", orgName: "zeta", owner: true, actor: "cli:t" },
      NOW + 1,
    );
    expect(second.createdUser).toBe(false);
    expect(await peekInvite(sql, invite.token, NOW + 2)).toBeUndefined();
    expect((await listUserMemberships(sql, invite.user.id)).map((m) => [m.orgName, m.role])).toEqual([
      ["acme", "member"],
      ["zeta", "owner"],
    ]);

    const hash = await hashPassword("a long passphrase");
    const redeemed = await redeemInvite(sql, second.token, hash, NOW + 10);
    expect(redeemed.id).toBe(invite.user.id);
    expect(await storedPasswordHash(sql, invite.user.id)).toBe(hash);
    expect(await verifyPassword("a long passphrase", hash)).toBe(true);
    const used = await refusal(redeemInvite(sql, second.token, hash, NOW + 11));
    expect(used).toBe("this invitation link is not valid: it was used, or it expired");
    expect(await refusal(redeemInvite(sql, invite.token, hash, NOW + 11))).toBe(used);

    const now = () => NOW + 20;
    const address = "192.0.2.1";
    const ok = await checkSignin(
      sql,
      { email: " NEW@example.com", password: "a long passphrase", address },
      now,
    );
    expect(ok).toMatchObject({ ok: true, user: { id: invite.user.id } });
    const outcomes: string[] = [];
    for (let i = 0; i < SIGNIN_THROTTLE.account.max + 1; i++) {
      const r = await checkSignin(
        sql,
        { email: "new@example.com", password: "wrong password!", address },
        now,
      );
      outcomes.push(r.ok ? "ok" : r.reason === "throttled" ? `throttled ${r.retryAfter}` : r.reason);
    }
    expect(outcomes).toEqual([
      ...Array(SIGNIN_THROTTLE.account.max).fill("invalid"),
      `throttled ${SIGNIN_THROTTLE.account.windowSeconds}`,
    ]);
    const unknown = await checkSignin(
      sql,
      { email: "ghost@example.com", password: "whatever it is", address: "192.0.2.2" },
      now,
    );
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
    record("invites", JSON.stringify({ used, outcomes, unknown }));
  });

  it("OAuth clients: add with grants, add again, list, check, remove", async () => {
    const acme = await createOrg(sql, { name: "acme" }, NOW);
    const zeta = await createOrg(sql, { name: "zeta" }, NOW);
    const added = await addOAuthClient(sql, "ide-client", ["zeta", "acme"], NOW);
    expect(added).toEqual({ clientId: "ide-client", createdAt: NOW, orgs: ["acme", "zeta"] });
    // Granting again is harmless and keeps the first registration time.
    expect(await addOAuthClient(sql, "ide-client", ["acme"], NOW + 5)).toEqual(added);
    await addOAuthClient(sql, "b-client", ["zeta"], NOW + 1);
    const listed = await listOAuthClients(sql);
    expect(listed.map((c) => [c.clientId, c.orgs])).toEqual([
      ["b-client", ["zeta"]],
      ["ide-client", ["acme", "zeta"]],
    ]);
    expect(await isClientRegistered(sql, "ide-client")).toBe(true);
    expect(await isClientRegistered(sql, "nobody")).toBe(false);
    expect(await isClientGranted(sql, "b-client", zeta.id)).toBe(true);
    expect(await isClientGranted(sql, "b-client", acme.id)).toBe(false);
    const refusals = {
      unknownOrg: await refusal(addOAuthClient(sql, "c", ["nope"], NOW)),
      noOrg: await refusal(addOAuthClient(sql, "c", [], NOW)),
      badId: await refusal(addOAuthClient(sql, "has space", ["acme"], NOW)),
      removeUnknown: await refusal(removeOAuthClient(sql, "nobody")),
    };
    expect(refusals.unknownOrg).toBe("unknown organisation 'nope'");
    expect(refusals.removeUnknown).toBe("unknown OAuth client 'nobody'");
    await removeOAuthClient(sql, "ide-client");
    expect(await isClientRegistered(sql, "ide-client")).toBe(false);
    expect(await isClientGranted(sql, "ide-client", acme.id)).toBe(false);
    expect((await listOAuthClients(sql)).map((c) => c.clientId)).toEqual(["b-client"]);
    expect(await findOrgByName(sql, "acme")).toMatchObject({ id: acme.id });
    record("oauth", JSON.stringify({ listed, refusals }));
  });
});

describe("identity: the same answers on every engine", () => {
  it.runIf(engines.length > 1)("SQLite and PostgreSQL wrote the same transcripts", () => {
    const [first, ...others] = engines.map((e) => transcripts.get(e.name) ?? new Map<string, string>());
    expect(first?.size).toBe(8);
    for (const other of others)
      for (const [name, text] of first ?? []) expect(other.get(name), `case ${name}`).toBe(text);
  });
});
