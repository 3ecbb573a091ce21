import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page, type Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The settings web app driven end to end in a real browser: Debian's Chromium through playwright-core
 * (nothing downloads a browser). Skipped only when /usr/bin/chromium is absent outside CI; in CI it must run.
 */
const CHROMIUM = "/usr/bin/chromium";
const present = existsSync(CHROMIUM);
const inCi = !!process.env.CI;
if (!present && !inCi)
  process.stderr.write(
    `settings browser suite SKIPPED: ${CHROMIUM} is absent (apt-get install -y chromium); CI installs it and runs the suite\n`,
  );

/** Screenshots of every page, to look at: test/artifacts/settings/ (git-ignored). */
const ARTIFACTS = fileURLToPath(new URL("../artifacts/settings/", import.meta.url));
const PASSWORD = "correct horse battery staple";
const EMAIL = "alice@example.com";

function crs(t: TestServer, args: string[], input?: string): string {
  return execFileSync(process.execPath, ["dist/cli.js", ...args, "--db", t.location], {
    env: { ...process.env, CRS_PUBLIC_URL: t.url, CRS_LOG_LEVEL: "silent" },
    input,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
}

describe.skipIf(!present && !inCi)("settings web app in Chromium", () => {
  let t: TestServer;
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
  const consoleErrors: string[] = [];

  const api = (path: string, key: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
  const shot = async (name: string) => {
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  };
  const secretOnPage = async () => (await page.locator("#secret").textContent())?.trim() ?? "";
  const csrfOnPage = async () =>
    (await page.locator('input[name="_csrf"]').first().getAttribute("value")) ?? "";
  /** Clicks and waits for the document the click navigates to; returns its response. */
  const navigate = async (click: () => Promise<void>): Promise<Response> => {
    const [response] = await Promise.all([page.waitForNavigation(), click()]);
    if (!response) throw new Error("no navigation response");
    return response;
  };

  beforeAll(async () => {
    if (!present)
      throw new Error(`CI is set but ${CHROMIUM} is missing: .ci/run installs it (apt-get install chromium)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await startTestServer({ videos: 300, limits: "default" });
    // The operator's side, through the real command line: a second organisation where alice is an owner.
    crs(t, ["orgs", "create", "acme"]);
    userDataDir = mkdtempSync(join(tmpdir(), "crs-chromium-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1200, height: 900 },
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
    page = context.pages()[0] ?? (await context.newPage());
    // A CSP violation (an inline script or style) is reported on the console as an error.
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await t?.close();
  });

  it("invitation link → set a password → a wrong password is refused generically → sign in", async () => {
    const link = crs(t, ["users", "invite", EMAIL, "--org", "default"]).trim();
    crs(t, ["users", "create", EMAIL, "--org", "acme", "--owner"]);
    expect(link).toMatch(new RegExp(`^${t.url}/settings/invite\\?token=[A-Za-z0-9_-]{43}$`));

    const invite = await page.goto(link);
    expect(invite?.status()).toBe(200);
    expect(invite?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(invite?.headers()["content-security-policy"]).not.toContain("unsafe-inline");
    expect(await page.locator("main").textContent()).toContain(EMAIL);
    await shot("01-invite");
    await page.getByLabel("New password").fill(PASSWORD);
    await page.getByLabel("Repeat the password").fill(PASSWORD);
    await navigate(() => page.getByRole("button", { name: "Set password" }).click());
    expect(page.url()).toBe(`${t.url}/settings/sign-in?notice=password_set`);
    expect(await page.getByRole("status").first().textContent()).toContain("Your password is set");

    // The link worked once.
    expect((await page.goto(link))?.status()).toBe(400);
    await page.goto(`${t.url}/settings/sign-in`);

    // A wrong password and an unknown account get the same words.
    const refusals: string[] = [];
    for (const [email, password] of [
      [EMAIL, "not the password at all"],
      ["nobody@example.com", PASSWORD],
    ] as const) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      const refused = await navigate(() => page.getByRole("button", { name: "Sign in" }).click());
      expect(refused.status()).toBe(401);
      refusals.push((await page.getByRole("alert").textContent())?.trim() ?? "");
    }
    expect(refusals[0]).toBe("The email or the password is not right.");
    expect(refusals[1]).toBe(refusals[0]);
    await shot("02-sign-in-refused");

    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await navigate(() => page.getByRole("button", { name: "Sign in" }).click());
    expect(page.url()).toBe(`${t.url}/settings/keys`);
    const cookies = await context.cookies(`${t.url}/settings/`);
    const session = cookies.find((c) => c.name === "crs_settings");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/settings" });
  });

  it("switches organisation: the switcher lists both memberships", async () => {
    // Memberships are listed by name: acme (owner) is selected first.
    expect(await page.locator("#org-switch option:checked").textContent()).toBe("acme (owner)");
    await shot("03-keys-acme-empty");
    await page.getByLabel("Organisation").selectOption({ label: "default" });
    await navigate(() => page.getByRole("button", { name: "Switch" }).click());
    expect(await page.locator("#org-switch option:checked").textContent()).toBe("default");
    expect(await page.locator(".who").textContent()).toContain("Organisation default");
  });

  let defaultKey = "";

  it("reveals the default key once (no-store), and it works at /v1; a second reveal is refused", async () => {
    const revealed = await navigate(() => page.getByRole("button", { name: "Reveal default key" }).click());
    expect(revealed.status()).toBe(200);
    expect(revealed.headers()["cache-control"]).toBe("no-store");
    defaultKey = await secretOnPage();
    expect(defaultKey).toMatch(/^crs_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(page.url()).toBe(`${t.url}/settings/keys/reveal`);
    expect(page.url()).not.toContain(defaultKey);
    // The copy button (the page's script) puts the secret on the clipboard.
    await page.getByRole("button", { name: "Copy key" }).click();
    await expect.poll(() => page.locator("#copy-status").textContent()).toBe("Copied to the clipboard.");
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(defaultKey);
    await shot("04-secret-default");

    const usage = await api("/v1/usage", defaultKey);
    expect(usage.status).toBe(200);
    const orgId = ((await usage.json()) as { data: { organisation_id: string } }).data.organisation_id;
    expect(orgId).toBe(
      ((await t.sql.get("SELECT id FROM organisations WHERE name = 'default'")) as { id: string }).id,
    );

    // Back on the keys page the secret is gone for good: only the masked prefix, and no reveal button.
    await page.goto(`${t.url}/settings/keys`);
    const html = await page.content();
    expect(html).not.toContain(defaultKey);
    expect(html).toContain(`${defaultKey.slice(0, 12)}_…`);
    expect(await page.getByRole("button", { name: "Reveal default key" }).count()).toBe(0);
    const again = await page.request.post(`${t.url}/settings/keys/reveal`, {
      form: { _csrf: await csrfOnPage() },
      headers: { origin: t.url },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("already revealed and cannot be shown again");
  });

  it("rotates the default key: the old secret is refused at once, the new one works", async () => {
    const rotated = await navigate(() => page.getByRole("button", { name: "Rotate default key" }).click());
    expect(rotated.headers()["cache-control"]).toBe("no-store");
    const fresh = await secretOnPage();
    expect(fresh).not.toBe(defaultKey);
    await shot("05-secret-rotated");
    expect((await api("/v1/usage", defaultKey)).status).toBe(401);
    expect((await api("/v1/usage", fresh)).status).toBe(200);
  });

  let analystKey = "";

  it("creates a key with the analyst scope and uses it on POST /v1/agent/answers", async () => {
    await page.goto(`${t.url}/settings/keys`);
    await page.getByLabel("Label").fill("analyst bot");
    await page.getByLabel(/agent:request/).check();
    await page.getByLabel(/Expires after/).fill("30");
    await shot("06-keys-create-form");
    const created = await navigate(() => page.getByRole("button", { name: "Create key" }).click());
    expect(created.status()).toBe(200);
    analystKey = await secretOnPage();
    expect(await page.locator("#secret-label").textContent()).toContain("agent:request");
    const answer = await api("/v1/agent/answers", analystKey, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "idempotency-key": "settings-e2e-1",
      },
      body: JSON.stringify({ question: "Which hook types are trending this week?" }),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { status: string } }).data.status).toBe("completed");
  });

  it("revokes a key after a confirmation page: refused at /v1 at once", async () => {
    await page.goto(`${t.url}/settings/keys`);
    const prefix = analystKey.slice(0, 12);
    const row = page.locator("tr", { hasText: `${prefix}_…` });
    await expect.poll(() => row.locator("td").nth(1).textContent()).toBe("analyst bot");
    await navigate(() => row.getByRole("link", { name: /Revoke/ }).click());
    expect(await page.locator("h1").textContent()).toContain(`${prefix}_…`);
    await shot("07-revoke-confirm");
    await navigate(() => page.getByRole("button", { name: "Revoke key" }).click());
    expect(page.url()).toBe(`${t.url}/settings/keys?notice=revoked`);
    expect((await api("/v1/usage", analystKey)).status).toBe(401);
    expect(await row.locator(".state-revoked").textContent()).toBe("revoked");
    await shot("08-keys-list");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot("09-keys-phone");
    await page.setViewportSize({ width: 1200, height: 900 });
  });

  it("the audit page lists the reveal, rotate, create, use and revoke events", async () => {
    await page.getByRole("link", { name: "Audit" }).click();
    await page.waitForURL(`${t.url}/settings/audit`);
    const events = await page.locator("tbody tr td:nth-child(2)").allTextContents();
    for (const event of ["revealed", "rotated", "created", "used", "revoked"])
      expect(events).toContain(event);
    const by = await page.locator("tbody tr td:nth-child(5)").allTextContents();
    expect(by).toContain(`${EMAIL} (settings)`);
    await shot("10-audit");
  });

  it("the usage page shows the organisation's analyst figures and the per-day chart", async () => {
    await page.getByRole("link", { name: "Usage" }).click();
    await page.waitForURL(`${t.url}/settings/usage`);
    expect(await page.locator("dl.figures dd").first().textContent()).toBe("1 of 100 requests");
    expect(await page.locator("svg[role=img] rect.bar-fill").count()).toBeGreaterThanOrEqual(28);
    expect(await page.locator("#chart-desc").textContent()).toContain("1 requests this month");
    await shot("11-usage");
  });

  it("refuses a POST without the CSRF token (403) and one from another origin", async () => {
    const missing = await page.request.post(`${t.url}/settings/keys/create`, {
      form: { label: "csrf" },
      headers: { origin: t.url },
    });
    expect(missing.status()).toBe(403);
    await page.goto(`${t.url}/settings/keys`);
    const foreign = await page.request.post(`${t.url}/settings/keys/create`, {
      form: { label: "csrf", _csrf: await csrfOnPage() },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    expect(await page.locator("tr", { hasText: "csrf" }).count()).toBe(0);
  });

  it("the session cookie never grants API access: 401 at /v1 and /mcp", async () => {
    const cookie = (await context.cookies(`${t.url}/settings/`)).find((c) => c.name === "crs_settings");
    expect(cookie?.value).toBeTruthy();
    const header = { cookie: `crs_settings=${cookie?.value}` };
    expect((await fetch(`${t.url}/v1/usage`, { headers: header })).status).toBe(401);
    const mcp = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        ...header,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(401);
  });

  it("signs out: the session is gone and the pages ask to sign in again", async () => {
    const old = (await context.cookies(`${t.url}/settings/`)).find((c) => c.name === "crs_settings")?.value;
    await navigate(() => page.getByRole("button", { name: "Sign out" }).click());
    expect(page.url()).toBe(`${t.url}/settings/sign-in?notice=signed_out`);
    await shot("12-signed-out");
    await page.goto(`${t.url}/settings/keys`);
    expect(page.url()).toContain("/settings/sign-in");
    // The old cookie value is dead on the server too, not just forgotten by the browser.
    const replay = await fetch(`${t.url}/settings/keys`, {
      headers: { cookie: `crs_settings=${old}` },
      redirect: "manual",
    });
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toContain("/settings/sign-in");
  });

  it("no page reported a console error (a CSP violation would)", () => {
    expect(consoleErrors.filter((m) => !/status of 40[013]|status of 409|status of 429/.test(m))).toEqual([]);
  });
});
