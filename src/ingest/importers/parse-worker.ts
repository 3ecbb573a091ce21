import { parentPort, workerData } from "node:worker_threads";
import { type ParseOptions, parseChunks } from "./parse-chunks.js";
import type { WorkerMessage, WorkerRequest } from "./parse-in-worker.js";
import type { Container } from "./read-records.js";
import { encodeRecords } from "./record-codec.js";
import { ImportFileError } from "./types.js";

/**
 * The parse worker: runs parseChunks over one file and posts each chunk (records encoded flat, see
 * record-codec) to the importing thread, staying at most `lookahead` records ahead of what it has taken.
 */
const { file, container, options, lookahead } = workerData as {
  file: string;
  container: Container;
  options: ParseOptions;
  lookahead: number;
};
const port = parentPort;
if (!port) throw new Error("parse-worker runs as a worker thread");

let ahead = 0;
let wake: (() => void) | null = null;
port.on("message", (request: WorkerRequest) => {
  ahead -= request.taken;
  wake?.();
});

const post = (message: WorkerMessage) => port.postMessage(message);

try {
  for await (const chunk of parseChunks(file, container, options)) {
    while (ahead >= lookahead) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    ahead += chunk.records.length;
    const { records, ...rest } = chunk;
    post({ kind: "chunk", ...rest, records: encodeRecords(records) });
  }
  post({ kind: "end" });
} catch (error) {
  const fileError = error instanceof ImportFileError;
  post({ kind: "error", message: (error as Error).message, stack: (error as Error).stack, fileError });
}
port.unref(); // the importing thread has all it needs: let the worker exit
