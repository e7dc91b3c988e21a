import { Inject, Injectable } from '@nestjs/common';
import { LINEPAY_GATEWAY, type LinePayGateway } from '../../integrations/linepay/linepay-gateway';
import { LinePayPaymentProvider } from '../../integrations/linepay/linepay-payment.provider';
import { BankTransferRefunds } from '../../integrations/offline/bank-transfer-refunds';
import { CodPaymentProvider } from '../../integrations/offline/cod-payment.provider';
import type { PayuniGateway } from '../../integrations/payuni/payuni-gateway';
import { PayuniPaymentProvider } from '../../integrations/payuni/payuni-payment.provider';
import { PAYUNI_GATEWAY } from '../../integrations/providers/provider-tokens';
import { PAYMENT_METHODS, type PaymentMethodCode, type PaymentProvider, type RefundProvider } from './payment-provider';

/** One registration: the method codes a provider collects, and who refunds each of them. */
export interface PaymentRegistration {
  methods: readonly PaymentMethodCode[];
  provider: PaymentProvider;
  /** Who gives the money back for these methods (the provider itself when it refunds at its gateway). */
  refunds: RefundProvider;
}

/** A payment method code nobody registered. */
export class UnknownPaymentMethodError extends Error {
  override readonly name = 'UnknownPaymentMethodError';
  constructor(readonly method: string) {
    super(`no payment provider is registered for method ${JSON.stringify(method)}`);
  }
}

/**
 * The payment providers by method code — the ONLY file under src/modules that names a provider
 * (provider-names.spec.ts keeps it so). Adding a gateway: write its adapter in
 * src/integrations/<provider>/ (implementing PaymentProvider, and RefundProvider when it refunds
 * at its gateway), then add one registration below (and its method code to PAYMENT_METHODS).
 */
export function registrations(clients: { payuni: PayuniGateway; linePay: LinePayGateway }): PaymentRegistration[] {
  const payuni = new PayuniPaymentProvider(clients.payuni);
  const linePay = new LinePayPaymentProvider(clients.linePay);
  const bankTransfer = new BankTransferRefunds('bank-transfer');
  return [
    // PAYUNi collects ATM / CVS codes and cards; it refunds cards, ATM and CVS go back by bank transfer.
    { methods: ['credit'], provider: payuni, refunds: payuni },
    { methods: ['atm', 'cvs'], provider: payuni, refunds: bankTransfer },
    { methods: ['linepay'], provider: linePay, refunds: linePay },
    { methods: ['cod'], provider: new CodPaymentProvider(), refunds: new BankTransferRefunds('cod') },
  ];
}

@Injectable()
export class PaymentProviderRegistry {
  private readonly byMethod = new Map<string, PaymentRegistration>();
  private readonly byGateway = new Map<string, PaymentProvider>();

  constructor(@Inject(PAYUNI_GATEWAY) payuni: PayuniGateway, @Inject(LINEPAY_GATEWAY) linePay: LinePayGateway) {
    for (const r of registrations({ payuni, linePay })) this.register(r);
  }

  /** Adds a registration; a method code or gateway name registered twice is a programming error. */
  register(r: PaymentRegistration): void {
    for (const m of r.methods) {
      if (this.byMethod.has(m)) throw new Error(`payment method ${m} is registered twice`);
      this.byMethod.set(m, r);
    }
    const other = this.byGateway.get(r.provider.gateway);
    if (other && other !== r.provider) throw new Error(`payment gateway ${r.provider.gateway} is registered twice`);
    this.byGateway.set(r.provider.gateway, r.provider);
  }

  /** The provider that collects a method. Throws UnknownPaymentMethodError. */
  for(method: string): PaymentProvider {
    return this.registration(method).provider;
  }

  /** Who refunds a method (a gateway, or staff by bank transfer). Throws UnknownPaymentMethodError. */
  refundsFor(method: string): RefundProvider {
    return this.registration(method).refunds;
  }

  /** The provider whose callbacks arrive at `/api/payments/<gateway>/…`, if any. */
  forGateway(gateway: string): PaymentProvider | undefined {
    return this.byGateway.get(gateway);
  }

  has(method: string): boolean {
    return this.byMethod.has(method);
  }

  /** Paid at a gateway (start, callbacks, reconciliation), as opposed to on delivery. */
  isOnline(method: string): boolean {
    return this.byMethod.get(method)?.provider.online ?? false;
  }

  /** The registered method codes, in PAYMENT_METHODS order. */
  methods(): PaymentMethodCode[] {
    return PAYMENT_METHODS.filter((m) => this.byMethod.has(m));
  }

  private registration(method: string): PaymentRegistration {
    const r = this.byMethod.get(method);
    if (!r) throw new UnknownPaymentMethodError(method);
    return r;
  }
}
