/**
 * What the server keeps in a session (express-session `SessionData`). Never sent to the
 * browser: the cookie carries only the signed session id.
 */
declare module 'express-session' {
  interface SessionData {
    /** passport's slot: the logged-in member's id. */
    passport?: { user?: number };
    /** Back-office login (admin module); the DB store indexes it like `passport.user`. */
    adminId?: number;
    /** When the member logged in (ms since epoch), for the absolute timeout. */
    authAt?: number;
    /** Social login in progress: the client's state (spec 1 §4) and, for LINE, the OIDC nonce. */
    oauth?: { state: string; savedAt: number; nonce?: string };
    /** Phone codes this browser verified, per purpose, waiting for register / reset password. */
    phoneGrants?: Partial<Record<'register' | 'forgot', { codeId: number; phone: string }>>;
    /** The new phone number a logged-in member asked a change code for. */
    phoneChange?: { phone: string };
  }
}

export {};
