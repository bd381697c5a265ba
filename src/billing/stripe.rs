//! The payment-confirmation step (3-D Secure) through Stripe.js, or the sandbox's stand-in
//! with the same surface. The script is loaded only when a payment needs it.

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
    script.set_attribute("src", src).map_err(|_| failed())?;
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
