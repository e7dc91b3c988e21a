/** opencc-js's dictionary modules (`exports["./*"]` → dist/esm-lib/*.js): "a b|c d" pairs. The package types only its entry points. */
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
