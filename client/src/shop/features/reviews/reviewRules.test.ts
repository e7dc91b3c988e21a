import { describe, expect, it } from 'vitest';
import { reviewInputProblem } from '@rules/review-rules';
import { contentLength, REVIEW_MSG, reviewProblems } from './reviewRules';

describe('review rules (spec 4 §5)', () => {
  const ok = { rating: 5, content: '很保濕，用了一個月皮膚變好', photos: [] };

  it('accepts a rating 1–5, 10–1000 characters and up to 5 photos', () => {
    expect(reviewProblems(ok)).toEqual({});
    expect(reviewProblems({ ...ok, rating: 1, content: '一二三四五六七八九十', photos: ['1', '2', '3', '4', '5'] })).toEqual({});
    expect(reviewProblems({ ...ok, content: '字'.repeat(1000) })).toEqual({});
  });

  it('says each problem with the spec message', () => {
    expect(reviewProblems({ rating: 0, content: '太短', photos: ['1', '2', '3', '4', '5', '6'] })).toEqual({
      rating: REVIEW_MSG.rating,
      content: '評價內容至少 10 個字',
      photos: '最多上傳 5 張照片',
    });
    expect(reviewProblems({ ...ok, rating: 6 }).rating).toBe('請選擇評分');
    expect(reviewProblems({ ...ok, rating: 2.5 }).rating).toBe('請選擇評分');
    expect(reviewProblems({ ...ok, content: '字'.repeat(1001) }).content).toBe('評價內容最多 1000 個字');
  });

  it('agrees with the server’s check (@rules/review-rules) on every draft', () => {
    const drafts = [ok, { ...ok, rating: 0 }, { ...ok, content: '短' }, { ...ok, content: '字'.repeat(1001) }, { ...ok, photos: ['1', '2', '3', '4', '5', '6'] }, { ...ok, content: ' 😀'.repeat(10) }];
    for (const d of drafts) {
      const first = Object.values(reviewProblems(d))[0] ?? null;
      expect(first).toBe(reviewInputProblem({ rating: d.rating, content: d.content, photos: d.photos }));
    }
  });

  it('counts characters as a person does (spaces around do not count, an emoji is one)', () => {
    expect(contentLength('  一二三四五六七八九  ')).toBe(9);
    expect(contentLength('😀😀')).toBe(2);
    expect(reviewProblems({ ...ok, content: '   一二三四五六七八九   ' }).content).toBe(REVIEW_MSG.contentShort);
  });
});
