import { ConfigProvider, message } from 'antd';
import { TOAST_SECONDS } from '../shared/lib/ui';
import { AntdScope } from './AntdScope';

// Static antd messages rendered with the shop theme and locale. Loaded on first use through
// app/lazyToast.ts (import the toast from there), so antd stays out of the first download.
ConfigProvider.config({
  holderRender: (children) => <AntdScope>{children}</AntdScope>,
});
message.config({ top: 76, maxCount: 3, duration: TOAST_SECONDS });

/** Toasts disappear after 5 s (spec 1 §9). */
export const toast = {
  success: (content: string, key?: string) => void message.success({ content, key, duration: TOAST_SECONDS }),
  warning: (content: string, key?: string) => void message.warning({ content, key, duration: TOAST_SECONDS }),
  error: (content: string, key?: string) => void message.error({ content, key, duration: TOAST_SECONDS }),
  dismiss: (key: string) => message.destroy(key),
};
