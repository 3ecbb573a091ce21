import type { Request, Response } from "express";

/** The settings session: scoped to /settings, so a browser never even sends it to /v1 or /mcp. */
export const SESSION_COOKIE = "crs_settings";
/** Before sign-in: the random value the sign-in and invitation forms' CSRF tokens are bound to. */
export const PRE_SESSION_COOKIE = "crs_settings_pre";
export const COOKIE_PATH = "/settings";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  /** Secure when the public URL is https. */
  secure: boolean;
}

/** HttpOnly, SameSite=Lax, Path=/settings, Secure over https; no Max-Age (the store decides expiry). */
export function setCookie(res: Response, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  res.append("Set-Cookie", parts.join("; "));
}

export function clearCookie(res: Response, name: string, options: CookieOptions): void {
  const parts = [`${name}=`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (options.secure) parts.push("Secure");
  res.append("Set-Cookie", parts.join("; "));
}
