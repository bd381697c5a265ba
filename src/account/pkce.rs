//! PKCE (RFC 7636) with the browser's own cryptography: random values from
//! `crypto.getRandomValues`, the S256 challenge from `crypto.subtle.digest`.

use cluster_api::identity::base64url;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::k::account as w;
use crate::i18n::t;

fn crypto() -> Result<web_sys::Crypto, String> {
    web_sys::window().ok_or(t(w::NO_WINDOW))?.crypto().map_err(|_| t(w::NO_CRYPTO).to_string())
}

/// `bytes` random bytes, base64url: 32 make a 43-character verifier.
pub fn random(bytes: usize) -> Result<String, String> {
    let mut buffer = vec![0u8; bytes];
    crypto()?.get_random_values_with_u8_array(&mut buffer).map_err(|_| t(w::NO_RANDOM).to_string())?;
    Ok(base64url(&buffer))
}

/// The S256 challenge of `verifier`: base64url(SHA-256(verifier)).
pub async fn challenge(verifier: &str) -> Result<String, String> {
    let failed = |_| t(w::NO_DIGEST).to_string();
    let promise =
        crypto()?.subtle().digest_with_str_and_u8_array("SHA-256", verifier.as_bytes()).map_err(failed)?;
    let digest = JsFuture::from(promise).await.map_err(failed)?;
    Ok(base64url(&js_sys::Uint8Array::new(&digest).to_vec()))
}
