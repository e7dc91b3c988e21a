/** Server tests. `unit`: rules beside the code; `api`: supertest against the real app and a real database. */
// TS_JEST_DIAGNOSTICS=0: compile without type errors failing the run (several people editing one
// tree at once); `npm run typecheck` is the type gate either way.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: process.env.TS_JEST_DIAGNOSTICS !== '0' }];
// ES-module-only dependencies (content-disposition 3 under @fastify/static, cookie 2 under
// @fastify/cookie, which loads it with import()): rewritten to CommonJS for Jest (Node loads them natively).
const ESM_ONLY = '(?:content-disposition/dist/|cookie/dist/|@fastify/cookie/index\\.js)';
const transform = { '^.+\\.ts$': tsJest, [`/${ESM_ONLY}`]: '<rootDir>/test/helpers/esm-to-cjs.cjs' };
const transformIgnorePatterns = [`/node_modules/(?!(?:.*/)?${ESM_ONLY})`];

/** @type {import('jest').Config} */
module.exports = {
  // Global (per-project values are ignored): API tests boot the whole app per file.
  testTimeout: 30000,
  // Each API file boots a whole app and jest keeps a module registry per file: a worker that has grown
  // past this is replaced after its file (CI runs two workers on 2 cores), instead of running out of heap.
  workerIdleMemoryLimit: '1500MB',
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/api/**/*.api-spec.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};
