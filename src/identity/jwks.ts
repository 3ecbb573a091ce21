import { readFileSync, statSync } from "node:fs";
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

/**
 * The key set behind `CRS_OAUTH_JWKS`: an http(s) URL is fetched and cached by jose (refetched on an unknown
 * `kid`); a file path is read once and re-read when its modification time or size changes, so an operator
 * can rotate signing keys without a restart.
 */
export function jwksResolver(source: string): JWTVerifyGetKey {
  if (/^https?:\/\//i.test(source)) return createRemoteJWKSet(new URL(source));
  let stamp = "";
  let current: JWTVerifyGetKey | undefined;
  const load = (): JWTVerifyGetKey => {
    const stats = statSync(source);
    const next = `${stats.mtimeMs}:${stats.size}`;
    if (!current || next !== stamp) {
      current = createLocalJWKSet(JSON.parse(readFileSync(source, "utf8")) as JSONWebKeySet);
      stamp = next;
    }
    return current;
  };
  return (header, token) => load()(header, token);
}
