/** ReadCache key prefixes of the content module; every content change drops `CONTENT_CACHE.root`. */
export const CONTENT_CACHE = {
  root: 'content:',
  home: 'content:home:',
  about: 'content:about:',
  page: 'content:page:',
  image: 'content:image:',
  poster: 'content:poster:',
  /** Poster titles read at start-up (StartupService). */
  posterTitles: 'posters:',
} as const;
