/**
 * Runs an action at most once per `intervalMs`, and never later than `intervalMs` after a
 * request: the first request after a quiet interval runs it at once (leading edge); requests
 * within the interval after a run are folded into one run at the interval's end (trailing
 * edge). So 150 requests a second cost one run a second, and a lone request costs one run
 * straight away.
 *
 * A request made while the action runs is covered only by a later run (the action may have
 * read its state before the request), so it schedules the trailing one.
 */
export class Throttle {
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly action: () => Promise<void> | void,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Asks for a run: now if the last one started at least `intervalMs` ago, else at that moment. */
  request(): void {
    if (this.stopped || this.timer) return;
    const wait = this.lastStart + this.intervalMs - Date.now();
    if (wait <= 0) {
      void this.run();
      return;
    }
    this.timer = setTimeout(() => void this.run(), wait);
    this.timer.unref?.();
  }

  /** True while a run is scheduled or running. */
  get pending(): boolean {
    return this.timer !== undefined || this.running !== undefined;
  }

  /** Resolves once no run is scheduled or running (at once when idle). */
  async idle(): Promise<void> {
    while (this.pending) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setTimeout(resolve, Math.max(1, this.lastStart + this.intervalMs - Date.now())));
    }
  }

  /** Cancels a scheduled run (shutdown); later requests are ignored. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (this.stopped) return;
    this.lastStart = Date.now();
    const current = (async () => {
      try {
        await this.action();
      } catch (err) {
        this.onError(err);
      }
    })();
    this.running = current;
    await current;
    if (this.running === current) this.running = undefined;
  }
}
