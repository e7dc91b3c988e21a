import BellOutlined from '@ant-design/icons/BellOutlined';
import { useState } from 'react';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { errorStatusOf } from '../auth/watchSession';
import { useMemberGate } from './useMemberGate';
import { useCancelRestockMutation, useRequestRestockMutation, useRestockRequestsQuery, WISH_MSG } from './wishlistApi';

/**
 * 貨到通知我 / 取消貨到通知 on a sold-out variant (spec 4 §2, §7, §8). A member's open requests are
 * read once; a visitor goes to /login and back. Plain React (the product page's first screen).
 */
export function RestockButton({ variantId }: { variantId: number }) {
  const { isLoggedIn, toLogin } = useMemberGate();
  const { data } = useRestockRequestsQuery(undefined, { skip: !isLoggedIn });
  const [requestRestock] = useRequestRestockMutation();
  const [cancelRestock] = useCancelRestockMutation();
  const [busy, setBusy] = useState(false);
  const asked = isLoggedIn && !!data?.success && (data.variantIds ?? []).includes(variantId);

  const onClick = async () => {
    if (!isLoggedIn) {
      toLogin();
      return;
    }
    setBusy(true);
    try {
      const answer = asked ? await cancelRestock({ variant_id: variantId }).unwrap() : await requestRestock({ variant_id: variantId }).unwrap();
      if (!answer.success) throw { data: answer };
      toast.success(answer.message || (asked ? WISH_MSG.restockOff : WISH_MSG.restockOn), 'restock');
    } catch (err) {
      if (errorStatusOf(err) === 401) toLogin();
      else toast.error(apiErrorMessage(err) ?? WISH_MSG.failed, 'restock');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`ss-btn ss-btn--large ss-restock${asked ? '' : ' ss-btn--primary'}`}
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-pressed={asked}
      data-testid="restock-button"
    >
      <BellOutlined aria-hidden />
      {asked ? '取消貨到通知' : '貨到通知我'}
    </button>
  );
}
