import pino from "pino";

/** Logs go to stderr: stdout belongs to the stdio MCP transport. */
export const logger = pino(
  {
    level: process.env.CRS_LOG_LEVEL ?? "info",
    base: undefined,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "headers.authorization",
        "authorization",
        "secret",
        "key",
        "apiKey",
        "token",
      ],
      censor: "[redacted]",
    },
  },
  pino.destination({ fd: 2, sync: false }),
);

export type Logger = typeof logger;
