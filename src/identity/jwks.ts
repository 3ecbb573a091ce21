import { readFileSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { JSONWebKeySet, JWTVerifyGetKey } from "jose";

/** A key set larger than this is refused (real sets are a few KB). */
export const JWKS_MAX_BYTES = 256 * 1024;
/** A fetched set is reused this long; an unknown `kid` refetches at most once per cooldown. */
export const JWKS_CACHE_SECONDS = 600;
export const JWKS_COOLDOWN_SECONDS = 30;
const FETCH_TIMEOUT_MS = 5000;

/** The key set cannot be had right now (fetch failed, too large, not a key set): answer 503, not 401. */
export class JwksUnavailableError extends Error {
  override name = "JwksUnavailableError";
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** Thrown at start for a `CRS_OAUTH_JWKS` that is neither an https URL nor an explicit file path. */
export class JwksConfigError extends Error {
  override name = "JwksConfigError";
}

export type JwksSource = { kind: "https"; url: URL } | { kind: "file"; path: string };

/**
 * `CRS_OAUTH_JWKS` is an `https://` URL, a `file:` URL, or a path that says it is one (absolute, or starting
 * with `./` or `../`). `http://` and bare names (`jwks.example.com/keys`) are refused: a key set fetched in
 * clear, or a typo silently read as a file, would let anyone sign tokens.
 */
export function parseJwksSource(value: string): JwksSource {
  const text = value.trim();
  if (/^https:\/\//i.test(text)) {
    try {
      return { kind: "https", url: new URL(text) };
    } catch {
      throw new JwksConfigError(`CRS_OAUTH_JWKS is not a valid URL: '${text}'`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^file:/i.test(text))
    throw new JwksConfigError(
      `CRS_OAUTH_JWKS must be an https:// URL or a file path; '${text.split(":")[0]}:' is not accepted`,
    );
  if (/^file:/i.test(text)) return { kind: "file", path: fileURLToPath(text) };
  if (isAbsolute(text) || text.startsWith("./") || text.startsWith("../"))
    return { kind: "file", path: resolve(text) };
  throw new JwksConfigError(
    `CRS_OAUTH_JWKS '${text}' is neither an https:// URL nor an explicit file path (absolute, ./ or file:)`,
  );
}

function keySet(text: string, where: string): JSONWebKeySet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`JWKS at ${where} is not JSON`);
  }
  const keys = (json as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`JWKS at ${where} has no "keys"`);
  return json as JSONWebKeySet;
}

function readKeyFile(path: string): JSONWebKeySet {
  const stats = statSync(path);
  if (stats.size > JWKS_MAX_BYTES) throw new Error(`JWKS file ${path} exceeds ${JWKS_MAX_BYTES} bytes`);
  return keySet(readFileSync(path, "utf8"), path);
}

/** Checks the source at start: the form always, a file's content too (an https source is fetched lazily). */
export function validateJwksSource(value: string): JwksSource {
  const source = parseJwksSource(value);
  if (source.kind === "file") {
    try {
      readKeyFile(source.path);
    } catch (error) {
      throw new JwksConfigError(`CRS_OAUTH_JWKS: ${(error as Error).message}`);
    }
  }
  return source;
}

async function fetchKeySet(url: URL): Promise<JSONWebKeySet> {
  const res = await fetch(url, {
    redirect: "error",
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`JWKS fetch answered ${res.status}`);
  const declared = Number(res.headers.get("content-length"));
  if (declared > JWKS_MAX_BYTES) {
    await res.body?.cancel();
    throw new Error(`JWKS exceeds ${JWKS_MAX_BYTES} bytes`);
  }
  const reader = res.body?.getReader();
  if (!reader) throw new Error("JWKS fetch had no body");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > JWKS_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`JWKS exceeds ${JWKS_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return keySet(Buffer.concat(chunks).toString("utf8"), url.origin);
}

/**
 * The key set behind `CRS_OAUTH_JWKS`. An https set is fetched with a timeout and a size cap, cached for
 * JWKS_CACHE_SECONDS, and refetched on an unknown `kid` (at most once per cooldown); when it cannot be had
 * the resolver throws JwksUnavailableError. A file is read once and re-read when its modification time or size
 * changes, so an operator can rotate signing keys without a restart. jose is loaded with the first token.
 */
export function jwksResolver(value: string, now: () => number = () => Date.now() / 1000): JWTVerifyGetKey {
  const source = parseJwksSource(value);
  if (source.kind === "file") {
    let stamp = "";
    let current: JWTVerifyGetKey | undefined;
    const load = async (): Promise<JWTVerifyGetKey> => {
      const { createLocalJWKSet } = await import("jose");
      try {
        const stats = statSync(source.path);
        const next = `${stats.mtimeMs}:${stats.size}`;
        if (!current || next !== stamp) {
          current = createLocalJWKSet(readKeyFile(source.path));
          stamp = next;
        }
        return current;
      } catch (error) {
        throw new JwksUnavailableError(`JWKS file unreadable: ${(error as Error).message}`, 30);
      }
    };
    return async (header, token) => (await load())(header, token);
  }
  let current: { getKey: JWTVerifyGetKey; at: number } | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;
  const refresh = (): Promise<void> => {
    pending ??= (async () => {
      lastAttempt = now();
      try {
        const { createLocalJWKSet } = await import("jose");
        current = { getKey: createLocalJWKSet(await fetchKeySet(source.url)), at: now() };
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };
  const unavailable = (error: unknown) =>
    new JwksUnavailableError(`JWKS unavailable: ${(error as Error).message}`, JWKS_COOLDOWN_SECONDS);
  return async (header, token) => {
    const stale = !current || now() - current.at > JWKS_CACHE_SECONDS;
    if (stale) {
      if (!current && now() - lastAttempt < JWKS_COOLDOWN_SECONDS && !pending)
        throw unavailable(new Error("recent fetch failed"));
      try {
        await refresh();
      } catch (error) {
        if (!current) throw unavailable(error);
      }
    }
    const set = current as { getKey: JWTVerifyGetKey };
    try {
      return await set.getKey(header, token);
    } catch (error) {
      // An unknown kid may be a rotation: refetch once per cooldown, then answer from the new set.
      if ((error as { code?: string }).code !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
      if (now() - lastAttempt < JWKS_COOLDOWN_SECONDS) throw error;
      try {
        await refresh();
      } catch (fetchError) {
        throw unavailable(fetchError);
      }
      return (current as { getKey: JWTVerifyGetKey }).getKey(header, token);
    }
  };
}
