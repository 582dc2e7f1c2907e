import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_TOKEN_FILE, keptToken } from '../../../main/hosts/web/kept-token';

let dir: string;
let logged: string[];
const log = (line: string): void => void logged.push(line);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-kept-token-'));
  logged = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const mode = async (): Promise<number> => (await stat(join(dir, KEPT_TOKEN_FILE))).mode & 0o777;

describe('the web host’s kept token (--keep-token, issue 29 point 11)', () => {
  it('is made once, readable by this user only, and the same at every start after', async () => {
    const first = await keptToken(dir, { rotate: false, log });
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await mode()).toBe(0o600);
    expect((await readFile(join(dir, KEPT_TOKEN_FILE), 'utf8')).trim()).toBe(first);
    expect(await keptToken(dir, { rotate: false, log })).toBe(first);
    expect(await keptToken(dir, { rotate: false, log })).toBe(first);
  });

  it('is replaced when rotated, the file then holding only the new one', async () => {
    const old = await keptToken(dir, { rotate: false, log });
    const rotated = await keptToken(dir, { rotate: true, log });
    expect(rotated).not.toBe(old);
    expect((await readFile(join(dir, KEPT_TOKEN_FILE), 'utf8')).trim()).toBe(rotated);
    expect(await mode()).toBe(0o600);
    expect(await keptToken(dir, { rotate: false, log })).toBe(rotated);
    expect(logged.some((line) => /the old address is refused/.test(line))).toBe(true);
  });

  it('is made private again when others could read it, and says so', async () => {
    const token = await keptToken(dir, { rotate: false, log });
    await chmod(join(dir, KEPT_TOKEN_FILE), 0o644);
    expect(await keptToken(dir, { rotate: false, log })).toBe(token);
    expect(await mode()).toBe(0o600);
    expect(logged.at(-1)).toMatch(/could be read by other users/);
  });

  it('replaces a file that holds no token (damaged or edited), and says so', async () => {
    await writeFile(join(dir, KEPT_TOKEN_FILE), 'not a token\n', { mode: 0o600 });
    const token = await keptToken(dir, { rotate: false, log });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(logged[0]).toMatch(/held no access token/);
  });
});
