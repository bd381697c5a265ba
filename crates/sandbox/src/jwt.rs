//! Access tokens as Keycloak issues them: a JWT (`header.payload.signature`, base64url
//! without padding) signed by the sandbox with HMAC-SHA256. Clients may decode the claims
//! (the console reads `resource_access` to know staff) but only the sandbox can verify them.

use crate::caller::Caller;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use std::time::Duration;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding, as JWTs use.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The claims of a token for `caller`, valid for `ttl` from now.
pub fn claims(caller: &Caller, ttl: Duration) -> Value {
    let now = chrono::Utc::now().timestamp();
    let exp = now.saturating_add(i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX / 2));
    let mut claims = json!({
        "iss": "sandbox/auth/realms/self",
        // Keycloak's subject is the user: the person signed in, else the secret's service account.
        "sub": caller.person_id.as_deref().unwrap_or(&caller.secret_id),
        "azp": caller.client_id,
        "typ": "Bearer",
        "iat": now,
        "exp": exp,
        "jti": uuid::Uuid::new_v4().to_string(),
    });
    if !caller.client_roles().is_empty() {
        let access: serde_json::Map<String, Value> = caller
            .client_roles()
            .iter()
            .map(|(client, roles)| (client.clone(), json!({ "roles": roles })))
            .collect();
        claims["resource_access"] = Value::Object(access);
    }
    claims
}

fn mac(key: &[u8], input: &str) -> Vec<u8> {
    // HMAC accepts keys of any length, so this cannot fail; an empty MAC would only make
    // the token unverifiable, never a panic.
    match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mut mac) => {
            mac.update(input.as_bytes());
            mac.finalize().into_bytes().to_vec()
        }
        Err(_) => Vec::new(),
    }
}

/// `header.payload.signature` for `claims`.
pub fn sign(key: &[u8], claims: &Value) -> String {
    let header = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
    let payload = base64url(claims.to_string().as_bytes());
    let input = format!("{header}.{payload}");
    let signature = base64url(&mac(key, &input));
    format!("{input}.{signature}")
}

/// Whether `token` carries a valid signature made with `key`.
pub fn verify(key: &[u8], token: &str) -> bool {
    match token.rsplit_once('.') {
        Some((input, signature)) => input.contains('.') && base64url(&mac(key, input)) == signature,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::SecretRow;

    fn decode(part: &str) -> Value {
        let mut bits = Vec::new();
        for c in part.bytes() {
            let v = ALPHABET.iter().position(|a| *a == c).expect("base64url character");
            bits.push(v as u32);
        }
        let mut bytes = Vec::new();
        for chunk in bits.chunks(4) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, v)| n | v << (18 - 6 * i));
            for i in 0..chunk.len() - 1 {
                bytes.push((n >> (16 - 8 * i)) as u8);
            }
        }
        serde_json::from_slice(&bytes).expect("JSON")
    }

    #[test]
    fn base64url_matches_known_values() {
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn staff_tokens_carry_resource_access_and_customer_tokens_do_not() {
        let key = b"k".to_vec();
        let staff = sign(&key, &claims(&Caller::staff("staff-1", "support"), Duration::from_secs(60)));
        let parts: Vec<&str> = staff.split('.').collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(decode(parts[0])["alg"], "HS256");
        let body = decode(parts[1]);
        assert_eq!(body["azp"], "support");
        assert_eq!(body["sub"], "staff-1");
        assert_eq!(body["resource_access"]["cluster-management"]["roles"], json!(["manage-clusters"]));
        assert!(body["exp"].as_i64().unwrap() > body["iat"].as_i64().unwrap());
        assert!(verify(&key, &staff));
        assert!(!verify(b"other", &staff));

        let secret = SecretRow {
            id: "sec-1".into(),
            org_id: "org".into(),
            name: "n".into(),
            client_id: "cust".into(),
            client_secret: "s".into(),
            created_at: 0,
            created_by: None,
        };
        let customer = sign(&key, &claims(&Caller::new(&secret, &[]), Duration::from_secs(60)));
        let body = decode(customer.split('.').nth(1).unwrap());
        assert_eq!(body["azp"], "cust");
        assert!(body.get("resource_access").is_none());
    }
}
