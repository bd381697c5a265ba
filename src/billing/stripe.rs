//! The payment-confirmation step (3-D Secure) through Stripe.js, or the sandbox's stand-in
//! with the same surface. The script is loaded only when a payment needs it.

use std::cell::RefCell;

use js_sys::{Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::config::Payments;
use crate::i18n::{k, t, tf};

#[wasm_bindgen]
extern "C" {
    type StripeJs;

    #[wasm_bindgen(js_name = Stripe, catch)]
    fn stripe_init(publishable_key: &str) -> Result<StripeJs, JsValue>;

    #[wasm_bindgen(method, js_name = confirmCardPayment)]
    fn confirm_card_payment(this: &StripeJs, client_secret: &str) -> Promise;
}

fn stripe_loaded() -> bool {
    web_sys::window().is_some_and(|w| Reflect::has(&w, &JsValue::from_str("Stripe")).unwrap_or(false))
}

thread_local! {
    /// The `console-payments` Trusted Types policy, made once per page (the CSP allows one
    /// policy of each name).
    static POLICY: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// The script URLs the console took from config.json: the only ones the policy passes.
    static ALLOWED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The `console-payments` policy, made on first use.
fn policy(trusted_types: &JsValue) -> Result<JsValue, JsValue> {
    if let Some(made) = POLICY.with_borrow(Clone::clone) {
        return Ok(made);
    }
    let check = Closure::<dyn Fn(String) -> JsValue>::new(|url: String| {
        if ALLOWED.with_borrow(|allowed| allowed.contains(&url)) {
            JsValue::from_str(&url)
        } else {
            JsValue::NULL
        }
    });
    let options = js_sys::Object::new();
    Reflect::set(&options, &"createScriptURL".into(), check.as_ref())?;
    // It lives as long as the policy, which is the page's.
    check.forget();
    let create: js_sys::Function = Reflect::get(trusted_types, &"createPolicy".into())?.dyn_into()?;
    let made = create.call2(trusted_types, &"console-payments".into(), &options)?;
    POLICY.with_borrow_mut(|slot| *slot = Some(made.clone()));
    Ok(made)
}

/// `src` as a script element takes it under Trusted Types (the build's CSP requires them
/// for script URLs): made by the console's own policy, which passes only the URL config.json
/// names. A browser without Trusted Types takes the string.
fn script_url(src: &str) -> Result<JsValue, JsValue> {
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let trusted_types = Reflect::get(&window, &"trustedTypes".into())?;
    if trusted_types.is_undefined() || trusted_types.is_null() {
        return Ok(JsValue::from_str(src));
    }
    ALLOWED.with_borrow_mut(|allowed| {
        if !allowed.iter().any(|u| u == src) {
            allowed.push(src.to_string());
        }
    });
    let policy = policy(&trusted_types)?;
    let make: js_sys::Function = Reflect::get(&policy, &"createScriptURL".into())?.dyn_into()?;
    make.call1(&policy, &JsValue::from_str(src))
}

async fn load_script(src: &str) -> Result<(), String> {
    if stripe_loaded() {
        return Ok(());
    }
    let failed = || tf(k::billing::SCRIPT_NOT_LOADED, &[("src", src)]);
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(failed)?;
    let script = document.create_element("script").map_err(|_| failed())?;
    let loaded = Promise::new(&mut |resolve, reject| {
        let _ = script.add_event_listener_with_callback("load", &resolve);
        let _ = script.add_event_listener_with_callback("error", &reject);
    });
    let url = script_url(src).map_err(|_| failed())?;
    Reflect::set(&script, &"src".into(), &url).map_err(|_| failed())?;
    document.head().ok_or_else(failed)?.append_child(&script).map_err(|_| failed())?;
    JsFuture::from(loaded).await.map_err(|_| failed())?;
    Ok(())
}

/// Runs the card-authentication step. Ok when the payment succeeded; Err with the message
/// Stripe (or the bank) gave.
pub async fn confirm(payments: &Payments, client_secret: &str) -> Result<(), String> {
    load_script(&payments.script_url).await?;
    let stripe =
        stripe_init(&payments.publishable_key).map_err(|_| t(k::billing::SCRIPT_NOT_STARTED).to_string())?;
    let outcome = JsFuture::from(stripe.confirm_card_payment(client_secret))
        .await
        .map_err(|_| t(k::billing::CONFIRMATION_STOPPED).to_string())?;
    let field = |obj: &JsValue, key: &str| {
        Reflect::get(obj, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined() && !v.is_null())
    };
    if let Some(error) = field(&outcome, "error") {
        let message = field(&error, "message").and_then(|m| m.as_string());
        return Err(message.unwrap_or_else(|| t(k::billing::NOT_CONFIRMED).into()));
    }
    let status =
        field(&outcome, "paymentIntent").and_then(|pi| field(&pi, "status")).and_then(|s| s.as_string());
    match status.as_deref() {
        Some("succeeded" | "processing" | "requires_capture") => Ok(()),
        Some(other) => Err(tf(k::billing::NOT_COMPLETE, &[("status", other)])),
        None => Err(t(k::billing::UNEXPECTED_ANSWER).into()),
    }
}
