import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../../common/locales.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { RevealIcon, TextField } from '../../components/ui/text-field.tsx';
import { HIDDEN_UNLESS_LANGUAGE } from '../../lib/static-markup.ts';
import { LoginError } from './login-form.tsx';
import { SignupSuccess } from './signup-form.tsx';

export type StaticAuthPageKind = 'login' | 'signup';

/** Texts /auth.js needs that the page does not show at first, in the page's language (spec §5, §8). */
export interface AuthScriptTexts {
  fillAllFields: string;
  unexpected: string;
  showPassword: string;
  hidePassword: string;
  /** The API's English messages these forms can show, translated (web/i18n/server-messages.ts). */
  server: Record<string, string>;
}

/** The server messages sign-in and sign-up can show: their fields, credentials, limits, failures. */
const AUTH_MESSAGE = /name|email|password|credentials|Too many|An error occurred|Network error|Server Error|temporarily|request body/;

/**
 * Build-time only (through web/app/public-pages.tsx): wraps the sign-in or sign-up page, rendered
 * from the app's own components, for the static HTML the server sends for /login and /signup.
 * Their only script, /auth.js, does what the React forms do; everything it adds to the page
 * comes from the <template>s below, rendered from the same components, so the page looks the
 * same whichever of the two drew it.
 */
export function StaticAuthPage({ page, children }: { page: StaticAuthPageKind; children: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage;
  const texts: AuthScriptTexts = {
    fillAllFields: t('login.fillAllFields'),
    unexpected: t('login.unexpected'),
    showPassword: t('showPassword'),
    hidePassword: t('hidePassword'),
    server:
      language && language !== 'en'
        ? Object.fromEntries(
            Object.entries((i18n.getResourceBundle(language, 'server') ?? {}) as Record<string, string>).filter(([english]) =>
              AUTH_MESSAGE.test(english),
            ),
          )
        : {},
  };
  return (
    <div
      data-auth-page={page}
      data-language={language}
      data-texts={JSON.stringify(texts)}
      className={isLanguageCode(language) ? HIDDEN_UNLESS_LANGUAGE[language] : undefined}
    >
      {children}
      {/* The form's error; /auth.js fills in the message. */}
      <template data-template="error">{page === 'login' ? <LoginError message="" /> : <Alert tone="error">{''}</Alert>}</template>
      {/* The content of the submit button while the request runs. */}
      <template data-template="busy">
        <Button busy>{page === 'login' ? t('login.submitting') : t('signup.submitting')}</Button>
      </template>
      <template data-template="reveal-show">
        <RevealIcon revealed={false} />
      </template>
      <template data-template="reveal-hide">
        <RevealIcon revealed />
      </template>
      {page === 'signup' && (
        <>
          {/* A field with a server error (spec §5): its message and the input's classes, without and with the toggle. */}
          <template data-template="field-error">
            <TextField label="" error=" " />
          </template>
          <template data-template="field-error-revealable">
            <TextField label="" error=" " revealable={{ show: '', hide: '' }} />
          </template>
          <template data-template="success">
            <SignupSuccess />
          </template>
        </>
      )}
    </div>
  );
}
