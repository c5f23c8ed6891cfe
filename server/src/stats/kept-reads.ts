/**
 * Answers read once and shared. Every caller asking for a key while its read runs, or after it
 * while the log reader's cursor is where it was and the answer is younger than `maxAgeMs`, gets
 * that answer: a page counts bets up to the cursor, so it changes with it, and the age bounds what
 * can change beside it (a username, a jackpot prize recorded from a receipt ahead of the scan).
 * With PGlite a read runs on the event loop's thread and answers before the next request is even
 * parsed, so callers seldom overlap a read: the answer must outlive it for them to share it.
 */
export class KeptReads<T> {
  /** In the order they were read: the first is the oldest. */
  private readonly kept = new Map<string, { cursor: number; at: number; read: Promise<T> }>();

  constructor(private readonly o: { maxAgeMs: number; maxEntries: number }) {}

  read(key: string, cursor: number, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.kept.get(key);
    if (kept && kept.cursor === cursor && now - kept.at < this.o.maxAgeMs) return kept.read;
    const reading = read();
    this.kept.delete(key);
    this.kept.set(key, { cursor, at: now, read: reading });
    // A failed read is not kept: the next caller tries again.
    reading.catch(() => {
      if (this.kept.get(key)?.read === reading) this.kept.delete(key);
    });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.o.maxEntries) break;
      this.kept.delete(oldest);
    }
    return reading;
  }
}
