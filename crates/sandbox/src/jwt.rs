//! Access tokens as Keycloak issues them: a JWT signed by the sandbox with HMAC-SHA256
//! (`jsonwebtoken`, the crate that also checks an outside issuer's tokens and the ID token
//! hints). Clients may decode the claims (the console reads `resource_access` to know
//! staff) but only the sandbox can verify them.

use crate::caller::Caller;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde_json::{Value, json};
use std::time::Duration;

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

/// `header.payload.signature` for `claims`, HS256.
pub fn sign(key: &[u8], claims: &Value) -> String {
    // JSON claims and an HMAC key of any length cannot fail to encode; an empty token would
    // only be unverifiable, never a panic.
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(key))
        .unwrap_or_default()
}

/// Whether `token` carries a valid signature made with `key` (how long it lives is the
/// token store's business).
pub fn verify(key: &[u8], token: &str) -> bool {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.validate_aud = false;
    validation.required_spec_claims.clear();
    jsonwebtoken::decode::<Value>(token, &DecodingKey::from_secret(key), &validation).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::SecretRow;

    /// The claims, read without checking the signature (as a client does).
    fn claims_in(token: &str) -> Value {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.insecure_disable_signature_validation();
        validation.validate_exp = false;
        validation.validate_aud = false;
        validation.required_spec_claims.clear();
        jsonwebtoken::decode::<Value>(token, &DecodingKey::from_secret(b""), &validation)
            .expect("claims")
            .claims
    }

    #[test]
    fn staff_tokens_carry_resource_access_and_customer_tokens_do_not() {
        let key = b"k".to_vec();
        let staff = sign(&key, &claims(&Caller::staff("staff-1", "support"), Duration::from_secs(60)));
        let parts: Vec<&str> = staff.split('.').collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(jsonwebtoken::decode_header(&staff).expect("header").alg, Algorithm::HS256);
        let body = claims_in(&staff);
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
        let body = claims_in(&customer);
        assert_eq!(body["azp"], "cust");
        assert!(body.get("resource_access").is_none());
    }
}
