import FacebookFilled from '@ant-design/icons/FacebookFilled';
import PlayCircleFilled from '@ant-design/icons/PlayCircleFilled';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { useState } from 'react';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/hooks/useMediaQuery';
import { facebookEmbedUrl, youtubeEmbedUrl, youtubeThumbnailUrl, type ParsedMedia } from '../../../shared/lib/media';
import { ImageMagnifier } from './ImageMagnifier';
import './MediaViewer.css';

interface Props {
  media: ParsedMedia[];
  title: string;
}

function Stage({ m, title, magnify }: { m: ParsedMedia; title: string; magnify: boolean }) {
  switch (m.media_type) {
    case 'image':
      return <ImageMagnifier key={m.media_url} src={m.media_url} alt={title} enabled={magnify} />;
    case 'youtube':
      return (
        <iframe
          className="ss-media-frame"
          src={youtubeEmbedUrl(m.youtube_id ?? '')}
          title={`${title}：YouTube 影片`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
    case 'facebook':
      return (
        <iframe
          className="ss-media-frame"
          src={facebookEmbedUrl(m.media_url)}
          title={`${title}：Facebook 影片`}
          allow="autoplay; clipboard-write; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      );
    case 'video':
      return <video className="ss-media-frame" src={m.media_url} controls preload="metadata" aria-label={`${title}：影片`} />;
    default:
      return <div className="ss-media-missing">找不到媒體</div>;
  }
}

/** A thumbnail image that disappears when it cannot load (the tile's icon or background remains). */
function ThumbImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return failed ? null : <img src={src} alt="" loading="lazy" width={80} height={80} onError={() => setFailed(true)} />;
}

function Thumb({ m, title }: { m: ParsedMedia; title: string }) {
  if (m.media_type === 'image') return <ThumbImage src={m.media_url} />;
  if (m.media_type === 'youtube')
    return (
      <>
        <ThumbImage src={youtubeThumbnailUrl(m.youtube_id ?? '')} />
        <PlayCircleFilled className="ss-thumb-badge" aria-hidden />
      </>
    );
  const Icon = m.media_type === 'facebook' ? FacebookFilled : m.media_type === 'video' ? VideoCameraOutlined : QuestionCircleOutlined;
  return <Icon className="ss-thumb-icon" aria-label={m.media_type === 'unknown' ? `${title}：找不到媒體` : undefined} />;
}

const KIND: Record<ParsedMedia['media_type'], string> = { image: '圖片', youtube: 'YouTube 影片', facebook: 'Facebook 影片', video: '影片', unknown: '媒體' };

/** Product media: a stage (image with magnifier, YouTube, Facebook video, 找不到媒體) and thumbnails (spec 2). */
export function MediaViewer({ media, title }: Props) {
  const [index, setIndex] = useState(0);
  const desktop = !useMediaQuery(MOBILE_QUERY);
  const current = media[Math.min(index, media.length - 1)];
  return (
    <div className="ss-media">
      <div className="ss-media-stage">{current ? <Stage m={current} title={title} magnify={desktop} /> : <div className="ss-media-missing">找不到媒體</div>}</div>
      {media.length > 1 && (
        <ul className="ss-media-thumbs" aria-label="商品媒體">
          {media.map((m, i) => (
            <li key={`${i}:${m.media_url}`}>
              <button
                type="button"
                className={`ss-media-thumb${i === index ? ' is-active' : ''}`}
                aria-label={`${KIND[m.media_type]} ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <Thumb m={m} title={title} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
