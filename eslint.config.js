import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      'packages/db/drizzle/**',
      '*.config.ts',
      '*.config.js',
      'vitest.workspace.ts',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      '**/drizzle.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Plain-JS scripts (build, start) are type-checked through their tsconfig (checkJs), which
    // knows Node's globals; no-undef does not.
    files: ['**/*.mjs'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // House rule 16: every error the API answers carries a machine-readable reason, so the API
    // makes its errors through refuse() (packages/api/src/lib/errors.ts), which requires one.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/lib/errors.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='TRPCError']",
          message:
            'Make the error with refuse(code, message, { reason, field? }) from lib/errors.ts: every error carries a machine-readable reason.',
        },
      ],
    },
  },
);
