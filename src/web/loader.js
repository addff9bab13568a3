// The inline loader of the built HTML shell (scripts/build.mjs puts it, minified, before </body>, as
// an inline module: it runs when the document is parsed; the server's CSP allows it by its hash).
// It asks for the app's script (__ENTRY__) and holds the clicks that come before the app is running.
//
// A page the server rendered is read first (docs/decisions/016): the script is asked for once the
// first contentful paint is reported (Paint Timing), or a frame and a task later where that cannot
// be observed, and at the latest after 5 s (a tab opened in the background never paints). The
// admin area comes as an empty shell and asks for it at once.
//
// Until React has hydrated the page, a button, a radio or a checkbox does nothing for the app: the
// last one clicked is held (a button's default, a form's submit, prevented) and clicked again, once,
// when the page is hydrated (app.tsx calls window.__appReady). Links work as links; the language
// switch gets the page's query at once.
(function () {
  var root = document.getElementById('root');
  var script = document.createElement('script');
  var asked = false;
  script.type = 'module';
  script.crossOrigin = '';
  script.src = '__ENTRY__';
  function load() {
    if (asked) return;
    asked = true;
    document.head.appendChild(script);
  }
  if (!root.firstElementChild) return load();
  // The language switch the server rendered names the page without its query (the server renders
  // per path, marketing parameters cost no render); the app adds it once hydrated, this before then.
  if (location.search)
    document.querySelectorAll('a[hreflang]').forEach(function (link) {
      link.href += location.search;
    });

  var held = null;
  var wanted = false;
  function hold(event) {
    var target =
      event.target instanceof Element &&
      event.target.closest('button, input[type="radio"], input[type="checkbox"]');
    if (!target || !root.contains(target)) return;
    held = target;
    // A radio or a checkbox changes as the browser does it (already, when the click is dispatched);
    // a button's default (a form's submit) waits.
    if (target.tagName === 'BUTTON') {
      event.preventDefault();
      event.stopPropagation();
    } else wanted = target.checked;
  }
  document.addEventListener('click', hold, true);
  window.__appReady = function () {
    document.removeEventListener('click', hold, true);
    var target = held;
    held = null;
    if (!target || !target.isConnected || target.disabled) return;
    // React hydrated the radio or checkbox as it found it, and may have set it since: put it in the
    // state before the click through React's own setter, so that the click changes it for React too.
    if (target.tagName === 'INPUT') target.checked = !wanted;
    target.click();
  };

  var Observer = window.PerformanceObserver;
  if (
    Observer &&
    Observer.supportedEntryTypes &&
    Observer.supportedEntryTypes.indexOf('paint') >= 0
  ) {
    new Observer(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(load, 5000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
})();
