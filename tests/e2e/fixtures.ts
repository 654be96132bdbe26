import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { waitForMailedLink } from './mailbox.ts';

export interface Account {
  user: { id: number; name: string; email: string; user_photo: string | null; created_at: string; email_verified_at: string | null };
  token: string;
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/**
 * Creates an account through the API (fast path for tests that are not about sign-up). Shares
 * reach an account only once its address is proven (issue 18): `verified` follows the link of the
 * verification e-mail the sign-up sent, as its owner would.
 */
export async function createAccount(request: APIRequestContext, name = 'Test User', { verified = false } = {}): Promise<Account> {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const registered = await request.post('/api/user/register', { data: { name, email, password, password_confirmation: password } });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/user/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  const account: Account = { user: body.user, token: body.token.plainTextToken, password };
  return verified ? verifyByMail(request, account) : account;
}

/** The token of a link mailed to an address (`/verify-email?token=…`). */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Proves the account's address with the link of its verification e-mail; the account as it is then. */
export async function verifyByMail(request: APIRequestContext, account: Account): Promise<Account> {
  const { link } = await waitForMailedLink(account.user.email, '/verify-email');
  const verified = await request.post('/api/user/email/verify', { data: { token: tokenOf(link) } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...account, user: (await verified.json()).user };
}

/** Puts a session in storage before any page script runs, as a real sign-in would. */
export async function useSession(page: Page, account: Account) {
  await page.addInitScript(
    ([user, token]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('taskaty_user', user);
        localStorage.setItem('taskaty_token', token);
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [JSON.stringify(account.user), account.token] as const,
  );
}

export async function setLanguage(page: Page, code: string) {
  await page.addInitScript((lang) => localStorage.setItem('taskaty_language', lang), code);
}

export const test = base;
export { expect };

type Messages = { [key: string]: string | Messages };

/** A locale's text by dotted key (falls back to English), so one test runs in every language. */
export async function localeTexts(language: string, namespace: string) {
  const fs = await import('node:fs');
  const read = (lang: string): Messages => {
    const file = new URL(`../../web/i18n/locales/${lang}/${namespace}.json`, import.meta.url);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Messages) : {};
  };
  const primary = read(language);
  const fallback = read('en');
  const lookup = (messages: Messages, key: string) =>
    key.split('.').reduce<Messages | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);
  // A count picks the plural form the language's rules name, as i18next does ("bellUnread_few").
  const plural = (key: string, values: Record<string, string | number>) =>
    typeof values.count === 'number' ? `${key}_${new Intl.PluralRules(language).select(values.count)}` : key;
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = lookup(primary, key) ?? lookup(primary, plural(key, values)) ?? lookup(fallback, key);
    if (typeof found !== 'string') throw new Error(`missing text ${namespace}:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** An English API message as the app shows it in `language` (web/i18n/locales/<language>/server.json). */
export function serverText(language: string, english: string): string {
  const file = new URL(`../../web/i18n/locales/${language}/server.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[english] ?? english;
}

/** Creates a task through the API for tests that are not about the add dialog. */
export async function createTask(request: APIRequestContext, account: Account, task: Record<string, unknown>) {
  const response = await request.post('/api/tasks/add', { data: task, headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status()).toBe(201);
  return (await response.json()).task as { id: number; title: string };
}

export function isoDay(offset = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Stores a theme choice (taskaty_theme) before any page script runs, as the settings screen would. */
export async function setTheme(page: Page, theme: 'light' | 'dark' | 'system') {
  await page.addInitScript((value) => localStorage.setItem('taskaty_theme', value), theme);
}

/** axe on the current page: no serious or critical violations (the list names rule and elements when it fails). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
