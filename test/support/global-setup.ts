import { execFileSync } from 'node:child_process';

/** Host tests spawn the built entry points: build main and preload once (esbuild, about a second). */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-main.mjs'], { stdio: 'inherit' });
}
