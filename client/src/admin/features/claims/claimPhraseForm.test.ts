import { COSMETICS_MSG } from '@rules/cosmetics-rules';
import { describe, expect, it } from 'vitest';
import { phraseProblems, phraseRow, phrasesBody, phrasesChanged, serverProblems } from './claimPhraseForm';

describe('claims list editor rules (spec 4 §4, issue 22 §5)', () => {
  it('wants a phrase and a reason on every row, and a phrase once as the check matches it', () => {
    const problems = phraseProblems([
      { phrase: '治療', reason: '醫療效能' },
      { phrase: '  ', reason: '' },
      { phrase: '100% 有效', reason: '誇大' },
      { phrase: '100％有效', reason: '誇大' },
      { phrase: '治療', reason: '重複' },
    ]);
    expect(problems.others).toEqual([]);
    expect([...problems.rows]).toEqual([
      [1, { phrase: COSMETICS_MSG.phraseRequired, reason: COSMETICS_MSG.reasonRequired }],
      [3, { phrase: COSMETICS_MSG.phraseDuplicate }],
      [4, { phrase: COSMETICS_MSG.phraseDuplicate }],
    ]);
    expect(phraseProblems([{ phrase: '字'.repeat(31), reason: '理'.repeat(101) }]).rows.get(0)).toEqual({ phrase: '詞語最多 30 個字', reason: '原因最多 100 個字' });
    expect(phraseProblems([{ phrase: '永久', reason: '誇大' }]).rows.size).toBe(0);
    expect(phraseProblems(Array.from({ length: 201 }, (_, i) => ({ phrase: `詞${i}`, reason: '原因' }))).others).toEqual(['詞語最多 200 個']);
  });

  it('reads the server refusal per row (phrases.{i}.phrase), the rest as the banner', () => {
    const { rows, others } = serverProblems({
      data: {
        success: false,
        message: '請檢查表單欄位',
        errors: [
          { field: 'phrases.2.reason', message: COSMETICS_MSG.reasonRequired },
          { field: 'phrases[0].phrase', message: COSMETICS_MSG.phraseDuplicate },
          { field: 'phrases', message: '詞語最多 200 個' },
        ],
      },
    });
    expect([...rows]).toEqual([
      [2, { reason: COSMETICS_MSG.reasonRequired }],
      [0, { phrase: COSMETICS_MSG.phraseDuplicate }],
    ]);
    expect(others).toEqual(['詞語最多 200 個']);
  });

  it('sends the rows trimmed and knows when they differ from the stored list', () => {
    const rows = [phraseRow({ phrase: ' 治療 ', reason: ' 醫療 ' })];
    expect(phrasesBody(rows)).toEqual([{ phrase: '治療', reason: '醫療' }]);
    expect(phrasesChanged(rows, [{ phrase: ' 治療 ', reason: ' 醫療 ' }])).toBe(false);
    expect(phrasesChanged(rows, [])).toBe(true);
    expect(phraseRow().key).not.toBe(rows[0].key);
  });
});
