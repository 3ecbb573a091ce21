import { createOrg, listOrgs, SUBSCRIPTIONS, type Subscription, updateOrg } from "../identity/orgs.js";
import { isoTime, onePositional, parseCount, splitSubcommand, withAdminContext } from "./cli-support.js";
import { CliError, output, parseCommand } from "./common.js";

const USAGE = `usage: crs orgs create NAME [--analyst-monthly N]
       crs orgs list
       crs orgs set NAME [--subscription active|past_due|canceled] [--analyst on|off] [--analyst-monthly N]
options: --db FILE, --config FILE, --json`;

export async function run(args: string[]): Promise<number> {
  const [sub, rest] = splitSubcommand(args, ["create", "list", "set"], USAGE);
  if (sub === "create") {
    const { values, positionals } = parseCommand(rest, { "analyst-monthly": { type: "string" } });
    const name = onePositional(positionals, "organisation NAME");
    const analystMonthly = parseCount(values["analyst-monthly"], "--analyst-monthly");
    const org = await withAdminContext(values, (c) => createOrg(c.sql, { name, analystMonthly }, c.now));
    output(values.json, org, `created organisation '${org.name}' (${org.id})`);
    return 0;
  }
  if (sub === "list") {
    const { values, positionals } = parseCommand(rest, {});
    if (positionals.length > 0) throw new CliError("'orgs list' takes no arguments");
    const orgs = await withAdminContext(values, (c) => listOrgs(c.sql));
    const lines = orgs.map(
      (o) =>
        `${o.name}\t${o.subscription}\tanalyst ${o.analystEnabled ? "on" : "off"}\t${o.analystMonthly}/month\t${o.members} members\tcreated ${isoTime(o.createdAt)}`,
    );
    output(values.json, orgs, lines.length ? lines.join("\n") : "no organisations");
    return 0;
  }
  const { values, positionals } = parseCommand(rest, {
    subscription: { type: "string" },
    analyst: { type: "string" },
    "analyst-monthly": { type: "string" },
  });
  const name = onePositional(positionals, "organisation NAME");
  const subscription = values.subscription;
  if (subscription !== undefined && !SUBSCRIPTIONS.includes(subscription as Subscription))
    throw new CliError(`--subscription must be one of ${SUBSCRIPTIONS.join(", ")}, got '${subscription}'`);
  if (values.analyst !== undefined && values.analyst !== "on" && values.analyst !== "off")
    throw new CliError(`--analyst must be on or off, got '${values.analyst}'`);
  const changes = {
    subscription: subscription as Subscription | undefined,
    analystEnabled: values.analyst === undefined ? undefined : values.analyst === "on",
    analystMonthly: parseCount(values["analyst-monthly"], "--analyst-monthly"),
  };
  if (Object.values(changes).every((v) => v === undefined))
    throw new CliError("nothing to set: give --subscription, --analyst or --analyst-monthly");
  const org = await withAdminContext(values, (c) => updateOrg(c.sql, name, changes, c.now));
  output(
    values.json,
    org,
    `'${org.name}': ${org.subscription}, analyst ${org.analystEnabled ? "on" : "off"}, ${org.analystMonthly}/month`,
  );
  return 0;
}
