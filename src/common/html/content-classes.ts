/**
 * The class names admin-authored HTML may keep: exactly those the shop's content stylesheet gives a
 * look (`.ss-html-content .<name>` in client/src/app/global.css; content-classes.spec.ts holds the two
 * together). The sanitizer drops every other class, so content cannot borrow the app's own classes
 * (a fixed overlay, a hidden element, a look-alike button or notice).
 */
export const CONTENT_CLASSES: readonly string[] = [
  /** An intro paragraph, a little larger. */
  'lead',
  /** A 16:9 frame around an embedded video (YouTube, Facebook). */
  'video',
];
