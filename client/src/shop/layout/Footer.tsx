import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyName, selectSettings } from '../../app/site/siteSlice';
import { analyticsConfigured } from '../../shared/analytics/analytics';
import { openConsentSettings } from '../../shared/analytics/consent';
import { SocialIcon } from '../../shared/components/SocialIcon';
import { companyContactRows, socialLinks } from '../../shared/lib/company';
import './Footer.css';

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
  const social = socialLinks(s);
  const contact = companyContactRows(s);

  return (
    <footer className="ss-footer" data-testid="footer">
      <div className="ss-container ss-footer-grid">
        <section aria-label="品牌">
          <div className="ss-footer-brand">{name}</div>
          <p className="ss-footer-tagline">以溫和的成分與用心的配方，陪你找回肌膚最舒服的樣子。</p>
          {social.length > 0 && (
            <ul className="ss-footer-social">
              {social.map((x) => (
                <li key={x.key}>
                  <a href={x.href} target="_blank" rel="noopener noreferrer" aria-label={`${name} 的 ${x.label}`}>
                    <SocialIcon kind={x.key} />
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
            {analyticsConfigured(s.GA4_ID, s.META_PIXEL_ID) && (
              <li>
                <button type="button" className="ss-footer-linkbtn" onClick={openConsentSettings}>
                  Cookie 設定
                </button>
              </li>
            )}
          </ul>
        </nav>
        <section aria-label="客服資訊">
          <h2 className="ss-footer-heading">客服資訊</h2>
          <dl className="ss-footer-contact">
            {contact.map((c) => (
              <div key={c.key}>
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
