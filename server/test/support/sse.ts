/** One Server-Sent Event as the browser's EventSource delivers it. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Splits a stream's text into its events; comments (heartbeats) and the retry field carry none. */
export function parseEvents(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split("\n\n")) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) events.push({ event, data: data.join("\n") });
  }
  return events;
}

/** A Server-Sent Events reader over fetch, as a test's browser: keeps every event it received. */
export class StreamClient {
  readonly events: StreamEvent[] = [];
  private buffer = "";
  private waiters: (() => void)[] = [];
  private endedNow: () => void = () => undefined;
  /** Resolves when the server ends the stream. */
  readonly ended = new Promise<void>((resolve) => (this.endedNow = resolve));

  private constructor(
    private readonly abort: AbortController,
    readonly headers: Headers,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<StreamClient> {
    const abort = new AbortController();
    const response = await fetch(url, { signal: abort.signal, headers: { accept: "text/event-stream", ...headers } });
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
    const client = new StreamClient(abort, response.headers);
    void client.pump(response.body.getReader());
    return client;
  }

  /** The first event (already received or to come) that satisfies the test. */
  async next(test: (event: StreamEvent) => boolean, timeoutMs = 15_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event within ${timeoutMs} ms; received: ${this.events.map((e) => e.event).join(", ")}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return this.endedNow();
        this.buffer += decoder.decode(value, { stream: true });
        const end = this.buffer.lastIndexOf("\n\n");
        if (end < 0) continue;
        this.events.push(...parseEvents(this.buffer.slice(0, end)));
        this.buffer = this.buffer.slice(end + 2);
        for (const wake of this.waiters.splice(0)) wake();
      }
    } catch {
      // Aborted by close().
    }
  }
}
