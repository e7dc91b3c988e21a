/** What passport puts on `req.user` for a logged-in member: the id only; services load the rest. */
export interface SessionUser {
  id: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Merged with passport's empty `Express.User`.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}
