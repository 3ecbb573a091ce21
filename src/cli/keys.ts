import {
  createKey,
  type IssuedKey,
  listKeys,
  revealDefaultKey,
  revokeKey,
  rotateKey,
} from "../identity/keys.js";
import { requireOrg } from "../identity/orgs.js";
import { parseKeyScopes } from "../identity/scopes.js";
import { DAY } from "../shared/clock.js";
import {
  isoTime,
  onePositional,
  parseCount,
  requireString,
  splitSubcommand,
  withAdminContext,
} from "./cli-support.js";
import { CliError, output, parseCommand } from "./common.js";

const USAGE = `usage: crs keys reveal --org NAME --user EMAIL
       crs keys create --org NAME --user EMAIL [--scopes content:read,agent:request] [--label L] [--expires-in-days N]
       crs keys list --org NAME
       crs keys rotate ID
       crs keys revoke ID
options: --db FILE, --config FILE, --json`;

const SUBCOMMANDS = ["reveal", "create", "list", "rotate", "revoke"] as const;

/** The one-time secret: alone on stdout (scriptable), the warning on stderr. */
function printSecret(json: boolean, key: IssuedKey, extra: Record<string, unknown> = {}): void {
  output(
    json,
    { id: key.id, secret: key.secret, prefix: key.prefix, scopes: key.scopes, ...extra },
    key.secret,
  );
  process.stderr.write(
    `key ${key.id} (prefix ${key.prefix}): the secret is shown once and cannot be shown again\n`,
  );
}

export async function run(args: string[]): Promise<number> {
  const [sub, rest] = splitSubcommand(args, SUBCOMMANDS, USAGE);
  switch (sub) {
    case "reveal":
      return reveal(rest);
    case "create":
      return create(rest);
    case "list":
      return list(rest);
    default:
      return rotateOrRevoke(sub, rest);
  }
}

async function reveal(rest: string[]): Promise<number> {
  const { values } = parseCommand(rest, { org: { type: "string" }, user: { type: "string" } }, false);
  const orgName = requireString(values.org, "--org NAME");
  const email = requireString(values.user, "--user EMAIL");
  const key = await withAdminContext(values, (c) =>
    revealDefaultKey(c.sql, c.secret, { orgName, email, actor: c.actor }, c.now),
  );
  printSecret(values.json, key);
  return 0;
}

async function create(rest: string[]): Promise<number> {
  const { values } = parseCommand(
    rest,
    {
      org: { type: "string" },
      user: { type: "string" },
      scopes: { type: "string" },
      label: { type: "string" },
      "expires-in-days": { type: "string" },
    },
    false,
  );
  const orgName = requireString(values.org, "--org NAME");
  const email = requireString(values.user, "--user EMAIL");
  const days = parseCount(values["expires-in-days"], "--expires-in-days");
  if (days === 0) throw new CliError("--expires-in-days must be at least 1");
  const key = await withAdminContext(values, (c) => {
    const scopes = parseKeyScopes(values.scopes ?? "content:read");
    const expiresAt = days === undefined ? null : c.now + days * DAY;
    return createKey(
      c.sql,
      c.secret,
      { orgName, email, scopes, label: values.label, expiresAt, actor: c.actor },
      c.now,
    );
  });
  // The contract: `keys create` prints JSON {"id","secret","prefix","scopes"} once, with or without --json.
  printSecret(true, key);
  return 0;
}

async function list(rest: string[]): Promise<number> {
  const { values } = parseCommand(rest, { org: { type: "string" } }, false);
  const orgName = requireString(values.org, "--org NAME");
  const keys = await withAdminContext(values, async (c) =>
    listKeys(c.sql, (await requireOrg(c.sql, orgName)).id, c.now),
  );
  const lines = keys.map((k) =>
    [
      k.masked,
      k.id,
      k.userEmail,
      k.isDefault ? "default" : k.label || "-",
      k.scopes.join(","),
      k.state,
      `created ${isoTime(k.createdAt)}`,
      `last used ${isoTime(k.lastUsedAt)}`,
      k.expiresAt === null ? "" : `expires ${isoTime(k.expiresAt)}`,
    ]
      .filter(Boolean)
      .join("\t"),
  );
  output(values.json, keys, lines.length ? lines.join("\n") : `no keys in '${orgName}'`);
  return 0;
}

async function rotateOrRevoke(sub: "rotate" | "revoke", rest: string[]): Promise<number> {
  const { values, positionals } = parseCommand(rest, {});
  const id = onePositional(positionals, "key ID");
  if (sub === "rotate") {
    const key = await withAdminContext(values, (c) => rotateKey(c.sql, c.secret, id, c.actor, c.now));
    printSecret(values.json, key, { replaces: id });
    return 0;
  }
  const revoked = await withAdminContext(values, (c) => revokeKey(c.sql, id, c.actor, c.now));
  output(values.json, revoked, `revoked ${revoked.masked} (${revoked.id})`);
  return 0;
}
