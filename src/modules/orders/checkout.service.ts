import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { GatewayForm, SubmitOrderAnswer } from '../../common/api/orders';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { RateLimiter, rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { taipeiTimestamp } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import {
  CHECKOUT_MSG,
  CheckoutInput,
  checkoutError,
  DEFAULT_DELIVERY_SLOT,
  HOME_SHIPPINGS,
  paymentAllowed,
  totalChangedMsg,
} from '../../common/validation/checkout-rules';
import { lookupArea } from '../../common/validation/tw-zipcodes';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { CatalogService } from '../catalog/catalog.service';
import { OnlineMethod, PaymentsService, StartPaymentResult } from '../payments/payments.service';
import { SettingsService } from '../settings/settings.service';
import type { ProfileView } from '../../common/api/account';
import { UsersService } from '../users/users.service';
import { VARIANT_REQUIRED, type CartLine } from '../promotions/cart-lines';
import { COUPON_MSG } from '../promotions/engine/messages';
import { PromotionLimitError } from '../promotions/promotion-uses.service';
import { QuoteService, type PricedQuote } from '../promotions/quote.service';
import { CheckoutDefaultsService } from './checkout-defaults.service';
import { CheckoutLines } from './checkout-lines';
import { orderLineName } from './order-line-names';
import { SubmitOrderDto } from './dto/submit-order.dto';
import { Order } from './entities/order.entity';
import { CANCEL_MSG, ONLINE_PAYMENTS, ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';
import { isDuplicateKey } from '../../database/db-dialect';
import { plainFindOne, plainInsert } from '../../database/plain-sql';

/** A double submit without an Idempotency-Key: one submit per member per 2 seconds. */
export const CHECKOUT_LOCK = rateLimitRule('checkout-lock', 1, 2);
/** Orders a member may submit per 10 minutes, unless configured (CHECKOUT_RATE_LIMIT). */
export const DEFAULT_CHECKOUT_RATE_LIMIT = 20;
const RATE_WINDOW_SECONDS = 10 * 60;

/** Spec 2 §5 "variant required when there are several" (checked with the cart's lines, cart-lines.ts). */
export { VARIANT_REQUIRED };
export const ORDER_CREATED = '訂單已成立';

/** The request facts checkout needs beyond the body. */
export interface SubmitContext {
  /** The `Idempotency-Key` header, checked by the controller. */
  idempotencyKey?: string;
  /** Public origin for the gateways' callbacks (`PUBLIC_URL`, else the request's origin). */
  origin: string;
}

/** Integer NT$ of an order. */
/** What `replay` reads of an order made earlier with the same idempotency key. */
type ReplayedOrder = Pick<Order, 'id' | 'mer_trade_no' | 'payment' | 'status_name' | 'order_status_msg'>;

/** A cart line as charged. */
type Line = CartLine;

/** What a submit checked: the buyer, the form, the cart priced by the one quote. */
interface Checked {
  profile: ProfileView;
  form: CheckoutInput;
  quote: PricedQuote;
}

/** The order number at the gateways: `SS` + Taipei yyMMddHHmmss + 6 of [0-9A-Z] (20 characters). */
export function newMerTradeNo(now: Date = new Date()): string {
  const ts = taipeiTimestamp(now).replace(/[^0-9]/g, '').slice(2);
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let tail = '';
  for (let i = 0; i < 6; i++) tail += alphabet[randomInt(alphabet.length)];
  return `SS${ts}${tail}`;
}


const text = (v: string | undefined): string => (typeof v === 'string' ? v.trim() : '');

/**
 * `POST /api/order/submitOrder` (spec 2 §4–5, issue 10): the member from the session, prices,
 * fee and total from the database, stock reserved in the order's transaction, one order per
 * double submit (an Idempotency-Key, else a 2-second per-member lock), a per-member rate limit.
 * Online methods start the payment at the gateway after the commit; a failed start cancels the
 * order (stock back) and answers 503.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly catalog: CatalogService,
    private readonly quotes: QuoteService,
    private readonly lines: CheckoutLines,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly defaults: CheckoutDefaultsService,
    private readonly state: OrderStateService,
    private readonly payments: PaymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(userId: number, dto: SubmitOrderDto, ctx: SubmitContext): Promise<SubmitOrderAnswer> {
    try {
      return await this.submitOnce(userId, dto, ctx);
    } finally {
      // Whatever the answer, this member's cached quotes are of before it: a code or a gift just
      // taken (or taken by another order: 折扣碼已使用完畢), a first order made. The page asks again.
      await this.quotes.forget(userId);
    }
  }

  private async submitOnce(userId: number, dto: SubmitOrderDto, ctx: SubmitContext): Promise<SubmitOrderAnswer> {
    const key = ctx.idempotencyKey;
    if (key) {
      const first = await this.orderOfKey(userId, key);
      if (first) return this.replay(first);
    }
    // Everything a refusal depends on first: a refused submit takes no lock and counts no order.
    let checked = await this.check(userId, dto);
    if (!key) {
      // Without a key, a second valid submit within 2 seconds is the same click.
      const lock = await this.limiter.consume(CHECKOUT_LOCK, String(userId));
      if (!lock.allowed) throw new AppError(CHECKOUT_MSG.duplicateSubmit, HttpStatus.TOO_MANY_REQUESTS);
    }
    let order: Order;
    try {
      const rate = await this.limiter.consume(rateLimitRule('checkout', this.rateLimit(), RATE_WINDOW_SECONDS), String(userId));
      if (!rate.allowed) throw new AppError(CHECKOUT_MSG.tooManyOrders, HttpStatus.TOO_MANY_REQUESTS);
      // One transaction: the order, its lines, the member's defaults, the outbox, the promotions' uses, the stock.
      try {
        order = await this.create(userId, checked, key);
      } catch (err) {
        if (!(err instanceof PromotionLimitError && err.automatic)) throw err;
        // An automatic promotion's last use went to another order meanwhile: priced again without
        // it (a different total is refused with the new total, as any change of price).
        checked = await this.check(userId, dto, { fresh: true });
        order = await this.create(userId, checked, key);
      }
    } catch (err) {
      if (key && isDuplicateKey(err)) {
        // The same key at the same moment: the other request made the order.
        const first = await this.orderOfKey(userId, key);
        if (first) return this.replay(first);
      }
      // Nothing was made (stock short, rate limit): the shopper may send again at once.
      if (!key) await this.limiter.reset(CHECKOUT_LOCK, String(userId)).catch(() => undefined);
      throw err;
    }
    // Committed: the lock stays, a failed payment start cancels the order.
    return this.startPayment(order, checked.quote, ctx.origin);
  }

  /** The profile, the form, the cart priced by the one quote (lines as stored now, promotions, code, fee, total: spec 2 §5, §9, spec 4 §4); throws the first refusal. */
  private async check(userId: number, dto: SubmitOrderDto, { fresh = false } = {}): Promise<Checked> {
    // Read at once: the profile (with its address book and config: checkout writes only the
    // defaults that change), the methods, the products as stored now. Judged in the page's order.
    const items = dto.cartItems ?? [];
    const [profile, methods, products] = await Promise.all([
      this.users.getProfile(userId),
      this.settings.allMethods(),
      items.length > 0 ? this.catalog.purchasable(items.map((i) => i.product_id)) : Promise.resolve([]),
    ]);

    // The buyer must have a complete profile (spec 2 §5).
    if (!text(profile.username) || !text(profile.email ?? '') || !text(profile.phone ?? '')) {
      throw new AppError(CHECKOUT_MSG.profileIncomplete, HttpStatus.BAD_REQUEST);
    }

    // The form (spec 2 §5; the client's own rules, the same texts).
    const shippingIds = methods.shipping.filter((m) => m.active).map((m) => m.id);
    const paymentCodes = methods.payment.filter((m) => m.active).map((m) => m.method_code);
    const form = this.formOf(dto);
    const problem = checkoutError(form, { shippingIds, paymentCodes });
    if (problem) throw new AppError(problem, HttpStatus.BAD_REQUEST);

    // Prices, promotions, the code, fee and total from the database, by the one quote (spec 4 §4):
    // the same path as POST /api/cart/quote, without its answer cache. The limits' counters and a
    // code's lookup may be the quote page's (dropped at every order made or cancelled): the
    // conditional UPDATEs in the transaction decide them, and a refused automatic one is priced
    // again with everything read fresh.
    const quote = await this.quotes.price(
      userId,
      { cartItems: items, shipping: form.shipping as number, couponCode: dto.couponCode, couponCodes: dto.couponCodes, usePoints: dto.usePoints, addons: dto.addons },
      { products, methods },
      { cachedLimits: !fresh },
    );
    // A refused code refuses the order with its reason (the quote showed it without the code).
    const coupon = quote.result.coupon;
    if (coupon && !coupon.applied) throw new AppError(coupon.message ?? COUPON_MSG.unknown, HttpStatus.BAD_REQUEST);
    const total = quote.result.priced.total;
    if (!paymentAllowed(form.payment as string, quote.shipping.id, total)) throw new AppError(CHECKOUT_MSG.paymentAmountOutOfRange, HttpStatus.BAD_REQUEST);
    if (dto.totalAmount !== total) throw new AppError(totalChangedMsg(total), HttpStatus.CONFLICT, { totalAmount: total });
    return { profile, form, quote };
  }

  /** The transaction of a submit; a new order number when the random one was taken. */
  private async create(userId: number, checked: Checked, key?: string): Promise<Order> {
    for (let attempt = 1; ; attempt++) {
      const merTradeNo = newMerTradeNo();
      try {
        return await this.tx.run(() => this.insert(userId, checked, merTradeNo, key));
      } catch (err) {
        if (attempt >= 3 || !isDuplicateKey(err)) throw err;
        const taken = await this.tx.repo(Order).count({ where: { mer_trade_no: merTradeNo } });
        if (!taken) throw err; // not the order number: the idempotency key
      }
    }
  }

  private async insert(userId: number, { profile, form: f, quote }: Checked, merTradeNo: string, key?: string): Promise<Order> {
    const money = quote.result.priced;
    const repo = this.tx.repo(Order);
    const shipping = f.shipping as number;
    const payment = f.payment as string;
    const home = HOME_SHIPPINGS.includes(shipping);
    const area = home ? lookupArea(text(f.city), text(f.district)) : undefined;
    const invoice = invoiceOf(f);
    const values: Partial<Order> = {
      mer_trade_no: merTradeNo,
      user_id: userId,
      idempotency_key: key ?? null,
      buy_name: text(f.buy_name),
      buy_phone: text(f.buy_phone),
      buy_email: text(f.buy_email),
      name: text(f.name),
      phone: text(f.phone),
      zip: area?.zip ?? '',
      city: area?.city ?? '',
      district: area?.district ?? '',
      street: home ? text(f.street) : '',
      store_id: home ? '' : text(f.store_id),
      store_name: home ? '' : text(f.store_name),
      store_addr: home ? '' : text(f.store_addr),
      shipping,
      delivery_time_slot: home ? (f.deliveryTimeSlot ?? DEFAULT_DELIVERY_SLOT) : DEFAULT_DELIVERY_SLOT,
      payment,
      bank_code: payment === 'atm' ? (f.bankCode ?? '') : '',
      payment_code: '',
      expire_date: null,
      payment_status: PAYMENT_STATUS.unpaid,
      status_name: ORDER_STATUS.pending,
      ...invoice,
      subtotal: money.subtotal,
      discount_total: money.discountTotal,
      points_used: money.pointsUsed,
      shipping_fee: money.shippingFee,
      total_amount: money.total,
    };
    // A plain INSERT (plainInsert: no save() bookkeeping, no re-read of the defaults, no query
    // builder). The order below carries the written columns and its id, which is all the rest of
    // the submit reads.
    const order = repo.create(values);
    const [inserted] = await plainInsert(repo.manager, Order, [values], { returning: ['id'] });
    if (!inserted?.id) throw new Error('order insert: no id returned');
    order.id = Number(inserted.id);
    // Prices first: the order's own lines and adjustments, as quoted (gift lines once their stock is taken).
    await this.lines.writePrices(order.id, quote);

    await this.defaults.remember(userId, profile, order, invoice);

    // Cash on delivery: confirmed now. Online methods once their payment was started at the gateway
    // (setPaymentStarted): ATM / CVS mails carry the code, and a start that fails confirms nothing.
    if (payment === 'cod') {
      await this.outbox.enqueue(JobName.MailOrderConfirmation, { orderId: order.id }, { jobId: `mail-order:${order.id}` });
    }
    // What the listeners need of the order rides along (they need not read back this transaction's rows).
    const variantIds = [...new Set(quote.result.lines.filter((l) => l.line_kind !== 'gift').map((l) => l.variant_id))];
    await this.events.publish('order.created', {
      orderId: order.id,
      payment,
      total: money.total,
      placed: { userId, merTradeNo: order.mer_trade_no, buyName: order.buy_name, variantIds },
    });
    // The outbox rows of this order (its mail, the listeners' alerts and news), as one INSERT.
    await this.outbox.writePending();
    // Last: the promotions' counters and the products' rows are the hot rows every order of them
    // waits on until this commits (a spent code or use refuses the order here, 409).
    await this.lines.takeLimited(userId, order.id, quote);
    return order;
  }

  /** After the commit: start the payment at the gateway (online methods) and answer. */
  private async startPayment(order: Order, quote: PricedQuote, origin: string): Promise<SubmitOrderAnswer> {
    const resData = { order_id: order.id, MerTradeNo: order.mer_trade_no };
    if (!ONLINE_PAYMENTS.includes(order.payment)) return ok({ resData }, ORDER_CREATED);
    let started: StartPaymentResult;
    try {
      started = await this.payments.start({
        orderId: order.id,
        merTradeNo: order.mer_trade_no,
        method: order.payment as OnlineMethod,
        amount: order.total_amount,
        ...(order.payment === 'atm' ? { bankCode: order.bank_code } : {}),
        prodDesc: prodDescOf(quote.lines),
        email: order.buy_email,
        origin,
        // Every line at its price (gifts NT$ 0, add-ons at their add-on price).
        items: quote.result.lines.map((l) => ({
          name: orderLineName(l.title, l.variant_name, l.line_kind),
          quantity: l.quantity,
          price: l.unit_price,
          imageUrl: l.image_url || undefined,
        })),
      });
    } catch (err) {
      this.logger.warn(`order #${order.id} (${order.payment}): payment start failed: ${(err as Error).message}`);
      await this.state.cancel(order.id, 'payment-start-failed').catch((e: Error) => this.logger.error(`order #${order.id}: cancel after a failed start: ${e.message}`));
      throw new AppError(CHECKOUT_MSG.paymentStartFailed, HttpStatus.SERVICE_UNAVAILABLE, { resData });
    }
    if (started.kind === 'code') {
      await this.state.setPaymentStarted(order.id, {
        tradeNo: started.tradeNo,
        paymentCode: started.paymentCode,
        bankCode: started.bankCode,
        expireDate: started.expireDate,
      });
      return ok({ resData }, ORDER_CREATED);
    }
    await this.state.setPaymentStarted(order.id, {});
    return ok({ resData, result: formOf(started) }, ORDER_CREATED);
  }

  /** The order this member already made with this key, with the columns `replay` reads. */
  private orderOfKey(userId: number, key: string): Promise<ReplayedOrder | null> {
    return plainFindOne(this.tx.manager, Order, {
      select: ['id', 'mer_trade_no', 'payment', 'status_name', 'order_status_msg'],
      where: { user_id: userId, idempotency_key: key },
    });
  }

  /** The answer of an order already made by this key (a double submit, a retried request). */
  private async replay(order: ReplayedOrder): Promise<SubmitOrderAnswer> {
    const resData = { order_id: order.id, MerTradeNo: order.mer_trade_no };
    if (!ONLINE_PAYMENTS.includes(order.payment)) return ok({ resData }, ORDER_CREATED);
    // Its payment could not be started: the order was cancelled and the first answer was 503.
    if (order.status_name === ORDER_STATUS.cancelled && order.order_status_msg === CANCEL_MSG['payment-start-failed']) {
      throw new AppError(CHECKOUT_MSG.paymentStartFailed, HttpStatus.SERVICE_UNAVAILABLE, { resData });
    }
    if (order.payment === 'atm' || order.payment === 'cvs') return ok({ resData }, ORDER_CREATED);
    const started = await this.payments.replay(order.id);
    // The first request is still talking to the gateway.
    if (!started) throw new AppError(CHECKOUT_MSG.duplicateSubmit, HttpStatus.TOO_MANY_REQUESTS);
    return started.kind === 'code' ? ok({ resData }, ORDER_CREATED) : ok({ resData, result: formOf(started) }, ORDER_CREATED);
  }

  private formOf(dto: SubmitOrderDto): CheckoutInput {
    const payment = text(dto.payment);
    return {
      buy_name: dto.buy_name,
      buy_phone: dto.buy_phone,
      buy_email: dto.buy_email,
      name: dto.name,
      phone: dto.phone,
      city: dto.city,
      district: dto.district,
      zip: dto.zip,
      street: dto.street,
      store_id: dto.store_id,
      store_name: dto.store_name,
      store_addr: dto.store_addr,
      shipping: dto.shipping,
      deliveryTimeSlot: dto.deliveryTimeSlot,
      payment,
      bankCode: dto.bankCode,
      // LINE Pay is invoiced to the member carrier (issue 10), whatever the form said.
      ...(payment === 'linepay'
        ? { invoiceType: 'personal', carrierType: 'amego' }
        : {
            invoiceType: dto.invoiceType,
            carrierType: dto.carrierType,
            mobileBarcode: dto.mobileBarcode,
            citizenBarcode: dto.citizenBarcode,
            companyName: dto.companyName,
            taxId: dto.taxId,
            donateCode: dto.donateCode,
          }),
    };
  }

  private rateLimit(): number {
    const configured = (this.config as { checkout?: { rateLimit?: unknown } }).checkout?.rateLimit;
    return typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_CHECKOUT_RATE_LIMIT;
  }
}

/** The invoice columns of the order: only those of the chosen type and carrier. */
function invoiceOf(f: CheckoutInput) {
  const none = { invoice_type: '', carrier_type: '', mobile_barcode: '', citizen_barcode: '', company_name: '', tax_id: '', donate_code: '' };
  switch (f.invoiceType) {
    case 'Company':
      return { ...none, invoice_type: 'Company', company_name: text(f.companyName), tax_id: text(f.taxId) };
    case 'Donate':
      return { ...none, invoice_type: 'Donate', donate_code: text(f.donateCode) };
    default: {
      const carrier = f.carrierType ?? 'amego';
      return {
        ...none,
        invoice_type: 'personal',
        carrier_type: carrier,
        mobile_barcode: carrier === '3J0002' ? text(f.mobileBarcode) : '',
        citizen_barcode: carrier === 'CQ0001' ? text(f.citizenBarcode).toUpperCase() : '',
      };
    }
  }
}

/** The gateway's product description: the first item, and how many more. */
function prodDescOf(lines: Line[]): string {
  const first = lines[0].product.title;
  const desc = lines.length > 1 ? `${first} 等 ${lines.length} 項商品` : first;
  return desc.slice(0, 100);
}

function formOf(started: Exclude<StartPaymentResult, { kind: 'code' }>): GatewayForm {
  return started.form;
}
