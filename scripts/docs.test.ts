import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the README and docs/ true to the repository: every `npm run <script>` they name exists, every relative link
 * leads to a file (and a heading, when it names one), and every repository path they write in backticks exists.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...docs.sort()];
}

const files = markdownFiles().map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));

/** The text without its fenced code blocks (links and headings are read outside them). */
function prose(text: string): string {
  return text.replace(/^([ \t]*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, '');
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

// --- npm scripts ---------------------------------------------------------------------------------------------

interface PackageJson {
  name: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
}

const readPackage = (dir: string): PackageJson =>
  JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as PackageJson;

const rootPackage = readPackage('.');
const workspaces = new Map<string, PackageJson>();
for (const dir of rootPackage.workspaces ?? []) {
  const pkg = readPackage(dir);
  workspaces.set(pkg.name, pkg);
  workspaces.set(dir, pkg);
}

/** `npm run <script>` with an optional `-w <workspace>` (or `--workspace <workspace>`) before or after the name. */
const npmRun =
  /npm run(?:\s+(?:-w|--workspace)[=\s]+([@\w./-]+))?\s+([\w:.-]+)(?:\s+(?:-w|--workspace)[=\s]+([@\w./-]+))?/g;

function scriptProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(npmRun)) {
    const [, before, script, after] = match;
    const workspace = before ?? after;
    const where = `${file}:${lineOf(text, match.index)}`;
    if (!workspace) {
      if (!rootPackage.scripts?.[script!]) problems.push(`${where}: npm run ${script}: no such script in package.json`);
      continue;
    }
    const pkg = workspaces.get(workspace);
    if (!pkg) problems.push(`${where}: npm run ${script} -w ${workspace}: no such workspace`);
    else if (!pkg.scripts?.[script!]) problems.push(`${where}: npm run ${script} -w ${workspace}: no such script`);
  }
  return problems;
}

// --- relative links -------------------------------------------------------------------------------------------

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/`|\*\*|__/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

function linkProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const body = prose(text).replace(/`[^`\n]*`/g, '');
  for (const match of body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [pathPart, anchor] = target.split('#') as [string, string?];
    const resolved = pathPart ? path.join(path.dirname(file), decodeURIComponent(pathPart)) : file;
    const where = `${file}: (${target})`;
    if (!fs.existsSync(path.join(root, resolved))) {
      problems.push(`${where}: ${resolved} does not exist`);
      continue;
    }
    if (anchor && resolved.endsWith('.md')) {
      const anchors = anchorsOf(fs.readFileSync(path.join(root, resolved), 'utf8'));
      if (!anchors.has(anchor)) problems.push(`${where}: ${resolved} has no heading #${anchor}`);
    }
  }
  return problems;
}

// --- repository paths in backticks ----------------------------------------------------------------------------

const pathRoots = ['apps/', 'packages/', 'scripts/', 'e2e/', 'bench/', 'docs/', 'deploy/', '.ci/'];

/** Folders git ignores (build output, data): a path inside one is made by a build or a run, not kept in the repository. */
const ignoredFolders = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[\w.-]+\/$/.test(line))
  .map((line) => line.slice(0, -1));

function pathProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1]!.trim();
    if (/\s/.test(span) || !pathRoots.some((prefix) => span.startsWith(prefix))) continue;
    if (/[*?{}[\]<>$]|NNNN/.test(span)) continue; // a glob or a placeholder (`<area>`, `NNNN_name.sql`)
    const candidate = span.replace(/[/:,.;]+$/, '');
    if (candidate.split('/').some((segment) => ignoredFolders.includes(segment))) continue;
    if (!fs.existsSync(path.join(root, candidate))) {
      problems.push(`${file}:${lineOf(text, match.index)}: \`${span}\` does not exist`);
    }
  }
  return problems;
}

describe('the README and docs/ stay true to the repository', () => {
  it('reads the README and the documents', () => {
    expect(files.map((f) => f.file)).toContain('README.md');
    expect(files.length).toBeGreaterThan(5);
  });

  it('names only npm scripts that exist', () => {
    expect(files.flatMap(({ file, text }) => scriptProblems(file, text))).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    expect(files.flatMap(({ file, text }) => linkProblems(file, text))).toEqual([]);
  });

  it('writes only repository paths that exist', () => {
    expect(files.flatMap(({ file, text }) => pathProblems(file, text))).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(scriptProblems('x.md', '`npm run no-such-script`')).toHaveLength(1);
    expect(scriptProblems('x.md', '`npm run build -w @edgeward/web` and `npm run ops -- help`')).toEqual([]);
    expect(scriptProblems('x.md', '`npm run no-such -w @edgeward/web`')).toHaveLength(1);
    expect(linkProblems('docs/x.md', '[a](missing.md) [b](../README.md) [c](https://example.com)')).toHaveLength(1);
    expect(
      linkProblems('README.md', '[a](docs/testing.md#no-such-heading) [b](docs/testing.md#browser-tests)'),
    ).toEqual(['README.md: (docs/testing.md#no-such-heading): docs/testing.md has no heading #no-such-heading']);
    expect(anchorsOf('# A `b` c\n\n```sh\n# not a heading\n```\n\n## A b c\n')).toEqual(new Set(['a-b-c', 'a-b-c-1']));
    expect(
      pathProblems('x.md', '`apps/server/src/no-such.ts` `apps/web/src/features/<area>/` `apps/web/dist`'),
    ).toEqual(['x.md:1: `apps/server/src/no-such.ts` does not exist']);
  });
});
