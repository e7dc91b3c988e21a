import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * Open/close state for a hover panel: opens on pointer enter, closes shortly after the pointer
 * leaves, when focus leaves the wrapper, or on Escape (focus then returns to `returnFocus`).
 */
export function useHoverDisclosure(closeDelay = 150) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const returnFocus = useRef<HTMLElement | null>(null);

  const cancel = () => window.clearTimeout(timer.current);
  useEffect(() => cancel, []);

  const close = useCallback(() => {
    cancel();
    setOpen(false);
  }, []);

  const wrapperProps = {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'touch') return;
      cancel();
      setOpen(true);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'touch') return;
      cancel();
      timer.current = window.setTimeout(() => setOpen(false), closeDelay);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Escape' && open) {
        e.stopPropagation();
        setOpen(false);
        returnFocus.current?.focus();
      }
    },
  };

  return { open, setOpen, close, wrapperProps, returnFocus };
}
