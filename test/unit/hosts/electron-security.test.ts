import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildBridge } from '../../../preload/index';
import { isTrustedSender, rendererPath } from '../../../main/hosts/electron/security';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));

describe('Electron security helpers', () => {
  it.each([
    ['app://packbench/index.html', true, true],
    ['app://packbench/index.html', false, false],
    ['app://other/index.html', true, false],
    ['file:///etc/passwd', true, false],
    ['https://packbench/', true, false],
    [undefined, true, false],
  ])('frame %s (main frame: %s) is trusted: %s', (url, main, trusted) => {
    expect(isTrustedSender(url, main)).toBe(trusted);
  });

  it('maps app:// paths into the renderer folder and refuses traversal', () => {
    expect(rendererPath('app://packbench/')).toBe('index.html');
    expect(rendererPath('app://packbench/assets/app.js')).toBe('assets/app.js');
    // URL parsing collapses dot segments, so an encoded climb stays inside the renderer folder.
    for (const sneaky of [
      'app://packbench/%2e%2e/%2e%2e/etc/passwd',
      'app://packbench/..%2f..%2fetc/passwd',
      'app://packbench/a/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc',
    ]) {
      const path = rendererPath(sneaky);
      if (path !== undefined) expect(join('/renderer', path).startsWith('/renderer/')).toBe(true);
    }
    expect(rendererPath('app://elsewhere/index.html')).toBeUndefined();
  });
});

describe('the preload bridge', () => {
  it('exposes exactly the StationApi methods, each over its own channel, and rejects with the error body', async () => {
    const calls: string[] = [];
    const bridge = buildBridge(async (channel) => {
      calls.push(channel);
      return channel === 'packbench:getStatus'
        ? { ok: true, value: 'fine' }
        : { ok: false, body: { error: 'invalid_argument', message: 'nope' } };
    });
    expect(Object.keys(bridge).sort()).toEqual([...STATION_METHOD_NAMES].sort());
    await expect(bridge.getStatus()).resolves.toBe('fine');
    await expect(bridge.scan({ code: 'x' })).rejects.toEqual({ error: 'invalid_argument', message: 'nope' });
    expect(calls).toEqual(['packbench:getStatus', 'packbench:scan']);
  });
});
