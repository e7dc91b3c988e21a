import RightOutlined from '@ant-design/icons/RightOutlined';
import { skipToken } from '@reduxjs/toolkit/query';
import { Modal, Skeleton, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/hooks/useMediaQuery';
import { parseMedia } from '../../../shared/lib/media';
import { useProductDetailsQuery } from './catalogApi';
import type { ProductListItem } from './catalogTypes';
import { PurchasePanel } from './PurchasePanel';
// The popup loads antd anyway: its toasts (請先選擇規格！, 已加入購物車) are ready with it, not
// loaded and set up in the same moment as the first one is shown.
import '../../../app/toast';
import './ProductPopup.css';

interface Props {
  /** The card that was opened; null when the popup is closed. */
  product: ProductListItem | null;
  onClose: () => void;
}

/** Product popup (spec 1 §4–5): details, variant, quantity, add to cart. */
export default function ProductPopup({ product, onClose }: Props) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { data, isFetching, isError } = useProductDetailsQuery(product?.product_id ?? skipToken);
  const details = data && product && data.product_id === product.product_id ? data : undefined;

  const images = useMemo(() => {
    const fromMedia = (details?.pMedias ?? []).map((m) => parseMedia(m.media_url)).filter((m) => m.media_type === 'image');
    return fromMedia.length ? fromMedia.map((m) => m.media_url) : [details?.image_url ?? product?.image_url ?? ''];
  }, [details, product]);

  const shown = details ?? product;
  return (
    <Modal
      open={product != null}
      onCancel={onClose}
      footer={null}
      width={mobile ? 'calc(100vw - 16px)' : 900}
      centered={!mobile}
      style={mobile ? { top: 8, paddingBottom: 8 } : undefined}
      destroyOnHidden
      title={<span className="ss-visually-hidden">{shown?.title ?? '商品'}</span>}
      className={`ss-popup${mobile ? ' is-mobile' : ''}`}
      aria-label={shown?.title}
    >
      {shown && (
        <div className="ss-popup-body" data-testid="product-popup">
          <div className="ss-popup-media">
            <img src={images[0] || shown.image_url} alt={shown.title} width={600} height={600} />
          </div>
          <div className="ss-popup-info">
            <div className="ss-popup-tags">
              {shown.type_name && <Tag variant="filled">{shown.type_name}</Tag>}
              {shown.is_new === 1 && <Tag color="#5b7a62">新品</Tag>}
              {shown.is_hot === 1 && <Tag color="#a9503f">熱銷</Tag>}
            </div>
            <h2 className="ss-popup-title">{shown.title}</h2>
            <p className="ss-popup-desc">{shown.description}</p>
            {details ? (
              <PurchasePanel product={details} onAdded={onClose} />
            ) : isError && !isFetching ? (
              <p className="ss-popup-error" role="alert">
                找不到商品，這個商品可能已下架。
              </p>
            ) : (
              <Skeleton active paragraph={{ rows: 4 }} title={false} />
            )}
            {/* Replaces the popup's history entry: Back from the product page returns to the list. */}
            <Link className="ss-popup-more" to={`/product/${shown.product_id}`} replace>
              查看完整商品介紹 <RightOutlined aria-hidden />
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
