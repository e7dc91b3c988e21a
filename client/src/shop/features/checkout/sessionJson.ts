/** sessionStorage (this tab) that never throws: private mode, quota or disabled storage. */
function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readSessionJson(key: string): unknown {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    session()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the state lives in memory for this visit.
  }
}

export function removeSession(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    // nothing stored
  }
}
