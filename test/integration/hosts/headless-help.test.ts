import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runHeadless } from '../../support/headless-process';

/**
 * `--help` and docs/headless.md's command line name the same flags, and the parser takes each of them: a flag it
 * did not know would make `FLAG VALUE --help` a usage error (exit 2) instead of the help (exit 0).
 */

const flagsIn = (text: string) => [...new Set(text.match(/--[a-z][a-z-]+/g) ?? [])].sort();

describe('packbench-headless --help', () => {
  it('lists the flags of docs/headless.md’s command line, and the parser takes every one', async () => {
    const help = (await runHeadless(['--help'], '')).stdout;
    const usage = help.slice(help.indexOf('Usage:'), help.indexOf('Options:'));
    const options = help.slice(help.indexOf('Options:'), help.indexOf('\n\n', help.indexOf('Options:')));
    const doc = await readFile('docs/headless.md', 'utf8');
    const commandLine = /## Command line\n\n```\n([^`]+)```/.exec(doc)![1]!;
    expect(flagsIn(usage)).toEqual(flagsIn(commandLine));
    expect(flagsIn(options)).toEqual(flagsIn(commandLine));
    for (const flag of flagsIn(commandLine)) {
      const args = flag === '--demo' || flag === '--help' || flag === '--version' ? [flag] : [flag, 'x'];
      const run = await runHeadless([...args, '--help'], '');
      expect(run.code, `${flag}: ${run.stderr}`).toBe(0);
    }
    expect((await runHeadless(['--no-such-flag', '--help'], '')).code).toBe(2);
  }, 60_000);
});
