import { randomUUID } from "node:crypto";
import type { Db } from "../store/connection.js";
import { IdentityError } from "./identity-error.js";

export type Subscription = "active" | "past_due" | "canceled";
export const SUBSCRIPTIONS: readonly Subscription[] = ["active", "past_due", "canceled"];
export const DEFAULT_ANALYST_MONTHLY = 100;

export interface Organisation {
  id: string;
  name: string;
  subscription: Subscription;
  /** The analyst entitlement: when off, `agent:request` tools answer 403 entitlement_missing. */
  analystEnabled: boolean;
  /** Analyst requests per calendar month for the whole organisation. */
  analystMonthly: number;
  createdAt: number;
  updatedAt: number;
}

interface OrgRow {
  id: string;
  name: string;
  subscription: Subscription;
  analyst_enabled: number;
  analyst_monthly: number;
  created_at: number;
  updated_at: number;
}

const toOrganisation = (r: OrgRow): Organisation => ({
  id: r.id,
  name: r.name,
  subscription: r.subscription,
  analystEnabled: r.analyst_enabled === 1,
  analystMonthly: r.analyst_monthly,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// Names are typed on command lines: letters, digits, space, dot, dash, underscore; 1–64 characters.
const ORG_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;

function checkAllowance(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new IdentityError(`analyst monthly allowance must be a non-negative integer, got '${value}'`);
}

export function createOrg(
  db: Db,
  input: { name: string; analystMonthly?: number; analystEnabled?: boolean },
  now: number,
): Organisation {
  const name = input.name.trim();
  if (!ORG_NAME.test(name))
    throw new IdentityError(
      `invalid organisation name '${name}': use 1-64 letters, digits, spaces, '.', '-' or '_'`,
    );
  const analystMonthly = input.analystMonthly ?? DEFAULT_ANALYST_MONTHLY;
  checkAllowance(analystMonthly);
  if (findOrgByName(db, name)) throw new IdentityError(`organisation '${name}' already exists`);
  const id = randomUUID();
  db.prepare(
    `INSERT INTO organisations (id, name, subscription, analyst_enabled, analyst_monthly, created_at, updated_at)
     VALUES (?, ?, 'active', ?, ?, ?, ?)`,
  ).run(id, name, input.analystEnabled === false ? 0 : 1, analystMonthly, now, now);
  return getOrg(db, id);
}

export function findOrgByName(db: Db, name: string): Organisation | undefined {
  const row = db.prepare("SELECT * FROM organisations WHERE name = ?").get(name) as OrgRow | undefined;
  return row && toOrganisation(row);
}

export function findOrgById(db: Db, id: string): Organisation | undefined {
  const row = db.prepare("SELECT * FROM organisations WHERE id = ?").get(id) as OrgRow | undefined;
  return row && toOrganisation(row);
}

function getOrg(db: Db, id: string): Organisation {
  const org = findOrgById(db, id);
  if (!org) throw new IdentityError(`organisation '${id}' not found`);
  return org;
}

/** The organisation by name, or a one-line error naming it. */
export function requireOrg(db: Db, name: string): Organisation {
  const org = findOrgByName(db, name);
  if (!org) throw new IdentityError(`unknown organisation '${name}'`);
  return org;
}

export function listOrgs(db: Db): (Organisation & { members: number })[] {
  const rows = db
    .prepare(
      `SELECT o.*, (SELECT count(*) FROM memberships m WHERE m.org_id = o.id) AS members
       FROM organisations o ORDER BY o.name`,
    )
    .all() as (OrgRow & { members: number })[];
  return rows.map((r) => ({ ...toOrganisation(r), members: r.members }));
}

export interface OrgChanges {
  subscription?: Subscription;
  analystEnabled?: boolean;
  analystMonthly?: number;
}

export function updateOrg(db: Db, name: string, changes: OrgChanges, now: number): Organisation {
  const org = requireOrg(db, name);
  if (changes.subscription !== undefined && !SUBSCRIPTIONS.includes(changes.subscription))
    throw new IdentityError(
      `invalid subscription '${changes.subscription}': use ${SUBSCRIPTIONS.join(", ")}`,
    );
  if (changes.analystMonthly !== undefined) checkAllowance(changes.analystMonthly);
  db.prepare(
    `UPDATE organisations SET subscription = ?, analyst_enabled = ?, analyst_monthly = ?, updated_at = ?
     WHERE id = ?`,
  ).run(
    changes.subscription ?? org.subscription,
    (changes.analystEnabled ?? org.analystEnabled) ? 1 : 0,
    changes.analystMonthly ?? org.analystMonthly,
    now,
    org.id,
  );
  return getOrg(db, org.id);
}
