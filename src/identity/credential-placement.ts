import { KEY_LOOKALIKE } from "./key-material.js";

/** Query/cookie/body names that only ever mean "here is my credential". */
const CREDENTIAL_NAMES = new Set(["api_key", "apikey", "access_token", "key"]);
const MAX_SCAN_DEPTH = 8;
const MAX_SCAN_NODES = 10_000;

export type Misplacement = "URL" | "query string" | "cookie" | "body";

const looksLikeCredential = (name: string, value: string): boolean =>
  (CREDENTIAL_NAMES.has(name.toLowerCase()) && value !== "") || KEY_LOOKALIKE.test(value);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function queryHasCredential(url: string): boolean {
  const query = url.indexOf("?");
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query + 1).split("#")[0]);
  for (const [name, value] of params) if (looksLikeCredential(name, value)) return true;
  return false;
}

function cookiesHaveCredential(cookie: string): boolean {
  for (const pair of cookie.split(";")) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    const value = at < 0 ? "" : pair.slice(at + 1).trim();
    if (looksLikeCredential(name, value)) return true;
  }
  return false;
}

// Only key-shaped strings count in a body: a field named `key` is ordinary JSON there.
function bodyHasCredential(body: unknown): boolean {
  let visited = 0;
  const walk = (value: unknown, depth: number): boolean => {
    if (++visited > MAX_SCAN_NODES || depth > MAX_SCAN_DEPTH) return false;
    if (typeof value === "string") return KEY_LOOKALIKE.test(value);
    if (Array.isArray(value)) return value.some((v) => walk(v, depth + 1));
    if (value && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) {
        if (typeof v === "string" && /^(api_?key|access_token)$/i.test(name) && v !== "") return true;
        if (walk(v, depth + 1)) return true;
      }
    }
    return false;
  };
  return walk(body, 0);
}

/** Where a credential was sent outside the Authorization header, if anywhere. */
export function findMisplacedCredential(
  url: string,
  cookie: string | undefined,
  body: unknown,
): Misplacement | null {
  if (queryHasCredential(url)) return "query string";
  if (KEY_LOOKALIKE.test(safeDecode(url.split("?")[0] ?? ""))) return "URL";
  if (cookie && cookiesHaveCredential(cookie)) return "cookie";
  if (body !== undefined && bodyHasCredential(body)) return "body";
  return null;
}
