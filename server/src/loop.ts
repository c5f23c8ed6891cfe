/**
 * Runs a pass every `intervalMs` while started, and at once when woken or asked to. One pass runs
 * at a time: callers arriving meanwhile share it and the one more pass that follows, so each of
 * them sees a pass that began after it asked.
 */
export class PassLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  get active(): boolean {
    return this.started;
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Stops scheduling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  /** The next scheduled pass runs now. */
  wake(): void {
    this.schedule(0);
  }

  /** A pass now (the pass handles its own errors). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delay: number): void {
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run().finally(() => this.schedule(this.intervalMs)), delay);
  }
}
