import { ConfigProvider } from 'antd';
import zhTW from 'antd/es/locale/zh_TW';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { buttonConfig, theme } from './theme';

/** Redux store + antd (zh_TW locale, shop theme). Toasts: app/toast.tsx. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={zhTW} theme={theme} button={buttonConfig}>
        {children}
      </ConfigProvider>
    </Provider>
  );
}
