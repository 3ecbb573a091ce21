import { addOAuthClient, listOAuthClients, removeOAuthClient } from "../identity/oauth-clients.js";
import { isoTime, onePositional, splitSubcommand, withAdminContext } from "./cli-support.js";
import { CliError, output, parseCommand } from "./common.js";

const USAGE = `usage: crs oauth-clients add CLIENT_ID --org NAME [--org NAME…]
       crs oauth-clients list
       crs oauth-clients remove CLIENT_ID
options: --db FILE, --config FILE, --json`;

export async function run(args: string[]): Promise<number> {
  const [sub, rest] = splitSubcommand(args, ["add", "list", "remove"], USAGE);
  if (sub === "add") {
    const { values, positionals } = parseCommand(rest, { org: { type: "string", multiple: true } });
    const clientId = onePositional(positionals, "CLIENT_ID");
    const orgs = values.org ?? [];
    if (orgs.length === 0)
      throw new CliError("missing --org NAME (repeat it to grant several organisations)");
    const client = await withAdminContext(values, (c) => addOAuthClient(c.sql, clientId, orgs, c.now));
    output(values.json, client, `OAuth client '${client.clientId}' granted: ${client.orgs.join(", ")}`);
    return 0;
  }
  if (sub === "list") {
    const { values, positionals } = parseCommand(rest, {});
    if (positionals.length > 0) throw new CliError("'oauth-clients list' takes no arguments");
    const clients = await withAdminContext(values, (c) => listOAuthClients(c.sql));
    const lines = clients.map(
      (c) => `${c.clientId}\t${c.orgs.join(",") || "-"}\tadded ${isoTime(c.createdAt)}`,
    );
    output(values.json, clients, lines.length ? lines.join("\n") : "no OAuth clients");
    return 0;
  }
  const { values, positionals } = parseCommand(rest, {});
  const clientId = onePositional(positionals, "CLIENT_ID");
  await withAdminContext(values, (c) => removeOAuthClient(c.sql, clientId));
  output(values.json, { clientId, removed: true }, `removed OAuth client '${clientId}'`);
  return 0;
}
