/**
 * Takes screenshots of pages in light and dark, English, Arabic and Hindi (or --languages), phone
 * and desktop, for looking at what we build. Usage:
 *   tsx scripts/screenshots.ts --base http://127.0.0.1:3000 --out /tmp/shots [--languages en,ar,hi,es,fr,de]
 *     [--token 1|abc --user '{...}'] [--click <selector>]... /login /dashboard
 * Each --click (repeatable) clicks a selector in order after the page loads, e.g. to open a dropdown:
 *   --click '[data-testid="notification-bell"] > button'
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const base = option('base', 'http://127.0.0.1:3000')!;
const out = option('out', '/tmp/shots')!;
const token = option('token');
const user = option('user');
const only = option('only'); // e.g. "en-light-desktop"
// English, the right-to-left script, and the script with the tallest marks and longest words.
const languages = option('languages', 'en,ar,hi')!.split(',');
const clicks: string[] = [];
for (let click = option('click'); click !== undefined; click = option('click')) clicks.push(click);
const pages = args.length ? args : ['/'];
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
for (const language of languages) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${language}-${theme}-${device}`;
      if (only && !tag.includes(only)) continue;
      const context = await browser.newContext({ viewport, colorScheme: theme });
      await context.addInitScript(
        ([lang, th, tok, usr]) => {
          localStorage.setItem('taskaty_language', lang!);
          localStorage.setItem('taskaty_theme', th!);
          if (tok && usr) {
            localStorage.setItem('taskaty_token', tok);
            localStorage.setItem('taskaty_user', usr);
          }
        },
        [language, theme, token ?? '', user ?? ''],
      );
      const page = await context.newPage();
      for (const pagePath of pages) {
        // Signed-in pages keep the live-update stream (GET /api/events) open, so the network never
        // goes idle for long: wait for the load, then for quiet at most a few seconds.
        await page.goto(base + pagePath, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
        for (const selector of clicks) {
          await page.locator(selector).first().click();
          await page.waitForTimeout(300);
        }
        await page.waitForTimeout(300);
        const suffix = clicks.length ? '-clicked' : '';
        const file = path.join(out, `${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}${suffix}-${tag}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      }
      await context.close();
    }
  }
}
await browser.close();
