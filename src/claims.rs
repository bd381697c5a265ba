//! What the console reads from an access token ([`Claims`]): whether it carries the support staff
//! client role (`resource_access["cluster-management"].roles` holding `manage-clusters`),
//! and its subject (`sub`): the user ID of the person (or of the API secret's service
//! account), which the console shows and offers where a user ID is asked for.
//! The token is decoded, never verified: this decides what to show, and the service still
//! enforces the role on every call. A token that is not a JWT means "not staff".

use cluster_api::identity::UserInfo;
use cluster_api::roles::{STAFF_CLIENT, STAFF_ROLE};

use crate::json::{self, Json, Value};

/// base64url (padding tolerated) to bytes; `None` on any other character.
fn base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.trim_end_matches('=').bytes() {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The token's claims, when it is a JWT with a JSON payload (UTF-8, as JSON must be).
fn claims(token: &str) -> Option<Value> {
    let mut parts = token.split('.');
    let (Some(_), Some(payload), Some(_), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let text = String::from_utf8(base64url(payload)?).ok()?;
    json::parse(&text).ok()
}

/// What the console takes from an access token, its payload decoded and parsed once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Claims {
    /// Whether the token says its holder is support staff.
    pub staff: bool,
    /// The token's subject (`sub`), the holder's user ID; `None` when absent or empty.
    pub subject: Option<String>,
}

impl Claims {
    /// The access token's claims; a token that is not a JWT names nobody and is not staff.
    pub fn read(token: &str) -> Claims {
        let Some(claims) = claims(token) else { return Claims::default() };
        Claims { staff: is_staff(&claims), subject: subject(&claims) }
    }
}

fn is_staff(claims: &Value) -> bool {
    let roles = claims.field("resource_access").and_then(|r| r.field(STAFF_CLIENT)?.field("roles"));
    roles
        .and_then(|roles| roles.items())
        .is_some_and(|roles| roles.iter().any(|r| r.str().as_deref() == Some(STAFF_ROLE)))
}

fn subject(claims: &Value) -> Option<String> {
    claims.field("sub")?.str().map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// Who a token names (`sub`, `name`, `email`, `preferred_username`), as userinfo would say
/// it; `None` when it is not a JWT or names no subject.
pub fn user_info(token: &str) -> Option<UserInfo> {
    person(&claims(token)?)
}

/// A person as a token's claims or the userinfo endpoint's answer name them: `sub` a string,
/// the others strings or absent; `None` when any is otherwise.
pub fn person(value: &Value) -> Option<UserInfo> {
    Some(UserInfo {
        sub: json::text(value, "sub").ok()?,
        name: json::maybe_text(value, "name").ok()?,
        email: json::maybe_text(value, "email").ok()?,
        preferred_username: json::maybe_text(value, "preferred_username").ok()?,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn encode(bytes: &[u8]) -> String {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
            for i in 0..=chunk.len() {
                out.push(char::from(A[((n >> (18 - 6 * i)) & 63) as usize]));
            }
        }
        out
    }

    /// An unsigned token carrying `claims`, for tests that need a token's subject.
    pub(crate) fn jwt(claims: &str) -> String {
        format!("{}.{}.sig", encode(br#"{"alg":"HS256"}"#), encode(claims.as_bytes()))
    }

    fn is_staff(token: &str) -> bool {
        Claims::read(token).staff
    }

    fn subject(token: &str) -> Option<String> {
        Claims::read(token).subject
    }

    #[test]
    fn a_token_names_its_person() {
        let Some(info) =
            user_info(&jwt(r#"{"sub":"user-alice","name":"Alice Anders","email":"alice@acme.example"}"#))
        else {
            panic!("a token with a subject names nobody");
        };
        assert_eq!(info.sub, "user-alice");
        assert_eq!(info.name.as_deref(), Some("Alice Anders"));
        assert_eq!(info.email.as_deref(), Some("alice@acme.example"));
        let bare = user_info(&jwt(r#"{"sub":"user-alice"}"#));
        assert!(bare.is_some_and(|i| i.name.is_none() && i.email.is_none()));
        assert!(user_info(&jwt(r#"{"name":"no subject"}"#)).is_none());
        assert!(user_info(&jwt(r#"{"sub":7}"#)).is_none(), "a subject is a string");
        assert!(user_info(&jwt(r#"{"sub":"u","email":["a@b.example"]}"#)).is_none(), "so is an email");
        let named = user_info(&jwt(r#"{"sub":"u","name":null,"preferred_username":"alice"}"#));
        assert!(named.is_some_and(|i| i.name.is_none() && i.preferred_username.as_deref() == Some("alice")));
        assert!(user_info("opaque-token").is_none());
    }

    #[test]
    fn staff_only_with_the_client_role() {
        assert!(is_staff(&jwt(
            r#"{"azp":"s","resource_access":{"cluster-management":{"roles":["manage-clusters"]}}}"#
        )));
        assert!(!is_staff(&jwt(
            r#"{"azp":"s","resource_access":{"cluster-management":{"roles":["view-clusters"]}}}"#
        )));
        assert!(!is_staff(&jwt(
            r#"{"azp":"s","resource_access":{"account":{"roles":["manage-clusters"]}}}"#
        )));
        assert!(!is_staff(&jwt(r#"{"azp":"s"}"#)));
        assert!(!is_staff(&jwt(r#"{"resource_access":{"cluster-management":{"roles":"manage-clusters"}}}"#)));
        assert!(!is_staff(&jwt(
            r#"{"resource_access":[{"cluster-management":{"roles":["manage-clusters"]}}]}"#
        )));
    }

    #[test]
    fn the_subject_is_the_user_id() {
        assert_eq!(subject(&jwt(r#"{"sub":"user-alice","azp":"s"}"#)).as_deref(), Some("user-alice"));
        assert_eq!(subject(&jwt(r#"{"sub":"","azp":"s"}"#)), None);
        assert_eq!(subject(&jwt(r#"{"sub":7}"#)), None);
        assert_eq!(subject(&jwt(r#"{"azp":"s"}"#)), None);
        assert_eq!(subject("not-a-jwt"), None);
    }

    #[test]
    fn one_read_gives_both() {
        let token = jwt(
            r#"{"sub":" user-sam ","resource_access":{"cluster-management":{"roles":["manage-clusters"]}}}"#,
        );
        assert_eq!(Claims::read(&token), Claims { staff: true, subject: Some("user-sam".into()) });
        let customer = jwt(r#"{"sub":"user-alice","resource_access":{"account":{"roles":[]}}}"#);
        assert_eq!(Claims::read(&customer), Claims { staff: false, subject: Some("user-alice".into()) });
        assert_eq!(Claims::read("opaque"), Claims { staff: false, subject: None });
    }

    #[test]
    fn anything_not_a_jwt_is_not_staff() {
        assert!(!is_staff("3f2a9c0b1d"));
        assert!(!is_staff(""));
        assert!(!is_staff("a.%%%.c"));
        assert!(!is_staff(&format!("{}.x", jwt("{}"))));
        assert!(!is_staff("a.bm90IGpzb24.c"));
    }
}
