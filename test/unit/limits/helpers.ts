import { createLimiter, DEFAULT_LIMITS, type Limiter, type LimitsConfig } from "../../../src/limits/index.js";
import type { Principal } from "../../../src/registry/types.js";
import type { Clock } from "../../../src/shared/clock.js";
import { ServiceError } from "../../../src/shared/errors.js";
import { type Db, openDb } from "../../../src/store/connection.js";
import type { SqlClient } from "../../../src/store/sql-client.js";
import { sqliteClient } from "../../../src/store/sqlite/sql-client.js";
import { tempDb } from "../../helpers/db.js";

/** A clock tests move by hand. 2026-03-10T12:00:00Z. */
export class ManualClock implements Clock {
  constructor(public now = Date.UTC(2026, 2, 10, 12) / 1000) {}
  nowSeconds(): number {
    return this.now;
  }
  advance(seconds: number): void {
    this.now += seconds;
  }
}

export function addOrg(db: Db, id: string, analystMonthly?: number): void {
  db.prepare(
    "INSERT INTO organisations(id, name, analyst_monthly, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
  ).run(id, `org ${id}`, analystMonthly ?? 100);
}

export function principal(orgId = "org-a", credentialId = "key-1"): Principal {
  return {
    kind: "api_key",
    credentialId,
    keyId: credentialId,
    keyPrefix: "abcdefgh",
    clientId: null,
    userId: "user-1",
    orgId,
    scopes: ["content:read", "agent:request"],
  };
}

/** Limits with every control at its default except the given ones. */
export function limits(overrides: Partial<LimitsConfig> = {}): LimitsConfig {
  return { ...structuredClone(DEFAULT_LIMITS), ...overrides };
}

/** A limiter on a fresh file database with orgs org-a and org-b; `restart()` reopens the same file. */
export function setup(config: LimitsConfig = limits(), clock = new ManualClock()) {
  const { db, file } = tempDb();
  addOrg(db, "org-a");
  addOrg(db, "org-b");
  const sql = sqliteClient(db);
  const state = { db, sql, limiter: createLimiter({ sql, clock, config }) };
  return {
    clock,
    get db() {
      return state.db;
    },
    /** The limiter's SqlClient (one per connection). */
    get sql(): SqlClient {
      return state.sql;
    },
    get limiter(): Limiter {
      return state.limiter;
    },
    restart(): void {
      state.db.close();
      state.db = openDb(file);
      state.sql = sqliteClient(state.db);
      state.limiter = createLimiter({ sql: state.sql, clock, config });
    },
  };
}

/** The ServiceError an async call rejects with (fails the test if it resolves or rejects otherwise). */
export async function rejected(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError, but the call succeeded");
}
