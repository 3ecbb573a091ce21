import type { Embedder } from "./embedder.js";
import { HookMoveEmbedder } from "./hook-model.js";

/** The hook model (hook-model.ts); HashingEmbedder remains for comparison and tests. */
export const defaultEmbedder: Embedder = new HookMoveEmbedder();
