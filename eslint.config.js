import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// zod's functional build has no error messages until told: main/zod.ts installs English, so main imports it there.
const ZOD_MINI_ONLY_THROUGH_MAIN_ZOD = {
  name: 'zod/mini',
  message:
    "Import zod's functional build through main/zod.ts (import * as z from '../zod'): it installs the English messages.",
};

// The floors of the folder map (docs/architecture.md, "Floors the build enforces"): which part of the app may import
// which. Each zone names a part (`target`) and what it may not import (`from`); a path is a folder or a file from the
// repository's root. Imports are resolved to files first, so `../../station/x`, `import type` and `import()` are all
// judged by where they land. The tests, scripts and bin/ may import anything.
const HOSTS = ['main/hosts/electron', 'main/hosts/web', 'main/hosts/headless'];
const LEAVES = ['main/result.ts', 'main/zod.ts', 'main/service-url.ts'];
const floor = (why) => `${why} (docs/architecture.md, "Floors the build enforces")`;
const FLOORS = [
  {
    target: 'main',
    from: ['renderer', 'test', 'scripts', 'bin', 'preload/index.ts'],
    message: floor('main/ imports neither the renderer, the tests nor the preload bridge: only the contract'),
  },
  ...HOSTS.map((host) => ({
    target: host,
    from: HOSTS.filter((other) => other !== host),
    message: floor('A host does not import another host: what they share is in main/hosts/shared/'),
  })),
  {
    target: [...HOSTS, 'main/hosts/shared'],
    from: ['main/nshift', 'main/printers', 'main/labels'],
    message: floor('The hosts drive the station: nShift, the printers and the labels are its parts'),
  },
  {
    target: 'main/hosts/shared',
    from: HOSTS,
    message: floor('main/hosts/shared/ serves the hosts and does not import them'),
  },
  {
    target: 'main/station',
    from: ['main/hosts'],
    message: floor('The station works for the hosts and does not import them'),
  },
  {
    target: ['main/nshift', 'main/printers', 'main/labels', 'main/settings'],
    from: ['main/hosts', 'main/station'],
    message: floor(
      "nShift, the printers, the labels and the settings are the station's parts: they import neither it nor a host",
    ),
  },
  {
    target: 'main/nshift',
    from: ['main/printers', 'main/settings', 'preload'],
    message: floor('The nShift clients speak nShift: printers, settings and the UI contract are not theirs'),
  },
  {
    target: 'main/nshift',
    from: ['main/labels'],
    except: ['./document.ts'],
    message: floor(
      'The nShift clients may use the document shape (main/labels/document.ts) and nothing else of the labels',
    ),
  },
  {
    target: 'main/nshift/shared',
    from: ['main/nshift/delivery', 'main/nshift/checkout'],
    message: floor('main/nshift/shared/ serves both clients and imports neither'),
  },
  {
    target: 'main/nshift/delivery',
    from: ['main/nshift/checkout'],
    message: floor(
      'The Delivery client does not import the Checkout client: what they share is in main/nshift/shared/',
    ),
  },
  {
    target: 'main/nshift/checkout',
    from: ['main/nshift/delivery'],
    message: floor(
      'The Checkout client does not import the Delivery client: what they share is in main/nshift/shared/',
    ),
  },
  {
    target: 'main/printers',
    from: ['main/nshift', 'main/settings'],
    message: floor('The printers print documents: nShift and the settings reach them through the station'),
  },
  {
    target: ['main/labels', 'main/settings'],
    from: ['main/nshift', 'main/printers'],
    message: floor('The labels and the settings are below nShift and the printers'),
  },
  {
    target: 'main/labels',
    from: ['main/settings', 'preload'],
    message: floor('The labels know documents, not the settings or the UI contract'),
  },
  {
    target: 'main/settings',
    from: ['main/labels'],
    message: floor('The settings do not import the labels'),
  },
  {
    target: 'main/files',
    from: [
      'main/hosts',
      'main/station',
      'main/nshift',
      'main/printers',
      'main/labels',
      'main/settings',
      'preload',
    ],
    message: floor('main/files/ is a floor every part stands on: it imports none of them'),
  },
  {
    target: LEAVES,
    from: ['main', 'preload', 'renderer'],
    message: floor('main/result.ts, main/zod.ts and main/service-url.ts import nothing of the app'),
  },
  {
    target: 'main/simulator',
    from: ['main/hosts', 'main/station', 'main/settings', 'main/labels', 'main/files'],
    message: floor('The simulator plays nShift and a Zebra: it does not import the app it stands in for'),
  },
  {
    target: 'main/simulator',
    from: ['main/printers'],
    except: ['./zpl-status.ts'],
    message: floor(
      'The simulator may use the ~HS status format (main/printers/zpl-status.ts) and nothing else of the printers',
    ),
  },
  {
    // The demo wiring (main/hosts/shared/demo*.ts) starts the simulator for demo mode; the tests use it too. (The
    // leaves, the preload bridge and the renderer refuse all of main/ above.)
    target: [
      ...HOSTS,
      'main/hosts/shared/!(demo*)',
      'main/station',
      'main/nshift',
      'main/printers',
      'main/labels',
      'main/settings',
      'main/files',
    ],
    from: ['main/simulator'],
    message: floor('Only the demo wiring (main/hosts/shared/demo*.ts) and the tests import the simulator'),
  },
  {
    // The domain's shapes (main/domain/) are the one definition the station parses with and the contract names, so
    // the domain stands on the leaves only, and the contract may take it (and main/zod.ts, which it imports).
    target: 'main/domain',
    from: ['main', 'preload', 'renderer'],
    except: ['./domain', './zod.ts'],
    message: floor(
      'main/domain/ is the floor the contract and every part stand on: it imports only main/zod.ts',
    ),
  },
  {
    target: 'preload',
    from: ['renderer', 'test'],
    message: floor('The preload bridge and the contract import nothing of main or the renderer'),
  },
  {
    target: 'preload',
    from: 'main',
    except: ['./domain', './zod.ts'],
    message: floor(
      'The preload bridge and the contract import nothing of main but the domain (main/domain/)',
    ),
  },
  {
    target: 'renderer',
    from: ['main', 'test', 'scripts', 'preload'],
    except: ['./api.ts', './method-names.ts'],
    message: floor('The renderer imports only the contract: preload/api.ts and preload/method-names.ts'),
  },
];

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
    // The floors above, for every file; their own block, so other rules' blocks can come and go beside it.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: FLOORS }] },
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
