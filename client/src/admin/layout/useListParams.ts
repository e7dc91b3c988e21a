import { useSearchParams } from 'react-router';

/**
 * The keyword, page and filters of a list screen, kept in the address (?q=&<filters>&page=) so
 * back, reload and shared links keep them. `go` moves to another keyword, page or filter set
 * (empty filters and page 1 stay out of the address).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (q: string, p: number, filters: Record<string, string | number> = {}) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    for (const [key, value] of Object.entries(filters)) if (value !== '' && value !== 0) next.set(key, String(value));
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  return { keyword, page, params, go };
}
