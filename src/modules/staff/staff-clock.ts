import { Injectable } from '@nestjs/common';

/**
 * The time the back-office sign-in rules read (lockout days, the login delay, the 8 h / 30 day
 * session limits, TOTP codes) and the wait of the login delay. Real time by default; tests move it
 * (`freeze`, `advance`) and replace `sleep` to see the delays without waiting them out.
 */
@Injectable()
export class StaffClock {
  private offsetMs = 0;
  private frozen?: number;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozen ?? Date.now() + this.offsetMs;
  }

  sleep(ms: number): Promise<void> {
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  /** Tests: stop the clock at `at`. */
  freeze(at: Date | number): void {
    this.frozen = typeof at === 'number' ? at : at.getTime();
  }

  /** Tests: move the clock forward (frozen or running). */
  advance(ms: number): void {
    if (this.frozen !== undefined) this.frozen += ms;
    else this.offsetMs += ms;
  }

  /** Tests: back to real time. */
  reset(): void {
    this.frozen = undefined;
    this.offsetMs = 0;
  }
}
