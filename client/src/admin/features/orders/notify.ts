import { App } from 'antd';
import { TOAST_SECONDS } from '../../../shared/lib/ui';

export interface Notify {
  success: (content: string) => void;
  warning: (content: string) => void;
  error: (content: string) => void;
}

/**
 * Back-office notices through the admin's antd App (AdminApp): success ones close after 2 seconds
 * (spec 2 §9), warnings and errors stay as long as the shop's toasts.
 */
export function useNotify(): Notify {
  const { message } = App.useApp();
  return {
    success: (content) => void message.success({ content, duration: 2 }),
    warning: (content) => void message.warning({ content, duration: TOAST_SECONDS }),
    error: (content) => void message.error({ content, duration: TOAST_SECONDS }),
  };
}

/** The server's message of an RTK Query answer or error, else `fallback`. */
export function messageOf(errOrAnswer: unknown, fallback: string): string {
  const o = errOrAnswer as { message?: unknown; data?: { message?: unknown } } | undefined;
  const m = o?.data?.message ?? o?.message;
  return typeof m === 'string' && m.trim() ? m : fallback;
}
