import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAdminClock } from "../../../src/cli/cli-support.js";
import { CliError, UsageRequested } from "../../../src/cli/common.js";
import { run as keys } from "../../../src/cli/keys.js";
import { run as oauthClients } from "../../../src/cli/oauth-clients.js";
import { run as orgs } from "../../../src/cli/orgs.js";
import { run as users } from "../../../src/cli/users.js";
import { publicUrls } from "../../../src/config/index.js";
import { createAuthenticator } from "../../../src/identity/authenticate.js";
import { fixedClock } from "../../../src/shared/clock.js";
import { openDb } from "../../../src/store/connection.js";
import { resolveSecret } from "../../../src/store/secret.js";
import { tempDb } from "../../helpers/db.js";
import { sqlOf } from "../../helpers/sql.js";
import { memoryLogger, NOW, testConfig } from "./fixtures.js";

let out = "";
let file = "";

beforeEach(() => {
  out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  vi.stubEnv("CRS_SECRET", "");
  setAdminClock(fixedClock(NOW));
  const temp = tempDb();
  temp.db.close();
  file = temp.file;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Runs a command in-process and returns what it printed. */
async function crs(command: (args: string[]) => Promise<number>, ...args: string[]): Promise<string> {
  out = "";
  expect(await command([...args, "--db", file])).toBe(0);
  return out;
}

async function crsJson<T>(command: (args: string[]) => Promise<number>, ...args: string[]): Promise<T> {
  return JSON.parse(await crs(command, ...args, "--json")) as T;
}

/** Authenticates against the same database the CLI wrote, as a server process would. */
async function serverAuth() {
  const db = openDb(file);
  const config = testConfig();
  return createAuthenticator({
    sql: sqlOf(db),
    secret: await resolveSecret(sqlOf(db), config),
    clock: fixedClock(NOW),
    config,
    urls: publicUrls(config),
    logger: memoryLogger().logger,
  });
}

const call = (secret: string) => ({
  headers: { authorization: `Bearer ${secret}` },
  url: "/v1/videos",
  endpoint: "rest" as const,
});

describe("crs orgs / users / keys / oauth-clients", () => {
  it("round-trips create → use → rotate (old fails, new works) → revoke (fails)", async () => {
    await crs(orgs, "create", "acme", "--analyst-monthly", "25");
    await crs(users, "create", "ana@acme.test", "--org", "acme");
    const created = JSON.parse(
      await crs(
        keys,
        "create",
        "--org",
        "acme",
        "--user",
        "ana@acme.test",
        "--scopes",
        "content:read",
        "--label",
        "ci",
      ),
    ) as { id: string; secret: string; prefix: string; scopes: string[] };
    expect(Object.keys(created)).toEqual(["id", "secret", "prefix", "scopes"]);
    expect(created.scopes).toEqual(["content:read"]);
    const auth = await serverAuth();
    await expect(auth.authenticate(call(created.secret))).resolves.toMatchObject({ keyId: created.id });

    const rotated = await crsJson<{ id: string; secret: string; replaces: string }>(
      keys,
      "rotate",
      created.id,
    );
    expect(rotated.replaces).toBe(created.id);
    await expect(auth.authenticate(call(created.secret))).rejects.toMatchObject({ status: 401 });
    await expect(auth.authenticate(call(rotated.secret))).resolves.toMatchObject({
      keyId: rotated.id,
      scopes: ["content:read"],
    });

    expect(await crs(keys, "revoke", rotated.id)).toMatch(/^revoked crs_[a-z0-9]{8}_…/);
    await expect(auth.authenticate(call(rotated.secret))).rejects.toMatchObject({ status: 401 });

    const listed = await crsJson<{ state: string; masked: string; label: string }[]>(
      keys,
      "list",
      "--org",
      "acme",
    );
    expect(listed.map((k) => [k.state, k.label])).toEqual([
      ["rotated", "ci"],
      ["revoked", "ci"],
    ]);
    const human = await crs(keys, "list", "--org", "acme");
    expect(human).toContain(`crs_${created.prefix}_…`);
    expect(human).not.toContain(created.secret);
  });

  it("reveals the default key once (human output is the bare secret), then refuses", async () => {
    await crs(orgs, "create", "acme");
    await crs(users, "create", "ana@acme.test", "--org", "acme");
    const secret = (await crs(keys, "reveal", "--org", "acme", "--user", "ana@acme.test")).trim();
    expect(secret).toMatch(/^crs_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
    await expect(keys(["reveal", "--org", "acme", "--user", "ana@acme.test", "--db", file])).rejects.toThrow(
      /rotate/,
    );
    await expect((await serverAuth()).authenticate(call(secret))).resolves.toMatchObject({
      scopes: ["content:read", "agent:request"],
    });
  });

  it("manages organisations: list and set subscription, analyst, allowance", async () => {
    await crs(orgs, "create", "acme");
    const set = await crsJson<{ subscription: string; analystEnabled: boolean; analystMonthly: number }>(
      orgs,
      "set",
      "acme",
      "--subscription",
      "past_due",
      "--analyst",
      "off",
      "--analyst-monthly",
      "7",
    );
    expect(set).toMatchObject({ subscription: "past_due", analystEnabled: false, analystMonthly: 7 });
    const listed = await crsJson<{ name: string; analystMonthly: number; members: number }[]>(orgs, "list");
    expect(listed).toEqual([expect.objectContaining({ name: "acme", analystMonthly: 7, members: 0 })]);
    expect(await crs(orgs, "list")).toMatch(/^acme\tpast_due\tanalyst off\t7\/month/);
  });

  it("adds a second membership for an existing user", async () => {
    await crs(orgs, "create", "acme");
    await crs(orgs, "create", "beta");
    const first = await crsJson<{ id: string; createdUser: boolean }>(
      users,
      "create",
      "ana@acme.test",
      "--org",
      "acme",
    );
    const second = await crsJson<{ id: string; createdUser: boolean; createdMembership: boolean }>(
      users,
      "create",
      "ana@acme.test",
      "--org",
      "beta",
    );
    expect(second).toMatchObject({ id: first.id, createdUser: false, createdMembership: true });
  });

  it("registers, lists and removes OAuth clients", async () => {
    await crs(orgs, "create", "acme");
    await crs(orgs, "create", "beta");
    await crs(oauthClients, "add", "claude", "--org", "acme", "--org", "beta");
    expect(await crsJson(oauthClients, "list")).toEqual([
      expect.objectContaining({ clientId: "claude", orgs: ["acme", "beta"] }),
    ]);
    await crs(oauthClients, "remove", "claude");
    expect(await crsJson(oauthClients, "list")).toEqual([]);
  });

  it("fails with one-line errors on bad input", async () => {
    await crs(orgs, "create", "acme");
    await crs(users, "create", "ana@acme.test", "--org", "acme");
    const bad: [(args: string[]) => Promise<number>, string[], RegExp][] = [
      [orgs, ["create", "acme"], /already exists/],
      [orgs, ["create", "bad/name"], /invalid organisation name/],
      [orgs, ["create", "x", "--analyst-monthly", "-3"], /non-negative integer|argument/],
      [orgs, ["set", "acme", "--subscription", "paused"], /--subscription must be one of/],
      [orgs, ["set", "acme", "--analyst", "maybe"], /on or off/],
      [orgs, ["set", "nope", "--analyst", "on"], /unknown organisation 'nope'/],
      [orgs, ["set", "acme"], /nothing to set/],
      [orgs, ["frobnicate"], /unknown sub-command/],
      [orgs, ["--json", "list"], /the sub-command comes first/],
      [users, ["create", "not-an-email", "--org", "acme"], /invalid email/],
      [users, ["create", "bo@acme.test", "--org", "nope"], /unknown organisation/],
      [users, ["create", "bo@acme.test"], /missing --org/],
      [
        keys,
        ["create", "--org", "acme", "--user", "ana@acme.test", "--scopes", "content:write"],
        /unknown scope/,
      ],
      [keys, ["create", "--org", "acme", "--user", "nobody@acme.test"], /unknown user/],
      [keys, ["reveal", "--org", "nope", "--user", "ana@acme.test"], /unknown organisation/],
      [keys, ["list", "--org", "nope"], /unknown organisation/],
      [keys, ["rotate", "does-not-exist"], /unknown key/],
      [keys, ["revoke"], /exactly one key ID/],
      [keys, ["list", "--org", "acme", "--bogus"], /Unknown option/],
      [oauthClients, ["add", "claude"], /missing --org/],
      [oauthClients, ["add", "claude", "--org", "nope"], /unknown organisation/],
      [oauthClients, ["remove", "ghost"], /unknown OAuth client/],
    ];
    for (const [command, args, message] of bad) {
      const error = await command([...args, "--db", file]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, args.join(" ")).toBeInstanceOf(CliError);
      expect((error as CliError).message, args.join(" ")).toMatch(message);
      expect((error as CliError).message.split("\n")[0]?.length).toBeGreaterThan(0);
    }
  });

  it("answers --help with the usage (exit 0, stdout in crs) and never runs the sub-command", async () => {
    await crs(orgs, "create", "acme");
    const calls: [(args: string[]) => Promise<number>, string[], RegExp][] = [
      [keys, ["--help"], /crs keys reveal/],
      [keys, ["create", "--help"], /crs keys reveal/],
      [orgs, ["-h"], /crs orgs create/],
      [orgs, ["create", "beta", "--help"], /crs orgs create/],
      [users, ["create", "--help"], /crs users create/],
      [oauthClients, ["list", "--help"], /crs oauth-clients add/],
    ];
    for (const [command, args, usage] of calls) {
      const error = await command([...args, "--db", file]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, args.join(" ")).toBeInstanceOf(UsageRequested);
      expect((error as UsageRequested).exitCode).toBe(0);
      expect((error as UsageRequested).message).toMatch(usage);
    }
    // `orgs create beta --help` created nothing.
    expect((await crsJson<{ name: string }[]>(orgs, "list")).map((o) => o.name)).toEqual(["acme"]);
    // The built command line prints it on stdout and exits 0.
    const cli = spawnSync(process.execPath, ["dist/cli.js", "keys", "list", "--help"], { encoding: "utf8" });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(/^usage: crs keys reveal/);
    expect(cli.stderr).toBe("");
  });
});
