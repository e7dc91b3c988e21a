import { describe, expect, it } from 'vitest';
import { contentPageFor, withoutLeadingTitle } from './contentPages';

describe('content pages', () => {
  it('finds a page by its path, whatever the case', () => {
    expect(contentPageFor('/privacypolicy')?.versionStr).toBe('privacypolicyVersion');
    expect(contentPageFor('/maskcare/')?.imageType).toBe('maskCareImg000');
    expect(contentPageFor('/products')).toBeUndefined();
  });

  it('drops a leading heading that repeats the page title, and nothing else', () => {
    expect(withoutLeadingTitle('<h2>隱私權政策</h2>\n<p>內容</p>', '隱私權政策')).toBe('<p>內容</p>');
    expect(withoutLeadingTitle('<h2>面膜怎麼敷才有效？</h2><p>x</p>', '面膜保養')).toBe('<h2>面膜怎麼敷才有效？</h2><p>x</p>');
    expect(withoutLeadingTitle('<p>隱私權政策</p>', '隱私權政策')).toBe('<p>隱私權政策</p>');
  });
});
