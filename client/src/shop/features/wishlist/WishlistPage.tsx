import HeartOutlined from '@ant-design/icons/HeartOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import type { WishlistItemView } from '@api/wishlist';
import { toast } from '../../../app/lazyToast';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { LinkButton } from '../../../shared/components/LinkButton';
import { LoadError } from '../../../shared/components/LoadError';
import { PriceTag } from '../../../shared/components/PriceTag';
import { RequireMember } from '../auth/RequireMember';
import { errorStatusOf } from '../auth/watchSession';
import { useAddToCart } from '../cart/useAddToCart';
import { useToggleWishMutation, useWishlistQuery, WISH_MSG } from './wishlistApi';
import './Wishlist.css';

export const WISHLIST_LOAD_FAILED = '收藏載入失敗，請稍後再試。';
export const WISHLIST_EMPTY = '還沒有收藏的商品';
export const OFF_SHELF = '已下架';
export const SOLD_OUT = '已售完';

/** /wishlist 我的收藏 (spec 4 §2): products with their price and stock now, remove, add to cart. Member only. */
export default function WishlistPage() {
  usePageTitle('我的收藏');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-wl-page">
        <h1 className="ss-page-title">我的收藏</h1>
        <Wishlist />
      </div>
    </RequireMember>
  );
}

function Wishlist() {
  // Asked again on every visit: prices and stock are about now.
  const { data, error, isLoading, isFetching, isError, refetch } = useWishlistQuery(undefined, { refetchOnMountOrArgChange: true });
  const [toggleWish] = useToggleWishMutation();
  const addToCart = useAddToCart();

  const remove = async (item: WishlistItemView) => {
    try {
      const answer = await toggleWish({ product_id: item.product_id }).unwrap();
      if (!answer.success) throw { data: answer };
      toast.success(answer.message || WISH_MSG.removed, 'wish');
    } catch (err) {
      if (errorStatusOf(err) !== 401) toast.error(apiErrorMessage(err) ?? WISH_MSG.failed, 'wish');
    }
  };

  const add = (item: WishlistItemView) => {
    if (item.variant_id === null) return;
    addToCart({
      product_id: item.product_id,
      variant_id: item.variant_id,
      variant_name: item.variant_name,
      title: item.title,
      description: '',
      image_url: item.image_url,
      discount_price: item.price,
      quantity: 1,
    });
  };

  if (isLoading) {
    return (
      <div aria-busy="true" data-testid="wishlist-loading">
        <span className="ss-visually-hidden" role="status">
          載入中…
        </span>
        {[0, 1, 2].map((i) => (
          <div className="ss-wl-item" key={i}>
            <Skeleton active avatar={{ shape: 'square', size: 72 }} paragraph={{ rows: 1 }} />
          </div>
        ))}
      </div>
    );
  }
  if (isError || !data?.success) {
    if (errorStatusOf(error) === 401) return null;
    return <LoadError message={(data && data.message) || apiErrorMessage(error) || WISHLIST_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (data.items.length === 0) {
    return (
      <Empty className="ss-wl-empty" image={<HeartOutlined className="ss-wl-empty-icon" aria-hidden />} description={WISHLIST_EMPTY}>
        <LinkButton variant="primary" size="large" to="/products">
          去逛逛
        </LinkButton>
      </Empty>
    );
  }
  return (
    <>
      <p className="ss-page-subtitle">共 {data.items.length} 件商品</p>
      <ul className="ss-wl-list" aria-label="收藏商品">
        {data.items.map((item) => {
          const state = !item.available ? OFF_SHELF : item.stock <= 0 ? SOLD_OUT : '';
          return (
            <li key={item.product_id} className={`ss-wl-item${state ? ' is-out' : ''}`} data-testid="wishlist-item">
              {item.available ? (
                <Link to={`/product/${item.product_id}`} className="ss-wl-img" tabIndex={-1} aria-hidden>
                  <img src={item.image_url} alt="" width={88} height={88} loading="lazy" />
                </Link>
              ) : (
                <span className="ss-wl-img">
                  <img src={item.image_url} alt="" width={88} height={88} loading="lazy" />
                </span>
              )}
              <div className="ss-wl-info">
                {item.available ? (
                  <Link to={`/product/${item.product_id}`} className="ss-wl-title">
                    {item.title}
                  </Link>
                ) : (
                  <span className="ss-wl-title">{item.title}</span>
                )}
                {item.variant_name && <span className="ss-wl-muted">規格：{item.variant_name}</span>}
                {state ? (
                  <span className="ss-wl-state" data-testid="wishlist-state">
                    {state}
                  </span>
                ) : (
                  <PriceTag low={item.price} originalLow={item.list_price} />
                )}
              </div>
              <div className="ss-wl-actions">
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined aria-hidden />}
                  disabled={!!state || item.variant_id === null}
                  onClick={() => add(item)}
                  aria-label={`加入購物車：${item.title}`}
                >
                  加入購物車
                </Button>
                <Button onClick={() => void remove(item)} aria-label={`移除收藏：${item.title}`}>
                  移除
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
