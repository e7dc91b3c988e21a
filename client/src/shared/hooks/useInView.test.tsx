import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInView } from './useInView';

function Probe({ enabled = true }: { enabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useInView(ref, { enabled });
  return <div ref={ref} data-testid="probe" data-seen={seen} />;
}

describe('useInView', () => {
  it('turns true once any part of the element scrolls into view, then stops watching', () => {
    let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    const disconnect = vi.fn();
    class FakeObserver {
      constructor(cb: (e: Partial<IntersectionObserverEntry>[]) => void, public options: IntersectionObserverInit) {
        report = cb;
        expect(options.threshold).toBe(0);
      }
      observe() {}
      disconnect = disconnect;
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    const probe = screen.getByTestId('probe');
    expect(probe).toHaveAttribute('data-seen', 'false');
    act(() => report([{ isIntersecting: false }]));
    expect(probe).toHaveAttribute('data-seen', 'false');
    act(() => report([{ isIntersecting: true }]));
    expect(probe).toHaveAttribute('data-seen', 'true');
    expect(disconnect).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('does nothing while disabled', () => {
    const observe = vi.fn();
    vi.stubGlobal('IntersectionObserver', class { observe = observe; disconnect() {} });
    render(<Probe enabled={false} />);
    expect(screen.getByTestId('probe')).toHaveAttribute('data-seen', 'false');
    expect(observe).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
