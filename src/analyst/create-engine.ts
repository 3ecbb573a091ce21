import type { Config } from "../config/index.js";
import type { ToolRegistry } from "../registry/invoke.js";
import type { AnalystEngine, EngineDeps } from "./engine.js";
import { LocalEngine } from "./local/engine.js";

/**
 * CRS_ANALYST_ENGINE: `local` (default, offline) or `anthropic` (Claude with tool use over the registry). The
 * Claude engine's SDK is loaded only when chosen: 240 ms of the 1.0 s `crs mcp` took to answer `initialize`.
 */
export async function createEngine(
  config: Config,
  deps: EngineDeps,
  registry: ToolRegistry,
): Promise<AnalystEngine> {
  if (config.analystEngine !== "anthropic") return new LocalEngine(deps);
  const { createAnthropicEngine } = await import("./anthropic/engine.js");
  return createAnthropicEngine(config, registry, deps);
}
