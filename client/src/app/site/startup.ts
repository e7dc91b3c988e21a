import type { AppDispatch, RootState } from '../store';
import { clearCart } from '../../shop/features/cart/cartSlice';
import { versionsLoaded } from './siteSlice';
import { versionsApi, type VersionsRequest } from './versionsApi';

/** Drops empty strings: the API validates optional strings, and '' means "never stored". */
function storedVersions(state: RootState): VersionsRequest {
  const { cartVersion, settingsVersion, postersVersion } = state.site;
  return {
    ...(cartVersion ? { cartVersion } : {}),
    ...(settingsVersion ? { settionsVersion: settingsVersion } : {}),
    ...(postersVersion ? { localPostersVersion: postersVersion } : {}),
  };
}

/**
 * Start-up version check (spec 3 §4): send the stored versions, store settings, poster titles
 * and versions, and clear the cart when the server says so. Failures are only logged.
 */
export async function runStartupCheck(dispatch: AppDispatch, getState: () => RootState): Promise<void> {
  try {
    const answer = await dispatch(versionsApi.endpoints.checkVersions.initiate(storedVersions(getState()))).unwrap();
    if (!answer.success) {
      console.error('version check refused', answer.message);
      return;
    }
    if (answer.isClearCart) dispatch(clearCart());
    dispatch(versionsLoaded(answer));
  } catch (err) {
    console.error('version check failed', err);
  }
}
