import { loadJson, saveJson } from '../../shared/lib/storage';

/** The floating buttons' shown/hidden choice, kept in localStorage (spec 1 §2). */
export const FAB_STORAGE_KEY = 'skinshop.floatingButtons';

/** Shown unless the visitor hid them. */
export function loadFloatingShown(): boolean {
  return loadJson<unknown>(FAB_STORAGE_KEY) !== false;
}

export function saveFloatingShown(shown: boolean): void {
  saveJson(FAB_STORAGE_KEY, shown);
}
