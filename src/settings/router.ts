import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { listKeyEvents } from "../identity/audit.js";
import { IdentityError } from "../identity/identity-error.js";
import { peekInvite, redeemInvite } from "../identity/invites.js";
import {
  createKey,
  findKey,
  getKeySummary,
  type IssuedKey,
  type KeySummary,
  listKeys,
  revealDefaultKey,
  revokeKey,
  rotateKey,
} from "../identity/keys.js";
import { listUserMemberships, type UserMembership } from "../identity/memberships.js";
import { hashPassword, passwordProblem } from "../identity/passwords.js";
import {
  createSession,
  endSession,
  readSession,
  type SettingsSession,
  selectSessionOrg,
} from "../identity/sessions.js";
import { checkSignin } from "../identity/signin.js";
import { findUserById, type User } from "../identity/users.js";
import type { Limiter } from "../limits/index.js";
import type { Clock } from "../shared/clock.js";
import { DAY } from "../shared/clock.js";
import { logger as defaultLogger, type Logger } from "../shared/log.js";
import type { SqlClient } from "../store/sql-client.js";
import { analystRequestsPerDay } from "./analyst-days.js";
import { SETTINGS_CSS, SETTINGS_ICON, SETTINGS_JS } from "./assets.js";
import {
  type CookieOptions,
  clearCookie,
  PRE_SESSION_COOKIE,
  readCookie,
  SESSION_COOKIE,
  setCookie,
} from "./cookies.js";
import { newPreSessionValue, originAllowed, preSessionToken, tokensMatch } from "./csrf.js";
import { type AuditRow, auditPage } from "./pages/audit.js";
import { invitePage, messagePage, signInPage } from "./pages/auth.js";
import { type KeysView, keysPage, revokePage, secretPage } from "./pages/keys.js";
import type { Section, Viewer } from "./pages/layout.js";
import { usagePage } from "./pages/usage.js";
import { setSecurityHeaders } from "./security-headers.js";

export interface SettingsDeps {
  /** The service's one SqlClient: identity (users, sessions, keys, audit) and the usage ledger. */
  sql: SqlClient;
  /** The server secret: signs the pre-sign-in CSRF tokens and peppers the key digests. */
  secret: string;
  clock: Clock;
  limiter: Limiter;
  /** The public origin (CRS_PUBLIC_URL): https makes the cookies Secure; forms must come from it. */
  publicOrigin: string;
  logger?: Logger;
}

/** The signed-in state of one request. */
interface SignedIn {
  token: string;
  session: SettingsSession;
  user: User;
  memberships: UserMembership[];
  current: UserMembership | undefined;
}

const AUDIT_LIMIT = 200;
const LABEL_MAX = 64;
const EXPIRY_DAYS_MAX = 3650;

/** Fixed texts a redirect may ask for by name (never text from the URL itself). */
const NOTICES: Record<string, string> = {
  signed_out: "You are signed out.",
  password_set: "Your password is set. Sign in with it.",
  expired: "Your session ended. Sign in again.",
  revoked: "The key is revoked: every request with it is refused from now on.",
  switched: "Organisation switched.",
};

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
};

const send = (res: Response, status: number, page: string) =>
  res.status(status).type("text/html; charset=utf-8").send(page);

/**
 * The settings web app under /settings: sign-in, organisation switcher, keys, audit and usage, over the same
 * identity functions (and audit events) as the `crs keys` command line.
 */
export function createSettingsRouter(deps: SettingsDeps): Router {
  const { sql, secret, clock } = deps;
  const log = deps.logger ?? defaultLogger;
  const cookies: CookieOptions = { secure: deps.publicOrigin.startsWith("https:") };
  const now = () => clock.nowSeconds();
  const router = express.Router({ caseSensitive: true, strict: false });

  router.use((_req, res, next) => {
    setSecurityHeaders(res);
    next();
  });

  router.get("/assets/app.css", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("text/css; charset=utf-8").send(SETTINGS_CSS);
  });
  router.get("/assets/app.js", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("text/javascript; charset=utf-8").send(SETTINGS_JS);
  });

  router.get("/assets/icon.svg", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("image/svg+xml").send(SETTINGS_ICON);
  });

  router.use(express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 }));

  // A state-changing request from a page on another site is refused before anything else looks at it.
  router.use((req, res, next) => {
    if (req.method !== "POST") return next();
    const allowed = [deps.publicOrigin, `${req.protocol}://${req.headers.host ?? ""}`];
    if (originAllowed(req.headers.origin, allowed)) return next();
    forbidden(res);
  });

  // The session, when the cookie names a live one.
  router.use(async (req, res, next) => {
    const token = readCookie(req, SESSION_COOKIE);
    const session = token ? await readSession(sql, token, now()) : undefined;
    const user = session && (await findUserById(sql, session.userId));
    if (token && session && user) {
      const memberships = await listUserMemberships(sql, user.id);
      let current = memberships.find((m) => m.orgId === session.orgId);
      if (!current && memberships[0]) {
        current = memberships[0];
        await selectSessionOrg(sql, token, current.orgId);
      }
      res.locals.signedIn = { token, session, user, memberships, current } satisfies SignedIn;
    } else if (token) {
      clearCookie(res, SESSION_COOKIE, cookies);
    }
    next();
  });

  const signedInOf = (res: Response) => res.locals.signedIn as SignedIn | undefined;

  function forbidden(res: Response): void {
    send(
      res,
      403,
      messagePage({
        title: "Request refused",
        message:
          "This form expired or did not come from this site, so nothing was changed. Reload the page and try again.",
        link: { href: "/settings", text: "Back to settings" },
      }),
    );
  }

  /** The pre-sign-in CSRF token for this browser (set now when it has none). */
  function preToken(req: Request, res: Response): string {
    let value = readCookie(req, PRE_SESSION_COOKIE);
    if (!value || !/^[A-Za-z0-9_-]{32}$/.test(value)) {
      value = newPreSessionValue();
      setCookie(res, PRE_SESSION_COOKIE, value, cookies);
    }
    return preSessionToken(secret, value);
  }

  const preTokenValid = (req: Request) => {
    const value = readCookie(req, PRE_SESSION_COOKIE);
    return !!value && tokensMatch(field(req.body, "_csrf"), preSessionToken(secret, value));
  };

  const notice = (req: Request) => NOTICES[String(req.query.notice ?? "")];

  router.get("/", (_req, res) => {
    res.redirect(303, signedInOf(res) ? "/settings/keys" : "/settings/sign-in");
  });

  // ---- Sign-in, sign-out, invitations.

  router.get("/sign-in", (req, res) => {
    if (signedInOf(res)) return res.redirect(303, "/settings/keys");
    send(res, 200, signInPage({ csrf: preToken(req, res), notice: notice(req) }));
  });

  router.post("/sign-in", async (req, res) => {
    if (!preTokenValid(req)) return forbidden(res);
    const email = field(req.body, "email").slice(0, 320);
    const password = field(req.body, "password");
    const address = req.socket.remoteAddress ?? "unknown";
    const result = await checkSignin(sql, { email, password, address }, now);
    if (!result.ok) {
      const throttled = result.reason === "throttled";
      log.info({ reason: result.reason }, "settings sign-in refused");
      const minutes = throttled ? Math.max(1, Math.ceil(result.retryAfter / 60)) : 0;
      if (throttled) res.setHeader("Retry-After", String(result.retryAfter));
      return send(
        res,
        throttled ? 429 : 401,
        signInPage({
          csrf: preToken(req, res),
          email,
          error: throttled
            ? `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`
            : "The email or the password is not right.",
        }),
      );
    }
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await endSession(sql, previous);
    const first = (await listUserMemberships(sql, result.user.id))[0];
    const { token } = await createSession(sql, result.user.id, first?.orgId ?? null, now());
    setCookie(res, SESSION_COOKIE, token, cookies);
    clearCookie(res, PRE_SESSION_COOKIE, cookies);
    log.info({ userId: result.user.id }, "settings sign-in");
    res.redirect(303, "/settings/keys");
  });

  router.post("/sign-out", async (req, res) => {
    const signedIn = signedInOf(res);
    if (!signedIn) return res.redirect(303, "/settings/sign-in");
    if (!tokensMatch(field(req.body, "_csrf"), signedIn.session.csrfToken)) return forbidden(res);
    await endSession(sql, signedIn.token);
    clearCookie(res, SESSION_COOKIE, cookies);
    res.redirect(303, "/settings/sign-in?notice=signed_out");
  });

  const invalidInvite = (res: Response) =>
    send(
      res,
      400,
      messagePage({
        title: "Invitation not valid",
        message:
          "This invitation link is not valid: it was already used, or it expired (links work for 24 hours). Ask your operator for a new one.",
        link: { href: "/settings/sign-in", text: "Sign in" },
      }),
    );

  router.get("/invite", async (req, res) => {
    const token = String(req.query.token ?? "");
    const user = await peekInvite(sql, token, now());
    if (!user) return invalidInvite(res);
    send(res, 200, invitePage({ csrf: preToken(req, res), token, email: user.email }));
  });

  router.post("/invite", async (req, res) => {
    if (!preTokenValid(req)) return forbidden(res);
    const token = field(req.body, "token");
    const user = await peekInvite(sql, token, now());
    if (!user) return invalidInvite(res);
    const password = field(req.body, "password");
    const again = (error: string) =>
      send(res, 400, invitePage({ csrf: preToken(req, res), token, email: user.email, error }));
    const problem = passwordProblem(password);
    if (problem) return again(`That password cannot be used: ${problem}.`);
    if (password !== field(req.body, "confirm")) return again("The two passwords differ.");
    try {
      await redeemInvite(sql, token, await hashPassword(password), now());
    } catch (error) {
      if (error instanceof IdentityError) return invalidInvite(res);
      throw error;
    }
    log.info({ userId: user.id }, "settings password set from an invitation");
    res.redirect(303, "/settings/sign-in?notice=password_set");
  });

  // ---- Everything below needs a session; every POST also its CSRF token.

  router.use((req, res, next) => {
    const signedIn = signedInOf(res);
    if (!signedIn) {
      if (req.method === "GET" || req.method === "HEAD")
        return res.redirect(
          303,
          `/settings/sign-in${readCookie(req, SESSION_COOKIE) ? "?notice=expired" : ""}`,
        );
      return send(
        res,
        401,
        messagePage({
          title: "Signed out",
          message: "You are not signed in (or your session ended), so nothing was changed.",
          link: { href: "/settings/sign-in", text: "Sign in" },
        }),
      );
    }
    if (req.method === "POST" && !tokensMatch(field(req.body, "_csrf"), signedIn.session.csrfToken))
      return forbidden(res);
    next();
  });

  const signedIn = (res: Response) => res.locals.signedIn as SignedIn;
  const viewerOf = (s: SignedIn): Viewer => ({
    email: s.user.email,
    memberships: s.memberships,
    current: s.current,
    csrf: s.session.csrfToken,
  });
  const actorOf = (s: SignedIn) => `settings:${s.user.id}`;

  function noOrganisation(res: Response, s: SignedIn): void {
    send(
      res,
      200,
      messagePage({
        title: "No organisation",
        message: `${s.user.email} is not a member of any organisation yet. Ask your operator to add you.`,
        viewer: viewerOf(s),
      }),
    );
  }

  router.post("/org", async (req, res) => {
    const s = signedIn(res);
    const target = s.memberships.find((m) => m.orgId === field(req.body, "org"));
    const back =
      (["keys", "audit", "usage"] as Section[]).find((x) => x === field(req.body, "back")) ?? "keys";
    if (!target)
      return send(
        res,
        400,
        messagePage({
          title: "Not switched",
          message: "You are not a member of that organisation.",
          link: { href: `/settings/${back}`, text: "Back" },
          viewer: viewerOf(s),
        }),
      );
    await selectSessionOrg(sql, s.token, target.orgId);
    res.redirect(303, `/settings/${back}?notice=switched`);
  });

  // ---- Keys.

  async function keysView(s: SignedIn, extra: Partial<KeysView> = {}): Promise<KeysView> {
    const current = s.current as UserMembership;
    const isOwner = current.role === "owner";
    const all = await listKeys(sql, current.orgId, now());
    const keys = isOwner ? all : all.filter((k) => k.userId === s.user.id);
    const defaultKey = all.find(
      (k) => k.userId === s.user.id && k.isDefault && k.state !== "revoked" && k.state !== "rotated",
    );
    return { viewer: viewerOf(s), userId: s.user.id, isOwner, defaultKey, keys, ...extra };
  }

  const showKeys = async (res: Response, s: SignedIn, status: number, extra: Partial<KeysView> = {}) => {
    send(res, status, keysPage(await keysView(s, extra)));
  };

  const showSecret = (res: Response, s: SignedIn, key: IssuedKey, what: string, replaces?: string) =>
    send(res, 200, secretPage({ viewer: viewerOf(s), key, what, replaces }));

  router.get("/keys", async (req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    await showKeys(res, s, 200, { notice: notice(req) });
  });

  router.post("/keys/reveal", async (_req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    if ((await keysView(s)).defaultKey)
      return showKeys(res, s, 409, {
        error:
          "Your default key was already revealed and cannot be shown again. Rotate it to get a new secret.",
      });
    const key = await revealDefaultKey(
      sql,
      secret,
      { orgName: s.current.orgName, email: s.user.email, actor: actorOf(s) },
      now(),
    );
    showSecret(res, s, key, "Your default key");
  });

  router.post("/keys/create", async (req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    const label = field(req.body, "label")
      .replace(/[\p{Cc}\p{Cf}]/gu, "")
      .trim();
    const analyst = field(req.body, "agent") === "on";
    const daysText = field(req.body, "days").trim();
    const form = { label, analyst, days: daysText };
    if (label.length > LABEL_MAX)
      return showKeys(res, s, 400, {
        form,
        error: `The label is too long: at most ${LABEL_MAX} characters.`,
      });
    let expiresAt: number | null = null;
    if (daysText !== "") {
      const days = /^\d{1,4}$/.test(daysText) ? Number(daysText) : Number.NaN;
      if (!(days >= 1 && days <= EXPIRY_DAYS_MAX))
        return showKeys(res, s, 400, {
          form,
          error: `The expiry must be a whole number of days from 1 to ${EXPIRY_DAYS_MAX}, or empty.`,
        });
      expiresAt = now() + days * DAY;
    }
    const key = await createKey(
      sql,
      secret,
      {
        orgName: s.current.orgName,
        email: s.user.email,
        scopes: analyst ? ["content:read", "agent:request"] : ["content:read"],
        label,
        expiresAt,
        actor: actorOf(s),
      },
      now(),
    );
    showSecret(res, s, key, "Your new key");
  });

  /** A key of the selected organisation this viewer may see, or undefined. */
  async function visibleKey(s: SignedIn, id: string): Promise<KeySummary | undefined> {
    const row = await findKey(sql, id);
    if (!row || row.id !== id || !s.current || row.org_id !== s.current.orgId) return undefined;
    if (s.current.role !== "owner" && row.user_id !== s.user.id) return undefined;
    return getKeySummary(sql, row.id, now());
  }

  const unknownKey = (res: Response, s: SignedIn) =>
    showKeys(res, s, 404, { error: "No such key in this organisation." });

  router.post("/keys/:id/rotate", async (req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    const key = await visibleKey(s, req.params.id as string);
    if (!key) return unknownKey(res, s);
    if (key.userId !== s.user.id)
      return showKeys(res, s, 403, {
        error: `Only the key's holder can rotate ${key.masked} (the new secret is theirs); you can revoke it.`,
      });
    if (key.state !== "active")
      return showKeys(res, s, 409, { error: `${key.masked} is ${key.state} and cannot be rotated.` });
    const issued = await rotateKey(sql, secret, key.id, actorOf(s), now());
    showSecret(res, s, issued, key.isDefault ? "Your rotated default key" : "Your rotated key", key.masked);
  });

  const mayRevoke = (s: SignedIn, key: KeySummary) => key.userId === s.user.id || s.current?.role === "owner";

  router.get("/keys/:id/revoke", async (req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    const key = await visibleKey(s, req.params.id as string);
    if (!key || !mayRevoke(s, key)) return unknownKey(res, s);
    if (key.state === "revoked" || key.state === "rotated")
      return showKeys(res, s, 409, { error: `${key.masked} is already ${key.state}.` });
    send(res, 200, revokePage({ viewer: viewerOf(s), key }));
  });

  router.post("/keys/:id/revoke", async (req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    const key = await visibleKey(s, req.params.id as string);
    if (!key || !mayRevoke(s, key)) return unknownKey(res, s);
    if (key.state === "revoked" || key.state === "rotated")
      return showKeys(res, s, 409, { error: `${key.masked} is already ${key.state}.` });
    await revokeKey(sql, key.id, actorOf(s), now());
    res.redirect(303, "/settings/keys?notice=revoked");
  });

  // ---- Audit and usage.

  router.get("/audit", async (_req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    const isOwner = s.current.role === "owner";
    const events = await listKeyEvents(sql, {
      orgId: s.current.orgId,
      userId: isOwner ? undefined : s.user.id,
      limit: AUDIT_LIMIT,
    });
    // Every user an event names (holder or settings actor), looked up once each.
    const emails = new Map<string, string>();
    for (const e of events)
      for (const id of [e.userId, e.actor.startsWith("settings:") ? e.actor.slice("settings:".length) : null])
        if (id && !emails.has(id)) emails.set(id, (await findUserById(sql, id))?.email ?? "(removed user)");
    const emailOf = (id: string | null) => (id ? (emails.get(id) as string) : "—");
    const rows: AuditRow[] = events.map((e) => ({
      ...e,
      holder: emailOf(e.userId),
      by: describeActor(e.actor, emailOf),
    }));
    send(res, 200, auditPage({ viewer: viewerOf(s), rows, isOwner, limit: AUDIT_LIMIT }));
  });

  router.get("/usage", async (_req, res) => {
    const s = signedIn(res);
    if (!s.current) return noOrganisation(res, s);
    // The organisation-wide view GET /v1/usage gives a key of this organisation; the per-credential windows
    // are read for a credential id no key has, so only their configured limits are shown.
    const usage = await deps.limiter.usage({
      kind: "api_key",
      credentialId: `settings:${s.user.id}`,
      keyId: null,
      keyPrefix: null,
      clientId: null,
      userId: s.user.id,
      orgId: s.current.orgId,
      scopes: [],
    });
    send(
      res,
      200,
      usagePage({
        viewer: viewerOf(s),
        usage,
        analystEnabled: s.current.analystEnabled,
        days: await analystRequestsPerDay(deps.sql, s.current.orgId, now()),
      }),
    );
  });

  router.use((_req, res) => {
    send(
      res,
      404,
      messagePage({
        title: "Not found",
        message: "There is no such settings page.",
        link: { href: "/settings", text: "Settings" },
      }),
    );
  });

  router.use(async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = error as { type?: string; status?: number };
    if (error instanceof IdentityError) {
      const s = signedInOf(res);
      if (s?.current) return showKeys(res, s, 409, { error: error.message });
    }
    const tooLarge = e?.type === "entity.too.large";
    const badBody = e?.status === 400 || e?.type === "entity.parse.failed";
    if (!tooLarge && !badBody) log.error({ err: error, path: req.path }, "settings: unhandled error");
    setSecurityHeaders(res);
    send(
      res,
      tooLarge ? 413 : badBody ? 400 : 500,
      messagePage({
        title: tooLarge || badBody ? "Request refused" : "Something went wrong",
        message: tooLarge
          ? "The form was too large."
          : badBody
            ? "The form could not be read."
            : "The server could not finish this request; nothing secret was recorded. Try again.",
        link: { href: "/settings", text: "Back to settings" },
      }),
    );
  });

  return router;
}

/** An audit actor in words: the settings app's user, the command line, `crs init`, or the key's own use. */
function describeActor(actor: string, emailOf: (id: string) => string): string {
  if (actor.startsWith("settings:")) return `${emailOf(actor.slice("settings:".length))} (settings)`;
  if (actor.startsWith("cli:")) return `command line (${actor.slice(4)})`;
  if (actor.startsWith("user:")) return "a request with the key";
  if (actor === "cli") return "command line";
  if (actor === "init") return "crs init";
  return actor;
}
