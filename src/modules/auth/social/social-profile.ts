import type { SocialProvider } from '../../users/users.service';

/** What a provider told us about the person who logged in (no tokens are kept). */
export interface SocialLoginProfile {
  provider: SocialProvider;
  subject: string;
  displayName: string;
  email: string | null;
}

export const PROVIDER_LABEL: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  line: 'LINE',
};
