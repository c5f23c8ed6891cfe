/**
 * A value read from the node and kept for `ttlMs`. The first caller after that reads it again and
 * waits for the answer; callers meanwhile get the value kept, rather than queueing behind the same
 * read: under load the node answers after the relay's simulations (hundreds of milliseconds), and
 * every bet arriving in that time would wait for it. Only the very first read is waited for by all.
 */
export class KeptRead<T> {
  private kept: { at: number; value: Promise<T> } | undefined;
  private reading: Promise<T> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<T> {
    if (this.reading) return this.kept?.value ?? this.reading;
    if (this.kept && Date.now() - this.kept.at <= this.ttlMs) return this.kept.value;
    return this.fresh();
  }

  /** A new read, waited for (and kept for the next callers). */
  fresh(): Promise<T> {
    const startedAt = Date.now();
    const reading = this.read();
    this.reading = reading;
    reading.then(
      // An older read answering after a newer one does not replace it.
      () => (!this.kept || this.kept.at <= startedAt) && (this.kept = { at: startedAt, value: reading }),
      () => undefined,
    );
    void reading.finally(() => this.reading === reading && (this.reading = undefined)).catch(() => undefined);
    return reading;
  }
}
