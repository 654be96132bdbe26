/**
 * The only script of the server-rendered sign-in and sign-up pages (/login, /signup; decision
 * 010; built into /auth.js by vite.config.ts): the app's bundle loads from the first link into
 * the app. It does what the app does there, with the app's own modules for the stored session,
 * the API calls and their errors, and the translation of the API's messages:
 *  - the public-only guard (web/app/guards.tsx): a stored session goes on to the page the app
 *    remembered, else /dashboard;
 *  - the language: reload in the visitor's language, the selector, an explicit ?lang= on links;
 *  - the show/hide password toggle (TextField);
 *  - the forms (web/features/auth/login-form.tsx, signup-form.tsx): same checks, requests,
 *    messages and stored session (spec §4, §5, §8).
 * Everything it adds to the page is cloned from the page's <template>s, rendered from the same
 * React components (web/features/auth/static-auth-page.tsx), so both copies look the same.
 */
import { STORAGE_KEYS, TIMINGS } from '../../common/constants.ts';
import type { User } from '../../common/schemas/user.schema.ts';
import { paths } from '../app/paths.ts';
import type { AuthScriptTexts } from '../features/auth/static-auth-page.tsx';
import { createServerMessageTranslator } from '../i18n/server-messages.ts';
import { ApiError, apiFetch, NetworkError, serverFieldErrors, setApiLanguage, setMessageTranslator } from '../lib/http/fetch-core.ts';
import { readStoredCredentials, storeSession } from '../lib/stored-session.ts';
import {
  followVisitorLanguage,
  keepLanguage,
  keepLanguageOnLinks,
  pageLanguage,
  switchLanguageOnChange,
  type PageLanguage,
} from './page-language.ts';

const SIGNUP_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** The fields of common/schemas/user.schema.ts User (the schema itself would bring zod into this small script). */
function isUser(value: unknown): value is User {
  const user = value as Record<string, unknown> | null;
  return Boolean(
    user &&
    typeof user === 'object' &&
    Number.isInteger(user.id) &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    (user.user_photo === null || typeof user.user_photo === 'string') &&
    typeof user.created_at === 'string' &&
    (user.email_verified_at === undefined || user.email_verified_at === null || typeof user.email_verified_at === 'string'),
  );
}

/** POST a JSON body without a token, as the app sends register and login; the answer's JSON. */
async function post(path: string, body: unknown): Promise<unknown> {
  const response = await apiFetch(path, { method: 'POST', auth: false, body });
  return response.json().catch(() => undefined);
}

/**
 * Where the guard sends a signed-in visitor: the page the app remembered when it redirected
 * here (react-router keeps it in history.state, so it survives a reload), else /dashboard.
 */
function destination(language: PageLanguage): string {
  const state = history.state as { usr?: { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } } | null;
  const from = state?.usr?.from;
  const path = typeof from?.pathname === 'string' ? from.pathname : '';
  if (/^\/(?!\/)/.test(path) && path !== paths.login && path !== paths.signup) {
    const text = (part: unknown) => (typeof part === 'string' ? part : '');
    return keepLanguage(path + text(from?.search) + text(from?.hash), language);
  }
  return keepLanguage(paths.dashboard, language);
}

function start(page: HTMLElement) {
  const kind = page.dataset.authPage; // 'login' or 'signup'
  const language = pageLanguage(page.dataset.language ?? '');
  const texts = JSON.parse(page.dataset.texts ?? '{}') as AuthScriptTexts;

  const leaveIfSignedIn = () => {
    if (!readStoredCredentials()) return false;
    location.replace(destination(language));
    return true;
  };
  if (leaveIfSignedIn()) return;
  // Signing in in another tab, or coming back to this page from the history, applies too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) leaveIfSignedIn();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaveIfSignedIn();
  });

  if (followVisitorLanguage(language)) return;
  keepLanguageOnLinks(page, language);
  switchLanguageOnChange(page.querySelector('select')!);
  // The API's messages in the page's language, from the table the page carries.
  setApiLanguage(language.rendered);
  setMessageTranslator(createServerMessageTranslator(texts.server));

  // Links announced as buttons (Back to Home) are pressed by Space too, as in the app.
  page.addEventListener('keydown', (event) => {
    const target = event.target;
    if (event.key === ' ' && target instanceof HTMLAnchorElement && target.getAttribute('role') === 'button') {
      event.preventDefault();
      target.click();
    }
  });

  /** A copy of the first element of one of the page's <template>s. */
  const clone = (name: string) =>
    page.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`)!.content.firstElementChild!.cloneNode(true) as HTMLElement;

  // The show/hide toggles: the button names the input it controls.
  for (const toggle of page.querySelectorAll<HTMLButtonElement>('button[aria-controls]')) {
    toggle.addEventListener('click', () => {
      const input = document.getElementById(toggle.getAttribute('aria-controls')!) as HTMLInputElement;
      const reveal = input.type === 'password';
      input.type = reveal ? 'text' : 'password';
      toggle.setAttribute('aria-label', reveal ? texts.hidePassword : texts.showPassword);
      toggle.setAttribute('aria-pressed', String(reveal));
      toggle.replaceChildren(clone(reveal ? 'reveal-hide' : 'reveal-show'));
    });
  }

  const form = page.querySelector('form')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const idleContent = [...submit.childNodes];
  const busyContent = [...clone('busy').childNodes];
  let formError: HTMLElement | null = null;

  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    if (busy) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
    submit.replaceChildren(...(busy ? busyContent : idleContent));
  };

  /** The form's error above its fields (the login form also names it in aria-describedby); null removes it. */
  const showError = (message: string | null) => {
    formError?.remove();
    formError = null;
    form.removeAttribute('aria-describedby');
    if (message === null) return;
    formError = clone('error');
    // The Alert's message: isolated in a <bdi> (web/components/ui/alert.tsx).
    formError.querySelector('bdi')!.textContent = message;
    form.insertBefore(formError, form.firstChild);
    if (kind === 'login') form.setAttribute('aria-describedby', 'login-error');
  };

  /** An API or network error shows its message; anything else (a malformed answer) the unexpected-error text. */
  const messageOf = (failure: unknown) =>
    failure instanceof ApiError || failure instanceof NetworkError ? failure.message : texts.unexpected;

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

  if (kind === 'login') {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const email = field('email').value;
      const password = field('password').value;
      if (!email.trim() || !password.trim()) {
        showError(texts.fillAllFields);
        return;
      }
      showError(null);
      setBusy(true);
      post('/api/user/login', { email: email.trim(), password })
        .then((answer) => {
          const { user, token } = (answer ?? {}) as { user?: unknown; token?: { plainTextToken?: unknown } };
          if (!isUser(user) || typeof token?.plainTextToken !== 'string' || !token.plainTextToken) throw new Error('unexpected answer');
          // Exactly what the app stores: the User fields, in the schema's order, and the token.
          const stored: User = {
            id: user.id,
            name: user.name,
            email: user.email,
            user_photo: user.user_photo,
            created_at: user.created_at,
            email_verified_at: user.email_verified_at ?? null,
            time_zone: user.time_zone ?? null,
          };
          storeSession(stored, token.plainTextToken);
          location.replace(destination(language));
        })
        .catch((failure: unknown) => {
          showError(messageOf(failure));
          setBusy(false);
        });
    });
    return;
  }

  // Sign-up: each field shows the first server error under it until it is edited (spec §5).
  const plainClasses = new Map(SIGNUP_FIELDS.map((name) => [name, field(name).className]));

  const setFieldError = (name: (typeof SIGNUP_FIELDS)[number], message: string | null) => {
    const input = field(name);
    document.getElementById(`${input.id}-error`)?.remove();
    if (!message) {
      input.className = plainClasses.get(name)!;
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    // A TextField with an error, with or without the toggle that follows a revealable input.
    const sample = clone(input.nextElementSibling ? 'field-error-revealable' : 'field-error');
    const note = sample.querySelector('p')!;
    note.id = `${input.id}-error`;
    note.querySelector('bdi')!.textContent = message;
    input.className = sample.querySelector('input')!.className;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', note.id);
    input.parentElement!.parentElement!.appendChild(note);
  };

  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    const edited = SIGNUP_FIELDS.find((known) => known === name);
    if (edited) setFieldError(edited, null);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(SIGNUP_FIELDS.map((name) => [name, field(name).value]));
    setBusy(true);
    showError(null);
    post('/api/user/register', values)
      .then((answer) => {
        const { message, user } = (answer ?? {}) as { message?: unknown; user?: unknown };
        if (typeof message !== 'string' || !isUser(user)) throw new Error('unexpected answer');
        form.replaceWith(clone('success'));
        setTimeout(() => location.assign(keepLanguage(paths.login, language)), TIMINGS.signupRedirectMs);
      })
      .catch((failure: unknown) => {
        // As the React form: an answer with field errors replaces those shown; one naming no field shows its message.
        const fieldErrors = new Map(serverFieldErrors(failure, (path) => SIGNUP_FIELDS.find((name) => name === path)).fields);
        if (failure instanceof ApiError && failure.errors)
          for (const name of SIGNUP_FIELDS) setFieldError(name, fieldErrors.get(name) ?? null);
        if (fieldErrors.size === 0) showError(messageOf(failure));
        setBusy(false);
      });
  });
}

const page = document.querySelector<HTMLElement>('[data-auth-page]');
if (page) start(page);
