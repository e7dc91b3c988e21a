import { useSearchParams } from 'react-router';

/** The keyword and page of a list screen, kept in the address (?q=&page=) so back and reload keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (q: string, p: number) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  return { keyword, page, go };
}
