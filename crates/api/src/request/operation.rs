//! The contract's operations as data: method, path template, tag and request body; a
//! template filled from typed parameters (each percent-encoded as one segment) and a
//! concrete path matched against it.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// What an operation's request body is, as the contract's `requestBody` declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// No request body in the contract.
    None,
    /// `application/json`, `required: true`.
    Json,
    /// `application/json` that may be left out.
    OptionalJson,
    /// `multipart/form-data`, `required: true`.
    Multipart,
}

/// One operation of the contract: its ID, method, path template (relative to the API
/// prefix), tag, and request body. `catalogue` holds every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    pub id: &'static str,
    pub method: Method,
    pub path: &'static str,
    pub tag: &'static str,
    pub deprecated: bool,
    pub body: BodyKind,
}

impl Operation {
    const fn new(method: Method, id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation { id, method, path, tag, deprecated: false, body: BodyKind::None }
    }

    pub const fn get(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Get, id, path, tag)
    }

    pub const fn post(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Post, id, path, tag)
    }

    pub const fn put(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Put, id, path, tag)
    }

    pub const fn delete(id: &'static str, path: &'static str, tag: &'static str) -> Operation {
        Operation::new(Method::Delete, id, path, tag)
    }

    /// The same operation taking a required JSON body.
    pub const fn json(self) -> Operation {
        Operation { body: BodyKind::Json, ..self }
    }

    /// The same operation taking a JSON body that may be left out.
    pub const fn optional_json(self) -> Operation {
        Operation { body: BodyKind::OptionalJson, ..self }
    }

    /// The same operation taking a `multipart/form-data` body.
    pub const fn multipart(self) -> Operation {
        Operation { body: BodyKind::Multipart, ..self }
    }

    pub const fn deprecated(self) -> Operation {
        Operation { deprecated: true, ..self }
    }

    /// The names of the path template's parameters, in order (`{extensionId}` gives
    /// `extensionId`).
    pub fn path_params(&self) -> impl Iterator<Item = &'static str> {
        self.path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
    }

    /// Are `names` (snake_case, as the typed requests name their fields) exactly the
    /// template's parameters, in order? `extension_id` names `{extensionId}`. A `const fn`,
    /// so `ops` checks every typed request against its template when it compiles.
    pub const fn takes(&self, names: &[&str]) -> bool {
        let path = self.path.as_bytes();
        let (mut at, mut next) = (0, 0);
        while at < path.len() {
            if path[at] == b'{' {
                let mut end = at + 1;
                while path[end] != b'}' {
                    end += 1;
                }
                if next == names.len() || !same_name(path, at + 1, end, names[next].as_bytes()) {
                    return false;
                }
                next += 1;
                at = end;
            }
            at += 1;
        }
        next == names.len()
    }

    /// The concrete path: each `{name}` of the template filled from the parameter of that
    /// name (snake_case: `extension_id` fills `{extensionId}`), percent-encoded as one
    /// segment. Every typed request supplies exactly the template's parameters ([`takes`]
    /// holds, checked at compile time in `ops`); a missing one would leave its `{name}`,
    /// which no encoded value contains.
    ///
    /// [`takes`]: Operation::takes
    pub fn fill(&self, params: &[(&str, &str)]) -> String {
        debug_assert!(
            self.takes(&params.iter().map(|(name, _)| *name).collect::<Vec<_>>()),
            "{}: parameters {params:?} do not fill {}",
            self.id,
            self.path
        );
        let segments: Vec<String> = self
            .path
            .split('/')
            .map(|segment| {
                let name = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}'));
                let value = name.and_then(|name| {
                    params.iter().find(|(p, _)| same_name(name.as_bytes(), 0, name.len(), p.as_bytes()))
                });
                value.map_or_else(|| segment.to_string(), |(_, value)| encode_segment(value))
            })
            .collect();
        segments.join("/")
    }

    /// Does a concrete path (relative to the API prefix, still encoded) match the
    /// template? Returns the decoded path parameters in template order.
    pub fn match_path(&self, path: &str) -> Option<Vec<String>> {
        let mut params = Vec::new();
        let mut want = self.path.trim_matches('/').split('/');
        let mut got = path.trim_matches('/').split('/');
        loop {
            match (want.next(), got.next()) {
                (None, None) => return Some(params),
                (Some(w), Some(g)) if w.starts_with('{') => {
                    if g.is_empty() {
                        return None;
                    }
                    params.push(percent_encoding::percent_decode_str(g).decode_utf8().ok()?.into_owned());
                }
                (Some(w), Some(g)) if w == g => {}
                _ => return None,
            }
        }
    }
}

/// Is `template[start..end]` (camelCase) the parameter `snake` (snake_case)? `extensionId`
/// is `extension_id`.
const fn same_name(template: &[u8], start: usize, end: usize, snake: &[u8]) -> bool {
    let (mut t, mut s) = (start, 0);
    while t < end {
        let c = template[t];
        if c.is_ascii_uppercase() {
            if s + 1 >= snake.len() || snake[s] != b'_' || snake[s + 1] != c.to_ascii_lowercase() {
                return false;
            }
            s += 2;
        } else {
            if s >= snake.len() || snake[s] != c {
                return false;
            }
            s += 1;
        }
        t += 1;
    }
    s == snake.len()
}

/// Everything outside RFC 3986's unreserved set is escaped in a path segment.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Percent-encodes one path segment (a `/` inside an ID is escaped, never a separator).
pub fn encode_segment(value: &str) -> String {
    utf8_percent_encode(value, SEGMENT).to_string()
}

#[cfg(test)]
mod tests {
    use crate::catalogue;

    /// `extensionId` → `extension_id`, as the typed requests name their fields.
    fn snake(name: &str) -> String {
        name.chars()
            .flat_map(|c| if c.is_ascii_uppercase() { vec!['_', c.to_ascii_lowercase()] } else { vec![c] })
            .collect()
    }

    #[test]
    fn takes_wants_exactly_the_template_parameters_in_order() {
        let op = &catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM;
        assert!(op.takes(&["id", "extension_id", "version_id"]));
        assert!(!op.takes(&["id", "version_id", "extension_id"]), "order");
        assert!(!op.takes(&["id", "extension_id"]), "missing");
        assert!(!op.takes(&["id", "extension_id", "version_id", "file"]), "extra");
        assert!(!op.takes(&["id", "extensionId", "version_id"]), "the template's spelling");
        assert!(!op.takes(&["id", "extension_i", "version_id"]), "a prefix");
        assert!(catalogue::CLUSTER_LIST.takes(&[]));
        assert!(!catalogue::CLUSTER_LIST.takes(&["id"]));
    }

    #[test]
    fn every_template_is_filled_from_its_named_parameters() {
        for op in catalogue::every() {
            let names: Vec<String> = op.path_params().map(snake).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            assert!(op.takes(&names), "{}: {names:?}", op.id);
            let values: Vec<String> = (0..names.len()).map(|i| format!("v/{i} ä")).collect();
            let params: Vec<(&str, &str)> =
                names.iter().zip(&values).map(|(name, value)| (*name, value.as_str())).collect();
            let path = op.fill(&params);
            assert!(!path.contains(['{', '}', ' ']), "{}: {path}", op.id);
            assert_eq!(op.match_path(&path), Some(values), "{}: {path}", op.id);
        }
    }

    #[test]
    fn fill_encodes_each_parameter_as_one_segment() {
        let op = &catalogue::CLUSTER_DOMAIN_DETAIL;
        assert_eq!(op.fill(&[("id", "c/1 x"), ("domain_id", "d%1")]), "/clusters/c%2F1%20x/domains/d%251");
        assert_eq!(catalogue::ORG_LIST.fill(&[]), "/orgs");
    }
}
