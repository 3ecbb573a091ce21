import type { SqlClient } from "../store/sql-client.js";
import { IdentityError } from "./identity-error.js";
import { type Organisation, requireOrg } from "./orgs.js";

export interface OAuthClient {
  clientId: string;
  createdAt: number;
  /** Names of the organisations the client may act for. */
  orgs: string[];
}

// Client ids come from the authorization server: printable, no spaces, bounded.
const CLIENT_ID = /^[\x21-\x7e]{1,200}$/;

/** Registers the client (if new) and grants it each organisation; granting twice is harmless. */
export async function addOAuthClient(
  sql: SqlClient,
  clientId: string,
  orgNames: string[],
  now: number,
): Promise<OAuthClient> {
  if (!CLIENT_ID.test(clientId)) throw new IdentityError(`invalid client id '${clientId}'`);
  if (orgNames.length === 0) throw new IdentityError("grant at least one organisation with --org NAME");
  const orgs: Organisation[] = [];
  for (const name of orgNames) orgs.push(await requireOrg(sql, name));
  await sql.transaction(async (tx) => {
    await tx.run("INSERT INTO oauth_clients (client_id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING", [
      clientId,
      now,
    ]);
    for (const org of orgs)
      await tx.run(
        "INSERT INTO oauth_client_grants (client_id, org_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        [clientId, org.id],
      );
  });
  return getOAuthClient(sql, clientId);
}

export async function listOAuthClients(sql: SqlClient): Promise<OAuthClient[]> {
  const rows = await sql.all<{ client_id: string; created_at: number; org_name: string | null }>(
    `SELECT c.client_id, c.created_at, o.name AS org_name FROM oauth_clients c
     LEFT JOIN oauth_client_grants g ON g.client_id = c.client_id
     LEFT JOIN organisations o ON o.id = g.org_id
     ORDER BY c.client_id, o.name`,
  );
  const clients = new Map<string, OAuthClient>();
  for (const r of rows) {
    const client = clients.get(r.client_id) ?? { clientId: r.client_id, createdAt: r.created_at, orgs: [] };
    if (r.org_name !== null) client.orgs.push(r.org_name);
    clients.set(r.client_id, client);
  }
  return [...clients.values()];
}

async function getOAuthClient(sql: SqlClient, clientId: string): Promise<OAuthClient> {
  const client = (await listOAuthClients(sql)).find((c) => c.clientId === clientId);
  if (!client) throw new IdentityError(`unknown OAuth client '${clientId}'`);
  return client;
}

/** Removes the client and its grants: its tokens stop working on the next request. */
export async function removeOAuthClient(sql: SqlClient, clientId: string): Promise<void> {
  const { changes } = await sql.run("DELETE FROM oauth_clients WHERE client_id = ?", [clientId]);
  if (changes === 0) throw new IdentityError(`unknown OAuth client '${clientId}'`);
}

export async function isClientRegistered(sql: SqlClient, clientId: string): Promise<boolean> {
  return (await sql.get("SELECT 1 AS one FROM oauth_clients WHERE client_id = ?", [clientId])) !== undefined;
}

export async function isClientGranted(sql: SqlClient, clientId: string, orgId: string): Promise<boolean> {
  const row = await sql.get("SELECT 1 AS one FROM oauth_client_grants WHERE client_id = ? AND org_id = ?", [
    clientId,
    orgId,
  ]);
  return row !== undefined;
}
