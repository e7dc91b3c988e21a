/**
 * mjml 5 ships no type definitions (@types/mjml describes the synchronous v4 API): the part this
 * shop uses. In v5 `mjml2html` is asynchronous.
 */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    beautify?: boolean;
    keepComments?: boolean;
    fonts?: Record<string, string>;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult>;
  export default mjml2html;
}
