#!/usr/bin/env node
// The initial JavaScript (gzip) each key route downloads before it can render: the entry chunk and
// its static imports, plus the lazy chunks of the route's screen, its layout and the UI providers
// (Mantine and TanStack Query, for every screen but the login screen) and their static imports,
// from Vite's manifest. "idle" adds what loads once the browser is idle after the first paint: the
// UI providers on the login screen, Mantine's modal manager on the others
// (docs/decisions/web-initial-bundle.md). `--check` enforces the budgets (issue 9), that chart.js
// is only on the growth route and that Mantine's per-component stylesheets cover what the JS uses.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const web = path.resolve(import.meta.dirname, '../apps/web');
// WEB_DIST: another build to report on (comparing builds); the web build by default.
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// Which chunk holds each module (written by the build's home plugin, apps/web/vite.config.ts).
const moduleChunksFile = path.join(dist, '.vite/module-chunks.json');
const moduleChunks = fs.existsSync(moduleChunksFile) ? JSON.parse(fs.readFileSync(moduleChunksFile, 'utf8')) : {};
/** The manifest key of the chunk that holds `module`: its own, or the group's it was bundled into. */
const keyOf = (module) =>
  manifest[module] ? module : Object.keys(manifest).find((k) => manifest[k].file === moduleChunks[module]);

const ui = 'src/app/ui-providers.tsx';
const signedIn = [ui, 'src/app/layouts/signed-in-layout.tsx'];
export const routes = [
  { route: '/login', modules: ['src/features/auth/routes/login-page.tsx'], budgetKb: 120 },
  { route: '/main', modules: [...signedIn, 'src/features/feed/routes/main-page.tsx'], budgetKb: 200 },
  { route: '/communications/message', modules: [...signedIn, 'src/features/communications/routes/contact-book-page.tsx'] },
  {
    route: '/growths/children/{id}',
    modules: [...signedIn, 'src/features/growths/routes/growth-child-page.tsx'],
    chartAllowed: true,
  },
];

/** The manifest keys of `key`'s chunk and its static imports. */
function closure(key, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const files = (keys) => new Set([...keys].map((k) => manifest[k].file));
const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const hasChartJs = (file) => /\._chartjs\b/.test(fs.readFileSync(path.join(dist, file), 'utf8'));
const sumKb = (keys) => [...files(keys)].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** What loads when idle: the UI providers if the route has not loaded them, then the packages the loaded chunks import dynamically. */
function idleClosure(keys) {
  const idle = new Set(keys);
  closure(keyOf(ui), idle);
  for (const key of [...idle]) {
    for (const dynamic of manifest[key].dynamicImports ?? []) if (!dynamic.startsWith('src/')) closure(dynamic, idle);
  }
  return idle;
}

export function measure() {
  return routes.map(({ route, modules, budgetKb, chartAllowed }) => {
    const keys = closure(entryKey);
    for (const module of modules) {
      // A module in no chunk but the entry's was bundled into it (the login screen is).
      const key = keyOf(module);
      if (key) closure(key, keys);
      else if (!fs.existsSync(path.join(web, module))) return { route, missing: module };
    }
    const js = [...files(keys)].filter((f) => f.endsWith('.js'));
    const kb = sumKb(keys);
    return {
      route,
      kb,
      idleKb: sumKb(idleClosure(keys)) - kb,
      budgetKb,
      chart: js.some(hasChartJs),
      chartAllowed: !!chartAllowed,
      chunks: js.length,
    };
  });
}

/**
 * Mantine class and keyframes names the JavaScript uses without a rule in the CSS: the app imports
 * Mantine's stylesheets per component (apps/web/src/app/mantine-styles.ts), so a newly used
 * component whose stylesheet is not imported shows up here.
 */
export function mantineNamesWithoutCss() {
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const read = (file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
  const defined = new Set();
  for (const file of assets.filter((f) => f.endsWith('.css'))) {
    for (const [, name] of read(file).matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{5,8})\b/g)) defined.add(name);
  }
  const used = new Set();
  for (const file of assets.filter((f) => f.endsWith('.js'))) {
    for (const [, name] of read(file).matchAll(/["'`](m_[0-9a-f]{5,8})["'`]/g)) used.add(name);
  }
  return [...used].filter((name) => !defined.has(name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measure();
  const problems = [];
  const unstyled = mantineNamesWithoutCss();
  if (unstyled.length > 0) {
    problems.push(
      `Mantine names without CSS (import the component's stylesheet in src/app/mantine-styles.ts): ${unstyled.join(', ')}`,
    );
  }
  console.log('route                          initial JS (gzip)  + idle  budget  chunks  chart.js');
  for (const r of rows) {
    if (r.missing) {
      problems.push(`${r.route}: route module ${r.missing} not in the build`);
      continue;
    }
    const budget = r.budgetKb ? `${r.budgetKb} kB` : '-';
    console.log(
      `${r.route.padEnd(30)} ${r.kb.toFixed(1).padStart(10)} kB ${r.idleKb.toFixed(1).padStart(7)} ${budget.padStart(7)} ${String(r.chunks).padStart(7)}  ${r.chart ? 'yes' : 'no'}`,
    );
    if (r.budgetKb && r.kb > r.budgetKb) problems.push(`${r.route}: ${r.kb.toFixed(1)} kB > ${r.budgetKb} kB`);
    if (r.chart && !r.chartAllowed) problems.push(`${r.route}: chart.js is in its initial JavaScript`);
  }
  if (process.argv.includes('--check') && problems.length > 0) {
    console.error(`Bundle budget exceeded:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
}
