//! Starting a sandbox and calling it.

use cluster_api::{AccessToken, ErrorBody};
use cluster_sandbox::{Config, Running, demo};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;

pub struct Harness {
    pub sandbox: Running,
    pub http: reqwest::Client,
}

/// A response read to the end.
pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn json<T: DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{}: {e}: {}", self.status, self.body))
    }

    /// The message of an `{"error": "..."}` body.
    pub fn error(&self) -> String {
        self.json::<ErrorBody>().error
    }
}

impl Harness {
    pub async fn start() -> Harness {
        Harness::with(Config::default()).await
    }

    pub async fn with(config: Config) -> Harness {
        let sandbox = cluster_sandbox::start(config).await.expect("sandbox starts");
        Harness { sandbox, http: reqwest::Client::new() }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.sandbox.base_url())
    }

    pub async fn post_token(&self, path: &str, form: &[(&str, &str)]) -> Reply {
        let response = self.http.post(self.url(path)).form(form).send().await.expect("token call");
        read(response).await
    }

    pub async fn token_for(&self, client_id: &str, client_secret: &str) -> String {
        let form = [
            ("grant_type", "client_credentials"),
            ("client_id", client_id),
            ("client_secret", client_secret),
        ];
        let reply = self.post_token(cluster_api::TOKEN_PATH, &form).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.json::<AccessToken>().access_token
    }

    pub async fn admin(&self) -> String {
        self.token_for(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await
    }

    pub async fn viewer(&self) -> String {
        self.token_for(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await
    }

    pub async fn globex(&self) -> String {
        self.token_for(demo::GLOBEX_CLIENT_ID, demo::GLOBEX_CLIENT_SECRET).await
    }

    /// A call to a full path (prefix included) with an optional raw Authorization header.
    pub async fn raw(&self, method: Method, path: &str, authorization: Option<&str>) -> Reply {
        let mut request = self.http.request(method, self.url(path));
        if let Some(value) = authorization {
            request = request.header(reqwest::header::AUTHORIZATION, value);
        }
        read(request.send().await.expect("call")).await
    }

    /// An API call under `/v2` with a bearer token.
    pub async fn call(&self, method: Method, path: &str, token: &str) -> Reply {
        self.raw(method, &format!("/v2{path}"), Some(&format!("Bearer {token}"))).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Reply {
        self.call(Method::GET, path, token).await
    }

    pub async fn delete(&self, path: &str, token: &str) -> Reply {
        self.call(Method::DELETE, path, token).await
    }
}

async fn read(response: reqwest::Response) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.text().await.expect("body");
    Reply { status, headers, body }
}
