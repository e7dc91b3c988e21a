import { describe, expect, it } from 'vitest';
import { facebookEmbedUrl, parseMedia, youtubeEmbedUrl, youtubeThumbnailUrl } from './media';

const ID = 'dQw4w9WgXcQ';

describe('parseMedia', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=42`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
  ])('finds the YouTube id in %s', (url) => {
    expect(parseMedia(url)).toEqual({ media_url: url, media_type: 'youtube', youtube_id: ID });
  });

  it('rejects YouTube URLs without a valid id', () => {
    expect(parseMedia('https://www.youtube.com/watch?v=short').media_type).toBe('unknown');
    expect(parseMedia('https://www.youtube.com/channel/UC123').media_type).toBe('unknown');
  });

  it.each([
    'https://www.facebook.com/skinshop/videos/1234567890/',
    'https://facebook.com/watch/?v=1234567890',
    'https://fb.watch/abcDEF123/',
    'https://www.facebook.com/reel/987654321',
  ])('recognises the Facebook video %s', (url) => {
    expect(parseMedia(url)).toEqual({ media_url: url, media_type: 'facebook' });
  });

  it('recognises images, relative or absolute, with or without a query', () => {
    expect(parseMedia('/media/demo/serum-1.webp').media_type).toBe('image');
    expect(parseMedia('/media/demo/logo.svg').media_type).toBe('image');
    expect(parseMedia('https://cdn.example.com/a/b/photo.JPG?w=800').media_type).toBe('image');
    expect(parseMedia('https://images.example.com/photo-123?w=800').media_type).toBe('image');
    expect(parseMedia('data:image/png;base64,AAAA').media_type).toBe('image');
  });

  it('recognises video files', () => {
    expect(parseMedia('/media/demo/clip.mp4').media_type).toBe('video');
  });

  it('marks empty, unsupported and non-web URLs unknown', () => {
    expect(parseMedia('').media_type).toBe('unknown');
    expect(parseMedia(null).media_type).toBe('unknown');
    expect(parseMedia('   ').media_type).toBe('unknown');
    expect(parseMedia('/media/manual.pdf').media_type).toBe('unknown');
    expect(parseMedia('javascript:alert(1)').media_type).toBe('unknown');
    expect(parseMedia('ftp://example.com/a.png').media_type).toBe('unknown');
  });
});

describe('embed URLs', () => {
  it('builds privacy-enhanced YouTube embeds and thumbnails', () => {
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0`);
    expect(youtubeThumbnailUrl(ID)).toBe(`https://img.youtube.com/vi/${ID}/hqdefault.jpg`);
  });
  it('builds the Facebook video plugin URL with the encoded href', () => {
    const url = 'https://www.facebook.com/skinshop/videos/123/';
    expect(facebookEmbedUrl(url)).toContain('https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fskinshop%2Fvideos%2F123%2F');
  });
});
