(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('taskaty_theme') || 'system';
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', dark ? '#1f2937' : '#9333ea');
    var supported = ['en', 'hi', 'ar', 'es', 'fr', 'de'];
    var fromQuery = new URLSearchParams(location.search).get('lang');
    var lang = supported.indexOf(fromQuery) >= 0 ? fromQuery : localStorage.getItem('taskaty_language');
    if (supported.indexOf(lang) < 0) {
      var browser = (navigator.languages || [navigator.language || 'en']).map(function (l) {
        return String(l).slice(0, 2).toLowerCase();
      });
      lang =
        browser.filter(function (l) {
          return supported.indexOf(l) >= 0;
        })[0] || 'en';
    }
    root.lang = lang;
    root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  } catch {
    /* storage blocked: defaults apply */
  }
})();
