import type { AppConfig } from '../../config/app-config';

/**
 * The shop's public origin for links in messages (mails, SMS): PUBLIC_URL, else the address the
 * server listens on. One function for every sender (order messages, refunds, member notices).
 */
export function messageOrigin(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
