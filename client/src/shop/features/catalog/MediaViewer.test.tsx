import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseMedia } from '../../../shared/lib/media';
import { lensAt, LENS_SIZE } from './ImageMagnifier';
import { MediaViewer } from './MediaViewer';

const media = ['/media/a.webp', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.facebook.com/shop/videos/42/', '/media/readme.pdf'].map(parseMedia);

describe('MediaViewer', () => {
  it('shows the first image and switches through YouTube, Facebook and unknown media', () => {
    render(<MediaViewer media={media} title="精華液" />);
    expect(screen.getByRole('img', { name: '精華液' })).toHaveAttribute('src', '/media/a.webp');

    fireEvent.click(screen.getByRole('button', { name: 'YouTube 影片 2' }));
    expect(screen.getByTitle('精華液：YouTube 影片')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
    expect(screen.getByRole('button', { name: 'YouTube 影片 2' })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Facebook 影片 3' }));
    expect(screen.getByTitle('精華液：Facebook 影片').getAttribute('src')).toMatch(/^https:\/\/www\.facebook\.com\/plugins\/video\.php\?href=/);

    fireEvent.click(screen.getByRole('button', { name: '媒體 4' }));
    expect(screen.getByText('找不到媒體')).toBeInTheDocument();
  });

  it('shows the magnifier lens over an image on desktop widths', () => {
    render(<MediaViewer media={media} title="精華液" />);
    const img = screen.getByRole('img', { name: '精華液' });
    fireEvent.mouseMove(img.parentElement!, { clientX: 10, clientY: 10 });
    expect(screen.getByTestId('magnifier-lens')).toHaveStyle({ width: '120px', height: '120px' });
    fireEvent.mouseLeave(img.parentElement!);
    expect(screen.queryByTestId('magnifier-lens')).toBeNull();
  });

  it('says 找不到媒體 when there is no media at all', () => {
    render(<MediaViewer media={[]} title="精華液" />);
    expect(screen.getByText('找不到媒體')).toBeInTheDocument();
  });
});

describe('lensAt', () => {
  it('centres a 120 px lens on the pointer and shows that spot at 2×', () => {
    expect(lensAt(200, 150, 500, 500)).toEqual({ left: 140, top: 90, bgX: -340, bgY: -240, width: 500, height: 500 });
  });
  it('keeps the lens inside the image', () => {
    const edge = lensAt(495, 5, 500, 500);
    expect(edge.left).toBe(500 - LENS_SIZE);
    expect(edge.top).toBe(0);
  });
});
