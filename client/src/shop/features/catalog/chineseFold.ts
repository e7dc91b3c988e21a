import { ConverterFactory } from 'opencc-js/core';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TWVariantsRev from 'opencc-js/dict/TWVariantsRev';

/**
 * Folds text for search: Taiwan variants → standard Traditional → Simplified (OpenCC's tw→cn
 * character tables), full-width forms to half-width (NFKC), lower case. Query and product text are
 * folded alike, so 保湿, 保濕 and 保溼 find the same products.
 *
 * Only the character tables (~20 KB gzip), not the phrase dictionaries: folding character by
 * character keeps substrings substrings (a word inside a title stays inside its folded title), and
 * the Traditional → Simplified direction is a plain function (s→t needs the 1 MB phrase table to
 * choose between 發 and 髮). Loaded by `loadChineseFold` only when a search runs.
 */
const twToCn = ConverterFactory([TWVariantsRev], [TSCharacters]);

export function foldChinese(text: string): string {
  return twToCn(text.normalize('NFKC')).toLocaleLowerCase();
}
