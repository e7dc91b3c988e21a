import { normalBrand, type MailBrand } from './mail-templates';

/** The settings reads the brand needs (SettingsService has both; typed here so the mail layer stays below the modules). */
export interface BrandSettingsReader {
  /** The cached public settings rows. */
  publicSettings(): Promise<Array<{ s_key: string; s_value: string | null }>>;
  /** One setting, public or private ('' when unset). */
  get(key: string): Promise<string>;
}

/**
 * Settings keys of the e-mail look. `MAIL_LOGO_URL`: an absolute https URL of a PNG/JPEG logo
 * (SVG shows in few mail clients); `THEME_COLOR`: `#rrggbb`. Both optional: without them the
 * header shows the shop's short name in the brand colour.
 */
export const MAIL_BRAND_KEYS = { logo: 'MAIL_LOGO_URL', color: 'THEME_COLOR' } as const;

/**
 * The brand of the shop's e-mails from its settings: COMPANY_NAME (the name mails have always
 * signed with), COMPANY_NAMEN for the header's wordmark, COMPANY_EMAIL / COMPANY_PHONE for the
 * footer, the logo and colour keys above (read from the public rows, else the settings table).
 */
export async function loadMailBrand(settings: BrandSettingsReader, origin: string): Promise<MailBrand> {
  const pub = new Map((await settings.publicSettings()).map((s) => [s.s_key, (s.s_value ?? '').trim()]));
  const read = async (key: string): Promise<string> => pub.get(key) ?? (await settings.get(key)).trim();
  const [name, logoUrl, color] = await Promise.all([read('COMPANY_NAME'), read(MAIL_BRAND_KEYS.logo), read(MAIL_BRAND_KEYS.color)]);
  return normalBrand({
    name: name || 'skinshop',
    wordmark: pub.get('COMPANY_NAMEN') || name,
    origin,
    logoUrl,
    color,
    email: pub.get('COMPANY_EMAIL') ?? '',
    phone: pub.get('COMPANY_PHONE') ?? '',
  });
}
