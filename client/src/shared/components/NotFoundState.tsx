import { LinkButton } from './LinkButton';

interface Props {
  title?: string;
  description?: string;
}

/** A friendly "nothing here" block in the shop's palette, with ways back into the shop. */
export function NotFoundState({ title = '找不到這個頁面', description = '頁面可能已移除或網址有誤，歡迎回到商店繼續逛逛。' }: Props) {
  return (
    <section className="ss-notfound" aria-labelledby="notfound-title">
      <svg className="ss-notfound-art" viewBox="0 0 240 160" aria-hidden>
        <circle cx="120" cy="84" r="70" fill="#f6e7e5" />
        <circle cx="186" cy="34" r="14" fill="#e4ecdf" />
        <circle cx="48" cy="124" r="9" fill="#f1e6dc" />
        <path d="M120 38c-16 20-24 34-24 46a24 24 0 0 0 48 0c0-12-8-26-24-46z" fill="#b86b77" opacity=".85" />
        <ellipse cx="111" cy="84" rx="5" ry="9" fill="#fff" opacity=".55" />
        <text x="120" y="152" textAnchor="middle" fontSize="22" fontWeight="600" fill="#8a7b78" letterSpacing="6">
          404
        </text>
      </svg>
      <h1 id="notfound-title" className="ss-notfound-title">
        {title}
      </h1>
      <p className="ss-notfound-desc">{description}</p>
      <div className="ss-notfound-actions">
        <LinkButton variant="primary" size="large" to="/products">
          逛逛全部商品
        </LinkButton>
        <LinkButton size="large" to="/">
          回首頁
        </LinkButton>
      </div>
    </section>
  );
}
