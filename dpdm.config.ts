import { defineConfig } from 'dpdm';

// `npm run lint` fails on an import cycle anywhere in the repository (dpdm reads this file). A type-only import
// counts, and so does a dynamic import(): either is an arrow between two modules, and a cycle of arrows means
// neither module can be understood, tested or moved without the other (docs/architecture.md, "Floors").
export default defineConfig({
  files: [
    'main/**/*.ts',
    'preload/**/*.ts',
    'renderer/**/*.{ts,tsx}',
    'test/**/*.{ts,tsx}',
    'scripts/**/*.mjs',
  ],
  transform: false,
  tree: false,
  warning: false,
  progress: false,
  exitCode: 'circular:1',
});
