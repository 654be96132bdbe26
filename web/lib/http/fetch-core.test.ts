import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import de from '../../i18n/locales/de/server.json';
import en from '../../i18n/locales/en/server.json';
import { createServerMessageTranslator } from '../../i18n/server-messages.ts';
import {
  ApiError,
  apiErrorOf,
  apiFetch,
  errorMessage,
  NetworkError,
  onUnauthorized,
  setApiLanguage,
  setMessageTranslator,
  serverFieldErrors,
} from './fetch-core.ts';

const fetchMock = vi.fn<typeof fetch>();
const signedOut = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('taskaty_token', '1|stored');
  onUnauthorized(signedOut);
  setApiLanguage('de');
  setMessageTranslator(createServerMessageTranslator(de));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  signedOut.mockReset();
  localStorage.clear();
});

/** The URL and options of the n-th call to fetch. */
const sent = (n: number) => fetchMock.mock.calls[n] as [string, RequestInit & { headers: Record<string, string> }];

/** The error apiFetch rejects with for this answer (or network failure). */
async function failure(answer: Response | Error, options: Parameters<typeof apiFetch>[1] = {}): Promise<unknown> {
  if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer);
  else fetchMock.mockResolvedValueOnce(answer);
  return apiFetch('/api/tasks', options).then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
}

describe('the requests', () => {
  test('send the stored token, the JSON headers of spec §7 and the UI language, with or without a body', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await apiFetch('/api/tasks', { query: { sort: 'priority', label: '', priority: undefined } });
    await apiFetch('/api/tasks/add', { method: 'POST', body: { title: 'T' } });
    const [[getUrl, get], [, post]] = [sent(0), sent(1)];
    expect(getUrl).toBe('/api/tasks?sort=priority');
    expect(get.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': 'de',
      Authorization: 'Bearer 1|stored',
    });
    expect(get.body).toBeNull();
    expect(post.method).toBe('POST');
    expect(post.body).toBe('{"title":"T"}');
  });

  test('an upload is sent as it is with its own type; a stream, a file or a call without a token asks for what it needs', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const photo = new Blob(['png'], { type: 'image/png' });
    await apiFetch('/api/user/photo', { method: 'PUT', body: photo });
    await apiFetch('/api/events', { accept: 'text/event-stream', token: '2|live', language: 'ar' });
    await apiFetch('/api/user/login', { method: 'POST', auth: false, body: {} });
    const [[, upload], [, events], [, login]] = [sent(0), sent(1), sent(2)];
    expect(upload.body).toBe(photo);
    expect(upload.headers['Content-Type']).toBe('image/png');
    expect(events.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer 2|live', 'Accept-Language': 'ar' });
    expect(login.headers.Authorization).toBeUndefined();
  });

  test("without a token, nothing is sent: 'Authentication required', 401 (spec §6)", async () => {
    localStorage.clear();
    const error = await apiFetch('/api/tasks').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: de['Authentication required'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('the errors of spec §8', () => {
  test('an error answer carries its message and field errors, in the UI language', async () => {
    const error = await failure(
      Response.json(
        {
          message: 'The name field is required. (and 1 more error)',
          errors: { name: ['The name field is required.'], password: ['The password must be at least 8 characters.'] },
        },
        { status: 422 },
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      fromServer: true,
      message: de['The name field is required.'],
      errors: {
        name: [de['The name field is required.']],
        password: [de['The password must be at least {{n}} characters.'].replace('{{n}}', '8')],
      },
    });
    expect(errorMessage(error, 'Failed to add task')).toBe(de['The name field is required.']);
    const only = (fields: string[]) => (path: string) => fields.find((field) => field === path);
    expect(serverFieldErrors(error, only(['name', 'email'])).fields).toEqual([['name', de['The name field is required.']]]);
    expect(serverFieldErrors(error, only(['email'])).fields).toEqual([]);
  });

  test('429: the server says how long to wait, in the UI language', async () => {
    const error = await failure(Response.json({ message: 'Too many attempts. Please try again in 42 seconds.' }, { status: 429 }));
    expect(error).toMatchObject({
      status: 429,
      fromServer: true,
      message: de['Too many attempts. Please try again in {{n}} seconds.'].replace('{{n}}', '42'),
    });
  });

  test("a 5xx without the error shape (a proxy's page) is 'An error occurred', and screens show their own fallback", async () => {
    const error = await failure(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(error).toMatchObject({ status: 502, fromServer: false, message: de['An error occurred'], errors: undefined });
    expect(errorMessage(error, 'Failed to load tasks')).toBe('Failed to load tasks');
    const exportError = await failure(Response.json({}, { status: 500 }), { fallbackMessage: 'Export failed' });
    expect(exportError).toMatchObject({ status: 500, message: de['Export failed'], fromServer: false });
  });

  test("no answer at all is a NetworkError: 'Network error occurred', or the caller's own message; a cancelled call stays cancelled", async () => {
    const error = await failure(new TypeError('Failed to fetch'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(de['Network error occurred']);
    expect(errorMessage(error, 'Failed to load tasks')).toBe(de['Network error occurred']);
    const exporting = await failure(new TypeError('Failed to fetch'), { networkMessage: 'Network error occurred while exporting PDF' });
    expect((exporting as Error).message).toBe('Network error occurred while exporting PDF');
    const aborted = await failure(new DOMException('The user aborted a request.', 'AbortError'));
    expect((aborted as Error).name).toBe('AbortError');
  });

  test('a 401 for the stored token signs out; one for a token no longer stored, or for a call without a token, does not', async () => {
    const refused = () => Response.json({ message: 'Unauthenticated.' }, { status: 401 });
    expect(await failure(refused())).toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledTimes(1);
    // Another tab signed in as someone else since this call began.
    await failure(refused(), { token: '1|before' });
    await failure(Response.json({ message: 'These credentials do not match our records.' }, { status: 401 }), { auth: false });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  test("anything that is not an API or network error is the screen's fallback with 'Please try again.'", () => {
    expect(errorMessage(new Error('bad answer'), 'Failed to load tasks')).toBe('Failed to load tasks Please try again.');
    expect(serverFieldErrors(new Error('bad answer'), () => 'name')).toEqual({ fields: [], rest: [] });
  });
});

describe('a confirmation that does not match', () => {
  test('is shown on the confirmation field, in plain words', () => {
    setMessageTranslator(createServerMessageTranslator(en));
    const error = apiErrorOf(422, {
      message: 'The password field confirmation does not match.',
      errors: { password: ['The password field confirmation does not match.'], email: ['The email has already been taken.'] },
    });
    expect(error.errors).toEqual({ password_confirmation: ['The passwords do not match.'], email: ['The email has already been taken.'] });
    setMessageTranslator(createServerMessageTranslator(de));
    expect(apiErrorOf(422, { message: 'x', errors: { password: ['The password field confirmation does not match.'] } }).errors).toEqual({
      password_confirmation: ['Die Passwörter stimmen nicht überein.'],
    });
  });
});
