import { Button, Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { handOverPickedStore, pickedStoreFrom } from './pickedStore';
import './Checkout.css';

/** Spec 2 §9: the store result page returns to /checkout after 3 seconds. */
export const CVS_RESULT_SECONDS = 3;

/**
 * The store map's result on phones (spec 2 §2): shows the picked 7-11 store, hands it to the
 * checkout form (sessionStorage) and goes back to /checkout after 3 seconds, or at once.
 */
export default function CvsResultPage() {
  usePageTitle('門市選擇結果');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const store = useMemo(
    () => pickedStoreFrom({ store_id: params.get('store_id'), store_name: params.get('store_name'), store_addr: params.get('store_addr') }),
    [params],
  );
  const [left, setLeft] = useState(CVS_RESULT_SECONDS);

  useEffect(() => {
    if (store) handOverPickedStore(store);
  }, [store]);

  useEffect(() => {
    if (!store) return;
    if (left <= 0) {
      void navigate('/checkout', { replace: true });
      return;
    }
    const t = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(t);
  }, [store, left, navigate]);

  const back = () => void navigate('/checkout', { replace: true });

  if (!store) {
    return (
      <div className="ss-container ss-page ss-cvs-result">
        <Result
          status="warning"
          title="未取得門市資料"
          subTitle="請回到結帳頁重新選擇門市。"
          extra={
            <Button type="primary" size="large" onClick={back}>
              返回結帳
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="ss-container ss-page ss-cvs-result">
      <Result
        status="success"
        title="已選擇取貨門市"
        extra={
          <>
            <dl className="ss-cvs-facts" data-testid="cvs-store">
              <div>
                <dt>門市店號</dt>
                <dd>{store.store_id}</dd>
              </div>
              <div>
                <dt>門市名稱</dt>
                <dd>{store.store_name}</dd>
              </div>
              <div>
                <dt>門市地址</dt>
                <dd>{store.store_addr || '—'}</dd>
              </div>
            </dl>
            <p className="ss-cvs-countdown" role="timer" aria-live="off" data-testid="cvs-countdown">
              {left} 秒後自動返回結帳頁
            </p>
            <Button type="primary" size="large" onClick={back}>
              立即返回結帳
            </Button>
          </>
        }
      />
    </div>
  );
}
