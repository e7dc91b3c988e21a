import { Alert, Button, Descriptions, Modal, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { AdminOrderView, LogisticsStatusView, ShippingTicketView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { useGetShippingStatusMutation, useLoadConfigQuery } from './adminOrdersApi';
import { messageOf } from './notify';

/**
 * 查詢物流狀態 (spec 2 §3 "Logistics status", §7, §8): asked when opened (the server applies the
 * status to the order). A refusal shows 查詢物流狀態失敗 (or the server's text); a transport failure
 * 系統錯誤 with 重試.
 */
export function ShippingStatusModal({ order, ticket, onClose }: { order: AdminOrderView; ticket: ShippingTicketView; onClose: () => void }) {
  const [query, { isLoading }] = useGetShippingStatusMutation();
  const { data: config } = useLoadConfigQuery();
  const statusLabel = (name: string) => (config?.success ? config.order_status_codes.find((s) => s.status_name === name)?.status_label : undefined) ?? name;
  const [result, setResult] = useState<LogisticsStatusView | null>(null);
  const [problem, setProblem] = useState<{ message: string; retry: boolean } | null>(null);

  const ask = async () => {
    setProblem(null);
    try {
      const answer = await query({ ship_trade_no: ticket.ship_trade_no, shipping: order.shipping, order_id: order.order_id }).unwrap();
      if (!answer.success || !answer.result) {
        setProblem({ message: answer.message || ADMIN_MSG.statusQueryFailed, retry: false });
        return;
      }
      setResult(answer.result);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      const serverSaid = typeof status === 'number' && status < 500;
      setProblem(serverSaid ? { message: messageOf(err, ADMIN_MSG.statusQueryFailed), retry: false } : { message: `${ADMIN_MSG.systemError}，請稍後重試`, retry: true });
    }
  };

  // Asked once when opened (StrictMode's second mount keeps the ref).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void ask();
  }, []);

  return (
    <Modal open title={`物流狀態 — ${ticket.ship_trade_no}`} onCancel={onClose} footer={<Button onClick={onClose}>關閉</Button>} destroyOnHidden className="ss-aord-submodal">
      {isLoading && !result ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : problem ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problem.message}
          action={
            <Button size="small" onClick={() => void ask()} loading={isLoading}>
              重試
            </Button>
          }
        />
      ) : result ? (
        <Descriptions size="small" bordered column={1} data-testid="logistics-status">
          <Descriptions.Item label="物流單號">{result.ShipTradeNo}</Descriptions.Item>
          <Descriptions.Item label="物流狀態">
            <span data-testid="logistics-status-desc">{result.ShipStatusDesc || result.ShipStatus}</span>（{result.ShipStatus}）
          </Descriptions.Item>
          <Descriptions.Item label="狀態時間">{result.ShipStatusTime || '—'}</Descriptions.Item>
          <Descriptions.Item label="收件人">
            {result.Consignee} {result.ConsigneeMobile}
          </Descriptions.Item>
          <Descriptions.Item label="物流類型">{result.LgsType}</Descriptions.Item>
          {result.StoreName || result.StoreID ? (
            <Descriptions.Item label="門市">
              {result.StoreName}
              {result.StoreID ? `（${result.StoreID}）` : ''}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="訂單狀態">
            <span data-testid="logistics-order-status">{statusLabel(result.orderStatusCode)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
