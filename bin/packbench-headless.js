#!/usr/bin/env node
// The packbench-headless command: runs the built headless host (see docs/headless.md).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main/headless.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'packbench-headless: Packbench is not built yet: run "npm run build" in its folder first.\n',
  );
  process.exit(1);
}
await import(entry.href);
