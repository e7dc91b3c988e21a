import { useEffect } from 'react';
import { useAppSelector } from '../hooks';
import { selectCompanyName } from './siteSlice';

/** Sets document.title to "<page> | <company>", or the company name alone (spec 3 §2). */
export function usePageTitle(page?: string | null): void {
  const company = useAppSelector(selectCompanyName);
  useEffect(() => {
    document.title = page ? `${page} | ${company}` : company;
  }, [page, company]);
}
