import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderItemsTable, OrderTotals } from './OrderParts';
import { orderItem, orderView } from './testOrders';

describe('order money as stored (issue 19)', () => {
  it('shows each adjustment between the subtotal and the shipping fee, and the lines at their stored amounts', () => {
    const order = orderView({ subtotal: 1200, discount_total: 100, shipping_fee: 60, total_amount: 1160, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -100 }] });
    render(
      <>
        <OrderItemsTable items={[orderItem({ price: 600, quantity: 2, discount: 100, amount: 1100 })]} />
        <OrderTotals order={order} />
      </>,
    );
    const totals = screen.getByTestId('order-totals');
    expect(within(totals).getByTestId('order-adjustment')).toHaveTextContent('訂單折扣−NT$ 100');
    expect([...totals.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['商品小計', '訂單折扣', '運費', '訂單總計']);
    expect(totals).toHaveTextContent('NT$ 1,160');
    // The line's 小計 is price × quantity (the lines add up to 商品小計, the discount is taken once,
    // below); its stored amount after its share of the discount is said under it.
    const line = document.querySelector('td.ss-ord-line-total')!;
    expect(line).toHaveTextContent('NT$ 1,200折後 NT$ 1,100');
  });

  it('shows no adjustment row when there is none', () => {
    render(<OrderTotals order={orderView()} />);
    expect(screen.queryByTestId('order-adjustment')).toBeNull();
  });
});
