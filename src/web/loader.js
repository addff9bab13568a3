// The inline loader of the built HTML shell (scripts/build.mjs puts it, minified, before </body>;
// the server's CSP allows it by its hash). It asks for the app's script (__ENTRY__) and holds the
// clicks that come before the app is running.
//
// A page the server rendered is read first (docs/decisions/016): the script is asked for once the
// first contentful paint is reported (Paint Timing), or a frame and a task later where that cannot
// be observed, and at the latest after 5 s (a tab opened in the background never paints). The
// admin area comes as an empty shell and asks for it at once.
//
// Until React has hydrated the page, a button does nothing: a click on one is held (its default,
// a form's submit, prevented) and made again once the app says it is running (main.tsx calls
// window.__appReady). Only the last button clicked is clicked again, once. Links work as links.
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

  var held = null;
  function hold(event) {
    var button = event.target instanceof Element && event.target.closest('button');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  }
  document.addEventListener('click', hold, true);
  window.__appReady = function () {
    document.removeEventListener('click', hold, true);
    var button = held;
    held = null;
    if (button && button.isConnected && !button.disabled) button.click();
  };

  var Observer = window.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
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
