import FacebookFilled from '@ant-design/icons/FacebookFilled';
import InstagramOutlined from '@ant-design/icons/InstagramOutlined';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyName, selectSettings } from '../../app/site/siteSlice';
import './Footer.css';

function LineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
      <path d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.6 7.2 8.4 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6 1.1-.5 5.9-3.5 8-6 1.5-1.6 2-3.2 2-4.9C22 6.6 17.5 3 12 3zm-4.8 10.6H5.3c-.3 0-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.4h1.4c.3 0 .5.2.5.5s-.2.5-.5.5zm2-.5c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.9zm4.6 0c0 .2-.1.4-.3.5h-.2c-.2 0-.3-.1-.4-.2l-2-2.7v2.4c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9.2c0-.2.1-.4.3-.5h.2c.2 0 .3.1.4.2l2 2.7V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.9zm3.1-2.5c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4c.3 0 .5.2.5.5s-.2.5-.5.5h-1.9c-.3 0-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5h1.9c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4z" />
    </svg>
  );
}

const GUIDE_LINKS = [
  { to: '/products', label: '全部商品' },
  { to: '/about', label: '關於我們' },
  { to: '/contact', label: '聯絡我們' },
  { to: '/productreturns', label: '退換貨須知' },
  { to: '/privacypolicy', label: '隱私權政策' },
  { to: '/termsofservice', label: '服務條款' },
  { to: '/partnerinquiry', label: '合作洽詢' },
];

/** Footer with the company settings (spec 1 §1): name, tax id, phone, fax, e-mail, address, social links. */
export function Footer() {
  const s = useAppSelector(selectSettings);
  const name = useAppSelector(selectCompanyName);
  const social = [
    { href: s.SOCIAL_LINE_URL, label: 'LINE', icon: <LineIcon /> },
    { href: s.SOCIAL_INSTAGRAM_URL, label: 'Instagram', icon: <InstagramOutlined aria-hidden /> },
    { href: s.SOCIAL_FACEBOOK_URL, label: 'Facebook', icon: <FacebookFilled aria-hidden /> },
  ].filter((x) => x.href);
  const contact = [
    { label: '電話', value: s.COMPANY_PHONE, href: s.COMPANY_PHONE ? `tel:${s.COMPANY_PHONE.replace(/[^\d+]/g, '')}` : undefined },
    { label: '傳真', value: s.COMPANY_FAX },
    { label: 'Email', value: s.COMPANY_EMAIL, href: s.COMPANY_EMAIL ? `mailto:${s.COMPANY_EMAIL}` : undefined },
    { label: '地址', value: s.COMPANY_ADDRESS },
  ].filter((x) => x.value);

  return (
    <footer className="ss-footer" data-testid="footer">
      <div className="ss-container ss-footer-grid">
        <section aria-label="品牌">
          <div className="ss-footer-brand">{name}</div>
          <p className="ss-footer-tagline">以溫和的成分與用心的配方，陪你找回肌膚最舒服的樣子。</p>
          {social.length > 0 && (
            <ul className="ss-footer-social">
              {social.map((x) => (
                <li key={x.label}>
                  <a href={x.href} target="_blank" rel="noopener noreferrer" aria-label={`${name} 的 ${x.label}`}>
                    {x.icon}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-label="購物指南">
          <h2 className="ss-footer-heading">購物指南</h2>
          <ul className="ss-footer-links">
            {GUIDE_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="客服資訊">
          <h2 className="ss-footer-heading">客服資訊</h2>
          <dl className="ss-footer-contact">
            {contact.map((c) => (
              <div key={c.label}>
                <dt>{c.label}</dt>
                <dd>{c.href ? <a href={c.href}>{c.value}</a> : c.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="ss-footer-bottom">
        <div className="ss-container">
          © {new Date().getFullYear()} {name}
          {s.COMPANY_TAXID ? <span className="ss-footer-taxid">統一編號 {s.COMPANY_TAXID}</span> : null}
        </div>
      </div>
    </footer>
  );
}
