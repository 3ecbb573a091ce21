import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import type { SqlClient } from "../store/sql-client.js";
import { IdentityError } from "./identity-error.js";

/**
 * Settings-app passwords: scrypt (memory-hard, in Node's crypto) with a random 16-byte salt per hash, stored
 * as `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can rise later without breaking old
 * hashes. N = 2^15, r = 8: 32 MiB and ~0.1 s a hash on a server core (twice Node's default N), on the
 * libuv thread pool so the event loop keeps serving while it runs.
 */
const COST = { log2N: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const PASSWORD_MIN = 10;
/** Bounded so nobody makes the server hash a megabyte. */
export const PASSWORD_MAX = 256;

function derive(password: string, salt: Buffer, cost: { log2N: number; r: number; p: number }) {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `use at most ${PASSWORD_MAX} characters`;
  if (password.trim() === "") return "use something other than spaces";
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new IdentityError(`password refused: ${problem}`);
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST);
  return ["scrypt", COST.log2N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join(
    "$",
  );
}

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = STORED.exec(stored);
  if (!parts || password.length > PASSWORD_MAX) return false;
  const [, log2N, r, p, salt, hash] = parts;
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (cost.log2N < 10 || cost.log2N > 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 4)
    return false;
  const expected = Buffer.from(hash as string, "base64url");
  const actual = await derive(password, Buffer.from(salt as string, "base64url"), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummy: Promise<string> | undefined;
/**
 * A hash no password produces from a real account: checked against when the account is unknown or has no
 * password, so every refusal costs the same scrypt run (no user enumeration by timing).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummy;
}

export async function storedPasswordHash(sql: SqlClient, userId: string): Promise<string | undefined> {
  const row = await sql.get<{ hash: string }>("SELECT hash FROM user_passwords WHERE user_id = ?", [userId]);
  return row?.hash;
}

/** Stores (or replaces) the user's password hash and signs the user out everywhere. */
export async function storePasswordHash(
  sql: SqlClient,
  userId: string,
  hash: string,
  now: number,
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO user_passwords (user_id, hash, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`,
      [userId, hash, now],
    );
    await tx.run("DELETE FROM settings_sessions WHERE user_id = ?", [userId]);
  });
}
