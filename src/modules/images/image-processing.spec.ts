import sharp from 'sharp';
import { hasEmbeddedMarkup, inspectAndEncode, sniffRaster } from './image-processing';

describe('image checks', () => {
  it('knows raster formats by their first bytes only', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } }).png().toBuffer();
    const jpg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    const gif = await sharp(png).gif().toBuffer();
    expect([png, jpg, webp, gif].map(sniffRaster)).toEqual(['png', 'jpeg', 'webp', 'gif']);
    expect(sniffRaster(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffRaster(Buffer.from('\uFEFF<html>'))).toBeNull();
    expect(sniffRaster(Buffer.alloc(0))).toBeNull();
  });

  it('finds markup hidden in image bytes', () => {
    expect(hasEmbeddedMarkup(Buffer.from('GIF89a....<ScRiPt >alert(1)'))).toBe(true);
    expect(hasEmbeddedMarkup(Buffer.from('\xff\xd8\xff...<?php system($_GET[1]);'))).toBe(true);
    expect(hasEmbeddedMarkup(Buffer.from('\x89PNG....plain pixels'))).toBe(false);
  });

  it('refuses a decompression bomb (more than 40 million pixels) and a PNG whose bytes say JPEG', async () => {
    const huge = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: 'black' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(await inspectAndEncode(huge)).toBe('undecodable');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } }).png().toBuffer();
    const mislabelled = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    expect(await inspectAndEncode(mislabelled)).toBe('undecodable');
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: 'green' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await inspectAndEncode(rotated);
    expect(out).toMatchObject({ width: 20, height: 40, sourceFormat: 'jpeg' });
  });
});
