import { CliError } from "./common.js";

// Placeholder until this command's layer lands; it fails loudly rather than pretending.
export async function run(_args: string[]): Promise<number> {
  throw new CliError("'mcp' is not available in this build yet");
}
