import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../../common/locales.ts';
import { PUBLIC_PAGE_KEYS } from '../../../common/public-pages.ts';
import { publicResources, renderPublicPages } from './public-pages.tsx';
import { renderStaticLanding } from './static-landing.tsx';

describe('server-rendered public pages', () => {
  test('every language has the landing HTML and the head texts of every public page', () => {
    const pages = renderPublicPages();
    for (const language of LANGUAGE_CODES) {
      expect(pages.landing[language]).toContain(`data-language="${language}"`);
      for (const key of PUBLIC_PAGE_KEYS) expect(pages.texts[language].pages[key].title.length).toBeGreaterThan(0);
    }
    expect(pages.texts.ar.pages.home.title).not.toBe(pages.texts.en.pages.home.title);
    expect(pages.landing.ar).not.toBe(pages.landing.en);
  });

  test('the landing HTML holds every section and both audiences', () => {
    const html = renderStaticLanding('en', publicResources());
    for (const text of ['Get things done,', 'Smart task management', 'Team ready', 'Sarah Chen', '50K+', '99.9%', '© 2024 Taskaty.']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('data-session="guest"');
    expect(html).toMatch(/<a[^>]*data-session="user"[^>]*hidden=""[^>]*>|<a[^>]*hidden=""[^>]*data-session="user"/);
    expect(html).toContain('[html:not([lang=en])_&amp;]:invisible');
  });
});
