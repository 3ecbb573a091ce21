import { type ParseArgsConfig, parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../config/index.js";

/** A user-caused CLI failure: printed as one line, non-zero exit, no stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** `--help` where the command answers with its usage: printed on stdout, exit 0. */
export class UsageRequested extends CliError {
  constructor(usage: string) {
    super(usage, 0);
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  db: { type: "string" },
  config: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const satisfies Options;

/** Parses argv strictly (unknown flags are an error) and loads the configuration with the flags applied. */
export function parseCommand<O extends Options>(args: string[], options: O, allowPositionals = true) {
  let parsed: ReturnType<
    typeof parseArgs<{
      args: string[];
      options: O & typeof COMMON_OPTIONS;
      allowPositionals: boolean;
      strict: true;
    }>
  >;
  try {
    parsed = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  return parsed;
}

export function commandConfig(
  values: { db?: unknown; config?: unknown },
  flags: Record<string, unknown> = {},
): Config {
  try {
    return loadConfig({
      flags: { db: values.db, ...flags },
      configFile: typeof values.config === "string" ? values.config : undefined,
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** Prints either JSON (for --json) or a human line. */
export function output(json: boolean, value: unknown, human: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human}\n`);
}
