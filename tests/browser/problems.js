// Test-only: the console problem recorder for Firefox and WebKit (tests/browser/console_log.rs).
// Only Chromium hands its console log to WebDriver (goog:loggingPrefs); in the other engines
// the page records what would fail a flow itself. The harness serves a copy of the console
// whose index.html loads this file first in its head (a file: the policy forbids inline
// script), so it listens before the app's first byte runs, on every page load, including
// reloads and the pages a redirect lands on. Listeners a WebDriver script added after each
// navigation would miss whatever happened before the script ran, and every navigation the
// page makes itself. Problems go to sessionStorage (this tab and origin), which outlives
// navigations, and to window.__consoleProblems; the harness reads them when the flow ends.
(function () {
    var KEY = 'e2e-console-problems';
    function record(message) {
        (window.__consoleProblems = window.__consoleProblems || []).push(message);
        try {
            var list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
            list.push(message);
            sessionStorage.setItem(KEY, JSON.stringify(list));
        } catch (e) {
            // Storage refused: window.__consoleProblems still holds it for this page.
        }
    }
    try {
        sessionStorage.setItem('e2e-recorder', 'on');
    } catch (e) {
        window.__consoleProblems = ['the problem recorder cannot use sessionStorage: ' + e];
    }
    // Worded like Chromium's console, so one scanner (console_log::offending) reads both.
    document.addEventListener('securitypolicyviolation', function (e) {
        record('Refused ' + (e.blockedURI || 'inline') + ': it violates the following Content Security Policy directive: "' +
            e.violatedDirective + '" (' + (e.sourceFile || document.location.href) + ':' + e.lineNumber + ')');
    });
    window.addEventListener('error', function (e) {
        record('Uncaught ' + (e.error ? String(e.error) : e.message) + ' (' + e.filename + ':' + e.lineno + ')');
    });
    window.addEventListener('unhandledrejection', function (e) {
        record('Uncaught (in promise) ' + String(e.reason));
    });
    // A debug build's panic hook prints "panicked at" with console.error.
    var error = console.error;
    console.error = function () {
        record(Array.prototype.map.call(arguments, String).join(' '));
        return error.apply(console, arguments);
    };
})();
