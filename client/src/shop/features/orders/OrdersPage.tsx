import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import type { CancelOrderAnswer, OrderView } from '@api/orders';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../app/lazyToast';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { LinkButton } from '../../../shared/components/LinkButton';
import { LoadError } from '../../../shared/components/LoadError';
import { RequireMember } from '../auth/RequireMember';
import { OrderCard } from './OrderCard';
import { errorStatus, ORDERS_PAGE_SIZE, ordersApi, useCancelOrderMutation, useGetUserOrdersByPageInfiniteQuery, useRequestReturnMutation } from './ordersApi';
import { awaitingPayment, PAYMENT_STATUS, withCancelAnswer, withPaidRefusal } from './orderView';
import { RETURN_MSG, ReturnRequestModal } from './ReturnRequestModal';
import { useRefetchOnReturn } from './useRefetchOnReturn';
import './Orders.css';

const LIST_ARG = { limit: ORDERS_PAGE_SIZE };
export const ORDERS_LOAD_FAILED = '訂單載入失敗，請稍後再試。';

/** My orders (spec 1 §2 /orders, §4, §7, §8): member only; logged out → /login and back. */
export default function OrdersPage() {
  usePageTitle('我的訂單');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-ord-page">
        <h1 className="ss-page-title">我的訂單</h1>
        <OrdersList />
      </div>
    </RequireMember>
  );
}

function OrdersList() {
  const dispatch = useAppDispatch();
  const [modal, modalHolder] = Modal.useModal();
  const [cancelOrder] = useCancelOrderMutation();
  const [requestReturn] = useRequestReturnMutation();
  const [returning, setReturning] = useState<OrderView | null>(null);
  // Asked again on every visit: a payment made meanwhile shows as paid.
  const { data, error, isLoading, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } =
    useGetUserOrdersByPageInfiniteQuery(LIST_ARG, { refetchOnMountOrArgChange: true });

  const orders = useMemo(() => {
    const seen = new Set<number>();
    const out: OrderView[] = [];
    for (const page of data?.pages ?? []) {
      for (const o of page.orders ?? []) {
        if (seen.has(o.order_id)) continue;
        seen.add(o.order_id);
        out.push(o);
      }
    }
    return out;
  }, [data]);
  const total = Math.max(data?.pages.at(-1)?.total ?? 0, orders.length);
  // An order still waiting for an online payment: back in this tab after paying elsewhere, ask again.
  useRefetchOnReturn(orders.some((o) => awaitingPayment(o)), refetch);

  /** The cached order (in whichever page holds it) after `change`. */
  const patch = (orderId: number, change: (o: OrderView) => OrderView) => {
    dispatch(
      ordersApi.util.updateQueryData('getUserOrdersByPage', LIST_ARG, (draft) => {
        for (const page of draft.pages) {
          page.orders = (page.orders ?? []).map((o) => (o.order_id === orderId ? change(o) : o));
        }
      }),
    );
  };

  const cancel = async (order: OrderView) => {
    try {
      const answer = await cancelOrder({ order_id: order.order_id }).unwrap();
      if (!answer.success) throw { data: answer };
      patch(order.order_id, (o) => withCancelAnswer(o, answer));
      toast.success(CHECKOUT_MSG.cancelled);
    } catch (err) {
      // 401: the session is gone; RequireMember is taking the member to /login.
      if (errorStatus(err) === 401) return;
      const body = (err as { data?: Partial<CancelOrderAnswer> }).data;
      const paid = body?.payment_status === PAYMENT_STATUS.paid || body?.message === CHECKOUT_MSG.cancelPaid;
      if (paid) patch(order.order_id, (o) => withPaidRefusal(o, body ?? {}));
      // Refused for another reason (e.g. cancelled meanwhile on another device): show what the server says it is.
      else if (body?.status_name) patch(order.order_id, (o) => ({ ...withCancelAnswer(o, body), cancellable: false }));
      toast.error(apiErrorMessage(err) ?? (paid ? CHECKOUT_MSG.cancelPaid : CHECKOUT_MSG.cancelFailed));
    }
  };

  /** 申請退貨: the server's answer says the request's state; a refusal keeps the dialog open with its message. */
  const askReturn = async (order: OrderView, reason: string) => {
    try {
      const answer = await requestReturn({ order_id: order.order_id, reason }).unwrap();
      if (!answer.success) throw { data: answer };
      patch(order.order_id, (o) => ({ ...o, returnable: answer.returnable ?? false, return_status: answer.return_status || 'requested' }));
      toast.success(answer.message || RETURN_MSG.requested);
      setReturning(null);
    } catch (err) {
      if (errorStatus(err) === 401) return;
      const body = (err as { data?: { returnable?: boolean; return_status?: string } }).data;
      if (body && (body.returnable === false || body.return_status)) {
        patch(order.order_id, (o) => ({ ...o, returnable: false, return_status: body.return_status || o.return_status }));
        setReturning(null);
      }
      toast.error(apiErrorMessage(err) ?? RETURN_MSG.failed);
    }
  };

  const confirmCancel = (order: OrderView) => {
    void modal.confirm({
      title: CHECKOUT_MSG.cancelConfirmTitle(order.order_id),
      content: CHECKOUT_MSG.cancelConfirmText,
      okText: '確定取消',
      okButtonProps: { danger: true },
      cancelText: '返回',
      // Escape and the mask close it without cancelling anything.
      keyboard: true,
      mask: { closable: true },
      // The OK button waits for the server; the dialog closes when it answered (a toast says how it went).
      onOk: () => cancel(order),
    });
  };

  if (isLoading) return <OrdersSkeleton />;
  if (isError && orders.length === 0) {
    if (errorStatus(error) === 401) return null;
    return <LoadError message={apiErrorMessage(error) ?? ORDERS_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (orders.length === 0) {
    return (
      <Empty className="ss-ord-empty" image={<FileTextOutlined className="ss-ord-empty-icon" aria-hidden />} description={CHECKOUT_MSG.ordersEmpty}>
        <LinkButton variant="primary" size="large" to="/products">
          去逛逛
        </LinkButton>
      </Empty>
    );
  }

  return (
    <>
      {modalHolder}
      {returning && <ReturnRequestModal order={returning} onSubmit={(reason) => askReturn(returning, reason)} onClose={() => setReturning(null)} />}
      <p className="ss-page-subtitle" data-testid="orders-count">
        共 {total} 筆訂單
      </p>
      <ul className="ss-ord-list" aria-label="訂單列表">
        {orders.map((o) => (
          <OrderCard key={o.order_id} order={o} onCancel={confirmCancel} onReturn={setReturning} onRetried={() => void refetch()} />
        ))}
      </ul>
      <div className="ss-ord-more">
        <span className="ss-ord-muted" aria-live="polite">
          已顯示 {orders.length} / {total} 筆
        </span>
        {isFetchNextPageError && <ErrorText message={ORDERS_LOAD_FAILED} />}
        {hasNextPage && (
          <Button size="large" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            載入更多
          </Button>
        )}
      </div>
    </>
  );
}

function OrdersSkeleton() {
  return (
    <div data-testid="orders-loading" aria-busy="true">
      <span className="ss-visually-hidden" role="status">
        載入中…
      </span>
      <ul className="ss-ord-list" aria-hidden>
        {[0, 1, 2].map((i) => (
          <li className="ss-ord-card ss-ord-row" key={i}>
            <Skeleton active title paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    </div>
  );
}
