import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A Modal's `modalRender` for a dialog opened over a Drawer: Escape closes the dialog only.
 * (antd 6 hands a window-level Escape to the drawer under an open dialog, which closed both at
 * once; handled here first and stopped, it never reaches the window.)
 */
export function escapeCloses(onClose: () => void) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
    e.stopPropagation();
    onClose();
  };
  return function EscapeScope(node: ReactNode) {
    return <div onKeyDown={onKeyDown}>{node}</div>;
  };
}
