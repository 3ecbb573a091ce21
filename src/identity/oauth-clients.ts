import type { Db } from "../store/connection.js";
import { IdentityError } from "./identity-error.js";
import { requireOrg } from "./orgs.js";

export interface OAuthClient {
  clientId: string;
  createdAt: number;
  /** Names of the organisations the client may act for. */
  orgs: string[];
}

// Client ids come from the authorization server: printable, no spaces, bounded.
const CLIENT_ID = /^[\x21-\x7e]{1,200}$/;

/** Registers the client (if new) and grants it each organisation; granting twice is harmless. */
export function addOAuthClient(db: Db, clientId: string, orgNames: string[], now: number): OAuthClient {
  if (!CLIENT_ID.test(clientId)) throw new IdentityError(`invalid client id '${clientId}'`);
  if (orgNames.length === 0) throw new IdentityError("grant at least one organisation with --org NAME");
  const orgs = orgNames.map((name) => requireOrg(db, name));
  db.transaction(() => {
    db.prepare("INSERT OR IGNORE INTO oauth_clients (client_id, created_at) VALUES (?, ?)").run(
      clientId,
      now,
    );
    const grant = db.prepare("INSERT OR IGNORE INTO oauth_client_grants (client_id, org_id) VALUES (?, ?)");
    for (const org of orgs) grant.run(clientId, org.id);
  })();
  return getOAuthClient(db, clientId);
}

export function listOAuthClients(db: Db): OAuthClient[] {
  const rows = db
    .prepare(
      `SELECT c.client_id, c.created_at, o.name AS org_name FROM oauth_clients c
       LEFT JOIN oauth_client_grants g ON g.client_id = c.client_id
       LEFT JOIN organisations o ON o.id = g.org_id
       ORDER BY c.client_id, o.name`,
    )
    .all() as { client_id: string; created_at: number; org_name: string | null }[];
  const clients = new Map<string, OAuthClient>();
  for (const r of rows) {
    const client = clients.get(r.client_id) ?? { clientId: r.client_id, createdAt: r.created_at, orgs: [] };
    if (r.org_name !== null) client.orgs.push(r.org_name);
    clients.set(r.client_id, client);
  }
  return [...clients.values()];
}

function getOAuthClient(db: Db, clientId: string): OAuthClient {
  const client = listOAuthClients(db).find((c) => c.clientId === clientId);
  if (!client) throw new IdentityError(`unknown OAuth client '${clientId}'`);
  return client;
}

/** Removes the client and its grants: its tokens stop working on the next request. */
export function removeOAuthClient(db: Db, clientId: string): void {
  const removed = db.prepare("DELETE FROM oauth_clients WHERE client_id = ?").run(clientId).changes;
  if (removed === 0) throw new IdentityError(`unknown OAuth client '${clientId}'`);
}

export function isClientRegistered(db: Db, clientId: string): boolean {
  return db.prepare("SELECT 1 FROM oauth_clients WHERE client_id = ?").get(clientId) !== undefined;
}

export function isClientGranted(db: Db, clientId: string, orgId: string): boolean {
  return (
    db
      .prepare("SELECT 1 FROM oauth_client_grants WHERE client_id = ? AND org_id = ?")
      .get(clientId, orgId) !== undefined
  );
}
