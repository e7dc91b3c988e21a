import { REFUND_MSG } from '../../common/validation/admin';
import type { RefundProvider, RefundResult } from '../payments/payment-provider';

/**
 * The manual refund path (ATM, CVS, cash on delivery): staff transfer the money to the buyer's
 * bank account by hand. The refund is recorded as `manual` with the account, counted on the order
 * at once, and marked done when staff confirm the transfer (completeManualRefund); no gateway is
 * asked, so `refund` / `checkRefund` never move money — they only say so.
 */
export class BankTransferRefunds implements RefundProvider {
  readonly manual = true;

  /** `bank-transfer` (ATM, CVS) or `cod` (cash on delivery, also sent back by bank transfer): the refunds row's method. */
  constructor(readonly method: 'bank-transfer' | 'cod') {}

  async refund(): Promise<RefundResult> {
    return this.byHand();
  }

  async checkRefund(): Promise<RefundResult> {
    return this.byHand();
  }

  private byHand(): RefundResult {
    return { kind: 'failed', message: REFUND_MSG.manualRecorded, raw: { manual: true, method: this.method } };
  }
}
