import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// zod's functional build has no error messages until told: main/zod.ts installs English, so main imports it there.
const ZOD_MINI_ONLY_THROUGH_MAIN_ZOD = {
  name: 'zod/mini',
  message:
    "Import zod's functional build through main/zod.ts (import * as z from '../zod'): it installs the English messages.",
};

// Issue 31 point 3: outside main/nshift/, the nShift clients are reached only through their index files.
const NSHIFT_ONLY_THROUGH_INDEX =
  "Import the nShift clients through their index files ('…/nshift/delivery', '…/nshift/checkout', '…/nshift/shared'), never a file inside: a client's files can then be split or renamed without touching its users.";

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // CommonJS files (the Electron stand-in that `node --require` loads for the built main) use require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Only the Electron host and the preload bridge may import electron: everything else runs under plain Node.
    files: ['main/**/*.ts'],
    ignores: ['main/hosts/electron/**', 'main/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'electron is imported only in main/hosts/electron/ and preload/.' },
            ZOD_MINI_ONLY_THROUGH_MAIN_ZOD,
          ],
        },
      ],
    },
  },
  {
    files: ['main/hosts/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_MINI_ONLY_THROUGH_MAIN_ZOD] }] },
  },
  {
    // The renderer talks only to window.packbench: no Node, no main-process code.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', 'node:*', 'electron'],
              message: 'The renderer only talks to window.packbench (preload/api.ts types are fine).',
            },
          ],
        },
      ],
    },
  },
  {
    // nShift clients through their index files only (main/nshift/{delivery,checkout,shared}/index.ts), for
    // every file outside main/nshift/; tests may import internals. A block of its own, with typescript-eslint's
    // copy of no-restricted-imports: ESLint keeps one block's options per rule, so this neither replaces nor is
    // replaced by the blocks above (and the folder-direction rules) that set `no-restricted-imports`. A dynamic
    // import() (the station loads the Checkout client so) is held to the same rule by no-restricted-syntax.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: ['main/nshift/**', 'test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)nshift/(delivery|checkout|shared)/', message: NSHIFT_ONLY_THROUGH_INDEX },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)nshift\\/(delivery|checkout|shared)\\//]',
          message: NSHIFT_ONLY_THROUGH_INDEX,
        },
      ],
    },
  },
);
