// The person's language and theme, applied before the first paint: a render-blocking
// classic script in <head>, a file of its own because the CSP allows no inline script, and
// immutably cached (it lives in pkg-<hash>/). It sets <html lang> (which also picks the
// loading state's words in index.html), <html data-theme> (System is its absence), and
// <html data-pkg> (where the app finds this build's catalogues), and preloads the chosen
// language's catalogue so the app does not wait for it. src/i18n reads the same keys.
(function () {
    // Trusted Types (the CSP has `require-trusted-types-for 'script'`): the framework builds
    // its inert templates with `innerHTML` from a plain string, so a `default` policy must
    // exist before the app starts. It lets markup through only with no `<script>`, no `on…`
    // attribute and no `javascript:` URL (the console's templates have none: events are
    // listeners, and API strings are text nodes), and no script URL or script text at all
    // (the payment script has its own policy, `console-payments`, in src/billing/stripe.rs).
    // A refusal is said with console.error; the browser reports it to the policy's
    // report-uri, and the assignment throws.
    if (window.trustedTypes && window.trustedTypes.createPolicy) {
        var refuse = function (sink, value) {
            console.error("Trusted Types: refused " + sink + ": " + String(value).slice(0, 120));
            return null;
        };
        var hostile = /<\s*script\b|<[^>]*\son[a-z]+\s*=|javascript\s*:|\ssrcdoc\s*=/i;
        try {
            window.trustedTypes.createPolicy("default", {
                createHTML: function (html, type, sink) {
                    return hostile.test(html) ? refuse(sink || "HTML", html) : html;
                },
                createScriptURL: function (url, type, sink) {
                    return refuse(sink || "script URL", url);
                },
                createScript: function (text, type, sink) {
                    return refuse(sink || "script", text);
                },
            });
        } catch (e) {
            console.error("Trusted Types: the default policy could not be made: " + e);
        }
    }
    var root = document.documentElement;
    var get = function (key) {
        try {
            return window.localStorage.getItem(key);
        } catch (e) {
            return null;
        }
    };
    var theme = get("console.theme");
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
    var langs = ["en", "fr", "es", "ko", "pl", "de"];
    var tags = [get("console.lang")].concat(navigator.languages || [navigator.language]);
    var lang = "en";
    for (var i = 0; i < tags.length; i++) {
        var primary = String(tags[i] || "").toLowerCase().split(/[-_]/)[0];
        if (langs.indexOf(primary) >= 0) {
            lang = primary;
            break;
        }
    }
    root.setAttribute("lang", lang);
    var script = document.currentScript;
    var base = script && script.src ? script.src.replace(/[^/]*$/, "") : "";
    root.setAttribute("data-pkg", base);
    // Signing in's code and the signed-in console's (the `signing_in` and `console` groups'
    // packs, named here by the build: scripts/boot-packs.mjs), fetched at once, beside the
    // main module, when a session is likely: an answer from the identity server in the
    // address (its code is redeemed first thing), or a person who signed in with their
    // account in this browser before (a silent sign-in starts first thing). The split
    // loader's own fetch then finds them. Otherwise the sign-in page fetches them when idle,
    // so they never slow the form.
    var bootPacks = /* boot packs */ [];
    var answer = /[?&](code|state|error)=/.test(window.location.search);
    if (base && (answer || get("console.account-environment") !== null)) {
        for (var p = 0; p < bootPacks.length; p++) {
            var pack = document.createElement("link");
            pack.rel = "preload";
            pack.as = "fetch";
            pack.crossOrigin = "anonymous";
            pack.href = base + bootPacks[p];
            document.head.appendChild(pack);
        }
    }
    if (lang !== "en" && base) {
        var link = document.createElement("link");
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous";
        link.href = base + "locales/" + lang + ".json";
        document.head.appendChild(link);
    }
})();
