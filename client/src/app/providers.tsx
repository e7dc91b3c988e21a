import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * Redux store. antd's ConfigProvider is not here: it wraps only the parts that use antd
 * (app/AntdScope.tsx), so the first screen of `/` and `/products` runs without antd.
 * Toasts: app/toast.tsx.
 */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
