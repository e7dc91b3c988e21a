import { useRef, useState, type MouseEvent } from 'react';

export const LENS_SIZE = 120;
export const ZOOM = 2;

interface Props {
  src: string;
  alt: string;
  /** Only above 768 px (spec 1 §9); off on touch layouts. */
  enabled: boolean;
}

interface Lens {
  left: number;
  top: number;
  bgX: number;
  bgY: number;
  width: number;
  height: number;
}

/** Where the lens sits and which part of the 2× image it shows, for a pointer at (x, y) in a w×h image. */
export function lensAt(x: number, y: number, width: number, height: number): Lens {
  const half = LENS_SIZE / 2;
  const cx = Math.min(Math.max(x, 0), width);
  const cy = Math.min(Math.max(y, 0), height);
  return {
    left: Math.min(Math.max(cx - half, 0), Math.max(width - LENS_SIZE, 0)),
    top: Math.min(Math.max(cy - half, 0), Math.max(height - LENS_SIZE, 0)),
    bgX: -(cx * ZOOM - half),
    bgY: -(cy * ZOOM - half),
    width,
    height,
  };
}

/** An image with a 120 px square lens showing it at 2× under the pointer. */
export function ImageMagnifier({ src, alt, enabled }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [lens, setLens] = useState<Lens | null>(null);
  const [broken, setBroken] = useState(false);

  const move = (e: MouseEvent<HTMLDivElement>) => {
    const box = boxRef.current?.getBoundingClientRect();
    if (!box) return;
    setLens(lensAt(e.clientX - box.left, e.clientY - box.top, box.width, box.height));
  };

  if (broken) return <div className="ss-media-missing">找不到媒體</div>;
  return (
    <div
      ref={boxRef}
      className={`ss-magnifier${enabled ? ' is-enabled' : ''}`}
      onMouseMove={enabled ? move : undefined}
      onMouseLeave={() => setLens(null)}
    >
      <img src={src} alt={alt} width={800} height={800} onError={() => setBroken(true)} />
      {enabled && lens && (
        <div
          className="ss-magnifier-lens"
          data-testid="magnifier-lens"
          aria-hidden
          style={{
            width: LENS_SIZE,
            height: LENS_SIZE,
            left: lens.left,
            top: lens.top,
            backgroundImage: `url("${src}")`,
            backgroundSize: `${lens.width * ZOOM}px ${lens.height * ZOOM}px`,
            backgroundPosition: `${lens.bgX}px ${lens.bgY}px`,
          }}
        />
      )}
    </div>
  );
}
