import { parentPort, workerData } from "node:worker_threads";
import { configureSearch } from "../search-tuning.js";
import { openDb } from "./connection.js";
import { SqliteFacts } from "./facts.js";
import type { FactsReply, FactsRequest } from "./facts-thread.js";

/** The facts thread (see FactsThread): one read-only connection, one read at a time, in order. */
const { file } = workerData as { file: string };
const facts = new SqliteFacts(openDb(file, { readonly: true, migrate: false }), null);
const port = parentPort as NonNullable<typeof parentPort>;

port.on("message", async (request: FactsRequest) => {
  let reply: FactsReply;
  try {
    configureSearch(request.tuning);
    const read = facts[request.method] as (...args: unknown[]) => Promise<unknown>;
    reply = { id: request.id, value: await read.apply(facts, request.args) };
  } catch (error) {
    reply = { id: request.id, error: (error as Error).message };
  }
  port.postMessage(reply);
});
