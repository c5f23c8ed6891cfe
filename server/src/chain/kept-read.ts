/**
 * A value kept this long past its time to live while a new read is under way, at most: a node that
 * stopped answering shows in its callers' errors rather than in an ever older value.
 */
export const STALE_LIMIT_MS = 5_000;

/**
 * A value read from the node and kept for `ttlMs`. Once that has passed, the next caller starts a
 * new read, and every caller gets the value kept until it answers, none queueing behind it: under
 * load the node answers after the relay's simulations (up to a second in the relay bench), and a
 * bet that waited for it held its player's next bets. So a value is at most the time to live and
 * one read old, and never more than STALE_LIMIT_MS past its time to live; the very first read is
 * waited for by all. `firstCallerWaits`: the caller that starts a new read waits for it.
 */
export class KeptRead<T> {
  private kept: { at: number; value: Promise<T> } | undefined;
  private reading: Promise<T> | undefined;
  private readingSince = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly firstCallerWaits = false,
  ) {}

  get(): Promise<T> {
    const age = this.kept ? Date.now() - this.kept.at : Infinity;
    if (age <= this.ttlMs) return this.kept!.value;
    const starting = this.reading === undefined;
    const reading = this.reading ?? this.fresh();
    if (age > this.ttlMs + STALE_LIMIT_MS || (starting && this.firstCallerWaits)) return reading;
    return this.kept!.value;
  }

  /**
   * A value read no earlier than `time` (a Date.now()): the kept one or the read under way when it
   * started then or later, else a new read. What happened before `time` shows in it, whatever the
   * time to live, and callers after the same moment share one read.
   */
  since(time: number): Promise<T> {
    if (this.kept && this.kept.at >= time) return this.kept.value;
    if (this.reading && this.readingSince >= time) return this.reading;
    return this.fresh();
  }

  /** A new read, waited for (and kept for the next callers). */
  fresh(): Promise<T> {
    const startedAt = Date.now();
    const reading = this.read();
    this.reading = reading;
    this.readingSince = startedAt;
    reading.then(
      // An older read answering after a newer one does not replace it.
      () => (!this.kept || this.kept.at <= startedAt) && (this.kept = { at: startedAt, value: reading }),
      () => undefined,
    );
    void reading.finally(() => this.reading === reading && (this.reading = undefined)).catch(() => undefined);
    return reading;
  }
}
