//! App-association ("well-known") files of a WELL_KNOWN extension: which files exist,
//! the JSON shape each operating system expects, and the `WellKnown` view.

use crate::records::{ClusterRow, ExtensionRow};
use cluster_api::{WellKnown, WellKnownFile};

pub use cluster_api::well_known::{AASA, ASSETLINKS, FILES, check_shape};

/// How long a published change takes to reach the edge, as the service reports it.
pub const PROPAGATION_SECONDS: i32 = 60;

/// 404's message for a `{file}` that is not one of [`FILES`].
pub fn file_problem(file: &str) -> Option<String> {
    (!FILES.contains(&file)).then(|| {
        format!("There is no well-known file named {file:?}; the files are {AASA} and {ASSETLINKS}.")
    })
}

/// The value `changePassword.set` stores: `None` clears. 400's message for a value that
/// is not an http(s) URL.
pub fn change_password_url(value: Option<&str>) -> Result<Option<String>, String> {
    let Some(url) = value.map(str::trim).filter(|url| !url.is_empty()) else {
        return Ok(None);
    };
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.starts_with('/') && !url.contains(char::is_whitespace) => {
            Ok(Some(url.to_string()))
        }
        _ => Err(format!(
            "change_password_url must be an http(s) URL such as https://example.com/account/password; got \
             {url:?}. Send an empty value to clear it."
        )),
    }
}

/// The host the files are served on: the custom domain when there is one, else the
/// cluster's own host without its scheme.
pub fn domain(cluster: &ClusterRow) -> String {
    cluster.domain.clone().unwrap_or_else(|| {
        let host = cluster.host();
        host.split_once("://").map_or(host.clone(), |(_, rest)| rest.to_string())
    })
}

/// The `WellKnown` view; `published` pairs a file with its confirmed resource key.
pub fn view(cluster: &ClusterRow, extension: &ExtensionRow, published: &[(String, String)]) -> WellKnown {
    let domain = domain(cluster);
    let files = FILES
        .iter()
        .map(|name| {
            let key = published.iter().find(|(file, _)| file == name).map(|(_, key)| key.clone());
            WellKnownFile {
                name: Some(name.to_string()),
                url: Some(format!("https://{domain}/.well-known/{name}")),
                uploaded: Some(key.is_some()),
                resource_key: key,
            }
        })
        .collect();
    WellKnown {
        domain: Some(domain),
        files: Some(files),
        change_password_url: extension.change_password_url.clone(),
        propagation_seconds: Some(PROPAGATION_SECONDS),
    }
}

#[cfg(test)]
#[path = "well_known_tests.rs"]
mod tests;
