import type { Response } from "express";

/**
 * No inline script or style anywhere (the app's JS and CSS are files under /settings/assets/); nothing may
 * frame the pages; forms post only here; no referrer leaves the site (an invitation link carries its token).
 */
export const SETTINGS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export function setSecurityHeaders(res: Response): void {
  res.setHeader("Content-Security-Policy", SETTINGS_CSP);
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on our own form posts.
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // Every page is one user's view, and a revealed secret must never be kept by a cache or the back button.
  res.setHeader("Cache-Control", "no-store");
}
