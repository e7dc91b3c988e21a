/**
 * The payment contract as the modules use it. The declarations live in
 * src/integrations/payments/payment-provider.ts: the adapters (src/integrations/<provider>/)
 * implement it, and shared infrastructure never imports a feature module.
 */
export * from '../../integrations/payments/payment-provider';
