// Lint for server (src/, test/) and client (client/src/). The import boundaries are
// architecture rules, not style: breaking one fails the lint.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'src/database/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    // CommonJS scripts (the server launcher, copied into dist/): require is how they import.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Shopper code never imports admin or editor code (it must not reach the shopper bundle).
    files: ['client/src/shop/**/*.{ts,tsx}', 'client/src/shared/**/*.{ts,tsx}', 'client/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(admin|editor)(/|$)',
              message: 'Shopper code must not import admin or editor code (lazy-load it from the router instead).',
            },
          ],
        },
      ],
    },
  },
  {
    // API shapes come from the server's declarations (`@api/*`, src/common/api) as types only,
    // and a type-only import leaves no `import {}` behind (verbatimModuleSyntax would keep it).
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@api/*'],
              allowTypeImports: true,
              message: 'API shapes are types: `import type { … } from \'@api/…\'`.',
            },
          ],
        },
      ],
    },
  },
  {
    // The router may lazy-import admin/editor roots with import(); static imports stay forbidden.
    files: ['client/src/app/router.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The API shapes shared with the client (`@api/*`): declarations only, importing nothing but
    // each other, so the client's typecheck never pulls server code and nothing reaches a bundle.
    files: ['src/common/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$)',
              message: 'src/common/api holds only type declarations: import nothing but sibling files here (./name).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[importKind!="type"], ExportAllDeclaration[exportKind!="type"]',
          message: 'src/common/api is type-only: use `import type` / `export type`.',
        },
        {
          selector: 'ExportNamedDeclaration[exportKind!="type"]',
          message: 'src/common/api is type-only: export interfaces and types, never values.',
        },
        {
          selector: 'Program > :not(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, TSInterfaceDeclaration, TSTypeAliasDeclaration)',
          message: 'src/common/api is type-only: declare interfaces and types, no runtime code.',
        },
      ],
    },
  },
  {
    // Shared infrastructure (rate limiter, Redis, time, cache, HTTP, config, mail/SMS) serves the
    // feature modules and never depends on one: what several modules need lives here, not in a module.
    files: ['src/common/**/*.ts', 'src/integrations/**/*.ts', 'src/config/**/*.ts'],
    // testing/: test fixtures (never built), e.g. the mail previews render every module's e-mails.
    ignores: ['src/**/*.spec.ts', 'src/**/testing/**', 'src/common/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules/',
              message: 'Shared infrastructure must not import a feature module: move what both need to src/common or src/integrations.',
            },
          ],
        },
      ],
    },
  },
  {
    // A server module reaches another module only through its exported service (or its module).
    files: ['src/modules/**/*.ts'],
    ignores: ['src/modules/**/entities/**', 'src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules/)?[a-z0-9-]+/(entities|dto|[^/]*\\.controller|[^/]*\\.processor|[^/]*\\.repository)(/|$)',
              message: "Another module's internals: use its exported service instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // The payment contract (issue 19 §2): outside the registry, modules reach the payment gateways only
    // through PaymentProvider (src/modules/payments/payment-provider.ts). The logistics module talks to
    // PAYUNi's logistics service, a shipping provider. src/modules/payments/provider-names.spec.ts checks
    // identifiers and strings too. (Repeats the pattern above: a later block replaces a rule's options.)
    files: ['src/modules/**/*.ts'],
    ignores: ['src/modules/**/entities/**', 'src/**/*.spec.ts', 'src/modules/logistics/**', 'src/modules/payments/payment-provider.registry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules/)?[a-z0-9-]+/(entities|dto|[^/]*\\.controller|[^/]*\\.processor|[^/]*\\.repository)(/|$)',
              message: "Another module's internals: use its exported service instead.",
            },
            {
              regex: '(^|/)integrations/(payuni|linepay)(/|$)',
              message: 'A payment gateway is reached through PaymentProviderRegistry / PaymentProvider only (README: Adding a payment gateway).',
            },
          ],
        },
      ],
    },
  },
);
