import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The installers' Electron fuses: flipped in the binary at package time, so a packaged Packbench cannot be run as
 * a plain Node process, take code from NODE_OPTIONS or a debugger flag, or load an app from outside its checked
 * ASAR archive. A config edit that drops one of them fails here.
 */

/** The flat `key: value` lines of one top-level block of electron-builder.yml. */
function block(yaml: string, name: string): Record<string, string> {
  const lines = yaml.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trimEnd() === `${name}:`);
  if (start < 0) return {};
  const out: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = /^\s+([A-Za-z0-9]+):\s*(.*?)\s*(#.*)?$/.exec(line);
    if (!m) break; // the next top-level key
    out[m[1]!] = m[2]!;
  }
  return out;
}

const yaml = readFileSync('electron-builder.yml', 'utf8');

describe('electron-builder.yml', () => {
  it('sets the fuses: no run-as-node, no NODE_OPTIONS, ASAR integrity checked, app only from the ASAR', () => {
    const fuses = block(yaml, 'electronFuses');
    expect(fuses).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
    });
  });

  it('also turns off the inspector flags and file:// extra privileges, and packs the app into an ASAR', () => {
    const fuses = block(yaml, 'electronFuses');
    expect(fuses).toMatchObject({
      enableNodeCliInspectArguments: 'false',
      grantFileProtocolExtraPrivileges: 'false',
    });
    expect(yaml).toMatch(/^asar:\s*true\s*$/m);
  });

  it('leaves the Node-only tools (headless, web, simulator, soak, bench, their shared chunks) and source maps out of the desktop app', () => {
    for (const excluded of [
      '!dist/main/headless.js',
      '!dist/main/web.js',
      '!dist/main/simulator.js',
      '!dist/main/soak.js',
      '!dist/main/bench.js',
      '!dist/**/*.map',
      '!dist/main/chunks/**',
    ]) {
      // A list item, quoted either way (the formatter prefers single quotes).
      expect(yaml).toMatch(
        new RegExp(`^\\s*-\\s*(['"])${excluded.replace(/[.*!/]/g, (c) => `\\${c}`)}\\1\\s*$`, 'm'),
      );
    }
  });
});
