/** 綁定 LINE (issue 22): where the bind round trip lands, and the session slot that marks it. */
export const LINE_BIND_RESULT = { bound: 'bound', taken: 'taken', failed: 'failed' } as const;
export type LineBindResult = (typeof LINE_BIND_RESULT)[keyof typeof LINE_BIND_RESULT];

/** `/profile?line=bound|taken|failed` (the profile page shows REACH_MSG.lineBound / lineTaken / lineBindFailed). */
export const lineBindPath = (result: LineBindResult) => `/profile?line=${result}`;

/** The session slot `lineBind` (declared in common/auth/session.types.ts) marks the round trip. */
