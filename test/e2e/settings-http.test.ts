import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvite } from "../../src/identity/invites.js";
import { SESSION_IDLE_SECONDS } from "../../src/identity/sessions.js";
import { SIGNIN_THROTTLE } from "../../src/identity/signin-throttle.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The settings app over plain HTTP (no browser): roles, headers, throttling, idle expiry and the operator's
 * password reset. The browser journey is settings-browser.test.ts.
 */

/** A tiny browser stand-in: keeps the cookies the server sets, reads the CSRF token off the last page. */
class Visitor {
  private cookies = new Map<string, string>();
  lastPage = "";
  constructor(private readonly base: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(`${this.base}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const at = (pair ?? "").indexOf("=");
      const name = (pair ?? "").slice(0, at);
      const value = (pair ?? "").slice(at + 1);
      if (/Max-Age=0/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    if (res.headers.get("content-type")?.startsWith("text/html")) this.lastPage = text;
    return { status: res.status, headers: res.headers, text, location: res.headers.get("location") };
  }

  csrf(): string {
    return /name="_csrf" value="([^"]+)"/.exec(this.lastPage)?.[1] ?? "";
  }

  async signIn(email: string, password: string) {
    await this.request("/settings/sign-in");
    return this.request("/settings/sign-in", { form: { _csrf: this.csrf(), email, password } });
  }

  /** Posts a settings form with the current page's CSRF token. */
  post(path: string, form: Record<string, string> = {}) {
    return this.request(path, { form: { _csrf: this.csrf(), ...form } });
  }
}

function crs(t: TestServer, args: string[], input?: string): string {
  return execFileSync(process.execPath, ["dist/cli.js", ...args, "--db", t.location], {
    env: { ...process.env, CRS_PUBLIC_URL: t.url, CRS_LOG_LEVEL: "silent" },
    input,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
}

const secretIn = (page: string) =>
  /id="secret"[^>]*>(crs_[a-z0-9]{8}_[A-Za-z0-9]{32})</.exec(page)?.[1] ?? "";
const keyIdBefore = (page: string, action: "rotate" | "revoke", masked: string) => {
  const row = page.split("<tr>").find((r) => r.includes(masked)) ?? "";
  return new RegExp(`/settings/keys/([0-9a-f-]{36})/${action}`).exec(row)?.[1] ?? "";
};

describe("settings web app over HTTP", () => {
  let t: TestServer;
  const OWNER = "admin@localhost";
  const MEMBER = "mia@example.com";
  const PASSWORD = "a long enough passphrase";

  beforeAll(async () => {
    t = await startTestServer({ videos: 100 });
    crs(t, ["users", "set-password", OWNER], `${PASSWORD}\n`);
    crs(t, ["users", "create", MEMBER, "--org", "default"]);
    crs(t, ["users", "set-password", MEMBER], `${PASSWORD}\n`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("every page carries the security headers and is never cached", async () => {
    const v = new Visitor(t.url);
    expect((await v.signIn(OWNER, PASSWORD)).status).toBe(303);
    for (const path of [
      "/settings/sign-in",
      "/settings/keys",
      "/settings/audit",
      "/settings/usage",
      "/settings/nope",
    ]) {
      const res = await v.request(path);
      expect([200, 303, 404]).toContain(res.status);
      expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'.*frame-ancestors 'none'/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const html = (await v.request("/settings/keys")).text;
    expect(html).not.toMatch(/<script>|<style|style="| on[a-z]+="/);
    expect((await v.request("/settings/assets/app.js")).headers.get("content-type")).toMatch(
      /^text\/javascript/,
    );
  });

  it("the session cookie is HttpOnly, SameSite=Lax, scoped to /settings, and Secure behind https", async () => {
    const res = await fetch(`${t.url}/settings/sign-in`);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/Path=\/settings; HttpOnly; SameSite=Lax$/m);
    const https = await startTestServer({ videos: 20, env: { CRS_PUBLIC_URL: "https://crs.example.test" } });
    try {
      const secure = await fetch(`http://127.0.0.1:${https.server.port}/settings/sign-in`);
      expect(secure.headers.getSetCookie().join("\n")).toMatch(/HttpOnly; SameSite=Lax; Secure/);
    } finally {
      await https.close();
    }
  });

  it("a member sees and manages only their own keys; an owner sees and can revoke every key", async () => {
    const member = new Visitor(t.url);
    await member.signIn(MEMBER, PASSWORD);
    await member.request("/settings/keys");
    const memberKey = secretIn((await member.post("/settings/keys/create", { label: "<b>mine</b>" })).text);
    expect(memberKey).toMatch(/^crs_/);
    const memberMasked = `${memberKey.slice(0, 12)}_…`;
    const memberPage = (await member.request("/settings/keys")).text;
    expect(memberPage).toContain("&lt;b&gt;mine&lt;/b&gt;");
    expect(memberPage).toContain(memberMasked);
    // init's key belongs to the owner: not listed for the member, not revocable by them.
    const ownerKeyPrefix = t.key.slice(0, 12);
    expect(memberPage).not.toContain(ownerKeyPrefix);
    const ownerKeyId = (
      (await t.sql.get("SELECT id FROM api_keys WHERE prefix = ?", [t.key.slice(4, 12)])) as { id: string }
    ).id;
    expect((await member.request(`/settings/keys/${ownerKeyId}/revoke`)).status).toBe(404);
    expect((await member.post(`/settings/keys/${ownerKeyId}/revoke`)).status).toBe(404);
    expect((await member.post(`/settings/keys/${ownerKeyId}/rotate`)).status).toBe(404);
    expect((await fetch(`${t.url}/v1/usage`, { headers: { authorization: `Bearer ${t.key}` } })).status).toBe(
      200,
    );
    // The member's audit shows their own key's events only.
    const memberAudit = (await member.request("/settings/audit")).text;
    expect(memberAudit).toContain(memberMasked);
    expect(memberAudit).not.toContain(ownerKeyPrefix);

    const owner = new Visitor(t.url);
    await owner.signIn(OWNER, PASSWORD);
    const ownerPage = (await owner.request("/settings/keys")).text;
    expect(ownerPage).toContain(memberMasked);
    expect(ownerPage).toContain(MEMBER);
    const memberKeyId = keyIdBefore(ownerPage, "revoke", memberMasked);
    expect(memberKeyId).toMatch(/^[0-9a-f-]{36}$/);
    // An owner cannot rotate someone else's key (the new secret would be theirs).
    const rotate = await owner.post(`/settings/keys/${memberKeyId}/rotate`);
    expect(rotate.status).toBe(403);
    expect(rotate.text).toContain("Only the key&#39;s holder can rotate");
    await owner.request(`/settings/keys/${memberKeyId}/revoke`);
    const revoked = await owner.post(`/settings/keys/${memberKeyId}/revoke`);
    expect(revoked.status).toBe(303);
    expect(
      (await fetch(`${t.url}/v1/usage`, { headers: { authorization: `Bearer ${memberKey}` } })).status,
    ).toBe(401);
    const audit = (await owner.request("/settings/audit")).text;
    expect(audit).toMatch(
      new RegExp(`revoked</td>\\s*<td data-label="Key"><code>${memberKey.slice(0, 12)}_…`),
    );
    expect(audit).toContain(`${OWNER} (settings)`);
    expect(audit).toContain("crs init");
  });

  it("rejects bad form input with a message, never a 500", async () => {
    const v = new Visitor(t.url);
    await v.signIn(MEMBER, PASSWORD);
    await v.request("/settings/keys");
    const cases: [Record<string, string>, string][] = [
      [{ days: "0" }, "whole number of days"],
      [{ days: "abc" }, "whole number of days"],
      [{ days: "99999" }, "whole number of days"],
      [{ label: "x".repeat(65) }, "at most 64"],
    ];
    for (const [form, message] of cases) {
      const res = await v.post("/settings/keys/create", form);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    expect((await v.post("/settings/org", { org: "not-an-org" })).status).toBe(400);
    await v.request("/settings/keys");
    expect((await v.post("/settings/keys/00000000-0000-0000-0000-000000000000/revoke")).status).toBe(404);
    const big = await v.post("/settings/keys/create", { label: "x".repeat(40_000) });
    expect(big.status).toBe(413);
    expect((await v.request("/settings/invite?token=nope")).status).toBe(400);
  });

  it("a session ends after the idle timeout", async () => {
    const v = new Visitor(t.url);
    await v.signIn(MEMBER, PASSWORD);
    expect((await v.request("/settings/keys")).status).toBe(200);
    t.clock.advance(SESSION_IDLE_SECONDS);
    const after = await v.request("/settings/keys");
    expect(after.status).toBe(303);
    expect(after.location).toBe("/settings/sign-in?notice=expired");
  });

  it("throttles sign-in per account with a generic message and Retry-After", async () => {
    const v = new Visitor(t.url);
    for (let i = 0; i < SIGNIN_THROTTLE.account.max; i++) {
      const res = await v.signIn(MEMBER, "not the right one");
      expect(res.status).toBe(401);
      expect(res.text).toContain("The email or the password is not right.");
    }
    const blocked = await v.signIn(MEMBER, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.text).toContain("Too many sign-in attempts");
    t.clock.advance(SIGNIN_THROTTLE.account.windowSeconds);
    expect((await v.signIn(MEMBER, PASSWORD)).status).toBe(303);
  });

  it("crs users set-password resets the password and signs the user out", async () => {
    const v = new Visitor(t.url);
    await v.signIn(OWNER, PASSWORD);
    expect((await v.request("/settings/keys")).status).toBe(200);
    const out = crs(t, ["users", "set-password", OWNER, "--json"], "another long passphrase\n");
    expect(JSON.parse(out)).toMatchObject({ email: OWNER, passwordSet: true });
    expect((await v.request("/settings/keys")).status).toBe(303);
    expect((await new Visitor(t.url).signIn(OWNER, PASSWORD)).status).toBe(401);
    expect((await new Visitor(t.url).signIn(OWNER, "another long passphrase")).status).toBe(303);
    // Refusals are one line and change nothing.
    expect(() => crs(t, ["users", "set-password", OWNER], "short\n")).toThrow(/at least 10 characters/);
    expect(() => crs(t, ["users", "set-password", "ghost@example.com"], `${PASSWORD}\n`)).toThrow(
      /unknown user/,
    );
  });

  it("an invitation link sets the password once and checks the two entries agree", async () => {
    const invite = await createInvite(
      t.sql,
      { email: "ivy@example.com", orgName: "default", actor: "test" },
      t.clock.nowSeconds(),
    );
    const v = new Visitor(t.url);
    const page = await v.request(`/settings/invite?token=${invite.token}`);
    expect(page.status).toBe(200);
    const mismatch = await v.post("/settings/invite", {
      token: invite.token,
      password: PASSWORD,
      confirm: "different one!",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain("The two passwords differ.");
    const set = await v.post("/settings/invite", {
      token: invite.token,
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(set.location).toBe("/settings/sign-in?notice=password_set");
    expect((await v.request(`/settings/invite?token=${invite.token}`)).status).toBe(400);
    expect((await v.signIn("ivy@example.com", PASSWORD)).status).toBe(303);
  });
});
