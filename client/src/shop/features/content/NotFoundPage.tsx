import { usePageTitle } from '../../../app/site/usePageTitle';
import { NotFoundState } from '../../../shared/components/NotFoundState';

/** Any unknown path. */
export default function NotFoundPage() {
  usePageTitle('找不到頁面');
  return (
    <div className="ss-container ss-page">
      <NotFoundState />
    </div>
  );
}
