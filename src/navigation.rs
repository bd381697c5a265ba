//! Where to send the person after sign-in, checked so a crafted link cannot send them
//! to another site. (The sign-in address itself is built in `links`.)

/// The `next` target if it is a path on this console, else the clusters list.
pub fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains('\\')
                && !path.starts_with(crate::links::SIGN_IN) =>
        {
            path.to_string()
        }
        _ => crate::links::CLUSTERS.to_string(),
    }
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
}
