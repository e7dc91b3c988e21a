import { describe, expect, it } from 'vitest';
import { jobLabel, queueLabel } from './jobLabels';

describe('job labels (issue 22: the LINE queue and its jobs)', () => {
  it('names the line queue and the new jobs in zh-TW; an unknown one shows its name', () => {
    expect(queueLabel('line')).toBe('LINE 通知');
    expect(jobLabel('line.push')).toBe('LINE 推播');
    expect(jobLabel('order.news')).toBe('訂單通知');
    expect(jobLabel('cart.reminders')).toBe('購物車提醒');
    expect(queueLabel('future')).toBe('future');
    expect(jobLabel('future.job')).toBe('');
  });
});
