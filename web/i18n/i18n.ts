import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../../common/constants.ts';
import { DEFAULT_LANGUAGE, isLanguageCode, languageOf, matchLanguage, type LanguageCode } from '../../common/locales.ts';
import enCommon from './locales/en/common.json';
import { loadServerMessages } from './server-messages.ts';

export const NAMESPACES = ['common', 'auth', 'tasks', 'labels', 'sharing', 'comments', 'public', 'legal', 'settings'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * English common ships in the main bundle (first paint never waits); every other language and
 * namespace is a separate chunk loaded when first needed. The sign-in texts (auth) too: /login and
 * /signup are static pages with their own script (decision 010), and the signed-in app's first
 * load has a budget (decision 025).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Order of spec §4: stored choice, then the browser's language if supported, else en. */
export function initialLanguage(): LanguageCode {
  try {
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    if (isLanguageCode(fromQuery)) return fromQuery;
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    if (isLanguageCode(stored)) return stored;
  } catch {
    /* storage may be blocked */
  }
  return matchLanguage(navigator.languages ?? [navigator.language]) ?? DEFAULT_LANGUAGE;
}

export function applyDocumentLanguage(code: LanguageCode) {
  const root = document.documentElement;
  root.lang = code;
  root.dir = languageOf(code).rtl ? 'rtl' : 'ltr';
}

export async function setupI18n(language: LanguageCode = initialLanguage()) {
  applyDocumentLanguage(language);
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['en', 'hi', 'ar', 'es', 'fr', 'de'],
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: enCommon } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  void loadServerMessages(language);
  i18next.on('languageChanged', (code) => {
    if (isLanguageCode(code)) applyDocumentLanguage(code);
    void loadServerMessages(code);
  });
  return i18next;
}

export async function changeLanguage(code: LanguageCode) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, code);
  } catch {
    /* ignore */
  }
  await i18next.changeLanguage(code);
}

export { i18next };
