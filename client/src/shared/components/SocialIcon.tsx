import FacebookFilled from '@ant-design/icons/FacebookFilled';
import InstagramOutlined from '@ant-design/icons/InstagramOutlined';
import type { SocialLink } from '../lib/company';

function LineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
      <path d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.6 7.2 8.4 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6 1.1-.5 5.9-3.5 8-6 1.5-1.6 2-3.2 2-4.9C22 6.6 17.5 3 12 3zm-4.8 10.6H5.3c-.3 0-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.4h1.4c.3 0 .5.2.5.5s-.2.5-.5.5zm2-.5c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.9zm4.6 0c0 .2-.1.4-.3.5h-.2c-.2 0-.3-.1-.4-.2l-2-2.7v2.4c0 .3-.2.5-.5.5s-.5-.2-.5-.5V9.2c0-.2.1-.4.3-.5h.2c.2 0 .3.1.4.2l2 2.7V9.2c0-.3.2-.5.5-.5s.5.2.5.5v3.9zm3.1-2.5c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4c.3 0 .5.2.5.5s-.2.5-.5.5h-1.9c-.3 0-.5-.2-.5-.5V9.2c0-.3.2-.5.5-.5h1.9c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4z" />
    </svg>
  );
}

/** The glyph of a social link (decorative: the link carries the accessible name). */
export function SocialIcon({ kind }: { kind: SocialLink['key'] }) {
  if (kind === 'line') return <LineIcon />;
  if (kind === 'instagram') return <InstagramOutlined aria-hidden />;
  return <FacebookFilled aria-hidden />;
}
