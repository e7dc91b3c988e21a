import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds (spec 3 §9: search 300 ms). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}
