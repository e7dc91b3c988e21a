import { Button } from 'antd';
import { useState } from 'react';
import { useSocialProvidersQuery, useStateSaveMutation, type SocialProvider } from './authApi';
import { createSocialState, describeFailure } from './authRules';
import { ErrorText } from '../../../shared/components/ErrorText';

/** Providers in the spec's order (spec 1 §1: a social network, a search-engine account, a messaging app). */
export const SOCIAL_PROVIDERS: { id: SocialProvider; label: string }[] = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'google', label: 'Google' },
  { id: 'line', label: 'LINE' },
];

export const providerLabel = (id: string | null) => SOCIAL_PROVIDERS.find((p) => p.id === id)?.label ?? '社群帳號';

const SOCIAL_START_FAILED = '無法開始社群登入，請稍後再試';
const PROVIDERS_UNKNOWN = '暫時無法取得社群登入設定，請稍後再試';

/** Leaves the app for the provider's authorize page (through our server); replaced in tests. */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** The providers this server has credentials for, in the spec's order. */
export function openProviders(providers: Partial<Record<SocialProvider, boolean>> | undefined): typeof SOCIAL_PROVIDERS {
  return SOCIAL_PROVIDERS.filter((p) => providers?.[p.id] === true);
}

/**
 * Social login buttons (spec 1 §4): a fresh random state is saved on the server, then the
 * browser goes to /api/login/<provider>, which redirects to the provider. Only the providers
 * this server has credentials for get a button (GET /api/login/providers); with none, there is
 * no social section at all (no lone "或" divider). Nothing shows while the answer is awaited; if
 * it cannot be had, the section says so.
 */
export function SocialLogin() {
  const { data: providers, isLoading, isError } = useSocialProvidersQuery();
  const [saveState] = useStateSaveMutation();
  const [starting, setStarting] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = openProviders(providers);

  const start = async (provider: SocialProvider) => {
    setError(null);
    setStarting(provider);
    try {
      await saveState({ state: createSocialState() }).unwrap();
      browser.assign(`/api/login/${provider}`);
    } catch (err) {
      setStarting(null);
      setError(describeFailure(err).message ?? SOCIAL_START_FAILED);
    }
  };

  if (isLoading || (!isError && open.length === 0)) return null;

  return (
    <div className="ss-social" data-testid="social-login">
      <p className="ss-social-heading">
        <span>或使用社群帳號登入</span>
      </p>
      {isError ? (
        <p className="ss-social-note">{PROVIDERS_UNKNOWN}</p>
      ) : (
        <ul className="ss-social-list">
          {open.map((p) => (
            <li key={p.id}>
              <Button
                block
                size="large"
                className={`ss-social-btn ss-social-btn--${p.id}`}
                disabled={starting !== null && starting !== p.id}
                loading={starting === p.id}
                onClick={() => void start(p.id)}
              >
                {p.label} 登入
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText message={error} testId="social-error" block />
    </div>
  );
}
