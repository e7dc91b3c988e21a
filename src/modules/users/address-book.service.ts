import { BadRequestException, Injectable } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { AddressInput, cleanAddresses, MAX_ADDRESSES } from '../../common/validation/address-rules';
import { Address } from './entities/address.entity';
import { AddressView, sortAddresses, toAddressView } from './profile.view';

/** The member's address book (spec 2 §4–5): replaced as a whole, in one transaction. */
@Injectable()
export class AddressBookService {
  constructor(private readonly tx: Transactions) {}

  async list(userId: number): Promise<AddressView[]> {
    const rows = await this.tx.repo(Address).find({ where: { user_id: userId } });
    return sortAddresses(rows.map(toAddressView), new Map(rows.map((a) => [a.id, a.sort_order])));
  }

  async replace(userId: number, input: AddressInput[]): Promise<AddressView[]> {
    const checked = cleanAddresses(input);
    if (!checked.ok) throw new BadRequestException({ success: false, message: checked.message });
    await this.tx.run(async () => {
      const repo = this.tx.repo(Address);
      await repo.delete({ user_id: userId });
      await repo.insert(checked.rows.map((r) => ({ ...r, user_id: userId })));
    });
    return this.list(userId);
  }

  /**
   * Checkout (spec 2 §4): the chosen address becomes the default of its type. An equal row (same
   * type and street address, or same store) is marked default; a new one is added as the default
   * while the book has room (a full book keeps its rows). Joins the caller's transaction; the
   * member's config row is the lock a member's concurrent checkouts take turns on (lock it
   * first, `UsersService.updateCheckoutConfig`). Returns the address's index among the member's
   * addresses of its type as listed (defaults first), or null when it was not saved (invalid, book full).
   */
  async rememberCheckoutAddress(userId: number, input: AddressInput): Promise<number | null> {
    const checked = cleanAddresses([{ ...input, is_default: 1 }]);
    if (!checked.ok) return null;
    const row = checked.rows[0];
    return this.tx.run(async () => {
      const repo = this.tx.repo(Address);
      const book = await repo.find({ where: { user_id: userId } });
      const same = book.find((a) => a.shipping_type === row.shipping_type && sameAddress(a, row));
      if (!same && book.length >= MAX_ADDRESSES) return null;
      const others = book.filter((a) => a.shipping_type === row.shipping_type && a.is_default && a.id !== same?.id);
      for (const a of others) await repo.update({ id: a.id }, { is_default: 0 });
      let id: number;
      if (same) {
        if (!same.is_default) await repo.update({ id: same.id }, { is_default: 1 });
        id = same.id;
      } else {
        const sortOrder = book.reduce((max, a) => Math.max(max, a.sort_order + 1), 0);
        const saved = await repo.save(repo.create({ ...row, user_id: userId, is_default: 1, sort_order: sortOrder }));
        id = saved.id;
      }
      const listed = sortAddresses((await repo.find({ where: { user_id: userId, shipping_type: row.shipping_type } })).map(toAddressView));
      return Math.max(0, listed.findIndex((a) => a.id === id));
    });
  }
}

/** Home rows: the same street address; store rows: the same store (by id when it has one). */
function sameAddress(a: Address, b: { city: string; district: string; street: string; store_id: string; store_name: string }): boolean {
  if (a.shipping_type === 'home') return a.city === b.city && a.district === b.district && a.street === b.street;
  return a.store_id || b.store_id ? a.store_id === b.store_id : a.store_name === b.store_name;
}
