// The only script of the server-rendered sign-in and sign-up pages (/login, /signup; decision
// 010): the app's bundle loads from the first link into the app. It does what the app does there:
//  - the public-only guard (web/app/guards.tsx): a stored session goes on to the page the app
//    remembered, else /dashboard;
//  - the language: reload in the visitor's language, the selector, an explicit ?lang= on links;
//  - the show/hide password toggle (TextField);
//  - the forms (web/features/auth/login-form.tsx, signup-form.tsx): same checks, requests,
//    messages and stored session (spec §4, §5, §8).
// Everything it adds to the page is cloned from the page's <template>s, rendered from the same
// React components (web/features/auth/static-auth-page.tsx), so both copies look the same.
(function () {
  var page = document.querySelector('[data-auth-page]');
  if (!page) return;
  var kind = page.getAttribute('data-auth-page'); // 'login' or 'signup'
  var language = page.getAttribute('data-language'); // the language the page was rendered in
  var texts = JSON.parse(page.getAttribute('data-texts'));
  var root = document.documentElement;
  // The server renders a valid ?lang= in that language, so an explicit language is the rendered one.
  var explicitLanguage = new URLSearchParams(location.search).get('lang') === language ? language : null;
  // common/constants.ts STORAGE_KEYS
  var KEYS = { user: 'taskaty_user', token: 'taskaty_token', language: 'taskaty_language' };

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  function write(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      /* storage blocked: the value lives for this page only */
    }
  }

  /** `href` with the page's explicit ?lang=, as the landing page keeps it on links into the app. */
  function keepLanguage(href) {
    if (!explicitLanguage) return href;
    var url = new URL(href, location.href);
    if (!url.searchParams.has('lang')) url.searchParams.set('lang', explicitLanguage);
    return url.pathname + url.search + url.hash;
  }

  /** This page in another language. */
  function inLanguage(code) {
    var params = new URLSearchParams(location.search);
    params.set('lang', code);
    return location.pathname + '?' + params.toString() + location.hash;
  }

  /** The fields of common/schemas/user.schema.ts User. */
  function isUser(value) {
    return Boolean(
      value &&
      typeof value === 'object' &&
      Number.isInteger(value.id) &&
      typeof value.name === 'string' &&
      typeof value.email === 'string' &&
      (value.user_photo === null || typeof value.user_photo === 'string') &&
      typeof value.created_at === 'string' &&
      (value.email_verified_at === undefined || value.email_verified_at === null || typeof value.email_verified_at === 'string'),
    );
  }

  /** Spec §4 (web/lib/session.tsx readStoredSession): a parsable user (any JSON object) and a token, else neither. */
  function hasSession() {
    var token = read(KEYS.token);
    var user = read(KEYS.user);
    if (token && user) {
      try {
        var parsed = JSON.parse(user);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return true;
      } catch {
        /* unparsable: cleared below */
      }
    }
    if (token || user) {
      write(KEYS.user, null);
      write(KEYS.token, null);
    }
    return false;
  }

  /**
   * Where the guard sends a signed-in visitor: the page the app remembered when it redirected
   * here (react-router keeps it in history.state, so it survives a reload), else /dashboard.
   */
  function destination() {
    var from = history.state && history.state.usr && history.state.usr.from;
    var path = from && typeof from.pathname === 'string' ? from.pathname : '';
    if (/^\/(?!\/)/.test(path) && path !== '/login' && path !== '/signup') {
      return keepLanguage(path + (typeof from.search === 'string' ? from.search : '') + (typeof from.hash === 'string' ? from.hash : ''));
    }
    return keepLanguage('/dashboard');
  }

  function leaveIfSignedIn() {
    if (!hasSession()) return false;
    location.replace(destination());
    return true;
  }

  if (leaveIfSignedIn()) return;
  // Signing in in another tab, or coming back to this page from the history, applies too.
  window.addEventListener('storage', function (event) {
    if (event.key === null || event.key === KEYS.token || event.key === KEYS.user) leaveIfSignedIn();
  });
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) leaveIfSignedIn();
  });

  // /theme-init.js has already chosen the language (?lang=, then storage, then the browser).
  // The page was rendered in one language; fetch the other one if they differ.
  if (!explicitLanguage && root.lang && root.lang !== language) {
    location.replace(inLanguage(root.lang));
    return;
  }

  if (explicitLanguage) {
    var links = page.querySelectorAll('a[href^="/"]');
    for (var i = 0; i < links.length; i++) links[i].setAttribute('href', keepLanguage(links[i].getAttribute('href')));
  }

  // Links announced as buttons (Back to Home) are pressed by Space too, as in the app.
  page.addEventListener('keydown', function (event) {
    var target = event.target;
    if (event.key === ' ' && target instanceof HTMLAnchorElement && target.getAttribute('role') === 'button') {
      event.preventDefault();
      target.click();
    }
  });

  var select = page.querySelector('select');
  select.addEventListener('change', function () {
    write(KEYS.language, select.value);
    location.assign(inLanguage(select.value));
  });

  /** A copy of the first element of one of the page's <template>s. */
  function clone(name) {
    return page.querySelector('template[data-template="' + name + '"]').content.firstElementChild.cloneNode(true);
  }

  // The show/hide toggles: the button names the input it controls.
  var toggles = page.querySelectorAll('button[aria-controls]');
  for (var j = 0; j < toggles.length; j++) {
    toggles[j].addEventListener('click', function (event) {
      var toggle = event.currentTarget;
      var input = document.getElementById(toggle.getAttribute('aria-controls'));
      var reveal = input.type === 'password';
      input.type = reveal ? 'text' : 'password';
      toggle.setAttribute('aria-label', reveal ? texts.hidePassword : texts.showPassword);
      toggle.setAttribute('aria-pressed', String(reveal));
      toggle.replaceChildren(clone(reveal ? 'reveal-hide' : 'reveal-show'));
    });
  }

  var form = page.querySelector('form');
  var submit = form.querySelector('button[type="submit"]');
  var idleContent = Array.prototype.slice.call(submit.childNodes);
  var busyContent = Array.prototype.slice.call(clone('busy').childNodes);
  var formError = null;

  function setBusy(busy) {
    submit.disabled = busy;
    if (busy) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
    submit.replaceChildren.apply(submit, busy ? busyContent : idleContent);
  }

  /** The form's error above its fields (the login form also names it in aria-describedby); null removes it. */
  function showError(message) {
    if (formError) formError.remove();
    formError = null;
    form.removeAttribute('aria-describedby');
    if (message === null) return;
    formError = clone('error');
    // The Alert's message: isolated in a <bdi> (web/components/ui/alert.tsx).
    formError.querySelector('bdi').textContent = message;
    form.insertBefore(formError, form.firstChild);
    if (kind === 'login') form.setAttribute('aria-describedby', 'login-error');
  }

  // The API's English messages in the page's language, as web/i18n/server-messages.ts does:
  // exact, then with a number ({{n}}), then without an "(and N more errors)" summary.
  var MORE_ERRORS = /\s*\(and \d+ more errors?\)$/;
  var serverPatterns = Object.keys(texts.server)
    .filter(function (english) {
      return english.indexOf('{{n}}') >= 0;
    })
    .map(function (english) {
      var source = english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{n\\}\\}', '(\\d+)');
      return { pattern: new RegExp('^' + source + '$'), translated: texts.server[english] };
    });
  function lookupServerText(message) {
    if (Object.prototype.hasOwnProperty.call(texts.server, message)) return texts.server[message];
    for (var i = 0; i < serverPatterns.length; i++) {
      var match = serverPatterns[i].pattern.exec(message);
      if (match) return serverPatterns[i].translated.replace('{{n}}', match[1]);
    }
    return null;
  }
  function serverText(message) {
    return lookupServerText(message) || (MORE_ERRORS.test(message) && lookupServerText(message.replace(MORE_ERRORS, ''))) || message;
  }

  /** An error the API answered, or a network failure (web/lib/api-client.ts ApiError, NetworkError). */
  function ApiFailure(message, errors) {
    this.message = serverText(message);
    this.errors = {};
    for (var field in errors || {}) {
      if (Array.isArray(errors[field])) this.errors[field] = errors[field].map(serverText);
    }
    if (!errors) this.errors = undefined;
  }

  /** POST as web/lib/api-client.ts sends register and login: JSON, no token, the UI language. */
  function post(path, body) {
    var headers = { Accept: 'application/json', 'Accept-Language': language, 'Content-Type': 'application/json' };
    return fetch(path, { method: 'POST', headers: headers, body: JSON.stringify(body) }).then(
      function (response) {
        return response
          .json()
          .catch(function () {
            return undefined;
          })
          .then(function (data) {
            if (response.ok) return data;
            var payload = data || {};
            var message = typeof payload.message === 'string' && payload.message ? payload.message : 'An error occurred';
            throw new ApiFailure(message, payload.errors);
          });
      },
      function () {
        throw new ApiFailure('Network error occurred');
      },
    );
  }

  /** An API or network error shows its message; anything else (a malformed answer) the unexpected-error text. */
  function messageOf(failure) {
    return failure instanceof ApiFailure ? failure.message : texts.unexpected;
  }

  if (kind === 'login') {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = form.elements.email.value;
      var password = form.elements.password.value;
      if (!email.trim() || !password.trim()) {
        showError(texts.fillAllFields);
        return;
      }
      showError(null);
      setBusy(true);
      post('/api/user/login', { email: email.trim(), password: password })
        .then(function (answer) {
          if (!answer || !isUser(answer.user) || !answer.token || typeof answer.token.plainTextToken !== 'string') {
            throw new Error('unexpected answer');
          }
          // Exactly what the app stores: the User fields, in the schema's order, and the token.
          var user = answer.user;
          write(
            KEYS.user,
            JSON.stringify({
              id: user.id,
              name: user.name,
              email: user.email,
              user_photo: user.user_photo,
              created_at: user.created_at,
              email_verified_at: user.email_verified_at === undefined ? null : user.email_verified_at,
            }),
          );
          write(KEYS.token, answer.token.plainTextToken);
          location.replace(destination());
        })
        .catch(function (failure) {
          showError(messageOf(failure));
          setBusy(false);
        });
    });
    return;
  }

  // Sign-up: each field shows the first server error under it until it is edited (spec §5).
  var FIELDS = ['name', 'email', 'password', 'password_confirmation'];
  var plainClasses = {};
  FIELDS.forEach(function (name) {
    plainClasses[name] = form.elements[name].className;
  });

  function setFieldError(name, message) {
    var input = form.elements[name];
    var shown = document.getElementById(input.id + '-error');
    if (shown) shown.remove();
    if (!message) {
      input.className = plainClasses[name];
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    // A TextField with an error, with or without the toggle that follows a revealable input.
    var sample = clone(input.nextElementSibling ? 'field-error-revealable' : 'field-error');
    var note = sample.querySelector('p');
    note.id = input.id + '-error';
    note.querySelector('bdi').textContent = message;
    input.className = sample.querySelector('input').className;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', note.id);
    input.parentNode.parentNode.appendChild(note);
  }

  form.addEventListener('input', function (event) {
    if (FIELDS.indexOf(event.target.name) >= 0) setFieldError(event.target.name, null);
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var values = {};
    FIELDS.forEach(function (name) {
      values[name] = form.elements[name].value;
    });
    setBusy(true);
    showError(null);
    post('/api/user/register', values)
      .then(function (answer) {
        if (!answer || typeof answer.message !== 'string' || !isUser(answer.user)) throw new Error('unexpected answer');
        form.replaceWith(clone('success'));
        // TIMINGS.signupRedirectMs
        setTimeout(function () {
          location.assign(keepLanguage('/login'));
        }, 2000);
      })
      .catch(function (failure) {
        if (failure instanceof ApiFailure && failure.errors) {
          var shown = 0;
          FIELDS.forEach(function (name) {
            var first = Array.isArray(failure.errors[name]) ? failure.errors[name][0] : undefined;
            setFieldError(name, first || null);
            if (first) shown++;
          });
          if (!shown) showError(failure.message);
        } else {
          showError(messageOf(failure));
        }
        setBusy(false);
      });
  });
})();
