import { Worker } from "node:worker_threads";
import { workerAvailable } from "../../shared/worker-channel.js";
import type { ParsedChunk, ParseOptions } from "./parse-chunks.js";
import type { Container } from "./read-records.js";
import { decodeRecords, type EncodedRecords } from "./record-codec.js";
import { ImportFileError } from "./types.js";

/** What the parse worker posts: a chunk (records encoded), the end of the file, or why it stopped. */
export type WorkerMessage =
  | ({ kind: "chunk"; records: EncodedRecords } & Omit<ParsedChunk, "records">)
  | { kind: "end" }
  | { kind: "error"; message: string; stack?: string; fileError: boolean };

/** What the importing thread posts back: how many records it took, so the worker may read that many more. */
export interface WorkerRequest {
  taken: number;
}

const WORKER_URL = new URL("./parse-worker.js", import.meta.url);

/** False when running from the TypeScript sources (the tests), which a worker thread cannot load. */
export const parseWorkerAvailable = (): boolean => workerAvailable(WORKER_URL);

/**
 * parseChunks on a worker thread: reading, JSON decoding and mapping (about a fifth of an import's time)
 * run on the other core while this thread writes the previous batch. The worker stays at most `lookahead`
 * records ahead; it is stopped when the caller stops early (an error while writing, say).
 */
export async function* parseChunksInWorker(
  file: string,
  container: Container,
  options: ParseOptions,
  lookahead: number,
): AsyncGenerator<ParsedChunk> {
  const worker = new Worker(WORKER_URL, { workerData: { file, container, options, lookahead } });
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on("message", (message: WorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on("error", (error) => {
    failure = error;
    notify();
  });
  worker.on("exit", () => {
    exited = true;
    notify();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (message === undefined) {
        if (failure) throw failure;
        if (exited) throw new Error(`${file}: the parse worker stopped without finishing`);
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.kind === "end") return;
      if (message.kind === "error") {
        if (message.fileError) throw new ImportFileError(message.message);
        throw Object.assign(new Error(message.message), { stack: message.stack });
      }
      const { kind: _, records, ...rest } = message;
      const decoded = decodeRecords(records);
      worker.postMessage({ taken: decoded.length } satisfies WorkerRequest);
      yield { ...rest, records: decoded };
    }
  } finally {
    await worker.terminate();
  }
}
