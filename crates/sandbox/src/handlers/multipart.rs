//! A small `multipart/form-data` reader (RFC 7578) for the realm import: the parts, their
//! names, file names and bytes. Enough for browsers, curl and reqwest.

/// One part of the form.
#[derive(Debug, Clone, PartialEq)]
pub struct FormPart {
    pub name: String,
    pub filename: Option<String>,
    pub data: Vec<u8>,
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    (from..=haystack.len() - needle.len()).find(|&i| &haystack[i..i + needle.len()] == needle)
}

/// The boundary of a `multipart/form-data` content type.
pub fn boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|p| {
        let (key, value) = p.split_once('=')?;
        key.trim().eq_ignore_ascii_case("boundary").then(|| value.trim().trim_matches('"').to_string())
    })
}

/// `name="x"` from a Content-Disposition header value.
fn param(disposition: &str, key: &str) -> Option<String> {
    disposition.split(';').find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim().eq_ignore_ascii_case(key).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// Every part of `body`, or why the body is not a form.
pub fn parse(content_type: &str, body: &[u8]) -> Result<Vec<FormPart>, String> {
    let boundary =
        boundary(content_type).ok_or("The request must be multipart/form-data with a boundary.")?;
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut at = find(body, &delimiter, 0).ok_or("The multipart body has no parts.")? + delimiter.len();
    loop {
        if body.get(at..at + 2) == Some(b"--") {
            return Ok(parts);
        }
        let head_start = at + 2; // past CRLF
        let head_end = find(body, b"\r\n\r\n", head_start).ok_or("A multipart part has no header end.")?;
        let head = String::from_utf8_lossy(body.get(head_start..head_end).unwrap_or_default()).into_owned();
        let data_start = head_end + 4;
        let mut closing = b"\r\n".to_vec();
        closing.extend_from_slice(&delimiter);
        let data_end = find(body, &closing, data_start).ok_or("The multipart body is not closed.")?;
        let disposition = head
            .lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.trim().eq_ignore_ascii_case("content-disposition").then(|| value.to_string())
            })
            .ok_or("A multipart part has no Content-Disposition.")?;
        let name = param(&disposition, "name").ok_or("A multipart part has no name.")?;
        let data = body.get(data_start..data_end).unwrap_or_default().to_vec();
        parts.push(FormPart { name, filename: param(&disposition, "filename"), data });
        at = data_end + closing.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_parts() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"file\"; \
                     filename=\"r.json\"\r\nContent-Type: application/json\r\n\r\n{\"realm\":\"a\"}\
                     \r\n--XyZ\r\nContent-Disposition: form-data; \
                     name=\"deployment-name\"\r\n\r\ntenant\r\n--XyZ--\r\n";
        let parts = parse("multipart/form-data; boundary=XyZ", body).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].name.as_str(), parts[0].filename.as_deref()), ("file", Some("r.json")));
        assert_eq!(parts[0].data, b"{\"realm\":\"a\"}");
        assert_eq!(
            (parts[1].name.as_str(), parts[1].data.as_slice()),
            ("deployment-name", b"tenant".as_slice())
        );
        assert!(parse("application/json", body).is_err());
        assert!(parse("multipart/form-data; boundary=\"XyZ\"", b"--XyZ\r\nbroken").is_err());
        assert_eq!(boundary("multipart/form-data; boundary=\"a b\""), Some("a b".into()));
    }
}
