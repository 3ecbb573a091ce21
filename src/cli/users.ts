import { onePositional, requireString, splitSubcommand, withAdminContext } from "../identity/cli-support.js";
import { addUserToOrg } from "../identity/users.js";
import { output, parseCommand } from "./common.js";

const USAGE = `usage: crs users create EMAIL --org NAME
options: --db FILE, --config FILE, --json`;

export async function run(args: string[]): Promise<number> {
  const [, rest] = splitSubcommand(args, ["create"], USAGE);
  const { values, positionals } = parseCommand(rest, { org: { type: "string" } });
  const email = onePositional(positionals, "EMAIL");
  const orgName = requireString(values.org, "--org NAME");
  const result = await withAdminContext(values, (c) => addUserToOrg(c.db, { email, orgName }, c.now));
  const what = result.createdUser
    ? "created user"
    : result.createdMembership
      ? "added existing user"
      : "user already a member:";
  output(
    values.json,
    {
      id: result.user.id,
      email: result.user.email,
      org: orgName,
      membershipId: result.membership.id,
      createdUser: result.createdUser,
      createdMembership: result.createdMembership,
    },
    `${what} ${result.user.email} in '${orgName}'`,
  );
  return 0;
}
