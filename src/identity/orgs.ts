import { randomUUID } from "node:crypto";
import type { SqlClient } from "../store/sql-client.js";
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

export async function createOrg(
  sql: SqlClient,
  input: { name: string; analystMonthly?: number; analystEnabled?: boolean },
  now: number,
): Promise<Organisation> {
  const name = input.name.trim();
  if (!ORG_NAME.test(name))
    throw new IdentityError(
      `invalid organisation name '${name}': use 1-64 letters, digits, spaces, '.', '-' or '_'`,
    );
  const analystMonthly = input.analystMonthly ?? DEFAULT_ANALYST_MONTHLY;
  checkAllowance(analystMonthly);
  const exists = () => new IdentityError(`organisation '${name}' already exists`);
  if (await findOrgByName(sql, name)) throw exists();
  const id = randomUUID();
  // A name taken since the check (another process) is the same refusal, not a constraint error.
  const { changes } = await sql.run(
    `INSERT INTO organisations (id, name, subscription, analyst_enabled, analyst_monthly, created_at, updated_at)
     VALUES (?, ?, 'active', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    [id, name, input.analystEnabled === false ? 0 : 1, analystMonthly, now, now],
  );
  if (changes === 0) throw exists();
  return getOrg(sql, id);
}

export async function findOrgByName(sql: SqlClient, name: string): Promise<Organisation | undefined> {
  const row = await sql.get<OrgRow>("SELECT * FROM organisations WHERE name = ?", [name]);
  return row && toOrganisation(row);
}

export async function findOrgById(sql: SqlClient, id: string): Promise<Organisation | undefined> {
  const row = await sql.get<OrgRow>("SELECT * FROM organisations WHERE id = ?", [id]);
  return row && toOrganisation(row);
}

async function getOrg(sql: SqlClient, id: string): Promise<Organisation> {
  const org = await findOrgById(sql, id);
  if (!org) throw new IdentityError(`organisation '${id}' not found`);
  return org;
}

/** The organisation by name, or a one-line error naming it. */
export async function requireOrg(sql: SqlClient, name: string): Promise<Organisation> {
  const org = await findOrgByName(sql, name);
  if (!org) throw new IdentityError(`unknown organisation '${name}'`);
  return org;
}

export async function listOrgs(sql: SqlClient): Promise<(Organisation & { members: number })[]> {
  const rows = await sql.all<OrgRow & { members: number }>(
    `SELECT o.*, (SELECT count(*) FROM memberships m WHERE m.org_id = o.id) AS members
     FROM organisations o ORDER BY o.name`,
  );
  return rows.map((r) => ({ ...toOrganisation(r), members: r.members }));
}

export interface OrgChanges {
  subscription?: Subscription;
  analystEnabled?: boolean;
  analystMonthly?: number;
}

export async function updateOrg(
  sql: SqlClient,
  name: string,
  changes: OrgChanges,
  now: number,
): Promise<Organisation> {
  const org = await requireOrg(sql, name);
  if (changes.subscription !== undefined && !SUBSCRIPTIONS.includes(changes.subscription))
    throw new IdentityError(
      `invalid subscription '${changes.subscription}': use ${SUBSCRIPTIONS.join(", ")}`,
    );
  if (changes.analystMonthly !== undefined) checkAllowance(changes.analystMonthly);
  await sql.run(
    `UPDATE organisations SET subscription = ?, analyst_enabled = ?, analyst_monthly = ?, updated_at = ?
     WHERE id = ?`,
    [
      changes.subscription ?? org.subscription,
      (changes.analystEnabled ?? org.analystEnabled) ? 1 : 0,
      changes.analystMonthly ?? org.analystMonthly,
      now,
      org.id,
    ],
  );
  return getOrg(sql, org.id);
}
