import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { Button, Popconfirm } from 'antd';
import { Link } from 'react-router';
import type { QuoteLine } from '@api/promotions';
import { useAppDispatch } from '../../../app/hooks';
import { QuantityStepper } from '../../../shared/components/QuantityStepper';
import { formatNT } from '../../../shared/lib/format';
import { removeItem, setQuantity, type CartItem } from './cartSlice';

/**
 * One cart row: image, title, variant, unit price, quantity stepper (capped at the variant's
 * stock once known, with 庫存僅剩 N 件 at the cap), line total, remove. With the quote's line for
 * this quantity: its discount (−NT$ n) and what the line comes to.
 */
export function CartLine({ item, quoted }: { item: CartItem; quoted?: QuoteLine }) {
  const dispatch = useAppDispatch();
  const key = { product_id: item.product_id, variant_id: item.variant_id };
  const soldOut = item.stock !== undefined && item.stock <= 0;
  const discounted = quoted !== undefined && quoted.quantity === item.quantity && quoted.discount > 0;
  return (
    <li className={`ss-cart-line${soldOut ? ' is-sold-out' : ''}`} data-testid="cart-line">
      <Link to={`/product/${item.product_id}`} className="ss-cart-thumb" tabIndex={-1} aria-hidden>
        <img src={item.image_url} alt="" width={96} height={96} loading="lazy" />
      </Link>
      <div className="ss-cart-info">
        <Link to={`/product/${item.product_id}`} className="ss-cart-title">
          {item.title}
        </Link>
        {item.variant_name && <div className="ss-cart-variant">規格：{item.variant_name}</div>}
        <div className="ss-cart-unit">單價 {formatNT(item.discount_price)}</div>
      </div>
      <div className="ss-cart-qty">
        <QuantityStepper
          size="small"
          label={`${item.title} 數量`}
          value={item.quantity}
          stock={item.stock}
          disabled={soldOut}
          onChange={(quantity) => dispatch(setQuantity({ ...key, quantity }))}
        />
      </div>
      <div className="ss-cart-total">
        <span data-testid="cart-line-total" className={discounted ? 'is-struck' : undefined}>
          {formatNT(item.discount_price * item.quantity)}
        </span>
        {discounted && (
          <>
            <span className="ss-cart-line-discount" data-testid="cart-line-discount">
              折扣 −{formatNT(quoted.discount)}
            </span>
            <span className="ss-cart-line-amount" data-testid="cart-line-amount">
              {formatNT(quoted.amount)}
            </span>
          </>
        )}
      </div>
      <Popconfirm
        title="確定要移除這個商品嗎？"
        okText="移除"
        cancelText="取消"
        onConfirm={() => dispatch(removeItem(key))}
      >
        <Button type="text" className="ss-cart-remove" icon={<DeleteOutlined />} aria-label={`移除 ${item.title}`} />
      </Popconfirm>
    </li>
  );
}
