// The web's files stay small enough to read in one sitting: no file over 300 lines and no function over 120 (locales
// and tests aside). Biome's noExcessiveLinesPerFunction (biome.json) leaves the lines of JSX out of its count, so a
// component's long JSX tree passes it: the functions are measured here too, from their first line to their last.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 120;
const root = join(import.meta.dirname, '..', 'apps', 'web', 'src');

/** As `wc -l` counts: the newline that ends the last line starts no new one. */
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const skipped = (path) => path.startsWith('locales/') || path.startsWith('test/') || /\.test\.tsx?$/.test(path);
const isFunction = (node) =>
  ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node);

function* longFunctions(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = function* (node) {
    if (isFunction(node)) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > MAX_FUNCTION_LINES) yield { line: lineOf(node.getStart(source)), lines };
    }
    for (const child of node.getChildren(source)) yield* visit(child);
  };
  yield* visit(source);
}

const problems = [];
for (const path of readdirSync(root, { recursive: true })) {
  if (!/\.tsx?$/.test(path) || skipped(path.split('\\').join('/'))) continue;
  const file = relative(process.cwd(), join(root, path));
  const text = readFileSync(join(root, path), 'utf8');
  const lines = lineCount(text);
  if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  for (const fn of longFunctions(path, text)) {
    problems.push(`${file}:${fn.line}: a function of ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`);
  }
}
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);
