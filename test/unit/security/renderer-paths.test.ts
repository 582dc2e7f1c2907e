import { win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererPath } from '../../../main/hosts/electron/security';

/**
 * The desktop app serves its renderer from app://packbench/. A path must map into the renderer folder on every
 * platform the installers target — on Windows a backslash is a path separator too.
 */

/** Where the path would land under a Windows renderer folder, or undefined when refused. */
function onWindows(url: string): string | undefined {
  const path = rendererPath(url);
  if (path === undefined) return undefined;
  const root = 'C:\\Program Files\\Packbench\\resources\\app.asar\\dist\\renderer';
  return win32.relative(root, win32.join(root, path));
}

describe('app:// paths', () => {
  it('map ordinary files into the renderer folder and refuse ../ and its encodings', () => {
    expect(rendererPath('app://packbench/')).toBe('index.html');
    expect(rendererPath('app://packbench/assets/app.js')).toBe('assets/app.js');
    // The URL parser resolves encoded dot segments itself: this one stays at the renderer's root.
    expect(onWindows('app://packbench/assets/%2e%2e/%2e%2e/secret')).toBe('secret');
    expect(rendererPath('app://elsewhere/index.html')).toBeUndefined();
  });

  // On Windows app://packbench/..%5C..%5Csecret decodes to "..\..\secret", which path.join would resolve
  // outside the renderer: a backslash is refused outright.
  it('refuses a backslash climb, which Windows would follow out of the renderer folder', () => {
    for (const url of [
      'app://packbench/..%5C..%5Csecret.txt',
      'app://packbench/assets/..%5C..%5C..%5Cvault.key',
    ]) {
      const landed = onWindows(url);
      expect(landed === undefined || !landed.startsWith('..'), url).toBe(true);
    }
  });

  // decodeURIComponent() throws URIError on a malformed escape: the handler must answer, not reject.
  it('does not throw on a malformed percent-escape', () => {
    expect(() => rendererPath('app://packbench/%E0%A4%A')).not.toThrow();
  });
});
