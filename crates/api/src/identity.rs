//! Signing people in: the identity server of realm `self` (OpenID Connect at Keycloak's
//! paths on the console host), the public client the console is, and PKCE's encoding.
//! Shared so the console and the sandbox build and check the same things.

/// The realm's base path on a console host.
pub const REALM_PATH: &str = "/auth/realms/self";
/// The discovery document.
pub const DISCOVERY_PATH: &str = "/auth/realms/self/.well-known/openid-configuration";
/// The authorization endpoint (the login page).
pub const AUTH_PATH: &str = "/auth/realms/self/protocol/openid-connect/auth";
/// Ends the identity server's session (`end_session_endpoint`).
pub const LOGOUT_PATH: &str = "/auth/realms/self/protocol/openid-connect/logout";
/// Who a token stands for.
pub const USERINFO_PATH: &str = "/auth/realms/self/protocol/openid-connect/userinfo";
/// The console's client: public (no secret), authorization code + PKCE S256.
pub const CONSOLE_CLIENT_ID: &str = "console";

/// The token endpoint's answer to the authorization-code and refresh grants.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AccountTokens {
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_expires_in: Option<i64>,
    /// OpenID Connect's ID token (`scope=openid`): the console keeps it for sign-out's
    /// `id_token_hint`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_token: Option<String>,
}

/// The userinfo endpoint's answer: a person, or an API secret's service account.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct UserInfo {
    pub sub: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred_username: Option<String>,
}

/// Base64url without padding (RFC 4648 §5), the encoding of PKCE verifiers and challenges.
pub fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// An issuer identifier (OpenID Connect Discovery §2): an http(s) URL with a host, and no
/// userinfo, query, fragment or whitespace. The console checks config.json's `issuer` with
/// it, the sandbox its `--issuer`.
pub fn is_issuer_id(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")) else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or_default();
    !host.is_empty()
        && !host.contains('@')
        && !text.contains(['?', '#'])
        && !text.contains(char::is_whitespace)
}

/// A PKCE verifier is 43 to 128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.1).
pub fn valid_verifier(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// The pairs of a query string (`a=1&b=x%20y`, with or without the leading `?`), decoded
/// as forms are: `+` is a space, `%XX` a byte; malformed escapes are kept as typed.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    fn decode(text: &str) -> String {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len()
                    && text.is_char_boundary(i + 1)
                    && text.is_char_boundary(i + 3) =>
                {
                    match u8::from_str_radix(&text[i + 1..i + 3], 16) {
                        Ok(byte) => {
                            out.push(byte);
                            i += 2;
                        }
                        Err(_) => out.push(b'%'),
                    }
                }
                other => out.push(other),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => (decode(key), decode(value)),
            None => (decode(pair), String::new()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_rfc_4648() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foob"), "Zm9vYg");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn query_pairs_decode_like_forms() {
        let pairs = query_pairs("?code=a%2Fb&state=x+y&error&bad=%zz&end=%4");
        assert_eq!(pairs[0], ("code".to_string(), "a/b".to_string()));
        assert_eq!(pairs[1], ("state".to_string(), "x y".to_string()));
        assert_eq!(pairs[2], ("error".to_string(), String::new()));
        assert_eq!(pairs[3], ("bad".to_string(), "%zz".to_string()));
        assert_eq!(pairs[4], ("end".to_string(), "%4".to_string()));
        assert!(query_pairs("").is_empty());
    }

    #[test]
    fn verifiers_follow_rfc_7636() {
        assert!(valid_verifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
        assert!(!valid_verifier("short"));
        assert!(!valid_verifier(&"a".repeat(129)));
        assert!(!valid_verifier(&format!("{}+", "a".repeat(43))));
    }
}
