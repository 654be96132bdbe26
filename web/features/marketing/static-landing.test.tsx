import { describe, expect, test } from 'vitest';
import { resourcesOf } from '../../lib/static-render.tsx';
import { renderStaticLanding } from './static-landing.tsx';

const files = import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/{common,public}.json', { eager: true, import: 'default' });

describe('the server-rendered landing page', () => {
  test('holds every section and both audiences', () => {
    const html = renderStaticLanding('en', resourcesOf(files));
    for (const text of ['Get things done,', 'Smart task management', 'Team ready', 'Sarah Chen', '50K+', '99.9%', '© 2024 Taskaty.']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('data-session="guest"');
    expect(html).toMatch(/<a[^>]*data-session="user"[^>]*hidden=""[^>]*>|<a[^>]*hidden=""[^>]*data-session="user"/);
    expect(html).toContain('[html:not([lang=en])_&amp;]:invisible');
  });
});
