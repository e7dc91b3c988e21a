import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { refreshCsrfToken } from '../shared/api/csrf';
import './jsdomAntdCss';

// findBy / waitFor wait for what the screen shows; on CI's two busy cores an antd screen can take
// more than the library's 1 s default to render, which is not a failure of the screen.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks these browser APIs that antd and our hooks use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Node's Request rejects relative URLs; the browser resolves them against the page, so do that here
// (once per worker: the test files share it, see vitest.config.ts).
const NodeRequest = globalThis.Request as typeof Request & { pageRelative?: true };
if (!NodeRequest.pageRelative) {
  class PageRelativeRequest extends NodeRequest {
    static pageRelative = true as const;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
    }
  }
  globalThis.Request = PageRelativeRequest as typeof Request;
}

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  // A toast or confirm a test left is not the next test's to find (tests pass in any order).
  vi.useRealTimers();
  await endAntdStatics();
  localStorage.clear();
  // The page's CSRF tokens (a module cache): each test's server mock answers its own.
  refreshCsrfToken('shop');
  refreshCsrfToken('admin');
});

const ANTD_STATIC = '.ant-message-notice, .ant-notification-notice, .ant-modal-root';

/**
 * Ends what an antd motion started: jsdom fires no transitionend / animationend, so a toast that
 * leaves stays in the page for good (class *-leave-active), as a Modal.confirm that closes does.
 */
function endMotions(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[class*="-leave"], [class*="-appear"], [class*="-enter"]')) {
    for (const type of ['transitionend', 'animationend']) el.dispatchEvent(new Event(type, { bubbles: false }));
  }
}

/** antd's static roots (toasts, Modal.confirm) live outside the tree cleanup() unmounts: end them. */
async function endAntdStatics(): Promise<void> {
  if (!document.querySelector(ANTD_STATIC)) return;
  const { message, Modal, notification } = await import('antd');
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  for (let i = 0; i < 20 && document.querySelector(ANTD_STATIC); i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      endMotions();
    });
  }
}

// The test files of a worker share one module graph and one window (vitest.config.ts: isolate
// false), so each file leaves the page as it found it: no toast, confirm, stub, fake clock, stored
// value or address of its own reaches the next file. antd's static roots (toasts, Modal.confirm)
// live outside the tree cleanup() unmounts and keep timers: end them while the window exists.
afterAll(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await endAntdStatics();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  await new Promise((resolve) => setTimeout(resolve, 50));
});
