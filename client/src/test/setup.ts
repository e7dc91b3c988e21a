import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import './jsdomAntdCss';

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

// Node's Request rejects relative URLs; the browser resolves them against the page, so do that here.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = PageRelativeRequest as typeof Request;

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// antd's static roots (toasts, Modal.confirm) live outside the tree cleanup() unmounts and keep
// timers; React's scheduler may then run once more after the file's jsdom is torn down and throw
// "window is not defined" (an unhandled error that fails the run). End them while the window
// still exists, and let React finish.
afterAll(async () => {
  cleanup();
  if (document.querySelector('.ant-message, .ant-modal-root, .ant-notification')) {
    const { message, Modal, notification } = await import('antd');
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
});
