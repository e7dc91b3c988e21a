import {
  PaymentStartError,
  type CallbackClaim,
  type CallbackSettlement,
  type CancelCodeResult,
  type PaymentProvider,
  type ReconcileDecision,
  type StartedPayment,
  type StartPaymentResult,
  type TradeState,
} from '../payments/payment-provider';

/**
 * Cash on delivery (貨到付款): the carrier collects the money at the door, so nothing is started,
 * called back, queried or reconciled at a gateway. Refunds go back by bank transfer
 * (BankTransferRefunds('cod')).
 */
export class CodPaymentProvider implements PaymentProvider {
  readonly gateway = 'cod';
  readonly displayName = '貨到付款';
  readonly online = false;
  readonly callbacks = {};

  async start(): Promise<StartedPayment> {
    throw new PaymentStartError('cash on delivery is paid on delivery: nothing to start', false, 'VALIDATION');
  }

  replay(): StartPaymentResult | null {
    return null;
  }

  verifyCallback(): CallbackClaim {
    return { ok: false, reason: 'cash on delivery has no callbacks' };
  }

  async settleCallback(): Promise<CallbackSettlement> {
    return { kind: 'outcome', outcome: 'ignored' };
  }

  async query(): Promise<TradeState> {
    return { status: 'none', tradeNo: '', amount: 0, raw: {} };
  }

  async reconcile(): Promise<ReconcileDecision> {
    return { kind: 'skip', why: 'paid on delivery' };
  }

  async cancelCode(): Promise<CancelCodeResult> {
    return { outcome: 'unsupported' };
  }
}
