/**
 * Debian's Chromium as every browser run here launches it: browser tests, screenshots, the
 * bench and Lighthouse. Nothing is downloaded; CHROMIUM_PATH points elsewhere if needed.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (CI runs as root), no GPU, nothing in the background that would skew a measurement. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
