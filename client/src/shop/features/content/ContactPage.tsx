import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectCompanyName, selectSettings } from '../../../app/site/siteSlice';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { SocialIcon } from '../../../shared/components/SocialIcon';
import { companyContactRows, mapEmbedUrl, mapSearchUrl, MAP_ZOOM, socialLinks } from '../../../shared/lib/company';
import { ContactForm } from './ContactForm';
import { storedPageImage, usePageImageQuery } from './contentApi';
import { PageHero } from './PageHero';
import './ContentPage.css';
import './ContactPage.css';

const CONTACT_IMAGE = { image_type: 'contactImg000', versionStr: 'contactVersion' };

/** Map at zoom 16: the Maps Embed API iframe with a key from settings, else a plain link (spec 1 §2). */
function ContactMap() {
  const s = useAppSelector(selectSettings);
  const company = useAppSelector(selectCompanyName);
  const embed = mapEmbedUrl(s);
  const link = mapSearchUrl(s);
  if (embed) {
    return (
      <div className="ss-contact-map">
        <iframe
          src={embed}
          title={`${company} 位置地圖`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
          data-zoom={MAP_ZOOM}
        />
      </div>
    );
  }
  if (!link) return null;
  return (
    <div className="ss-contact-map ss-contact-map--link">
      <svg className="ss-contact-map-art" viewBox="0 0 64 64" width="64" height="64" aria-hidden>
        <circle cx="32" cy="32" r="30" fill="#f6e7e5" />
        <path d="M32 14a12 12 0 0 0-12 12c0 9 12 22 12 22s12-13 12-22a12 12 0 0 0-12-12zm0 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8z" fill="#b86b77" />
      </svg>
      <div>
        <p className="ss-contact-map-address">{s.COMPANY_ADDRESS}</p>
        <a className="ss-btn ss-btn--primary" href={link} target="_blank" rel="noopener noreferrer">
          在 Google 地圖開啟
        </a>
      </div>
    </div>
  );
}

/** /contact (spec 1 §2): company details, an image, the message form and a map. */
export default function ContactPage() {
  usePageTitle('聯絡我們');
  const s = useAppSelector(selectSettings);
  const company = useAppSelector(selectCompanyName);
  const rows = companyContactRows(s, { withTaxId: true });
  const social = socialLinks(s);
  const stored = useMemo(() => storedPageImage(CONTACT_IMAGE.image_type), []);
  const { data: image = stored } = usePageImageQuery(CONTACT_IMAGE);

  return (
    <>
      <PageHero eyebrow="CONTACT US" title="聯絡我們" intro="對商品、訂單或肌膚保養有任何疑問，歡迎留言給我們。" />
      <div className="ss-container ss-content-wrap">
        <div className="ss-contact">
          <section className="ss-contact-info" aria-labelledby="contact-info-title">
            {image && (
              <figure className="ss-contact-figure">
                <img className="ss-fade-in" src={image} alt="" width={1200} height={800} decoding="async" />
              </figure>
            )}
            <div className="ss-contact-info-body">
              <h2 id="contact-info-title" className="ss-contact-heading">
                客服資訊
              </h2>
              <p className="ss-contact-company">{company}</p>
              <dl className="ss-contact-list" data-testid="contact-details">
                {rows.map((r) => (
                  <div key={r.key}>
                    <dt>{r.label}</dt>
                    <dd>{r.href ? <a href={r.href}>{r.value}</a> : r.value}</dd>
                  </div>
                ))}
              </dl>
              {social.length > 0 && (
                <ul className="ss-contact-social" aria-label="社群連結">
                  {social.map((x) => (
                    <li key={x.key}>
                      <a href={x.href} target="_blank" rel="noopener noreferrer" aria-label={`${company} 的 ${x.label}`}>
                        <SocialIcon kind={x.key} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
          <section className="ss-contact-form-card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title" className="ss-contact-heading">
              留言給我們
            </h2>
            <p className="ss-contact-hint">
              標示 <span className="ss-required">*</span> 為必填欄位。
            </p>
            <ContactForm />
          </section>
        </div>
        <section className="ss-contact-map-section" aria-label="交通位置">
          <h2 className="ss-contact-heading">交通位置</h2>
          <ContactMap />
        </section>
      </div>
    </>
  );
}
