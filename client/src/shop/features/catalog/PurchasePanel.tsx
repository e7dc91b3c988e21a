import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PriceTag } from '../../../shared/components/PriceTag';
import { QuantityStepper } from '../../../shared/components/QuantityStepper';
import { formatNT } from '../../../shared/lib/format';
import { preloadToast, toast } from '../../../app/lazyToast';
import { useAddToCart } from '../cart/useAddToCart';
import {
  CHOOSE_VARIANT_MESSAGE, isSoldOut, preparePurchase, preselectVariant, shownPrice, SOLD_OUT_LABEL, type SellableProduct,
} from './purchase';
import './PurchasePanel.css';

interface Props {
  product: SellableProduct;
  /** Called after the line was added (the popup closes itself here). */
  onAdded?: () => void;
  /** Shows 立即購買 (product page). */
  buyNow?: boolean;
}

/**
 * Price, variant choice, quantity and add to cart — shared by the popup and the product page.
 * Plain elements only (native radios, ss-btn buttons): antd's Radio and Button generated their
 * styles during the product page's first render. Toasts load on first use (app/lazyToast.ts).
 */
export function PurchasePanel({ product, onAdded, buyNow = false }: Props) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [variantId, setVariantId] = useState<number | null>(() => preselectVariant(product.Variants));
  const [quantity, setQuantity] = useState(1);
  const labelId = useId();
  const groupName = useId();

  useEffect(() => {
    setVariantId(preselectVariant(product.Variants));
    setQuantity(1);
  }, [product.product_id, product.Variants]);

  const soldOut = isSoldOut(product, variantId);
  const price = shownPrice(product, variantId);

  const add = (thenBuy: boolean) => {
    const check = preparePurchase(product, variantId, quantity);
    if (!check.ok) {
      if (check.reason === 'chooseVariant') toast.warning(CHOOSE_VARIANT_MESSAGE, 'choose-variant');
      return;
    }
    addToCart(check.item);
    onAdded?.();
    if (thenBuy) navigate('/cart');
  };

  return (
    // The toast chunk starts loading as soon as the shopper reaches for the panel.
    <div className="ss-purchase" onPointerEnter={preloadToast} onPointerDown={preloadToast} onFocus={preloadToast}>
      <div className="ss-purchase-price">
        <PriceTag size="large" {...price} />
      </div>

      {product.Variants.length > 0 && (
        <div className="ss-purchase-row">
          <div id={labelId} className="ss-purchase-label">
            規格
          </div>
          <div role="radiogroup" aria-labelledby={labelId} className="ss-variants">
            {product.Variants.map((v) => (
              <label key={v.variant_id} className="ss-variant">
                <input
                  type="radio"
                  className="ss-variant-input"
                  name={groupName}
                  value={v.variant_id}
                  checked={variantId === v.variant_id}
                  onChange={() => setVariantId(v.variant_id)}
                />
                <span className="ss-variant-box">
                  <span className="ss-variant-name">{v.variant_name}</span>
                  <span className="ss-variant-price">{v.stock > 0 ? formatNT(v.discount_price) : SOLD_OUT_LABEL}</span>
                </span>
              </label>
            ))}
          </div>
        </div>
      )}

      <div className="ss-purchase-row">
        <div className="ss-purchase-label">數量</div>
        <QuantityStepper value={quantity} onChange={setQuantity} showHint disabled={soldOut} />
      </div>

      <div className="ss-purchase-actions">
        <button type="button" className="ss-btn ss-btn--primary ss-btn--large" disabled={soldOut} onClick={() => add(false)}>
          {soldOut ? null : <ShoppingCartOutlined aria-hidden />}
          {soldOut ? SOLD_OUT_LABEL : '加入購物車'}
        </button>
        {buyNow && (
          <button type="button" className="ss-btn ss-btn--large ss-buy-now" disabled={soldOut} onClick={() => add(true)}>
            <ThunderboltOutlined aria-hidden />
            立即購買
          </button>
        )}
      </div>
    </div>
  );
}
