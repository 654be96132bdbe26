// The only script of the server-rendered landing page (`/`): the app's bundle loads from the
// first link into the app. It reveals "Go to dashboard" for a stored session, reloads the
// page in the visitor's language, makes the language selectors and the phone menu work, and
// keeps an explicit ?lang= on links into the app.
(function () {
  var root = document.documentElement;
  var landing = document.querySelector('[data-landing]');
  if (!landing) return;
  var params = new URLSearchParams(location.search);
  var explicitLanguage = params.get('lang');

  function withLanguage(code) {
    var next = new URLSearchParams(location.search);
    next.set('lang', code);
    return location.pathname + '?' + next.toString() + location.hash;
  }

  // /theme-init.js has already chosen the language (?lang=, then storage, then the browser).
  // The page was rendered in one language; fetch the other one if they differ.
  var rendered = landing.getAttribute('data-language');
  if (!explicitLanguage && root.lang && rendered && root.lang !== rendered) {
    location.replace(withLanguage(root.lang));
    return;
  }

  // Spec §4: signed in only when both a parsable user (any JSON object) and a token are
  // stored; anything else stored is discarded, both keys together (web/lib/session.tsx).
  var signedIn = false;
  try {
    var token = localStorage.getItem('taskaty_token');
    var stored = localStorage.getItem('taskaty_user');
    var user = null;
    try {
      user = JSON.parse(stored || 'null');
    } catch {
      user = null;
    }
    signedIn = Boolean(token && user && typeof user === 'object' && !Array.isArray(user));
    if (!signedIn && (token || stored)) {
      localStorage.removeItem('taskaty_user');
      localStorage.removeItem('taskaty_token');
    }
  } catch {
    signedIn = false; // storage blocked
  }
  var audience = document.querySelectorAll('[data-session]');
  for (var i = 0; i < audience.length; i++) {
    var forUser = audience[i].getAttribute('data-session') === 'user';
    audience[i].hidden = forUser !== signedIn;
  }

  var selects = document.querySelectorAll('[data-language-picker] select');
  for (var j = 0; j < selects.length; j++) {
    selects[j].addEventListener('change', function (event) {
      var code = event.target.value;
      try {
        localStorage.setItem('taskaty_language', code);
      } catch {
        /* storage blocked: the URL still carries the language */
      }
      location.assign(withLanguage(code));
    });
  }

  if (explicitLanguage) {
    var links = document.querySelectorAll('a[href^="/"]');
    for (var k = 0; k < links.length; k++) {
      var url = new URL(links[k].href);
      if (url.searchParams.has('lang')) continue;
      url.searchParams.set('lang', explicitLanguage);
      links[k].setAttribute('href', url.pathname + url.search + url.hash);
    }
  }

  var menu = document.querySelector('details[data-menu]');
  if (menu) {
    document.addEventListener('click', function (event) {
      if (!menu.open) return;
      if (!menu.contains(event.target) || event.target.closest('a')) menu.open = false;
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary').focus();
      }
    });
  }
})();
