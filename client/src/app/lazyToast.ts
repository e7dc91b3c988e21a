/**
 * The toasts of app/toast.tsx, loaded on first use: antd's message component (and antd
 * itself) stay out of the chunks that show a toast only after a click, such as the product
 * page's purchase panel. Same API as app/toast.tsx.
 */
type Show = (content: string, key?: string) => void;
type Kind = 'success' | 'warning' | 'error';

let loaded: Promise<typeof import('./toast')> | undefined;
const load = () => (loaded ??= import('./toast'));

/** Starts the download early (e.g. when the shopper reaches for a button that toasts). */
export const preloadToast = (): void => {
  load().catch(() => undefined);
};

const show =
  (kind: Kind): Show =>
  (content, key) => {
    load().then(
      ({ toast }) => toast[kind](content, key),
      (err: unknown) => console.error('toast failed to load', err),
    );
  };

export const toast: Record<Kind, Show> & { dismiss: (key: string) => void } = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  /** Closes a toast that no longer applies (its problem was fixed); loads nothing if no toast was ever shown. */
  dismiss: (key) => {
    loaded?.then(
      (m) => m.toast.dismiss(key),
      () => undefined,
    );
  },
};
