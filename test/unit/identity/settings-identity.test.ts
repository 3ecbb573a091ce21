import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bootstrapIdentity } from "../../../src/identity/bootstrap.js";
import { IdentityError } from "../../../src/identity/identity-error.js";
import {
  createInvite,
  INVITE_LIFETIME_SECONDS,
  peekInvite,
  redeemInvite,
} from "../../../src/identity/invites.js";
import { listUserMemberships } from "../../../src/identity/memberships.js";
import { createOrg } from "../../../src/identity/orgs.js";
import {
  dummyPasswordHash,
  hashPassword,
  passwordProblem,
  storedPasswordHash,
  storePasswordHash,
  verifyPassword,
} from "../../../src/identity/passwords.js";
import {
  createSession,
  endSession,
  purgeExpiredSessions,
  readSession,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  selectSessionOrg,
} from "../../../src/identity/sessions.js";
import { checkSignin } from "../../../src/identity/signin.js";
import {
  recordSigninFailure,
  SIGNIN_THROTTLE,
  signinBlockedFor,
} from "../../../src/identity/signin-throttle.js";
import { addUserToOrg } from "../../../src/identity/users.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { sqlOf } from "../../helpers/sql.js";
import { NOW, PEPPER } from "./fixtures.js";

let db: Db;
let dir: string;
beforeEach(async () => {
  ({ db, dir } = tempDb());
  await createOrg(sqlOf(db), { name: "acme" }, NOW);
  await createOrg(sqlOf(db), { name: "zeta" }, NOW);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sessionCount = () =>
  (db.prepare("SELECT count(*) AS n FROM settings_sessions").get() as { n: number }).n;

describe("password hashing (scrypt)", () => {
  it("hashes with a fresh salt each time and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct");
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("never matches a malformed or out-of-bounds hash, and the dummy hash matches nothing typed", async () => {
    expect(await verifyPassword("x".repeat(12), "plain-text")).toBe(false);
    expect(await verifyPassword("x".repeat(12), "scrypt$30$8$1$AAAA$BBBB")).toBe(false);
    expect(await verifyPassword("x".repeat(300), await dummyPasswordHash())).toBe(false);
    expect(await verifyPassword("correct horse battery", await dummyPasswordHash())).toBe(false);
  });

  it("refuses short, blank and huge passwords with a reason", async () => {
    expect(passwordProblem("short")).toMatch(/at least 10/);
    expect(passwordProblem(" ".repeat(12))).toMatch(/spaces/);
    expect(passwordProblem("x".repeat(257))).toMatch(/at most 256/);
    expect(passwordProblem("a long passphrase")).toBeNull();
    await expect(hashPassword("short")).rejects.toBeInstanceOf(IdentityError);
  });
});

describe("invitations", () => {
  it("create the user and membership, work once, and expire after 24 h", async () => {
    const invite = await createInvite(
      sqlOf(db),
      { email: "New@Example.com", orgName: "acme", actor: "cli:test" },
      NOW,
    );
    expect(invite.user.email).toBe("new@example.com");
    expect(invite.expiresAt).toBe(NOW + INVITE_LIFETIME_SECONDS);
    // Only the digest is stored.
    const stored = db.prepare("SELECT token_digest FROM user_invites").get() as { token_digest: string };
    expect(stored.token_digest).not.toContain(invite.token);
    expect((await peekInvite(sqlOf(db), invite.token, NOW + INVITE_LIFETIME_SECONDS - 1))?.email).toBe(
      "new@example.com",
    );
    expect(await peekInvite(sqlOf(db), invite.token, NOW + INVITE_LIFETIME_SECONDS)).toBeUndefined();

    const hash = await hashPassword("a long passphrase");
    await redeemInvite(sqlOf(db), invite.token, hash, NOW + 10);
    expect(await storedPasswordHash(sqlOf(db), invite.user.id)).toBe(hash);
    await expect(redeemInvite(sqlOf(db), invite.token, hash, NOW + 11)).rejects.toThrow(
      /used, or it expired/,
    );
  });

  it("a new invitation replaces the unused earlier one; --owner makes the membership an owner", async () => {
    const first = await createInvite(sqlOf(db), { email: "o@example.com", orgName: "acme", actor: "t" }, NOW);
    const second = await createInvite(
      sqlOf(db),
      { email: "o@example.com", orgName: "zeta", owner: true, actor: "t" },
      NOW,
    );
    expect(await peekInvite(sqlOf(db), first.token, NOW)).toBeUndefined();
    expect((await peekInvite(sqlOf(db), second.token, NOW))?.email).toBe("o@example.com");
    const roles = (await listUserMemberships(sqlOf(db), second.user.id)).map((m) => [m.orgName, m.role]);
    expect(roles).toEqual([
      ["acme", "member"],
      ["zeta", "owner"],
    ]);
  });

  it("refuses garbage tokens without touching the store", async () => {
    for (const token of ["", "short", "x".repeat(500), "../../etc"])
      expect(await peekInvite(sqlOf(db), token, NOW)).toBeUndefined();
  });

  it("init's admin is the owner of the default organisation", async () => {
    const boot = await bootstrapIdentity(sqlOf(db), PEPPER, NOW);
    expect(await listUserMemberships(sqlOf(db), boot.user.id)).toMatchObject([
      { orgName: "default", role: "owner" },
    ]);
  });
});

describe("settings sessions", () => {
  const user = async () =>
    (await addUserToOrg(sqlOf(db), { email: "s@example.com", orgName: "acme" }, NOW)).user;

  it("store only a digest of the token and end after the idle timeout", async () => {
    const u = await user();
    const { token, session } = await createSession(sqlOf(db), u.id, null, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).not.toBe(token);
    const row = db.prepare("SELECT token_digest FROM settings_sessions").get() as { token_digest: string };
    expect(row.token_digest).not.toBe(token);
    // Each request within the idle window moves it on.
    let t = NOW;
    for (let i = 0; i < 5; i++) {
      t += SESSION_IDLE_SECONDS - 60;
      expect((await readSession(sqlOf(db), token, t))?.userId).toBe(u.id);
    }
    expect(await readSession(sqlOf(db), token, t + SESSION_IDLE_SECONDS)).toBeUndefined();
    expect(sessionCount()).toBe(0);
  });

  it("end at the absolute limit however active, and on sign-out", async () => {
    const u = await user();
    const { token } = await createSession(sqlOf(db), u.id, null, NOW);
    let t = NOW;
    while (t + 600 < NOW + SESSION_ABSOLUTE_SECONDS) {
      t += 600;
      expect(await readSession(sqlOf(db), token, t)).toBeDefined();
    }
    expect(await readSession(sqlOf(db), token, NOW + SESSION_ABSOLUTE_SECONDS)).toBeUndefined();

    const second = await createSession(sqlOf(db), u.id, null, NOW);
    await endSession(sqlOf(db), second.token);
    expect(await readSession(sqlOf(db), second.token, NOW + 1)).toBeUndefined();
  });

  it("remember the selected organisation; a password change signs the user out everywhere", async () => {
    const u = await user();
    const { token } = await createSession(sqlOf(db), u.id, null, NOW);
    const zeta = await createOrg(sqlOf(db), { name: "other" }, NOW);
    await selectSessionOrg(sqlOf(db), token, zeta.id);
    expect((await readSession(sqlOf(db), token, NOW + 1))?.orgId).toBe(zeta.id);
    await createSession(sqlOf(db), u.id, null, NOW);
    expect(sessionCount()).toBe(2);
    await storePasswordHash(sqlOf(db), u.id, await hashPassword("a long passphrase"), NOW + 2);
    expect(sessionCount()).toBe(0);
  });

  it("a malformed or unknown token is no session; expired rows are purged", async () => {
    expect(await readSession(sqlOf(db), "", NOW)).toBeUndefined();
    expect(await readSession(sqlOf(db), "a".repeat(43), NOW)).toBeUndefined();
    const u = await user();
    await createSession(sqlOf(db), u.id, null, NOW);
    expect(await purgeExpiredSessions(sqlOf(db), NOW + SESSION_IDLE_SECONDS)).toBe(1);
  });
});

describe("sign-in check and throttle", () => {
  let clock = NOW;
  const now = () => clock;
  beforeEach(async () => {
    clock = NOW;
    const { user } = await addUserToOrg(sqlOf(db), { email: "t@example.com", orgName: "acme" }, NOW);
    await storePasswordHash(sqlOf(db), user.id, await hashPassword("the right password"), NOW);
    await addUserToOrg(sqlOf(db), { email: "nopass@example.com", orgName: "acme" }, NOW);
  });

  it("one answer for a wrong password, an unknown account and an account with no password", async () => {
    const address = "10.0.0.1";
    expect(
      await checkSignin(sqlOf(db), { email: "T@Example.com ", password: "the right password", address }, now),
    ).toMatchObject({
      ok: true,
    });
    for (const [email, password] of [
      ["t@example.com", "the wrong password"],
      ["ghost@example.com", "the right password"],
      ["nopass@example.com", "the right password"],
    ])
      expect(
        await checkSignin(sqlOf(db), { email: email as string, password: password as string, address }, now),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
  });

  it("throttles an account after 5 failures, from any address, whether or not the account exists", async () => {
    for (const email of ["t@example.com", "ghost@example.com"]) {
      for (let i = 0; i < SIGNIN_THROTTLE.account.max; i++)
        await checkSignin(sqlOf(db), { email, password: "wrong password!", address: `10.0.1.${i}` }, now);
      const blocked = await checkSignin(
        sqlOf(db),
        { email, password: "the right password", address: "10.9.9.9" },
        now,
      );
      expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
      expect((blocked as { retryAfter: number }).retryAfter).toBe(SIGNIN_THROTTLE.account.windowSeconds);
    }
    // The window slides: after it the right password works, and success forgives the account's failures.
    clock += SIGNIN_THROTTLE.account.windowSeconds;
    expect(
      await checkSignin(
        sqlOf(db),
        { email: "t@example.com", password: "the right password", address: "10.9.9.9" },
        now,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await signinBlockedFor(sqlOf(db), { email: "t@example.com", address: "10.9.9.8" }, clock),
    ).toBeNull();
  });

  it("throttles an address after 20 failures across accounts", async () => {
    // Failures recorded directly (each checkSignin costs a scrypt run); the last one goes through checkSignin.
    for (let i = 0; i < SIGNIN_THROTTLE.address.max - 1; i++)
      await recordSigninFailure(sqlOf(db), { email: `u${i}@example.com`, address: "10.2.2.2" }, clock);
    expect(
      await signinBlockedFor(sqlOf(db), { email: "t@example.com", address: "10.2.2.2" }, clock),
    ).toBeNull();
    await checkSignin(
      sqlOf(db),
      { email: "last@example.com", password: "wrong password!", address: "10.2.2.2" },
      now,
    );
    clock += 60;
    const blocked = await checkSignin(
      sqlOf(db),
      { email: "t@example.com", password: "the right password", address: "10.2.2.2" },
      now,
    );
    expect(blocked).toMatchObject({
      ok: false,
      reason: "throttled",
      retryAfter: SIGNIN_THROTTLE.address.windowSeconds - 60,
    });
    expect(
      await checkSignin(
        sqlOf(db),
        { email: "t@example.com", password: "the right password", address: "10.3.3.3" },
        now,
      ),
    ).toMatchObject({ ok: true });
  });
});
