import type { EventEmitter } from 'node:events';

/** The event dist/main.js and dist/worker.js (scripts/server-launcher.cjs) wait for before writing V8's code cache. */
export const LAUNCHER_READY_EVENT = 'skinshop-ready';

/** Tells the launcher the process is up (web: listening; worker: processing), so the next start reuses what this one compiled. */
export function announceReady(): void {
  (process as EventEmitter).emit(LAUNCHER_READY_EVENT);
}
