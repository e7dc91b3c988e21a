/**
 * Where /fpassword stands, kept for the tab's session (sessionStorage), so a reload at step 2
 * (enter the code) or 3 (new password) stays there with the phone the code was sent to, instead
 * of going back to step 1 while the code in hand is still good. Finishing or leaving the flow
 * clears it; a state older than the code's 10 minutes is dropped and the flow starts again at
 * step 1 with EXPIRED_TEXT. Nothing secret is stored: the code itself is never kept, and the
 * server's grant for step 3 lives in the session cookie.
 */
export const FORGOT_PROGRESS_KEY = 'skinshop.fpassword';
/** A forgot code (and the server's grant after verifying it) is good for 10 minutes (spec 1 §9, AUTH_CODE_TTL). */
export const CODE_VALID_MS = 10 * 60_000;
export const EXPIRED_TEXT = '驗證碼已逾時，請重新發送驗證碼。';

export interface ForgotProgress {
  /** 1: the code was sent; 2: it was verified (new password next). */
  step: 1 | 2;
  phone: string;
  /** When the current code was sent (ms since the epoch): the flow expires 10 minutes later. */
  sentAt: number;
  /** When a resend is allowed again (the server's `outtime`). */
  resendAt: number;
}

export type Restored = { kind: 'none' } | { kind: 'expired'; phone: string } | { kind: 'resume'; progress: ForgotProgress };

/** The stored value read leniently: anything malformed is nothing; an old one is expired. */
export function restoreForgotProgress(raw: unknown, now: number): Restored {
  if (!raw || typeof raw !== 'object') return { kind: 'none' };
  const { step, phone, sentAt, resendAt } = raw as Record<string, unknown>;
  if ((step !== 1 && step !== 2) || typeof phone !== 'string' || !/^\+?\d{6,16}$/.test(phone) || typeof sentAt !== 'number' || !Number.isFinite(sentAt)) {
    return { kind: 'none' };
  }
  // A clock set back is as suspect as an old state.
  if (now - sentAt >= CODE_VALID_MS || sentAt > now + 60_000) return { kind: 'expired', phone };
  return { kind: 'resume', progress: { step, phone, sentAt, resendAt: typeof resendAt === 'number' && Number.isFinite(resendAt) ? resendAt : 0 } };
}

/** sessionStorage that never throws (disabled storage: the flow still works, only without surviving a reload). */
export const forgotStore = {
  read(): unknown {
    try {
      const raw = globalThis.sessionStorage?.getItem(FORGOT_PROGRESS_KEY);
      return raw ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      return undefined;
    }
  },
  save(progress: ForgotProgress): void {
    try {
      globalThis.sessionStorage?.setItem(FORGOT_PROGRESS_KEY, JSON.stringify(progress));
    } catch {
      // Storage full or disabled.
    }
  },
  clear(): void {
    try {
      globalThis.sessionStorage?.removeItem(FORGOT_PROGRESS_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
