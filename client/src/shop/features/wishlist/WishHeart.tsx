import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import './WishHeart.css';

interface Props {
  title: string;
  wished: boolean;
  onToggle: () => void;
  /** Over a card's image, or beside the product page's title. */
  variant?: 'card' | 'page';
}

/** The 收藏 heart (spec 4 §2): a toggle button; plain React (first screens, no antd). */
export function WishHeart({ title, wished, onToggle, variant = 'card' }: Props) {
  return (
    <button
      type="button"
      className={`ss-wish ss-wish--${variant}${wished ? ' is-on' : ''}`}
      aria-pressed={wished}
      aria-label={wished ? `取消收藏：${title}` : `收藏：${title}`}
      title={wished ? '取消收藏' : '收藏'}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
      data-testid="wish-heart"
    >
      {wished ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      {variant === 'page' && <span>{wished ? '已收藏' : '收藏'}</span>}
    </button>
  );
}
