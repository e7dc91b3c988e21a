import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { Button, Radio } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PriceTag } from '../../../shared/components/PriceTag';
import { QuantityStepper } from '../../../shared/components/QuantityStepper';
import { formatNT } from '../../../shared/lib/format';
import { toast } from '../../../app/toast';
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

/** Price, variant choice, quantity and add to cart — shared by the popup and the product page. */
export function PurchasePanel({ product, onAdded, buyNow = false }: Props) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [variantId, setVariantId] = useState<number | null>(() => preselectVariant(product.Variants));
  const [quantity, setQuantity] = useState(1);
  const labelId = useId();

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
    <div className="ss-purchase">
      <div className="ss-purchase-price">
        <PriceTag size="large" {...price} />
      </div>

      {product.Variants.length > 0 && (
        <div className="ss-purchase-row">
          <div id={labelId} className="ss-purchase-label">
            規格
          </div>
          <Radio.Group
            aria-labelledby={labelId}
            className="ss-variants"
            optionType="button"
            value={variantId}
            onChange={(e) => setVariantId(e.target.value as number)}
          >
            {product.Variants.map((v) => (
              <Radio.Button key={v.variant_id} value={v.variant_id} className="ss-variant">
                <span className="ss-variant-name">{v.variant_name}</span>
                <span className="ss-variant-price">{v.stock > 0 ? formatNT(v.discount_price) : SOLD_OUT_LABEL}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </div>
      )}

      <div className="ss-purchase-row">
        <div className="ss-purchase-label">數量</div>
        <QuantityStepper value={quantity} onChange={setQuantity} showHint disabled={soldOut} />
      </div>

      <div className="ss-purchase-actions">
        <Button
          type="primary"
          size="large"
          icon={soldOut ? undefined : <ShoppingCartOutlined />}
          disabled={soldOut}
          onClick={() => add(false)}
        >
          {soldOut ? SOLD_OUT_LABEL : '加入購物車'}
        </Button>
        {buyNow && (
          <Button size="large" icon={<ThunderboltOutlined />} disabled={soldOut} onClick={() => add(true)} className="ss-buy-now">
            立即購買
          </Button>
        )}
      </div>
    </div>
  );
}
