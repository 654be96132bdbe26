import { beforeAll, describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { PUBLIC_PAGE_KEYS, STATIC_PAGE_KEYS, type PublicPages } from '../../common/public-pages.ts';
import ar from '../i18n/locales/ar/auth.json';
import en from '../i18n/locales/en/auth.json';
import arServer from '../i18n/locales/ar/server.json';
import { renderPublicPages } from './public-pages.tsx';

let pages: PublicPages;
beforeAll(() => {
  pages = renderPublicPages();
});

/** A page's static HTML as the browser would parse it into #root. */
function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}
const templateOf = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)!.content.firstElementChild!;

describe('server-rendered public pages', () => {
  test('every language has the static pages and the head texts of every public page', () => {
    for (const language of LANGUAGE_CODES) {
      for (const key of STATIC_PAGE_KEYS) expect(pages.html[key][language]).toContain(`data-language="${language}"`);
      for (const key of PUBLIC_PAGE_KEYS) expect(pages.texts[language].pages[key].title.length).toBeGreaterThan(0);
    }
    expect(pages.texts.ar.pages.home.title).not.toBe(pages.texts.en.pages.home.title);
    expect(pages.html.home.ar).not.toBe(pages.html.home.en);
  });

  test('/login is the React sign-in page with what /auth.js needs: its texts and templates, in the page language', () => {
    for (const [language, texts] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const root = parse(pages.html.login[language]);
      const page = root.querySelector('[data-auth-page="login"]')!;
      expect(page.className).toBe(`[html:not([lang=${language}])_&]:invisible`);
      const scriptTexts = JSON.parse(page.getAttribute('data-texts')!);
      expect(scriptTexts).toEqual({
        fillAllFields: texts.login.fillAllFields,
        unexpected: texts.login.unexpected,
        showPassword: texts.showPassword,
        hidePassword: texts.hidePassword,
        server: expect.any(Object),
      });
      // The API's messages for these forms, in the page language (none needed in English).
      if (language === 'en') expect(scriptTexts.server).toEqual({});
      else {
        expect(scriptTexts.server['These credentials do not match our records.']).toBe(
          arServer['These credentials do not match our records.'],
        );
        expect(scriptTexts.server['The password must be at least {{n}} characters.']).toBeDefined();
        expect(scriptTexts.server['Task not found']).toBeUndefined();
      }
      expect(root.querySelector('h1')!.textContent).toBe(texts.login.title);
      const form = root.querySelector('form')!;
      // Never a GET with the password in the address, should it be submitted before the script runs.
      expect(form.getAttribute('method')).toBe('post');
      expect(form.querySelector<HTMLInputElement>('input[name="email"]')!.type).toBe('email');
      expect(form.querySelector<HTMLInputElement>('input[name="password"]')!.type).toBe('password');
      expect(form.querySelector('button[aria-controls]')!.getAttribute('aria-label')).toBe(texts.showPassword);
      expect(form.querySelector('button[type="submit"]')!.textContent).toBe(texts.login.submit);
      expect(root.querySelector('select')!.querySelector('option[selected]')!.getAttribute('value')).toBe(language);
      // Forgot password (issue 18) is a plain link under the password field, so it works without the app.
      expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['/', '/forgot-password', '/signup']);
      expect(form.querySelector('a[href="/forgot-password"]')!.textContent).toBe(texts.login.forgotPassword);

      expect(templateOf(root, 'error').id).toBe('login-error');
      expect(templateOf(root, 'error').querySelector('[role="alert"]')).not.toBeNull();
      expect(templateOf(root, 'busy').textContent).toBe(texts.login.submitting);
      expect(templateOf(root, 'busy').querySelector('svg.animate-spin')).not.toBeNull();
      expect(templateOf(root, 'reveal-show').getAttribute('class')).toContain('lucide-eye ');
      expect(templateOf(root, 'reveal-hide').getAttribute('class')).toContain('lucide-eye-off');
    }
  });

  test('/signup carries the field-error and success templates', () => {
    const root = parse(pages.html.signup.ar);
    expect(root.querySelector('[data-auth-page="signup"]')).not.toBeNull();
    const fields = [...root.querySelectorAll<HTMLInputElement>('form input')].map((input) => input.name);
    expect(fields).toEqual(['name', 'email', 'password', 'password_confirmation']);
    expect(templateOf(root, 'error').getAttribute('role')).toBe('alert');
    expect(templateOf(root, 'busy').textContent).toBe(ar.signup.submitting);
    expect(templateOf(root, 'success').textContent).toBe(ar.signup.success);
    const plain = root.querySelector<HTMLInputElement>('input[name="name"]')!.className;
    const invalid = templateOf(root, 'field-error').querySelector('input')!.className;
    expect(invalid).toContain('border-danger');
    expect(invalid.startsWith(plain)).toBe(true);
    expect(templateOf(root, 'field-error').querySelector('p[role="alert"]')).not.toBeNull();
    expect(templateOf(root, 'field-error-revealable').querySelector('input')!.className).toContain('pe-11');
  });
});
