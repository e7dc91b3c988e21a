import { LinePayClient } from './linepay-client';
import type { LinePayConfig } from './linepay-config';
import type { LinePayGateway } from './linepay-gateway';

/**
 * The gateway for a config: the real client at LINEPAY_API_URL, or — with the simulator — the
 * same real client pointed at the embedded simulator's URL (its loopback listener), so the
 * protocol is exercised either way.
 */
export function createLinePayGateway(config: LinePayConfig, embeddedSimulatorUrl?: string): LinePayGateway {
  const apiUrl = config.apiUrl ?? embeddedSimulatorUrl;
  if (!apiUrl) throw new Error('LINE Pay simulator mode needs the embedded simulator URL');
  return new LinePayClient({
    apiUrl,
    channelId: config.channelId,
    channelSecret: config.channelSecret,
    timeoutMs: config.timeoutMs,
  });
}
