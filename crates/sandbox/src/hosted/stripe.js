/* The cluster sandbox's stand-in for Stripe.js (https://js.stripe.com/v3/). It exposes
 * the part of Stripe's surface the console uses, window.Stripe(key) with
 * confirmCardPayment and handleNextAction, and replaces the bank's 3-D Secure challenge
 * with a visible dialog (#sandbox-3ds) whose buttons let a person or a browser test
 * complete or fail the authentication. Like Stripe's, the promises always resolve:
 * {paymentIntent} on success, {error} otherwise. */
(function () {
  "use strict";
  // The sandbox that served this script, whatever page loaded it (captured now:
  // document.currentScript is only set while the script first runs).
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, window.location.href).origin : window.location.origin;

  // Styles go through the CSSOM (node.style), never a style attribute: the console's
  // Content-Security-Policy (style-src 'self') refuses inline style attributes, not the CSSOM.
  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) {
      if (name === "style") { node.style.cssText = attributes[name]; } else { node.setAttribute(name, attributes[name]); }
    });
    if (text) { node.textContent = text; }
    return node;
  }

  function dialog() {
    var root = element("div", {
      id: "sandbox-3ds", role: "dialog", "aria-modal": "true", "aria-labelledby": "sandbox-3ds-title",
      style: "position:fixed;inset:0;z-index:2147483647;background:rgba(17,24,39,.55);display:flex;" +
        "align-items:center;justify-content:center;font:16px/1.5 system-ui,sans-serif"
    });
    var box = element("div", {
      style: "background:#fff;color:#1d2330;max-width:26rem;padding:1.5rem;border-radius:8px;box-shadow:0 8px 30px #0005"
    });
    box.appendChild(element("h2", { id: "sandbox-3ds-title", style: "margin-top:0;font-size:1.25rem" }, "Authentication required"));
    box.appendChild(element("p", {}, "Your bank asks you to confirm this payment. This dialog is the cluster " +
      "sandbox's stand-in for the bank's 3-D Secure challenge: choose how the authentication ends."));
    var actions = element("div", { style: "display:flex;gap:.75rem;margin-top:1rem" });
    var complete = element("button", { id: "sandbox-3ds-complete", type: "button",
      style: "font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #4f46e5;background:#4f46e5;color:#fff" },
      "Complete authentication");
    var fail = element("button", { id: "sandbox-3ds-fail", type: "button",
      style: "font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #9ca3af;background:#fff" },
      "Fail authentication");
    actions.appendChild(complete);
    actions.appendChild(fail);
    box.appendChild(actions);
    root.appendChild(box);
    document.body.appendChild(root);
    return { root: root, complete: complete, fail: fail };
  }

  function report(outcome, clientSecret) {
    var url = origin + "/sandbox/payment-intents/" + encodeURIComponent(clientSecret) + "/authenticate";
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome: outcome })
    }).then(function (response) {
      return response.json().catch(function () { return {}; });
    }).then(function (body) {
      if (body && body.paymentIntent) { return { paymentIntent: body.paymentIntent }; }
      var error = body && body.error && typeof body.error === "object" ? body.error : {};
      if (!error.message) { error.message = "The sandbox could not process the authentication."; }
      return { error: error };
    }, function () {
      return { error: { type: "api_connection_error", message: "The sandbox could not be reached." } };
    });
  }

  function authenticate(clientSecret) {
    if (typeof clientSecret !== "string" || clientSecret.indexOf("_secret_") < 0) {
      return Promise.resolve({ error: { type: "invalid_request_error", message: "A PaymentIntent client secret is required." } });
    }
    return new Promise(function (resolve) {
      var ui = dialog();
      function finish(outcome) {
        ui.complete.disabled = true;
        ui.fail.disabled = true;
        report(outcome, clientSecret).then(function (result) {
          ui.root.remove();
          resolve(result);
        });
      }
      ui.complete.addEventListener("click", function () { finish("succeeded"); });
      ui.fail.addEventListener("click", function () { finish("failed"); });
    });
  }

  window.Stripe = function (publishableKey) {
    return {
      publishableKey: publishableKey,
      confirmCardPayment: function (clientSecret) { return authenticate(clientSecret); },
      handleNextAction: function (options) { return authenticate(options && options.clientSecret); }
    };
  };
})();
