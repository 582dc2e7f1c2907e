/**
 * The README is short and sends a newcomer on to docs/: a link that leads nowhere ends the trail. Every relative
 * link (and image) in the repository's Markdown names a file that exists and, with a `#fragment`, a heading of
 * that file. Written here rather than with a Markdown library: the project has none, and the few rules needed
 * (fenced code and code spans hold no links; GitHub's heading anchors) fit in this file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');

/** The Markdown git keeps or would add (so nothing in node_modules, dist or test-results). */
const MARKDOWN = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(ROOT, path)));

/** The text outside fenced code blocks and code spans, where a `[..](..)` is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets: inline links and images, and reference definitions (`[name]: target`). */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...defined].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: its text (a link's label), lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a file's headings make, a repeated one numbered as GitHub numbers it (`-1`, `-2`, …). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

function broken(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(source)) {
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const path = pathPart === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURI(pathPart));
    if (!existsSync(path)) {
      problems.push(`${target}: no file ${relative(ROOT, path)}`);
      continue;
    }
    if (fragment === undefined || statSync(path).isDirectory()) continue;
    if (!anchors(readFileSync(path, 'utf8')).has(decodeURIComponent(fragment))) {
      problems.push(`${target}: no heading #${fragment} in ${relative(ROOT, path)}`);
    }
  }
  return problems;
}

describe('links in the Markdown', () => {
  it('finds the README and the docs pages it leads to', () => {
    expect(MARKDOWN).toContain('README.md');
    expect(MARKDOWN).toContain('docs/headless.md');
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('docs/headless.md');
  });

  it.each(MARKDOWN)('every relative link in %s leads to a file and heading that exist', (file) => {
    expect(broken(file)).toEqual([]);
  });

  it('tells a link to a missing file or heading from a good one', () => {
    expect(slug('Status events (`status-events/`)')).toBe('status-events-status-events');
    expect(slug('The data folder: one Packbench at a time')).toBe('the-data-folder-one-packbench-at-a-time');
    const doc = '# A\n\n## Same\n\n## Same\n\n```\n## Not a heading\n```\n';
    expect([...anchors(doc)]).toEqual(['a', 'same', 'same-1']);
    const links =
      '[a](x.md) `[b](code.md)` ![c](img.png "t") [d](#same)\n\n[e]: y.md\n[f]: https://example.com\n';
    expect(linkTargets(links)).toEqual(['x.md', 'img.png', '#same', 'y.md']);
  });
});
