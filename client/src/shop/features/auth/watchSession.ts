import { loggedOut } from './sessionSlice';

type Dispatch = (action: unknown) => unknown;

/** The HTTP status of an RTK Query error (a number, or 'FETCH_ERROR' and the like). */
export function errorStatusOf(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
}

/**
 * A member call's `onQueryStarted`: a 401 means the session ended on the server (expired, logged out
 * elsewhere), so the client forgets it too and RequireMember sends the member to /login and back.
 */
export async function watchSession(queryFulfilled: Promise<unknown>, dispatch: Dispatch): Promise<void> {
  try {
    await queryFulfilled;
  } catch (e) {
    if (errorStatusOf((e as { error?: unknown } | undefined)?.error) === 401) dispatch(loggedOut());
  }
}
