import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../common/locales.ts';
import { changeLanguage } from './i18n.ts';

/** The current UI language and a setter that persists it (taskaty_language). */
export function useLanguage(): [LanguageCode, (code: LanguageCode) => void] {
  const { i18n } = useTranslation();
  const current = isLanguageCode(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : isLanguageCode(i18n.language)
      ? i18n.language
      : DEFAULT_LANGUAGE;
  return [current, (code) => void changeLanguage(code)];
}
