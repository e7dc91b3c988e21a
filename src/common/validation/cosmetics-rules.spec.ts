import { claimPhrasesErrors, COSMETICS_MSG, DEFAULT_CLAIM_PHRASES } from './cosmetics-rules';

describe('claimPhrasesErrors (the claims list, spec 4 §4)', () => {
  it('the default list passes', () => {
    expect(claimPhrasesErrors(DEFAULT_CLAIM_PHRASES)).toEqual([]);
  });

  it('every refusal at once: empty phrase, empty reason, a duplicate as the check folds it, too long, too many', () => {
    expect(
      claimPhrasesErrors([
        { phrase: '', reason: 'x' },
        { phrase: '<b></b>', reason: 'x' },
        { phrase: 'ＡＢＣ', reason: '' },
        { phrase: 'a b c', reason: 'x' },
        { phrase: '字'.repeat(31), reason: '原'.repeat(101) },
      ]),
    ).toEqual([
      { field: 'phrases.0.phrase', message: COSMETICS_MSG.phraseRequired },
      { field: 'phrases.1.phrase', message: COSMETICS_MSG.phraseRequired },
      { field: 'phrases.2.reason', message: COSMETICS_MSG.reasonRequired },
      { field: 'phrases.3.phrase', message: COSMETICS_MSG.phraseDuplicate },
      { field: 'phrases.4.phrase', message: '詞語最多 30 個字' },
      { field: 'phrases.4.reason', message: '原因最多 100 個字' },
    ]);
    expect(claimPhrasesErrors(Array.from({ length: 201 }, (_, i) => ({ phrase: `p${i}`, reason: 'r' })))).toEqual([{ field: 'phrases', message: '詞語最多 200 個' }]);
  });
});
