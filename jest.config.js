/** Server tests. `unit`: rules beside the code; `api`: supertest against the real app and a real database. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];

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
