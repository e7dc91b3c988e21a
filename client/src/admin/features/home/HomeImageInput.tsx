import { ImageUrlField } from '../../components/ImageUrlField';

interface Props {
  value: string;
  onChange: (url: string) => void;
  hint?: string;
  status?: 'error';
  'aria-label': string;
}

/** An image URL field (typed, or chosen from the image library) with its recommended size; red when its check failed. */
export function HomeImageInput({ value, onChange, hint, status, 'aria-label': label }: Props) {
  return (
    <div className={status === 'error' ? 'ss-home-image ss-home-image--error' : 'ss-home-image'}>
      <ImageUrlField value={value} onChange={onChange} hint={hint} aria-label={label} />
    </div>
  );
}
