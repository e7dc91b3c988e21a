/**
 * Leaving the app for a gateway or the store map. Kept in one object so tests can watch it
 * (jsdom implements neither navigation nor form submission).
 */

/** Only http(s) addresses are followed (never `javascript:` or a data URL from a tampered answer). */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string' || !url) return false;
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export const browser = {
  /** Goes to `url` (a gateway's page). */
  assign(url: string): void {
    window.location.assign(url);
  },

  /**
   * Builds a hidden form (POST `fields` to `action`) in the document and submits it, into the
   * window named `target` ('_self': this page).
   */
  postForm(action: string, fields: Record<string, string>, target = '_self'): void {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    form.target = target;
    form.acceptCharset = 'UTF-8';
    form.style.display = 'none';
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(value);
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
    // A form posted into this very page leaves with it; one posted into another window can go.
    if (target !== '_self') form.remove();
  },

  /** Opens (or reuses) a named window; null when a popup blocker refused it. */
  openWindow(name: string, features: string): Window | null {
    return window.open('', name, features);
  },
};
