/**
 * Keeps Tab inside a dialog of our own (no antd Modal: the cookie settings, the photo viewer): from
 * the last focusable element Tab goes to the first, from the first Shift+Tab to the last. Call it
 * from the dialog's onKeyDown; other keys are left alone.
 */
export function keepTabInside(e: { key: string; shiftKey: boolean; preventDefault(): void }, dialog: HTMLElement, selector = 'button, a[href]'): void {
  if (e.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(selector)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
