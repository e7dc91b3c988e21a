/**
 * Injection tokens of the payment, logistics, invoice and alert providers (ProvidersModule, global).
 *
 * - PAYUNI_GATEWAY   → PayuniGateway   (src/integrations/payuni/payuni-gateway.ts)
 * - PAYUNI_LOGISTICS → PayuniLogistics (src/integrations/payuni/payuni-logistics.ts)
 * - LINEPAY_GATEWAY  → LinePayGateway  (src/integrations/linepay/linepay-gateway.ts)
 * - INVOICE_GATEWAY  → InvoiceGateway  (src/integrations/amego/invoice-gateway.ts)
 * - STAFF_ALERT_SENDER → StaffAlertSender (src/integrations/telegram/staff-alert-sender.ts)
 * - SIMULATORS       → EmbeddedSimulators | null (the app's own simulators and their test hooks;
 *                      null when every provider URL is configured)
 */
export { INVOICE_GATEWAY } from '../amego/invoice-gateway';
export { LINEPAY_GATEWAY } from '../linepay/linepay-gateway';
export { STAFF_ALERT_SENDER } from '../telegram/staff-alert-sender';

export const PAYUNI_GATEWAY = Symbol('PAYUNI_GATEWAY');
export const PAYUNI_LOGISTICS = Symbol('PAYUNI_LOGISTICS');
export const SIMULATORS = Symbol('SIMULATORS');

export type { PayuniGateway } from '../payuni/payuni-gateway';
export type { PayuniLogistics, ShipMapRequest, MapStore } from '../payuni/payuni-logistics';
export type { LinePayGateway } from '../linepay/linepay-gateway';
export type { InvoiceGateway } from '../amego/invoice-gateway';
export type { StaffAlertSender } from '../telegram/staff-alert-sender';
