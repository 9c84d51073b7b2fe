import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The house as docs/architecture.md draws it (DESIGN §3.2): the same area list as the server's
 * folders, no cycle between areas, leaves that import no area, no source file past 350 lines.
 */

const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'apps/server/src/modules');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** `- \`area\` (kind): …` lines of the doc's area list. */
function documentedAreas(): Map<string, string> {
  const areas = new Map<string, string>();
  for (const m of doc.matchAll(/^- `([a-z-]+)` \((kernel|leaf|area)\):/gm)) areas.set(m[1]!, m[2]!);
  return areas;
}

/** The feature → area rows of the doc's tables (`| \`feature\` | … |`). */
function documentedRenames(): Set<string> {
  return new Set([...doc.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]!));
}

const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

function filesUnder(dir: string, ext = /\.(ts|tsx)$/): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((d) => (d.isFile() && ext.test(d.name) ? [path.join(d.parentPath, d.name)] : []));
}

/** Area → the other areas its files import (`../<area>` from a module file). */
function areaImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const area of folders(modules)) {
    const deps = new Set<string>();
    for (const file of filesUnder(path.join(modules, area))) {
      const fromDir = path.dirname(file);
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
        const target = path.relative(modules, path.resolve(fromDir, m[1]!)).split(path.sep)[0]!;
        if (target && !target.startsWith('..') && target !== area && fs.existsSync(path.join(modules, target))) deps.add(target);
      }
    }
    graph.set(area, deps);
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (depth-first, one per back edge). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the architecture (docs/architecture.md)', () => {
  it('lists exactly the server areas', () => {
    expect([...documentedAreas().keys()].sort()).toEqual(folders(modules));
  });

  it('has no cycle between areas', () => {
    expect(cycles(areaImports())).toEqual([]);
  });

  it('keeps the kernel and the leaves free of areas', () => {
    const graph = areaImports();
    for (const [area, kind] of documentedAreas()) {
      const deps = [...(graph.get(area) ?? [])];
      if (kind === 'kernel') expect({ area, deps }).toEqual({ area, deps: [] });
      if (kind === 'leaf') expect({ area, deps: deps.filter((d) => d !== 'access') }).toEqual({ area, deps: [] });
    }
  });

  it('names each app feature after an area, or lists it as still to rename', () => {
    const words = new Set([...documentedAreas().keys(), ...documentedRenames()]);
    for (const app of ['apps/staff/src/features', 'apps/web/src/features']) {
      const strays = folders(path.join(root, app)).filter((f) => !words.has(f));
      expect({ app, strays }).toEqual({ app, strays: [] });
    }
    // The rename list only names features that exist (a renamed one leaves the list).
    const features = new Set([
      ...folders(path.join(root, 'apps/staff/src/features')),
      ...folders(path.join(root, 'apps/web/src/features')),
    ]);
    expect([...documentedRenames()].filter((f) => !features.has(f))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('keeps every source file at 350 lines or fewer (a room grows by use case, not by length)', () => {
    const sources = ['apps/server/src', 'apps/web/src', 'apps/staff/src', 'packages/contract/src'].flatMap((dir) =>
      filesUnder(path.join(root, dir)),
    );
    const over = sources
      .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 350);
    expect(over).toEqual([]);
  });
});
