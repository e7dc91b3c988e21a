import { describe, expect, it } from 'vitest';
import { claimFieldLabel, savedWarningsText, warningsOf } from './claimsCheck';

const labels = { title: '商品名稱', description: '商品描述', registration_no: '化粧品產品登錄編號', usage: '使用方法' };

describe('claims check texts (spec 4 §4)', () => {
  it('reads the warnings of any answer, ignoring what is not a warning', () => {
    expect(warningsOf({ success: true, warnings: [{ field: 'title', phrase: '治療', reason: '醫療' }, { field: 1 }, null] })).toEqual([
      { field: 'title', phrase: '治療', reason: '醫療' },
    ]);
    expect(warningsOf({ success: true })).toEqual([]);
    expect(warningsOf(undefined)).toEqual([]);
  });

  it('names a field by its form label, nested cosmetics keys too', () => {
    expect(claimFieldLabel('description', labels)).toBe('商品描述');
    expect(claimFieldLabel('cosmetics.usage', labels)).toBe('使用方法');
    expect(claimFieldLabel('spec_html', labels)).toBe('spec_html');
  });

  it('says what a save found: a note without a phrase, then each phrase with its field', () => {
    expect(
      savedWarningsText(
        [
          { field: 'registration_no', phrase: '', reason: '尚未填寫化粧品登錄編號' },
          { field: 'description', phrase: '治療', reason: '醫療' },
          { field: 'title', phrase: '保證', reason: '誇大' },
        ],
        labels,
      ),
    ).toBe('已儲存，但尚未填寫化粧品登錄編號；內容含有可能違規的詞語：「治療」（商品描述）、「保證」（商品名稱）');
  });
});
