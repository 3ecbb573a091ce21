import type { Response } from "express";

/**
 * A Server-Sent Events response: opened once, then named events with JSON data. Writes after the client
 * went away are dropped silently; the run carries on and its result stays retrievable.
 */
export class SseStream {
  private opened = false;

  constructor(private readonly res: Response) {}

  get isOpen(): boolean {
    return this.opened;
  }

  open(headers: Record<string, string>): void {
    if (this.opened || this.res.headersSent) return;
    this.opened = true;
    this.res.status(200);
    this.res.set({
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    });
    this.res.flushHeaders();
  }

  send(event: string, data: unknown): void {
    if (!this.opened || this.res.writableEnded || this.res.destroyed) return;
    // JSON.stringify never emits raw newlines, so one `data:` line carries the whole payload.
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}
