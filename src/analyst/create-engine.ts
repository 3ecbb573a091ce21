import type { Config } from "../config/index.js";
import type { ToolRegistry } from "../registry/invoke.js";
import { createAnthropicEngine } from "./anthropic/engine.js";
import type { AnalystEngine, EngineDeps } from "./engine.js";
import { LocalEngine } from "./local/engine.js";

/** CRS_ANALYST_ENGINE: `local` (default, offline) or `anthropic` (Claude with tool use over the registry). */
export function createEngine(config: Config, deps: EngineDeps, registry: ToolRegistry): AnalystEngine {
  if (config.analystEngine === "anthropic") return createAnthropicEngine(config, registry, deps);
  return new LocalEngine(deps);
}
