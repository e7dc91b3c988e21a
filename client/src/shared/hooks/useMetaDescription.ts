import { useEffect } from 'react';

/** Sets `<meta name="description">` while the page is shown, restoring the previous text after. */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    if (!text) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = text;
    return () => {
      meta.content = before;
    };
  }, [text]);
}
