import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PriceTag } from '../../../shared/components/PriceTag';
import { QuantityStepper } from '../../../shared/components/QuantityStepper';
import { useReducedMotion } from '../../../shared/hooks/useReducedMotion';
import { formatNT } from '../../../shared/lib/format';
import { quantityLimit } from '../../../shared/lib/quantity';
import { preloadToast, toast } from '../../../app/lazyToast';
import { useAddToCart } from '../cart/useAddToCart';
import {
  CHOOSE_VARIANT_MESSAGE, isSoldOut, preparePurchase, preselectVariant, shownPrice, SOLD_OUT_LABEL, stepperStock, type SellableProduct,
} from './purchase';
import './PurchasePanel.css';

interface Props {
  product: SellableProduct;
  /** Called after the line was added (the popup closes itself here). */
  onAdded?: () => void;
  /**
   * The product page: shows 立即購買, and on phones its two buttons become a bar fixed to the
   * bottom of the screen (the page is padded so the bar never hides the footer's last line).
   */
  buyNow?: boolean;
  /** Shown under the buttons while the chosen variant is sold out (the product page's 貨到通知我). */
  soldOutAction?: (variantId: number | null) => ReactNode;
}

const CHOOSE_VARIANT_KEY = 'choose-variant';

/**
 * Price, variant choice, quantity and add to cart — shared by the popup and the product page.
 * Plain elements only (native radios, ss-btn buttons): antd's Radio and Button generated their
 * styles during the product page's first render. Toasts load on first use (app/lazyToast.ts).
 * Adding without a variant outlines the 規格 group, says why under it and scrolls it into view;
 * choosing one clears all of that (and the toast) at once.
 */
export function PurchasePanel({ product, onAdded, buyNow = false, soldOutAction }: Props) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const reduced = useReducedMotion();
  const [variantId, setVariantId] = useState<number | null>(() => preselectVariant(product.Variants));
  const [quantity, setQuantity] = useState(1);
  const [variantMissing, setVariantMissing] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const errorId = useId();
  const groupName = useId();

  useEffect(() => {
    setVariantId(preselectVariant(product.Variants));
    setQuantity(1);
    setVariantMissing(false);
  }, [product.product_id, product.Variants]);

  const soldOut = isSoldOut(product, variantId);
  const price = shownPrice(product, variantId);
  // Sold out: 已售完 (not 最多可選 99 件); in stock: capped by what there is, also before a variant is chosen.
  const stock = stepperStock(product, variantId);
  // A variant with less stock than the quantity already chosen brings the quantity down to it.
  const limit = quantityLimit(stock);
  if (quantity > limit) setQuantity(limit);

  const choose = (id: number) => {
    setVariantId(id);
    if (variantMissing) {
      setVariantMissing(false);
      toast.dismiss(CHOOSE_VARIANT_KEY);
    }
  };

  const add = (thenBuy: boolean) => {
    const check = preparePurchase(product, variantId, quantity);
    if (!check.ok) {
      if (check.reason === 'chooseVariant') {
        setVariantMissing(true);
        toast.warning(CHOOSE_VARIANT_MESSAGE, CHOOSE_VARIANT_KEY);
        const group = groupRef.current;
        group?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
        group?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
      }
      return;
    }
    const added = addToCart(check.item);
    if (added > 0) onAdded?.();
    // Buy now goes to the cart even when the cart already holds all there is.
    if (thenBuy) navigate('/cart');
  };

  return (
    // The toast chunk starts loading as soon as the shopper reaches for the panel.
    <div
      className={`ss-purchase${buyNow ? ' ss-purchase--page' : ''}`}
      onPointerEnter={preloadToast}
      onPointerDown={preloadToast}
      onFocus={preloadToast}
    >
      <div className="ss-purchase-price">
        <PriceTag size="large" {...price} />
      </div>

      {product.Variants.length > 0 && (
        <div className={`ss-purchase-row${variantMissing ? ' is-invalid' : ''}`}>
          <div id={labelId} className="ss-purchase-label">
            規格
          </div>
          <div>
            <div
              ref={groupRef}
              role="radiogroup"
              aria-labelledby={labelId}
              aria-invalid={variantMissing || undefined}
              aria-describedby={variantMissing ? errorId : undefined}
              className="ss-variants"
              data-testid="variant-group"
            >
              {product.Variants.map((v) => (
                <label key={v.variant_id} className="ss-variant">
                  <input
                    type="radio"
                    className="ss-variant-input"
                    name={groupName}
                    value={v.variant_id}
                    checked={variantId === v.variant_id}
                    onChange={() => choose(v.variant_id)}
                  />
                  <span className="ss-variant-box">
                    <span className="ss-variant-name">{v.variant_name}</span>
                    <span className="ss-variant-price">{v.stock > 0 ? formatNT(v.discount_price) : SOLD_OUT_LABEL}</span>
                  </span>
                </label>
              ))}
            </div>
            {/* The toast announces it; this line keeps it beside the group once the toast is gone. */}
            {variantMissing && (
              <p id={errorId} className="ss-error ss-variant-error" data-testid="variant-error">
                {CHOOSE_VARIANT_MESSAGE}
              </p>
            )}
          </div>
        </div>
      )}

      <div className="ss-purchase-row">
        <div className="ss-purchase-label">數量</div>
        <QuantityStepper value={quantity} onChange={setQuantity} stock={stock} showHint disabled={soldOut} />
      </div>

      <div className="ss-purchase-actions" data-testid="purchase-actions">
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
      {soldOut && soldOutAction && <div className="ss-purchase-soldout">{soldOutAction(variantId)}</div>}
    </div>
  );
}
