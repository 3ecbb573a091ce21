import type { ReadProgress } from "./read-records.js";

/** A one-line progress bar on stderr, redrawn at most every 100 ms; only used when stderr is a TTY. */
export function progressBar(file: string): {
  update: (records: number, p: ReadProgress) => void;
  done: () => void;
} {
  let last = 0;
  const width = 30;
  return {
    update(records, p) {
      const at = Date.now();
      if (at - last < 100) return;
      last = at;
      const share = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
      const filled = Math.round(share * width);
      process.stderr.write(
        `\r${file} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.round(share * 100)}% ${records} records`,
      );
    },
    done() {
      if (last > 0) process.stderr.write("\r\x1b[K");
    },
  };
}
