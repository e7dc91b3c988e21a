import type { AddressView } from '@api/account';

/**
 * The member as `GET /api/login/getuser` answers it (spec 2 §3). The shapes are declared once, by
 * the server, in src/common/api/account.ts (`@api/account`): never write an API shape by hand here.
 */
export type { ProfileView as UserProfile } from '@api/account';

/** An address row as the client edits and sends it: the server's AddressView, without ids until saved. */
export type Address = Omit<AddressView, 'id' | 'user_id'> & Partial<Pick<AddressView, 'id' | 'user_id'>>;
