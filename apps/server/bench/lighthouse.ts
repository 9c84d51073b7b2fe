/**
 * Lighthouse for `npm run bench`: mobile (Lighthouse's default emulation and simulated throttling)
 * performance and accessibility of /login (anonymous) and /main (signed in), against the
 * production app the bench started. Debian's Chromium only: no browser is ever downloaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface RouteAudit {
  route: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes over the wire of every script the page loaded. */
  jsTransfer: number;
  /** Performance audits below 0.9 and accessibility audits that failed, one line each. */
  flagged: string[];
  reportFile: string;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];
type AuditResult = Lhr['audits'][string];

interface DetailItems {
  items?: Array<Record<string, unknown>>;
}

const itemsOf = (audit: AuditResult | undefined) =>
  ((audit?.details as DetailItems | undefined)?.items ?? []) as Array<Record<string, unknown>>;

function scriptTransfer(lhr: Lhr): number {
  const script = itemsOf(lhr.audits['resource-summary']).find((item) => item.resourceType === 'script');
  return Number(script?.transferSize ?? 0);
}

/** The elements an accessibility audit failed on, by selector, so the report can name them. */
function failingNodes(audit: AuditResult): string {
  const selectors = itemsOf(audit)
    .map((item) => (item.node as { selector?: string } | undefined)?.selector)
    .filter((s): s is string => Boolean(s));
  if (selectors.length === 0) return '';
  const shown = selectors.slice(0, 3).join(', ');
  return ` [${selectors.length}: ${shown}${selectors.length > 3 ? ', …' : ''}]`;
}

function flaggedAudits(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    // Metrics are in the table; hidden audits (TTI, max potential FID) weigh nothing.
    if (!audit || ref.group === 'metrics' || ref.group === 'hidden' || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    lines.push(`performance: ${ref.id} — ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    lines.push(`accessibility: ${ref.id} — ${audit.title}${failingNodes(audit)}`);
  }
  return lines;
}

/**
 * One Lighthouse run in its own Chromium (a fresh profile). With a cookie, it is set in the browser
 * first, as a signed-in phone would hold it, so the app's own cookies (XSRF) still work as usual.
 */
async function runLighthouse(url: string, cookie?: { name: string; value: string }): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      if (cookie) {
        await browser.setCookie({ ...cookie, domain: new URL(url).hostname, path: '/', httpOnly: true, sameSite: 'Lax' });
      }
      const page = await browser.newPage();
      const result = await lighthouse(
        url,
        { port: chrome.port, logLevel: 'error', output: ['json', 'html'], onlyCategories: ['performance', 'accessibility'] },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
      return result;
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/**
 * Audits `route` on `origin`; fails loudly if the page Lighthouse measured is not that route (a
 * signed-in page that fell back to /login would otherwise be scored as if it were /main).
 */
export async function auditRoute(
  origin: string,
  route: string,
  reportDir: string,
  cookie?: { name: string; value: string },
): Promise<RouteAudit> {
  // Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART: "Please run Lighthouse
  // again"): one more run before the bench fails.
  const result = await runLighthouse(`${origin}${route}`, cookie).catch((error: unknown) => {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    return runLighthouse(`${origin}${route}`, cookie);
  });
  const { lhr } = result;
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== route) {
    throw new Error(
      `Lighthouse measured ${lhr.finalDisplayedUrl} instead of ${route}${cookie ? ' (is the session valid?)' : ''}`,
    );
  }
  fs.mkdirSync(reportDir, { recursive: true });
  const base = path.join(reportDir, route.replace(/\W+/g, '') || 'root');
  const [json, html] = result.report as string[];
  fs.writeFileSync(`${base}.report.json`, json!);
  fs.writeFileSync(`${base}.report.html`, html!);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    route,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsTransfer: scriptTransfer(lhr),
    flagged: flaggedAudits(lhr),
    reportFile: `${base}.report.html`,
  };
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

/** The table the bench prints, then what Lighthouse flagged per route. */
export function lighthouseTable(rows: RouteAudit[]): string[] {
  const lines = [
    `| ${pad('route', 14)} | performance | accessibility | FCP ms | LCP ms | TBT ms |   CLS | JS transfer kB |`,
    `|${'-'.repeat(16)}|-------------|---------------|--------|--------|--------|-------|----------------|`,
  ];
  for (const r of rows) {
    lines.push(
      `| ${pad(r.route, 14)} | ${pad(String(r.performance), 11, true)} | ${pad(String(r.accessibility), 13, true)} | ${pad(r.fcp.toFixed(0), 6, true)} | ${pad(r.lcp.toFixed(0), 6, true)} | ${pad(r.tbt.toFixed(0), 6, true)} | ${pad(r.cls.toFixed(3), 5, true)} | ${pad((r.jsTransfer / 1000).toFixed(1), 14, true)} |`,
    );
  }
  for (const r of rows) {
    lines.push('', `${r.route}: ${r.flagged.length === 0 ? 'nothing flagged' : 'flagged'} (full report: ${r.reportFile})`);
    for (const line of r.flagged) lines.push(`  ${line}`);
  }
  return lines;
}
