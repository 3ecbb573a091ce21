import { RecordError } from "./types.js";

/** Field readers shared by the mappers: each accepts JSON values and CSV strings and names the field in its reason. */

type Bag = Record<string, unknown>;

export function isObject(value: unknown): value is Bag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function objectAt(bag: Bag, key: string): Bag {
  const value = bag[key];
  return isObject(value) ? value : {};
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function absent(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** A platform id (video or author): a non-empty digit string; numbers only when they are exact. */
export function requiredId(value: unknown, field: string): string {
  if (absent(value)) throw new RecordError(`missing ${field}`);
  if (typeof value === "number") {
    if (Number.isSafeInteger(value) && value >= 0) return String(value);
    throw new RecordError(
      `${field} ${shown(value)} is a JSON number too large to be exact; ids must be strings`,
    );
  }
  if (typeof value !== "string") throw new RecordError(`${field} is not a string: ${shown(value)}`);
  const id = value.trim();
  if (!/^[0-9A-Za-z_.:-]{1,64}$/.test(id))
    throw new RecordError(`${field} is not a valid id: ${shown(value)}`);
  return id;
}

/** A non-negative integer count; integral floats ("250400.0") are accepted, anything else is rejected. */
export function optionalCount(value: unknown, field: string): number | null {
  if (absent(value)) return null;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (typeof value === "string" && !/^\s*\d+(\.0*)?\s*$/.test(value)) {
    throw new RecordError(`${field} is not a non-negative integer: ${shown(value)}`);
  }
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RecordError(`${field} is not a non-negative integer: ${shown(value)}`);
  }
  return n;
}

export function requiredCount(value: unknown, field: string): number {
  const n = optionalCount(value, field);
  if (n === null) throw new RecordError(`missing ${field}`);
  return n;
}

/** A real number (duration); null when absent. */
export function optionalNumber(value: unknown, field: string): number | null {
  if (absent(value)) return null;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < 0)
    throw new RecordError(`${field} is not a non-negative number: ${shown(value)}`);
  return n;
}

// TikTok launched (as musical.ly) in 2014; earlier or far-future times are corrupt, not content.
const EARLIEST = Date.UTC(2014, 0, 1) / 1000;

/**
 * A time as Unix seconds from seconds, milliseconds (>= 1e11), a digit string or an ISO-8601 string.
 * `now` bounds it: more than a day in the future is rejected.
 */
export function optionalTime(value: unknown, field: string, now: number): number | null {
  if (absent(value)) return null;
  let seconds: number;
  if (typeof value === "number" || (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value))) {
    const n = Number(value);
    seconds = Math.floor(n >= 1e11 ? n / 1000 : n);
  } else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
    seconds = Math.floor(Date.parse(value.trim()) / 1000);
  } else {
    throw new RecordError(`${field} is not a Unix time or ISO date: ${shown(value)}`);
  }
  if (!Number.isFinite(seconds)) throw new RecordError(`${field} is not a valid date: ${shown(value)}`);
  if (seconds < EARLIEST) throw new RecordError(`${field} ${shown(value)} is before 2014`);
  if (seconds > now + 86_400) throw new RecordError(`${field} ${shown(value)} is in the future`);
  return seconds;
}

export function requiredTime(value: unknown, field: string, now: number): number {
  const t = optionalTime(value, field, now);
  if (t === null) throw new RecordError(`missing ${field}`);
  return t;
}

/** A boolean from JSON or CSV ("true"/"false", Python "True"/"False", "1"/"0"); null when absent. */
export function optionalBool(value: unknown, field: string): boolean | null {
  if (absent(value)) return null;
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
  }
  throw new RecordError(`${field} is not a boolean: ${shown(value)}`);
}

/** Text; absent → null. Numbers are kept as their string form (CSV cells, numeric nicknames). */
export function optionalText(value: unknown, field: string): string | null {
  if (absent(value)) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new RecordError(`${field} is not text: ${shown(value)}`);
}

export function requiredText(value: unknown, field: string): string {
  const text = optionalText(value, field);
  if (text === null || text.trim() === "") throw new RecordError(`missing ${field}`);
  return text.trim();
}
