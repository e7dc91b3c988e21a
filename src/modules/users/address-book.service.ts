import { BadRequestException, Injectable } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { AddressInput, cleanAddresses } from '../../common/validation/address-rules';
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
}
