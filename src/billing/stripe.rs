//! The payment-confirmation step (3-D Secure) through Stripe.js, or the sandbox's stand-in
//! with the same surface. The script is loaded only when a payment needs it.

use js_sys::{Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::config::Payments;

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
    let failed =
        || format!("The payment script could not be loaded from {src}. Check your connection and try again.");
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
    let stripe = stripe_init(&payments.publishable_key)
        .map_err(|_| "The payment script did not start. Reload the page and try again.".to_string())?;
    let outcome = JsFuture::from(stripe.confirm_card_payment(client_secret))
        .await
        .map_err(|_| "The payment confirmation stopped unexpectedly. Try again.".to_string())?;
    let field = |obj: &JsValue, key: &str| {
        Reflect::get(obj, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined() && !v.is_null())
    };
    if let Some(error) = field(&outcome, "error") {
        let message = field(&error, "message").and_then(|m| m.as_string());
        return Err(message.unwrap_or_else(|| "The payment could not be confirmed.".into()));
    }
    let status =
        field(&outcome, "paymentIntent").and_then(|pi| field(&pi, "status")).and_then(|s| s.as_string());
    match status.as_deref() {
        Some("succeeded" | "processing" | "requires_capture") => Ok(()),
        Some(other) => Err(format!(
            "The payment is not complete (status {other}). Try again or pay on the checkout page."
        )),
        None => Err("The payment script answered in an unexpected way. Try again.".into()),
    }
}
