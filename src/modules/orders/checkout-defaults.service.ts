import { Injectable } from '@nestjs/common';
import type { AddressView, ProfileView } from '../../common/api/account';
import { ADDRESS_TYPE_OF_SHIPPING } from '../../common/validation/checkout-rules';
import { AddressBookService } from '../users/address-book.service';
import { UsersService } from '../users/users.service';
import type { Order } from './entities/order.entity';

/** The invoice columns an order was written with (checkout's invoiceOf). */
export type OrderInvoiceColumns = Pick<Order, 'invoice_type' | 'carrier_type' | 'mobile_barcode' | 'citizen_barcode' | 'company_name' | 'tax_id'>;

/**
 * What a checkout remembers for the member's next one (spec 2 §4), in the order's transaction: the
 * address as the default of its type, the shipping method, the carrier or company invoice.
 */
@Injectable()
export class CheckoutDefaultsService {
  constructor(
    private readonly users: UsersService,
    private readonly addressBook: AddressBookService,
  ) {}

  /**
   * Spec 2 §4: the chosen address becomes the default of its type, the config defaults follow.
   * Only what changes is written (a member ordering again to the same address writes nothing);
   * when the address book changes, the config row is written first, so a member's concurrent
   * checkouts take turns on it.
   */
  async remember(userId: number, profile: ProfileView, order: Order, invoice: OrderInvoiceColumns): Promise<void> {
    const type = ADDRESS_TYPE_OF_SHIPPING[order.shipping];
    const first = profile.addresses.find((a) => a.shipping_type === type);
    const current = !!first && first.is_default === 1 && sameAddress(first, order);
    const indexKey = type === 'home' ? 'selected_home_addr_index' : 'selected_cvs_addr_index';
    const wanted: CheckoutDefaults = {
      default_shipping: order.shipping,
      ...(invoice.carrier_type === '3J0002' ? { default_mobile_barcode: invoice.mobile_barcode } : {}),
      ...(invoice.carrier_type === 'CQ0001' ? { default_citizen_barcode: invoice.citizen_barcode } : {}),
      ...(invoice.invoice_type === 'Company' ? { default_company_name: invoice.company_name, default_tax_id: invoice.tax_id } : {}),
    };
    const had: CheckoutDefaults = {
      default_shipping: profile.config.default_shipping,
      selected_home_addr_index: profile.config.selectedHomeAddrIndex,
      selected_cvs_addr_index: profile.config.selectedCvsAddrIndex,
      default_mobile_barcode: profile.config.default_mobile_barcode,
      default_citizen_barcode: profile.config.default_citizen_barcode,
      default_company_name: profile.config.default_company_name,
      default_tax_id: profile.config.default_tax_id,
    };
    const changes = (w: CheckoutDefaults) => Object.fromEntries(Object.entries(w).filter(([k, v]) => had[k as keyof CheckoutDefaults] !== v)) as CheckoutDefaults;
    if (current) {
      const delta = changes({ ...wanted, [indexKey]: 0 });
      if (Object.keys(delta).length > 0) await this.users.updateCheckoutConfig(userId, delta);
      return;
    }
    await this.users.updateCheckoutConfig(userId, wanted);
    const index = await this.addressBook.rememberCheckoutAddress(userId, {
      shipping_type: type,
      city: order.city,
      district: order.district,
      street: order.street,
      store_id: order.store_id,
      store_name: order.store_name,
      store_addr: order.store_addr,
    });
    if (index !== null && had[indexKey] !== index) await this.users.updateCheckoutConfig(userId, { [indexKey]: index });
  }
}

/** The checkout defaults of the member's config (user_configs columns). */
type CheckoutDefaults = Partial<{
  default_shipping: number;
  selected_home_addr_index: number;
  selected_cvs_addr_index: number;
  default_mobile_barcode: string;
  default_citizen_barcode: string;
  default_company_name: string;
  default_tax_id: string;
}>;

/** The address book's rule (users' AddressBookService): home rows by street address, stores by id (or name). */
function sameAddress(a: AddressView, o: Pick<Order, 'city' | 'district' | 'street' | 'store_id' | 'store_name'>): boolean {
  if (a.shipping_type === 'home') return a.city === o.city && a.district === o.district && a.street === o.street;
  return a.store_id || o.store_id ? a.store_id === o.store_id : a.store_name === o.store_name;
}
