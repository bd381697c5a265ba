//! Where to send the person after sign-in, checked so a crafted link cannot send them
//! to another site.

/// The `next` target if it is a path on this console, else the clusters list.
pub fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(path) if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') && !path.starts_with("/sign-in") => {
            path.to_string()
        }
        _ => "/clusters".to_string(),
    }
}

/// `/sign-in?next=<path>` for the page the person asked for.
pub fn sign_in_url(path_and_query: &str) -> String {
    format!("/sign-in?next={}", cluster_api::request::encode_segment(&safe_next(Some(path_and_query))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_local_paths() {
        assert_eq!(safe_next(Some("/clusters/abc?tab=metrics")), "/clusters/abc?tab=metrics");
    }

    #[test]
    fn refuses_other_sites() {
        assert_eq!(safe_next(Some("https://evil.example")), "/clusters");
        assert_eq!(safe_next(Some("//evil.example/x")), "/clusters");
        assert_eq!(safe_next(Some("/\\evil.example")), "/clusters");
        assert_eq!(safe_next(Some("/sign-in?next=/x")), "/clusters");
        assert_eq!(safe_next(None), "/clusters");
    }

    #[test]
    fn sign_in_url_encodes_the_target() {
        assert_eq!(sign_in_url("/clusters?status=ACTIVE"), "/sign-in?next=%2Fclusters%3Fstatus%3DACTIVE");
    }
}
