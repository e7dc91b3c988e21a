/** Server tests. `unit`: rules beside the code; `api`: supertest against the real app and a real database. */
// TS_JEST_DIAGNOSTICS=0: compile without type errors failing the run (several people editing one
// tree at once); `npm run typecheck` is the type gate either way.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: process.env.TS_JEST_DIAGNOSTICS !== '0' }];

/** @type {import('jest').Config} */
module.exports = {
  // Global (per-project values are ignored): API tests boot the whole app per file.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/api/**/*.api-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
  ],
};
