import { describe, expect, it } from "vitest";
import {
  newPreSessionValue,
  originAllowed,
  preSessionToken,
  tokensMatch,
} from "../../../src/settings/csrf.js";
import { html } from "../../../src/settings/html.js";
import { SETTINGS_CSP } from "../../../src/settings/security-headers.js";

describe("settings CSRF tokens", () => {
  it("a pre-sign-in token is bound to its cookie value and to the server secret", () => {
    const value = newPreSessionValue();
    expect(value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const token = preSessionToken("secret-one-0123456789", value);
    expect(tokensMatch(token, preSessionToken("secret-one-0123456789", value))).toBe(true);
    expect(tokensMatch(token, preSessionToken("secret-two-0123456789", value))).toBe(false);
    expect(tokensMatch(token, preSessionToken("secret-one-0123456789", newPreSessionValue()))).toBe(false);
  });

  it("anything missing, empty, of another type or length is a mismatch", () => {
    expect(tokensMatch(undefined, "abc")).toBe(false);
    expect(tokensMatch("", "")).toBe(false);
    expect(tokensMatch("abc", undefined)).toBe(false);
    expect(tokensMatch(["abc"], "abc")).toBe(false);
    expect(tokensMatch("abcd", "abc")).toBe(false);
    expect(tokensMatch("abc", "abc")).toBe(true);
  });

  it("a posted Origin must be the public origin or the request's own", () => {
    const allowed = ["https://crs.example.com", "http://127.0.0.1:8787"];
    expect(originAllowed(undefined, allowed)).toBe(true);
    expect(originAllowed("https://crs.example.com", allowed)).toBe(true);
    expect(originAllowed("https://crs.example.com/", allowed)).toBe(true);
    expect(originAllowed("null", allowed)).toBe(false);
    expect(originAllowed("https://crs.example.com.evil.test", allowed)).toBe(false);
    expect(originAllowed("http://crs.example.com", allowed)).toBe(false);
  });
});

describe("settings markup", () => {
  it("escapes every interpolated value unless it is markup built by html``", () => {
    const label = `<script>alert("x")</script>' onmouseover='y`;
    const out = html`<td title="${label}">${label}</td>${html`<b>${"&"}</b>`}${[1, "<i>"]}${null}${false}`
      .text;
    expect(out).toBe(
      '<td title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;y">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;y</td><b>&amp;</b>1&lt;i&gt;',
    );
  });

  it("the CSP allows no inline script or style and no framing", () => {
    expect(SETTINGS_CSP).toContain("script-src 'self'");
    expect(SETTINGS_CSP).toContain("style-src 'self'");
    expect(SETTINGS_CSP).toContain("frame-ancestors 'none'");
    expect(SETTINGS_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});
