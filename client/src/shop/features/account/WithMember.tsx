import type { ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../auth/sessionSlice';
import type { UserProfile } from '../auth/userTypes';

/**
 * Renders its child with the stored member, or nothing once the member is gone (a 401 logs the
 * client out while RequireMember is about to redirect: the screen must not read a null profile).
 */
export function WithMember({ children }: { children: (user: UserProfile) => ReactNode }) {
  const user = useAppSelector(selectUser);
  return user ? <>{children(user)}</> : null;
}
