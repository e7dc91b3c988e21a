import { useCallback, useEffect, useState } from 'react';

/**
 * A resend countdown (spec 1 §4): `start(seconds)` makes `remaining` count down to 0 once a
 * second. Counted from a deadline, so a throttled background tab still ends on time.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    const s = Math.max(0, Math.ceil(seconds));
    setDeadline(Date.now() + s * 1000);
    setRemaining(s);
  }, []);

  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(0);
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return { remaining, start };
}
