/**
 * Renders the PNG icons, favicon.ico and the social preview image (og-image.png) from SVG
 * and HTML with Chromium, into web/public/. The outputs are committed; run this again only
 * when the brand changes:
 *   npx tsx scripts/render-brand-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../web/public');
const BRAND = '#9333ea';
const BRAND_DARK = '#6b21a8';
const CHECK = '<path d="M18 33l9 9 19-20" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>';

/** The mark of favicon.svg: a rounded purple square with a white check. `inset` shrinks the check for maskable icons. */
function markSvg(size: number, { rounded = true, inset = 0 }: { rounded?: boolean; inset?: number } = {}) {
  const scale = 1 - inset * 2;
  const offset = 32 - 32 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND}"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">${CHECK}</g>
  </svg>`;
}

const page = (body: string, width: number, height: number) => `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  html, body { width: ${width}px; height: ${height}px; background: transparent; font-family: 'Noto Sans', 'DejaVu Sans', sans-serif; }
  svg { display: block; }
</style></head><body>${body}</body></html>`;

const ogImage = `
<div style="width:1200px;height:630px;position:relative;overflow:hidden;background:linear-gradient(135deg, ${BRAND} 0%, ${BRAND_DARK} 100%);color:#fff;">
  <div style="position:absolute;inset:0;background:radial-gradient(circle at 85% 10%, rgba(255,255,255,.22), transparent 45%), radial-gradient(circle at 10% 110%, rgba(0,0,0,.25), transparent 50%);"></div>
  <div style="position:absolute;left:72px;top:72px;display:flex;align-items:center;gap:18px;">
    <div style="width:64px;height:64px;border-radius:16px;background:#fff;display:flex;align-items:center;justify-content:center;box-shadow:0 10px 30px rgba(0,0,0,.2)">
      <svg width="40" height="40" viewBox="0 0 64 64"><path d="M14 34l12 12 24-27" fill="none" stroke="${BRAND}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/></svg>
    </div>
    <div style="font-size:44px;font-weight:700;letter-spacing:-0.02em;">Taskaty</div>
  </div>
  <div style="position:absolute;left:72px;top:200px;width:560px;">
    <div style="font-size:64px;line-height:1.05;font-weight:800;letter-spacing:-0.03em;">Smart task management with AI</div>
    <div style="margin-top:26px;font-size:26px;line-height:1.4;color:rgba(255,255,255,.88);">Tasks, labels and sharing in one calm place, with AI that writes your task descriptions.</div>
    <div style="margin-top:34px;display:inline-block;padding:12px 22px;border-radius:999px;background:rgba(255,255,255,.16);border:1px solid rgba(255,255,255,.35);font-size:22px;font-weight:600;">Free during the beta · No credit card</div>
  </div>
  <div style="position:absolute;right:64px;top:110px;width:440px;border-radius:22px;background:#fff;color:#17151f;padding:26px;box-shadow:0 30px 60px rgba(30,0,60,.35);">
    <div style="display:flex;justify-content:space-between;align-items:baseline;"><div style="font-size:26px;font-weight:700;">Today</div><div style="font-size:16px;color:#5c5870;">2 of 3 done</div></div>
    <div style="margin-top:12px;height:8px;border-radius:8px;background:#f3f1f9;"><div style="width:66%;height:8px;border-radius:8px;background:${BRAND};"></div></div>
    ${[
      ['Prepare the Q3 planning deck', 'High', '#fee2e2', '#b91c1c', false],
      ['Review the checklist', 'Medium', '#fef3c7', '#b45309', true],
      ['Book flights for the offsite', 'Low', '#dcfce7', '#15803d', true],
    ]
      .map(
        ([title, priority, bg, fg, done]) => `
    <div style="margin-top:14px;display:flex;align-items:center;gap:12px;border:1px solid #e4e1ee;border-radius:12px;padding:12px 14px;">
      <div style="flex-shrink:0;width:22px;height:22px;border-radius:50%;${done ? `background:${BRAND};` : 'border:2px solid #e4e1ee;'}display:flex;align-items:center;justify-content:center;">${done ? '<svg width="14" height="14" viewBox="0 0 64 64"><path d="M14 34l12 12 24-27" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/></svg>' : ''}</div>
      <div style="flex:1;white-space:nowrap;font-size:18px;${done ? 'color:#8a869b;text-decoration:line-through;' : ''}">${title}</div>
      <div style="font-size:14px;font-weight:600;padding:4px 10px;border-radius:999px;background:${bg};color:${fg};">${priority}</div>
    </div>`,
      )
      .join('')}
    <div style="margin-top:16px;border:1.5px dashed rgba(147,51,234,.45);background:#f8f0ff;border-radius:12px;padding:14px;">
      <div style="font-size:14px;font-weight:700;color:#7e22ce;">✦ Written by AI</div>
      <div style="margin-top:6px;font-size:16px;line-height:1.45;">Collect last quarter's numbers, outline three goals and share the deck by Friday.</div>
    </div>
  </div>
</div>`;

/** favicon.ico holding PNG images (supported by every browser since Windows Vista-era ICO readers). */
function icoFromPngs(pngs: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * pngs.length;
  for (const { size, data } of pngs) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...pngs.map((png) => png.data)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
async function render(html: string, width: number, height: number, transparent = true): Promise<Buffer> {
  const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await tab.setContent(page(html, width, height));
  const png = await tab.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
  await tab.close();
  return png;
}

const outputs: Array<[string, Buffer]> = [
  ['icon-192.png', await render(markSvg(192), 192, 192)],
  ['icon-512.png', await render(markSvg(512), 512, 512)],
  // Maskable: full-bleed background, the check inside the 80% safe zone.
  ['icon-maskable-512.png', await render(markSvg(512, { rounded: false, inset: 0.12 }), 512, 512, false)],
  // iOS adds its own rounded corners and shows transparency as black.
  ['apple-touch-icon.png', await render(markSvg(180, { rounded: false, inset: 0.06 }), 180, 180, false)],
  ['og-image.png', await render(ogImage, 1200, 630, false)],
];
const icoSizes = [16, 32, 48];
const icoPngs = [];
for (const size of icoSizes) icoPngs.push({ size, data: await render(markSvg(size), size, size) });
outputs.push(['favicon.ico', icoFromPngs(icoPngs)]);
await browser.close();

for (const [name, data] of outputs) {
  fs.writeFileSync(path.join(out, name), data);
  console.log(`${path.join('web/public', name)} (${data.length} bytes)`);
}
