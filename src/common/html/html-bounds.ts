import { HttpStatus } from '@nestjs/common';
import { Parser } from 'htmlparser2';
import { AppError } from '../errors/app-error';

/**
 * How much markup admin-authored HTML may hold (issue 19 §8). The sanitizer's parser works harder
 * the deeper the open elements stack: 300,000 unclosed `<div>` held the event loop for 40 s. Real
 * content stays far below: a long product page with tables is a few thousand elements, some 10 deep.
 */
export const HTML_LIMITS = { elements: 20_000, depth: 200 } as const;

export const HTML_MSG = {
  tooComplex: '內容過於複雜（元素上限 20,000 個、巢狀上限 200 層），請減少巢狀或元素數量後再儲存',
} as const;

/** Thrown from inside the parser's callbacks: the scan stops at the first element past a bound. */
const PAST_BOUND = new Error('html bound passed');

/**
 * Refuses HTML with more elements or deeper nesting than HTML_LIMITS (413, zh-TW) before any
 * sanitizing. One pass of htmlparser2 — the tokenizer and tree rules sanitize-html itself parses
 * with, so implied closes (`<p>a<p>b`, `<li>`) and void elements count as the sanitizer would see
 * them — that stops at the first element past a bound, so its cost is bounded by the limits too.
 */
export function assertHtmlBounds(html: string): void {
  let elements = 0;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        elements += 1;
        depth += 1;
        if (elements > HTML_LIMITS.elements || depth > HTML_LIMITS.depth) throw PAST_BOUND;
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  try {
    parser.write(html);
    parser.end();
  } catch (err) {
    if (err === PAST_BOUND) throw new AppError(HTML_MSG.tooComplex, HttpStatus.PAYLOAD_TOO_LARGE);
    throw err;
  }
}
