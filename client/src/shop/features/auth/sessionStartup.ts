import type { AppDispatch, RootState } from '../../../app/store';
import { sessionApi } from './sessionApi';

/**
 * Start-up (spec 3 §3): a persisted "logged in" is only a guess; ask `getuser` once. Its answer
 * refreshes the stored member, a 401 logs the client out (both in sessionApi). Visitors ask nothing.
 */
export async function confirmSessionAtStartup(dispatch: AppDispatch, getState: () => RootState): Promise<void> {
  if (!getState().session.isLoggedIn) return;
  const request = dispatch(sessionApi.endpoints.getUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  try {
    await request.unwrap();
  } catch {
    // 401: already logged out by getUser; network trouble: keep the stored state until the next call
  }
}
