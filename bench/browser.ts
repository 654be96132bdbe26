/** What a browser sees: the JS+CSS each entry page loads, and the dashboard with 10,000 and 100,000 tasks. */
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';

/**
 * The browser globals the page functions below use: this folder is type-checked without the
 * DOM library, and these functions run in the page, not in Node.
 */
interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void };
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void };
  performance: { now(): number };
  scrollY: number;
  __firstCard: number;
  __frames: number[];
  __recording: boolean;
}

export interface Session {
  token: string;
  user: unknown;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

async function contextFor(browser: Browser, session?: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session) {
    await context.addInitScript(
      ([user, token]) => {
        const page = globalThis as unknown as PageGlobals;
        page.localStorage.setItem('taskaty_user', user);
        page.localStorage.setItem('taskaty_token', token);
      },
      [JSON.stringify(session.user), session.token] as const,
    );
  }
  return context;
}

export interface PageWeight {
  path: string;
  gzipBytes: number;
  files: string[];
}

/**
 * Gzip bytes (zlib's default level, what the server sends a gzip client) of every script and
 * stylesheet a fresh browser loads for the page: until the network is idle, or signed in until
 * the tasks show.
 */
export async function pageWeight(browser: Browser, baseUrl: string, path: string, session?: Session): Promise<PageWeight> {
  const context = await contextFor(browser, session);
  const page = await context.newPage();
  const loads: Array<Promise<{ url: string; bytes: number }>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(baseUrl) && response.status() === 200) {
      loads.push(response.body().then((body) => ({ url: response.url().slice(baseUrl.length), bytes: zlib.gzipSync(body).length })));
    }
  });
  if (session) {
    // Signed in, the page keeps a live-updates stream open, so the network never goes idle:
    // wait for the tasks instead, and a moment for anything loaded after them.
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.locator('[data-testid="task-card"]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
  } else {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  }
  const files = await Promise.all(loads);
  await context.close();
  return { path, gzipBytes: files.reduce((sum, file) => sum + file.bytes, 0), files: files.map((file) => file.url) };
}

export interface DashboardRun {
  firstCardMs: number;
  frames: number;
  slowFrames: number;
  worstFrameMs: number;
  /** Bytes of task-list and summary answers as sent (compressed), from opening the page to the end of the scroll. */
  listBytes: number;
  /** How many task-list requests that took. */
  listRequests: number;
}

/** The threshold: a frame over 50 ms is a visible stall. */
const SLOW_FRAME_MS = 50;
/**
 * Frames are stamped at display refreshes, in a clock Chromium coarsens to 0.1 ms with jitter: a
 * frame of exactly three refreshes at 60 Hz (50.0 ms, two frames dropped) reads 49.8–50.2 ms, and
 * reading it as "over 50 ms" or not would be a coin toss. One refresh more (66.7 ms) is far beyond
 * this margin, so every frame that truly lasted longer than 50 ms is still counted.
 */
const PAGE_CLOCK_JITTER_MS = 0.5;

/**
 * Opens the dashboard signed in, times the first task card (from navigation start, in the
 * page's own clock), then scrolls the list for ~3 s and counts frames that took over 50 ms.
 */
export async function dashboardRun(browser: Browser, baseUrl: string, session: Session): Promise<DashboardRun> {
  const context = await contextFor(browser, session);
  await context.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    const observer = new page.MutationObserver(() => {
      if (page.document.querySelector('[data-testid="task-card"]')) {
        page.__firstCard = page.performance.now();
        observer.disconnect();
      }
    });
    observer.observe(page.document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const lists: Array<Promise<number>> = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/tasks(\/shared)?(\/summary)?$/.test(pathname)) lists.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit' });
  await page.locator('[data-testid="task-card"]').first().waitFor({ timeout: 30_000 });
  const firstCardMs = await page.evaluate(() => (globalThis as unknown as PageGlobals).__firstCard);
  await page.waitForTimeout(500);
  await page.mouse.move(640, 500);
  // As text: tsx would wrap a named inner function in a helper (__name) the page does not have.
  await page.evaluate(`(() => {
    globalThis.__frames = [];
    globalThis.__recording = true;
    const tick = (time) => {
      globalThis.__frames.push(time);
      if (globalThis.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  for (let step = 0; step < 60; step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  const stamps = await page.evaluate(() => {
    const state = globalThis as unknown as PageGlobals;
    state.__recording = false;
    return state.__frames;
  });
  const scrolled = await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY);
  const listSizes = await Promise.all(lists);
  await context.close();
  if (scrolled < 10_000) throw new Error(`The dashboard scrolled only ${scrolled}px: is the list there?`);
  const deltas = stamps.slice(1).map((stamp, index) => stamp - stamps[index]!);
  return {
    firstCardMs,
    frames: deltas.length,
    slowFrames: deltas.filter((delta) => delta > SLOW_FRAME_MS + PAGE_CLOCK_JITTER_MS).length,
    worstFrameMs: Math.max(0, ...deltas),
    listBytes: listSizes.reduce((sum, size) => sum + size, 0),
    listRequests: listSizes.length,
  };
}
