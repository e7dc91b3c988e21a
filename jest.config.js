/** Server tests. `unit`: rules beside the code; `api`: supertest against the real app and a real database. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];

/** @type {import('jest').Config} */
module.exports = {
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
      testTimeout: 30000,
    },
  ],
};
