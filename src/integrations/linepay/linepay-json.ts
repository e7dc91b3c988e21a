/**
 * LINE Pay writes `transactionId` and `refundTransactionId` as bare 19-digit JSON numbers, above
 * 2^53: `JSON.parse` would round them. `parseLinePayJson` quotes those numbers in the source text
 * first (outside strings), so they arrive as exact strings:
 * - the value of an id key (`ID_KEYS`), whatever its size;
 * - any other integer that is not a safe JS integer (nothing else in an answer should be one).
 */
export const ID_KEYS: ReadonlySet<string> = new Set(['transactionId', 'refundTransactionId', 'originalTransactionId']);

export function quoteLargeIntegers(text: string): string {
  let out = '';
  let i = 0;
  let lastString = '';
  let keyPending: string | undefined; // the key whose value comes next
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      try {
        lastString = JSON.parse(raw) as string;
      } catch {
        lastString = '';
      }
      out += raw;
      i = j + 1;
      continue;
    }
    if (ch === ':') {
      keyPending = lastString;
      out += ch;
      i++;
      continue;
    }
    if (ch === ',' || ch === '{' || ch === '[') {
      keyPending = undefined;
      lastString = '';
      out += ch;
      i++;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
      const num = m ? m[0] : ch;
      const integer = m !== null && m[1] === undefined && m[2] === undefined;
      const isId = keyPending !== undefined && ID_KEYS.has(keyPending);
      if (integer && (isId || !Number.isSafeInteger(Number(num)))) out += `"${num}"`;
      else out += num;
      i += num.length;
      keyPending = undefined;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** JSON.parse without losing the precision of LINE Pay's 19-digit ids. */
export function parseLinePayJson(text: string): unknown {
  return JSON.parse(quoteLargeIntegers(text));
}

const BIG = '\u0000linepay-bigint:';

/**
 * JSON text with `bigint` values written as bare numbers, exactly as LINE Pay writes its ids
 * (used by the simulator).
 */
export function stringifyWithBareBigints(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIG}${v.toString()}` : v));
  return text.replace(/"\\u0000linepay-bigint:(-?\d+)"/g, '$1');
}
