// `npm start` needs the Electron binary; `npm install` does not fetch it (Electron has no install script since 42),
// so that installing and testing work on machines that cannot download it. The first start fetches it here, with
// Electron's own installer — and when that download fails (no network, a proxy, a firewall), says in one paragraph
// what to do instead of letting the installer's stack traces through.
//
// Usage: node scripts/ensure-electron.mjs [ELECTRON_PACKAGE_DIR]   (default: the project's electron package)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';

const require = createRequire(import.meta.url);
const electronDir = process.argv[2]
  ? resolve(process.argv[2])
  : dirname(require.resolve('electron/package.json'));

if (!existsSync(join(electronDir, 'path.txt'))) {
  console.error('Fetching the Electron binary (first start on this machine)…');
  // ELECTRON_SKIP_BINARY_DOWNLOAD keeps `npm install` from downloading; starting the app is the moment to.
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const run = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0 || !existsSync(join(electronDir, 'path.txt'))) {
    console.error(await explainFailure(run.stderr ?? '', run.error));
    process.exit(1);
  }
}

/** One paragraph: what failed, and the three ways on (a mirror, the download cache, the browser). */
async function explainFailure(installerOutput, spawnError) {
  const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  const zip = `electron-v${version}-${process.platform}-${process.arch === 'arm' ? 'armv7l' : process.arch}.zip`;
  const mirror = process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || DEFAULT_MIRROR;
  // Electron's installer (@electron/get) keeps downloads in <cache root>/<sha256 of the download folder's URL>/.
  const cacheRoot = process.env.electron_config_cache || defaultCacheRoot();
  const cacheFolder = join(cacheRoot, createHash('sha256').update(`${mirror}v${version}`).digest('hex'));
  const said = spawnError?.message ?? firstErrorLine(installerOutput);
  // Electron's installer (@electron/get 5) downloads with Node's fetch, whose error says only "fetch failed": the
  // reason (refused, not found, a certificate) is in its cause, which the installer does not print.
  const cause = said === 'fetch failed' ? await reasonFetching(`${mirror}v${version}/${zip}`) : said;
  const paragraph =
    `packbench: the Electron binary (v${version}) could not be downloaded${cause ? ` (${cause})` : ''}, so the ` +
    'desktop app cannot start yet. To get it without that network, either point the download at a mirror you ' +
    `can reach: ELECTRON_MIRROR=https://mirror.example/electron/ npm start (a folder that holds ` +
    `v${version}/${zip}); or copy ${zip} from a machine with network into Electron's download cache, ` +
    `${cacheFolder} (the cache root is electron_config_cache, here ${cacheRoot}), and run npm start again. ` +
    'Meanwhile `npm run build && npm run demo` runs the same app in a browser, with no Electron at all.';
  return `\n${wrap(paragraph, 110)}\n`;
}

/** Breaks a paragraph into lines of at most `width` characters, at spaces (long paths stay whole). */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Why the download address cannot be fetched, asked once more: the network error, or the HTTP status. */
async function reasonFetching(url) {
  try {
    const answer = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
    return `HTTP ${answer.status} for ${url}`;
  } catch (error) {
    return error?.cause?.message ?? error?.message ?? 'fetch failed';
  }
}

/** The installer's error in one line (its message, never its stack). */
function firstErrorLine(output) {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at '));
  return line ? line.replace(/^(?:[A-Za-z]*Error|RequestError|HTTPError): /, '').slice(0, 160) : undefined;
}

/** Where @electron/get caches by default (env-paths' cache folder for "electron"). */
function defaultCacheRoot() {
  if (process.platform === 'win32')
    return join(process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'electron', 'Cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'electron');
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'electron');
}
