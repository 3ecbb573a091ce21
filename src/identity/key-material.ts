import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

const PREFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 32 base62 characters ≈ 190 bits of randomness (the contract asks for at least 128). */
const SECRET_LENGTH = 32;
const PREFIX_LENGTH = 8;

/** The digest scheme new keys get; the number is stored beside each digest so the pepper can rotate. */
export const CURRENT_DIGEST_VERSION = 1;

const KEY_SHAPE = /^crs_([a-z0-9]{8})_([A-Za-z0-9]{32})$/;
/** Anything that looks like one of our keys, wherever it appears (used to refuse misplaced keys). */
export const KEY_LOOKALIKE = /crs_[a-z0-9]{8}_[A-Za-z0-9]{16,}/;

export interface KeyMaterial {
  /** The whole key `crs_<prefix>_<secret>`: shown once, never stored. */
  key: string;
  prefix: string;
}

// randomInt draws uniformly (no modulo bias), unlike bytes % alphabet.length.
function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function mintKeyMaterial(): KeyMaterial {
  const prefix = randomString(PREFIX_ALPHABET, PREFIX_LENGTH);
  return { prefix, key: `crs_${prefix}_${randomString(SECRET_ALPHABET, SECRET_LENGTH)}` };
}

/** The prefix of a well-formed key, or null when the string is not shaped like a CRS key. */
export function parseKeyPrefix(candidate: string): string | null {
  return KEY_SHAPE.exec(candidate)?.[1] ?? null;
}

/** `v1:` + hex HMAC-SHA256 of the whole key, peppered with the server secret. */
export function digestKey(key: string, pepper: string, version = CURRENT_DIGEST_VERSION): string {
  if (version !== 1) throw new Error(`unknown key digest version ${version}`);
  return `v1:${createHmac("sha256", pepper).update(key, "utf8").digest("hex")}`;
}

/** Constant-time comparison of two digests (lengths are public: every v1 digest has the same length). */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

/** What listings show: enough to recognise a key, nothing to use it. */
export function maskKey(prefix: string): string {
  return `crs_${prefix}_…`;
}
