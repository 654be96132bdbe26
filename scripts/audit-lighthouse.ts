/**
 * Lighthouse (mobile preset, Debian's Chromium) on the landing page and the sign-in page, with
 * the issue's quality bars. Starts the built server on a throwaway data directory unless
 * --base is given, prints a table, exits 1 when a bar is missed, and with --readme FILE writes
 * the table between <!-- lighthouse:start --> and <!-- lighthouse:end --> in that file.
 *
 *   npm run build && tsx scripts/audit-lighthouse.ts [--base http://127.0.0.1:3000] [--readme README.md]
 *
 * Needs the `lighthouse` devDependency (it runs `npx --no-install lighthouse`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The bars of issue 5, per page. */
const PAGES: Array<{ path: string; minimum: Record<Category, number> }> = [
  { path: '/', minimum: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } },
  { path: '/login', minimum: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } },
];

// The launch flags of the browser tests, with the new headless mode Lighthouse expects.
const CHROME_FLAGS = CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)).join(' ');

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
};
const chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH;

function lighthouseAvailable(): boolean {
  const probe = spawnSync('npx', ['--no-install', 'lighthouse', '--version'], { encoding: 'utf8' });
  return probe.status === 0;
}

async function waitFor(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function startServer(): Promise<{ base: string; server: ChildProcess; dataDir: string }> {
  const port = Number(option('port') ?? 3310);
  const base = `http://127.0.0.1:${port}`;
  const entry = path.resolve(import.meta.dirname, '../build/node/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('build/node/server/main.js is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-lighthouse-'));
  const server = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/api/openapi.json`);
  return { base, server, dataDir };
}

/**
 * One Lighthouse run. Lighthouse sometimes fails to record the trace on a busy 2-core machine
 * ("NO_NAVSTART"); such a run says nothing about the page, so it is tried once more.
 */
function audit(url: string, outFile: string, attempt = 1): Record<Category, number> {
  const run = spawnSync(
    'npx',
    [
      '--no-install',
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outFile}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0) {
    if (attempt < 2) {
      console.error(`lighthouse failed on ${url} (exit ${run.status}); trying once more`);
      return audit(url, outFile, attempt + 1);
    }
    throw new Error(`lighthouse failed on ${url} (exit ${run.status})`);
  }
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as { categories: Record<Category, { score: number | null }> };
  return Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
}

function table(rows: Array<{ path: string; scores: Record<Category, number>; minimum: Record<Category, number> }>): string {
  const header = `| Page | ${CATEGORIES.map((category) => category.replace('-', ' ')).join(' | ')} |`;
  const rule = `|---|${CATEGORIES.map(() => '---:').join('|')}|`;
  const lines = rows.map(
    ({ path: page, scores, minimum }) =>
      `| \`${page}\` | ${CATEGORIES.map((category) => `${scores[category]}${scores[category] < minimum[category] ? ` ✗ (≥ ${minimum[category]})` : ''}`).join(' | ')} |`,
  );
  return [header, rule, ...lines].join('\n');
}

function writeReadme(file: string, markdown: string) {
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  const block = `${start}\nLighthouse, mobile preset, Chromium ${chromiumVersion()}, ${new Date().toISOString().slice(0, 10)} (\`npm run audit:lighthouse\`):\n\n${markdown}\n${end}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const next =
    current.includes(start) && current.includes(end)
      ? current.slice(0, current.indexOf(start)) + block + current.slice(current.indexOf(end) + end.length)
      : `${current.trimEnd()}${current ? '\n\n' : ''}## Lighthouse\n\n${block}\n`;
  fs.writeFileSync(file, next);
  console.log(`scores written to ${file}`);
}

function chromiumVersion(): string {
  const probe = spawnSync(chromePath, ['--version'], { encoding: 'utf8' });
  return probe.stdout.trim().replace(/^Chromium\s*/, '') || 'unknown';
}

if (!lighthouseAvailable()) {
  console.error('Lighthouse is not installed. Add it once with `npm install --save-dev lighthouse@^12`, then run this again.');
  process.exit(2);
}

const given = option('base');
const started = given ? undefined : await startServer();
const base = (given ?? started!.base).replace(/\/$/, '');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-lighthouse-reports-'));
let failed = false;
try {
  const rows = PAGES.map(({ path: page, minimum }) => {
    const scores = audit(`${base}${page}`, path.join(reports, `${page.replace(/\W+/g, '_') || 'home'}.json`));
    if (CATEGORIES.some((category) => scores[category] < minimum[category])) failed = true;
    return { path: page, scores, minimum };
  });
  const markdown = table(rows);
  console.log(`\n${markdown}\n\nfull reports: ${reports}`);
  const readme = option('readme');
  if (readme) writeReadme(readme, markdown);
} finally {
  if (started) {
    started.server.kill('SIGTERM');
    fs.rmSync(started.dataDir, { recursive: true, force: true });
  }
}
if (failed) {
  console.error('\nSome scores are below the bars of issue 5.');
  process.exit(1);
}
