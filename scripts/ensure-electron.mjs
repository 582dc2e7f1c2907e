// `npm start` needs the Electron binary; `npm install` does not fetch it (allowScripts in package.json), so that
// installing and testing work on machines that cannot download it. The first start fetches it here, with
// Electron's own installer.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

if (!existsSync(join(electronDir, 'path.txt'))) {
  console.error('Fetching the Electron binary (first start on this machine)…');
  execFileSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'inherit', cwd: electronDir });
}
