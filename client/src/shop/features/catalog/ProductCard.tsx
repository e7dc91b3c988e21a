import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { PriceTag } from '../../../shared/components/PriceTag';
import { averageText, Stars } from '../reviews/Stars';
import { WishHeart } from '../wishlist/WishHeart';
import type { ProductListItem } from './catalogTypes';
import { loadProductPopup } from './LazyProductPopup';
import { CARD_BADGES, type ProductBadge } from './promotionBadges';
import { SOLD_OUT_LABEL } from './purchase';
import './ProductCard.css';

interface Props {
  product: ProductListItem;
  onOpen: (product: ProductListItem) => void;
  /** The first cards of a list load eagerly. */
  eager?: boolean;
  /** Its promotions' badges (滿千折百, 9 折, 免運…): over the image, so arriving late moves nothing. */
  badges?: readonly ProductBadge[];
  /** Its shown reviews' average and count (spec 4 §2), when it has any. */
  rating?: { average: number; count: number };
  /** The 收藏 heart: whether the member keeps it, and the toggle (a visitor goes to /login). */
  wish?: { wished: boolean; onToggle: () => void };
}

/** A product tile: opens the product popup (spec 1 §2). */
export function ProductCard({ product: p, onOpen, eager = false, badges = [], rating, wish }: Props) {
  const soldOut = p.stock <= 0;
  return (
    <article
      className={`ss-card${soldOut ? ' is-sold-out' : ''}`}
      data-testid="product-card"
      data-product-id={p.product_id}
      data-price={p.discount_price}
      onPointerEnter={() => void loadProductPopup()}
      onFocus={() => void loadProductPopup()}
    >
      <button type="button" className="ss-card-main" onClick={() => onOpen(p)} aria-label={`查看 ${p.title}`}>
        <div className="ss-card-media">
          <img src={p.image_url} alt={p.title} loading={eager ? 'eager' : 'lazy'} width={400} height={400} decoding="async" />
          <div className="ss-card-tags">
            {p.is_new === 1 && <span className="ss-pill ss-pill--new">新品</span>}
            {p.is_hot === 1 && <span className="ss-pill ss-pill--hot">熱銷</span>}
          </div>
          {badges.length > 0 && (
            <div className="ss-card-promos">
              {badges.slice(0, CARD_BADGES).map((b) => (
                <span key={b.id} className="ss-pill ss-pill--promo" data-testid="promotion-badge">
                  {b.text}
                </span>
              ))}
            </div>
          )}
          {soldOut && <span className="ss-card-soldout">{SOLD_OUT_LABEL}</span>}
        </div>
        <div className="ss-card-body">
          {p.type_name && <span className="ss-card-type">{p.type_name}</span>}
          <h3 className="ss-card-title">{p.title}</h3>
          <p className="ss-card-desc">{p.description}</p>
          {rating && rating.count > 0 && (
            <span className="ss-card-rating" data-testid="card-rating">
              <Stars value={rating.average} size={12} label={`平均 ${averageText(rating.average)} 顆星`} />
              <span>{averageText(rating.average)}</span>
              <span className="ss-card-rating-count">({rating.count})</span>
            </span>
          )}
        </div>
      </button>
      {wish && <WishHeart title={p.title} wished={wish.wished} onToggle={wish.onToggle} />}
      <div className="ss-card-footer">
        <PriceTag size="small" low={p.discount_price} high={p.highest_discount} originalLow={p.price} originalHigh={p.highest_price} />
        <button type="button" className="ss-card-add" onClick={() => onOpen(p)} aria-label={`加入購物車：${p.title}`} disabled={soldOut}>
          <ShoppingCartOutlined aria-hidden />
        </button>
      </div>
    </article>
  );
}
