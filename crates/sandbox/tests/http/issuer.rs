//! `--issuer`: the sandbox trusts the tokens of an outside OpenID provider. Each test runs
//! a stand-in issuer on a free port (a discovery document and a JWKS whose keys the test can
//! rotate, counting how often the keys are fetched), signs RS256 tokens with the fixed test
//! keys in tests/fixtures/, and calls the sandbox with them.

use crate::common::{Harness, Reply};
use axum::Json;
use axum::extract::State;
use axum::routing::get;
use base64::Engine;
use cluster_api::Cluster;
use cluster_sandbox::{Config, IssuerConfig, demo};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const KEY_1: &str = include_str!("../fixtures/issuer-key-1.pem");
const KEY_2: &str = include_str!("../fixtures/issuer-key-2.pem");
const JWK_1: &str = include_str!("../fixtures/issuer-key-1.jwk.json");
const JWK_2: &str = include_str!("../fixtures/issuer-key-2.jwk.json");
const KID_1: &str = "test-key-1";
const KID_2: &str = "test-key-2";

/// The stand-in issuer's state: its URL, the keys its JWKS lists, and how often they were
/// fetched.
struct Provider {
    url: Mutex<String>,
    keys: Mutex<Vec<Value>>,
    fetches: AtomicUsize,
}

struct TestIssuer {
    provider: Arc<Provider>,
    url: String,
}

impl TestIssuer {
    /// Serves `/realms/test/.well-known/openid-configuration` and the JWKS, listing key 1.
    async fn start() -> TestIssuer {
        let provider = Arc::new(Provider {
            url: Mutex::new(String::new()),
            keys: Mutex::new(vec![jwk(JWK_1)]),
            fetches: AtomicUsize::new(0),
        });
        let app = axum::Router::new()
            .route("/realms/test/.well-known/openid-configuration", get(discovery))
            .route("/realms/test/protocol/openid-connect/certs", get(certs))
            .with_state(provider.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the issuer");
        let url = format!("http://{}/realms/test", listener.local_addr().expect("address"));
        *provider.url.lock().unwrap() = url.clone();
        tokio::spawn(async move { axum::serve(listener, app).await });
        TestIssuer { provider, url }
    }

    /// The keys are now `jwks` (rotation).
    fn rotate_to(&self, jwks: &[&str]) {
        *self.provider.keys.lock().unwrap() = jwks.iter().map(|j| jwk(j)).collect();
    }

    fn fetches(&self) -> usize {
        self.provider.fetches.load(Ordering::SeqCst)
    }

    /// A sandbox trusting this issuer, its keys fetched again at most every `refetch`.
    async fn sandbox(&self, refetch: Duration, console_dir: Option<std::path::PathBuf>) -> Harness {
        let issuer = IssuerConfig { refetch_interval: refetch, ..IssuerConfig::new(&self.url) };
        Harness::with(Config { issuer: Some(issuer), console_dir, ..Config::default() }).await
    }

    /// The claims of a Keycloak access token of the console for `email`, valid 5 minutes.
    fn claims(&self, email: &str) -> Value {
        let now = chrono::Utc::now().timestamp();
        json!({
            "iss": self.url,
            "sub": format!("kc-{email}"),
            "aud": "account",
            "azp": "console",
            "typ": "Bearer",
            "iat": now,
            "nbf": now,
            "exp": now + 300,
            "email": email,
        })
    }
}

async fn discovery(State(provider): State<Arc<Provider>>) -> Json<Value> {
    let url = provider.url.lock().unwrap().clone();
    Json(json!({ "issuer": url, "jwks_uri": format!("{url}/protocol/openid-connect/certs") }))
}

async fn certs(State(provider): State<Arc<Provider>>) -> Json<Value> {
    provider.fetches.fetch_add(1, Ordering::SeqCst);
    Json(json!({ "keys": provider.keys.lock().unwrap().clone() }))
}

fn jwk(text: &str) -> Value {
    serde_json::from_str(text).expect("a JWK fixture")
}

/// `claims` signed RS256 with `pem` (PKCS#1), under `kid`.
fn sign(pem: &str, kid: &str, claims: &Value) -> String {
    let body: String = pem.lines().filter(|line| !line.starts_with("-----")).collect();
    let der = base64::engine::general_purpose::STANDARD.decode(body).expect("PEM body");
    let key = EncodingKey::from_rsa_der(&der);
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_string());
    jsonwebtoken::encode(&header, claims, &key).expect("sign")
}

fn cluster_ids(reply: &Reply) -> Vec<String> {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json::<Vec<Cluster>>().into_iter().map(|c| c.id).collect()
}

#[tokio::test]
async fn a_person_of_the_demo_world_signs_in_with_the_issuers_token() {
    let issuer = TestIssuer::start().await;
    let h = issuer.sandbox(Duration::from_secs(30), None).await;
    let alice = sign(KEY_1, KID_1, &issuer.claims(demo::ALICE_EMAIL));
    let ids = cluster_ids(&h.get("/clusters", &alice).await);
    assert!(ids.iter().any(|id| id == demo::ACME_PROD), "{ids:?}");
    assert!(!ids.iter().any(|id| id == demo::GLOBEX_PROD), "alice is no staff: {ids:?}");
    // The person is found by email, whatever its case; userinfo names the demo person.
    let upper = sign(KEY_1, KID_1, &issuer.claims(&demo::ALICE_EMAIL.to_uppercase()));
    assert_eq!(h.get("/clusters", &upper).await.status, StatusCode::OK);
    let info =
        h.raw(Method::GET, cluster_api::identity::USERINFO_PATH, Some(&format!("Bearer {alice}"))).await;
    assert_eq!(info.status, StatusCode::OK, "{}", info.body);
    assert_eq!(info.json::<Value>()["email"], demo::ALICE_EMAIL);
    // API secrets still sign in at the sandbox's own token endpoint, and their tokens work.
    let admin = h.admin().await;
    assert!(cluster_ids(&h.get("/clusters", &admin).await).iter().any(|id| id == demo::ACME_PROD));
    assert_eq!(issuer.fetches(), 1, "the keys are fetched once and cached");
}

#[tokio::test]
async fn tokens_the_issuer_did_not_sign_for_the_console_now_are_refused() {
    let issuer = TestIssuer::start().await;
    let h = issuer.sandbox(Duration::from_secs(30), None).await;
    let good = issuer.claims(demo::ALICE_EMAIL);
    assert_eq!(h.get("/clusters", &sign(KEY_1, KID_1, &good)).await.status, StatusCode::OK);

    let mut cases: Vec<(&str, String)> = Vec::new();
    // Signed with another key under the trusted key's kid.
    cases.push(("a bad signature", sign(KEY_2, KID_1, &good)));
    let mut tampered = sign(KEY_1, KID_1, &good);
    tampered.push('x');
    cases.push(("a tampered signature", tampered));
    let mut wrong_iss = good.clone();
    wrong_iss["iss"] = json!(format!("{}-other", issuer.url));
    cases.push(("a wrong iss", sign(KEY_1, KID_1, &wrong_iss)));
    let now = chrono::Utc::now().timestamp();
    let mut expired = good.clone();
    expired["exp"] = json!(now - 120);
    expired["iat"] = json!(now - 420);
    expired["nbf"] = json!(now - 420);
    cases.push(("an expired token", sign(KEY_1, KID_1, &expired)));
    let mut early = good.clone();
    early["nbf"] = json!(now + 300);
    cases.push(("a token not valid yet", sign(KEY_1, KID_1, &early)));
    let mut other_client = good.clone();
    other_client["azp"] = json!("grafana");
    cases.push(("a token of another client", sign(KEY_1, KID_1, &other_client)));
    for (what, token) in cases {
        let reply = h.get("/clusters", &token).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{what}: {}", reply.body);
        assert!(reply.headers.get("www-authenticate").is_some(), "{what}");
    }
    // RFC 9068 tokens name the client in client_id; a realm's audience mapper in aud.
    let mut rfc9068 = good.clone();
    rfc9068.as_object_mut().unwrap().remove("azp");
    rfc9068["aud"] = json!("https://api.example");
    rfc9068["client_id"] = json!("console");
    assert_eq!(h.get("/clusters", &sign(KEY_1, KID_1, &rfc9068)).await.status, StatusCode::OK);
    let mut mapped = good.clone();
    mapped.as_object_mut().unwrap().remove("azp");
    mapped["aud"] = json!(["account", "console"]);
    assert_eq!(h.get("/clusters", &sign(KEY_1, KID_1, &mapped)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_person_gets_the_services_401() {
    let issuer = TestIssuer::start().await;
    let h = issuer.sandbox(Duration::from_secs(30), None).await;
    let unknown_token = h.get("/clusters", "not-a-token-the-service-knows").await;
    assert_eq!(unknown_token.status, StatusCode::UNAUTHORIZED);
    for email in ["nobody@acme.example", ""] {
        let token = sign(KEY_1, KID_1, &issuer.claims(email));
        let reply = h.get("/clusters", &token).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{email:?}: {}", reply.body);
        assert_eq!(reply.body, unknown_token.body, "{email:?}");
        assert_eq!(reply.headers.get("www-authenticate"), unknown_token.headers.get("www-authenticate"));
        assert_eq!(reply.headers.get("content-type"), unknown_token.headers.get("content-type"));
    }
}

#[tokio::test]
async fn staff_come_from_resource_access() {
    let issuer = TestIssuer::start().await;
    let h = issuer.sandbox(Duration::from_secs(30), None).await;
    let globex = format!("/clusters/{}", demo::GLOBEX_PROD);
    let staff_role = json!({ "cluster-management": { "roles": ["manage-clusters"] } });
    // Sam is staff when the issuer says so, and only then.
    let mut sam = issuer.claims(demo::SAM_EMAIL);
    assert_eq!(h.get(&globex, &sign(KEY_1, KID_1, &sam)).await.status, StatusCode::NOT_FOUND);
    sam["resource_access"] = staff_role.clone();
    let sam = sign(KEY_1, KID_1, &sam);
    assert_eq!(h.get(&globex, &sam).await.status, StatusCode::OK);
    let delete = h.delete(&globex, &sam).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN, "staff read, never change: {}", delete.body);
    // Alice keeps her Acme roles and gains the staff role from the token.
    let mut alice = issuer.claims(demo::ALICE_EMAIL);
    alice["resource_access"] = json!({ "cluster-management": { "roles": ["view-clusters"] } });
    assert_eq!(h.get(&globex, &sign(KEY_1, KID_1, &alice)).await.status, StatusCode::NOT_FOUND);
    alice["resource_access"] = staff_role;
    let alice = sign(KEY_1, KID_1, &alice);
    assert_eq!(h.get(&globex, &alice).await.status, StatusCode::OK);
    assert_eq!(h.get(&format!("/clusters/{}", demo::ACME_PROD), &alice).await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_kid_fetches_the_keys_again_at_most_once_per_interval() {
    let issuer = TestIssuer::start().await;
    let interval = Duration::from_secs(2);
    let h = issuer.sandbox(interval, None).await;
    let claims = issuer.claims(demo::ALICE_EMAIL);
    assert_eq!(h.get("/clusters", &sign(KEY_1, KID_1, &claims)).await.status, StatusCode::OK);
    assert_eq!(issuer.fetches(), 1);
    // The issuer rotates to key 2. Within the interval, a new kid does not fetch again, so
    // a flood of made-up kids cannot hammer the issuer.
    issuer.rotate_to(&[JWK_2]);
    let rotated = sign(KEY_2, KID_2, &claims);
    for token in [rotated.clone(), sign(KEY_2, "made-up", &claims), sign(KEY_2, "made-up-2", &claims)] {
        assert_eq!(h.get("/clusters", &token).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(issuer.fetches(), 1, "fetched again within the interval");
    // Past it, the new kid fetches the keys again and is accepted.
    tokio::time::sleep(interval + Duration::from_millis(200)).await;
    let reply = h.get("/clusters", &rotated).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(issuer.fetches(), 2);
    // Cached from then on.
    assert_eq!(h.get("/clusters", &rotated).await.status, StatusCode::OK);
    assert_eq!(issuer.fetches(), 2);
}

#[tokio::test]
async fn the_served_console_names_the_issuer_and_may_connect_to_it() {
    let issuer = TestIssuer::start().await;
    let dir = std::env::temp_dir().join(format!("sandbox-issuer-console-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("index.html"), "<html>console</html>").expect("index");
    let config =
        r#"{"environments":[{"name":"Local sandbox"},{"name":"Prod","console_url":"https://app.example"}]}"#;
    std::fs::write(dir.join("config.json"), config).expect("config");
    std::fs::write(
        dir.join("_headers"),
        "/*\n  Content-Security-Policy: default-src 'self'; connect-src 'self' https://app.example; \
         frame-ancestors 'none'\n",
    )
    .expect("headers");
    let h = issuer.sandbox(Duration::from_secs(30), Some(dir.clone())).await;
    let reply = h.raw(Method::GET, "/config.json", None).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let served: Value = reply.json();
    assert_eq!(served["environments"][0]["issuer"], issuer.url.as_str(), "{served}");
    assert_eq!(served["environments"][0]["name"], "Local sandbox");
    assert!(served["environments"][1].get("issuer").is_none(), "another service keeps its own: {served}");
    assert_eq!(reply.headers.get("cache-control").and_then(|v| v.to_str().ok()), Some("no-cache"));
    let origin = issuer.url.trim_end_matches("/realms/test").to_string();
    for path in ["/", "/config.json", "/clusters/c1"] {
        let reply = h.raw(Method::GET, path, None).await;
        let policy =
            reply.headers.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        let connect =
            policy.split(';').map(str::trim).find(|d| d.starts_with("connect-src")).unwrap_or_default();
        assert_eq!(connect, format!("connect-src 'self' https://app.example {origin}"), "{path}: {policy}");
    }
    // dist/ itself is left as it was.
    assert_eq!(std::fs::read_to_string(dir.join("config.json")).expect("config"), config);
    let _ = std::fs::remove_dir_all(dir);
}
