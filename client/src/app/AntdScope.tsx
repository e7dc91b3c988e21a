import { ConfigProvider } from 'antd';
import zhTW from 'antd/es/locale/zh_TW';
import type { ReactNode } from 'react';
import { buttonConfig, theme } from './theme';

/**
 * antd's zh_TW locale and the shop theme, around the parts that use antd components only
 * (the pages with forms, the cart, the product popup, the mobile drawer): the home page, the
 * product list and the product page use no antd component, so their first screen neither
 * downloads antd nor pays for its CSS-in-JS theme at start-up. Toasts get the same config
 * (app/toast.tsx, loaded on first use through app/lazyToast.ts).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhTW} theme={theme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
