import compress from '@fastify/compress';
import Fastify from 'fastify';
import { toCachedJson } from '../cache/read-cache.service';
import { cachedAnswer, COMPRESS_THRESHOLD, etagMatches, negotiateCoding, sendCachedJson } from './send-cached-json';

describe('negotiateCoding (as the compression middleware chooses)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.5', 'gzip'], // identity not named counts with the lowest q: a tie goes to gzip
    ['gzip;q=0.5, identity', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['GZIP', 'gzip'],
  ])('%j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%j → %s', (header, match) => {
    expect(etagMatches(header, etag)).toBe(match);
  });
});

describe('cachedAnswer', () => {
  const big = toCachedJson({ success: true, items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `商品 ${i}` })) });
  const small = toCachedJson({ success: true });

  it('sends the compressed copy the client accepts, with its length', () => {
    const a = cachedAnswer({ 'accept-encoding': 'gzip, br' }, big);
    expect(a.status).toBe(200);
    expect(Object.fromEntries(a.headers)).toEqual({
      ETag: big.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': String(a.body?.length),
    });
    expect(a.body?.length).toBeLessThan(big.raw.length / 3);
  });

  it('compresses once per cached entry', () => {
    expect(big.bytes('gzip')).toBe(big.bytes('gzip'));
    expect(big.bytes('br')).toBe(big.bytes('br'));
  });

  it('leaves small bodies uncompressed (still Vary)', () => {
    const a = cachedAnswer({ 'accept-encoding': 'gzip' }, small);
    expect(a.body?.toString()).toBe('{"success":true}');
    expect(Object.fromEntries(a.headers)).toMatchObject({ Vary: 'Accept-Encoding', 'Content-Length': '16' });
    expect(Object.fromEntries(a.headers)['Content-Encoding']).toBeUndefined();
  });

  it('answers 304 without a body to a matching If-None-Match', () => {
    const a = cachedAnswer({ 'if-none-match': big.etag, 'accept-encoding': 'gzip' }, big);
    expect(a).toEqual({ status: 304, headers: [['ETag', big.etag], ['Cache-Control', 'no-cache'], ['Vary', 'Accept-Encoding']] });
  });
});

describe('sendCachedJson through Fastify with @fastify/compress (as http-setup registers it)', () => {
  const big = toCachedJson({ success: true, items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `商品 ${i}` })) });

  it('sends the copy compressed once per cache fill, not encoded again; identity stays identity', async () => {
    const f = Fastify();
    await f.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip', 'identity'] });
    f.get('/c', (req, reply) => sendCachedJson(req, reply, big));
    await f.ready();
    const br = await f.inject({ url: '/c', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(big.bytes('br'))).toBe(true);
    const gzip = await f.inject({ url: '/c', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.rawPayload.equals(big.bytes('gzip'))).toBe(true);
    const identity = await f.inject({ url: '/c', headers: { 'accept-encoding': 'gzip;q=0.5, identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(big.raw)).toBe(true);
    await f.close();
  });
});
