/**
 * Masks credentials that land where they should not (a key pasted into a URL path, a token in a detail):
 * API-key-shaped strings keep their public prefix (`crs_ab12cd34_…`, what listings show) and lose the
 * secret; JWT-shaped strings and `Bearer <token>` values are replaced whole. Used by the access log and by
 * every detail that echoes request input.
 */
const API_KEY = /crs_([a-z0-9]{8})_[A-Za-z0-9]+/g;
const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;
const BEARER = /(bearer)(\s+|%20|\+)[^\s,;"'&]+/gi;

export function redactSecrets(text: string): string {
  return text
    .replace(API_KEY, "crs_$1_[redacted]")
    .replace(JWT, "[redacted-token]")
    .replace(BEARER, "$1$2[redacted]");
}
