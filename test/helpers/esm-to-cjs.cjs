/**
 * Jest transform for the few ES-module-only packages the server loads (Node ≥ 20.19 requires them
 * natively; Jest's module runtime does not): TypeScript's transpiler rewrites import/export to
 * CommonJS. Listed in jest.config.js (`transform` and `transformIgnorePatterns`).
 */
const ts = require('typescript');

module.exports = {
  process(source, filename) {
    const out = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, esModuleInterop: true },
    });
    return { code: out.outputText };
  },
};
