import type { PosterTitle, VersionsAnswer as VersionsCheck } from '@api/content';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Company settings, poster titles and content versions from `POST /api/load/versions` (spec 3 §4). */
export type { PosterTitle };

export interface SiteState {
  settings: Record<string, string>;
  posterTitles: PosterTitle[];
  cartVersion: string;
  settingsVersion: string;
  postersVersion: string;
}

/** What the slice takes from a versions answer (or part of it, e.g. the home answer's cart version). */
export type VersionsAnswer = Partial<Pick<VersionsCheck, 'cartVersion' | 'Settings' | 'settingsVersion' | 'PosterTitles' | 'postersVersion'>>;

export const DEFAULT_COMPANY_NAME = '肌膚小舖';

export const initialSiteState: SiteState = { settings: {}, posterTitles: [], cartVersion: '', settingsVersion: '', postersVersion: '' };

export const siteSlice = createSlice({
  name: 'site',
  initialState: initialSiteState,
  reducers: {
    versionsLoaded(state, { payload }: PayloadAction<VersionsAnswer>) {
      if (payload.Settings) {
        state.settings = Object.fromEntries(payload.Settings.map((s) => [s.s_key, s.s_value ?? '']));
      }
      if (payload.PosterTitles) state.posterTitles = payload.PosterTitles.map(({ id, title }) => ({ id, title }));
      state.cartVersion = payload.cartVersion ?? state.cartVersion;
      state.settingsVersion = payload.settingsVersion ?? state.settingsVersion;
      state.postersVersion = payload.postersVersion ?? state.postersVersion;
    },
  },
  selectors: {
    selectSettings: (s) => s.settings,
    selectPosterTitles: (s) => s.posterTitles,
    selectCompanyName: (s) => s.settings.COMPANY_NAME || DEFAULT_COMPANY_NAME,
    selectCompanyShortName: (s) => s.settings.COMPANY_NAMEN || s.settings.COMPANY_NAME || DEFAULT_COMPANY_NAME,
    selectCompanyTaxId: (s) => s.settings.COMPANY_TAXID ?? '',
    selectStoredVersions: (s) => ({ cartVersion: s.cartVersion, settionsVersion: s.settingsVersion, localPostersVersion: s.postersVersion }),
  },
});

export const { versionsLoaded } = siteSlice.actions;
export const { selectSettings, selectPosterTitles, selectCompanyName, selectCompanyShortName, selectCompanyTaxId } = siteSlice.selectors;

export function restoreSite(stored: unknown): SiteState {
  if (!stored || typeof stored !== 'object') return initialSiteState;
  const s = stored as Partial<SiteState>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    settings: s.settings && typeof s.settings === 'object' ? { ...s.settings } : {},
    posterTitles: Array.isArray(s.posterTitles) ? s.posterTitles.filter((p) => p && Number.isInteger(p.id)) : [],
    cartVersion: str(s.cartVersion),
    settingsVersion: str(s.settingsVersion),
    postersVersion: str(s.postersVersion),
  };
}
