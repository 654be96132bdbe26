import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP: no inline scripts anywhere (the theme is applied by /theme-init.js, a file).
 * React sets style properties through the DOM, which style-src does not govern.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self' blob:",
  // Issue 24: the file viewer shows a PDF from its bytes, fetched with the session's token.
  'frame-src blob:',
].join(';');

/**
 * The headers Helmet's defaults send, with our CSP and referrer policy, written once. Helmet
 * rebuilt them on every request, about a tenth of the cost of an authenticated 304
 * (docs/performance.md); the set never changes, so it is a constant here. HSTS is left to the
 * TLS-terminating proxy (the app serves plain http on localhost).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export async function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
