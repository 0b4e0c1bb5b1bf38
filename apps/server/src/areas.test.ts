import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's areas import each other without a cycle (README.md, "Areas"), and so do its files: read from
// the source files' import lines (type imports too), tests left out. No database, no network.

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// `import … from './x.ts'`, `import type …`, `export … from`, `import './x.ts'` and `import('./x.ts')`.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Each source file (relative to src, `/`-separated) and the source files it imports. */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (specifier !== undefined)
        targets.add(
          relative(SRC, resolve(dirname(file), specifier))
            .split(sep)
            .join('/'),
        );
    }
    graph.set(relative(SRC, file).split(sep).join('/'), targets);
  }
  return graph;
}

/** A file's area: its top folder under src; a file directly in src is a node of its own. */
const areaOf = (file: string): string => file.split('/')[0]!;

function areaGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = areaOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) if (areaOf(target) !== from) edges.add(areaOf(target));
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each is a cycle of imports. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of the server', () => {
  const files = fileGraph();

  it('reads every source file and the imports between them', () => {
    expect(files.size).toBeGreaterThan(200);
    expect(files.get('http/registrar.ts')).toContain('http/services.ts');
  });

  it('has no cycle between areas', () => {
    expect(cycles(areaGraph(files))).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['ledger', new Set(['wallets', 'db'])],
      ['wallets', new Set(['ledger'])],
      ['db', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['ledger', 'wallets']]);
  });

  it('keeps shared infrastructure below the areas', () => {
    const shared = new Set(['db', 'http', 'lib', 'cache', 'tenant', 'cluster', 'config.ts', 'errors.ts']);
    const upward = [...areaGraph(files)].flatMap(([from, targets]) =>
      shared.has(from) ? [...targets].filter((t) => !shared.has(t)).map((t) => `${from} -> ${t}`) : [],
    );
    expect(upward).toEqual([]);
  });
});
