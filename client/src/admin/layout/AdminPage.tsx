import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyShortName } from '../../app/site/siteSlice';

/** The admin label of page titles (spec 3 §2: brand plus an admin label as prefix). */
export const ADMIN_TITLE_LABEL = '管理後台';

/** "<brand> 管理後台 | <page>" (spec 3 §2). */
export function adminTitle(brand: string, page?: string): string {
  return page ? `${brand} ${ADMIN_TITLE_LABEL} | ${page}` : `${brand} ${ADMIN_TITLE_LABEL}`;
}

/** Sets the tab title of an admin screen. */
export function useAdminTitle(page?: string): void {
  const brand = useAppSelector(selectCompanyShortName);
  useEffect(() => {
    document.title = adminTitle(brand, page);
  }, [brand, page]);
}

interface Props {
  /** The screen's name: heading and tab title. */
  title: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Buttons on the right of the heading (wrap below it on phones). */
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** An admin screen: heading (no breadcrumb) with its actions, then the content; sets the tab title. */
export function AdminPage({ title, subtitle, extra, children, testId }: Props) {
  useAdminTitle(title);
  return (
    <section className="ss-admin-page" data-testid={testId} aria-labelledby="ss-admin-page-title">
      <header className="ss-admin-page-header">
        <div className="ss-admin-page-heading">
          <h1 id="ss-admin-page-title" className="ss-admin-page-title">
            {title}
          </h1>
          {subtitle && <div className="ss-admin-page-subtitle">{subtitle}</div>}
        </div>
        {extra && <div className="ss-admin-page-extra">{extra}</div>}
      </header>
      {children}
    </section>
  );
}
