import { createInterface } from "node:readline";
import { publicUrls } from "../config/index.js";
import { createInvite } from "../identity/invites.js";
import { setMembershipRole } from "../identity/memberships.js";
import { hashPassword, passwordProblem, storePasswordHash } from "../identity/passwords.js";
import { addUserToOrg, requireUser } from "../identity/users.js";
import { isoTime, onePositional, requireString, splitSubcommand, withAdminContext } from "./cli-support.js";
import { CliError, commandConfig, output, parseCommand } from "./common.js";

const USAGE = `usage: crs users create EMAIL --org NAME [--owner]
       crs users invite EMAIL --org NAME [--owner]
       crs users set-password EMAIL        (the password is read from standard input)
options: --db FILE, --config FILE, --json`;

export async function run(args: string[]): Promise<number> {
  const [sub, rest] = splitSubcommand(args, ["create", "invite", "set-password"], USAGE);
  if (sub === "create") return create(rest);
  if (sub === "invite") return invite(rest);
  return setPassword(rest);
}

async function create(rest: string[]): Promise<number> {
  const { values, positionals } = parseCommand(rest, {
    org: { type: "string" },
    owner: { type: "boolean", default: false },
  });
  const email = onePositional(positionals, "EMAIL");
  const orgName = requireString(values.org, "--org NAME");
  const result = await withAdminContext(values, (c) =>
    c.sql.transaction(async (tx) => {
      const added = await addUserToOrg(tx, { email, orgName }, c.now);
      if (values.owner) await setMembershipRole(tx, added.membership.id, "owner");
      return added;
    }),
  );
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
      ...(values.owner ? { role: "owner" } : {}),
    },
    `${what} ${result.user.email} in '${orgName}'${values.owner ? " (owner)" : ""}`,
  );
  return 0;
}

/** Prints the one-time link to the settings app's set-password page (valid 24 h). */
async function invite(rest: string[]): Promise<number> {
  const { values, positionals } = parseCommand(rest, {
    org: { type: "string" },
    owner: { type: "boolean", default: false },
  });
  const email = onePositional(positionals, "EMAIL");
  const orgName = requireString(values.org, "--org NAME");
  const origin = publicUrls(commandConfig(values)).apiOrigin;
  const result = await withAdminContext(values, (c) =>
    createInvite(c.sql, { email, orgName, owner: values.owner, actor: c.actor }, c.now),
  );
  const link = `${origin}/settings/invite?token=${result.token}`;
  output(
    values.json,
    { email: result.user.email, org: orgName, link, expiresAt: isoTime(result.expiresAt) },
    link,
  );
  process.stderr.write(
    `invited ${result.user.email} to '${orgName}': send them the link above; it works once, until ${isoTime(result.expiresAt)}\n`,
  );
  return 0;
}

/** The operator's password reset: the new password comes from standard input, never from argv. */
async function setPassword(rest: string[]): Promise<number> {
  const { values, positionals } = parseCommand(rest, {});
  const email = onePositional(positionals, "EMAIL");
  // Refuse an unknown user before asking for a password.
  await withAdminContext(values, (c) => requireUser(c.sql, email));
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new CliError(`password refused: ${problem}`);
  const hash = await hashPassword(password);
  const user = await withAdminContext(values, async (c) => {
    const found = await requireUser(c.sql, email);
    await storePasswordHash(c.sql, found.id, hash, c.now);
    return found;
  });
  output(
    values.json,
    { id: user.id, email: user.email, passwordSet: true },
    `password set for ${user.email}; their settings sessions were signed out`,
  );
  return 0;
}

/** From a terminal: asked twice without echo. Otherwise: the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line.replace(/\r$/, "");
    }
    throw new CliError("no password on standard input");
  }
  const first = await promptHidden("New password: ");
  const second = await promptHidden("Repeat it: ");
  if (first !== second) throw new CliError("the two passwords differ");
  return first;
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let text = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new CliError("cancelled"));
        if (char === "\u007f" || char === "\b") text = text.slice(0, -1);
        else text += char;
      }
    };
    stdin.on("data", onData);
  });
}
