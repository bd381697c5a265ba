//! A runnable bash script of `curl` commands: the token exchange once, then each request
//! of a write in order, with what the service returns kept in shell variables for the
//! requests after it.

use cluster_api::{ApiRequest, Body, Part};

use super::shell::{comment, json_word, single_quote, url_word};

/// Where the requests go: the selected environment's API and token endpoint.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Target {
    /// Name of the environment, for the script's first comment.
    pub name: String,
    pub api_base: String,
    pub token_url: String,
}

/// What a command keeps from its answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Capture {
    Nothing,
    /// The last path segment of the `Location` header of a 201, into this variable.
    Location(&'static str),
    /// Fields of the JSON answer, each `(variable, jq path)`.
    Json(&'static [(&'static str, &'static str)]),
}

const CURL: &str = "curl -sS --fail-with-body";
const BREAK: &str = " \\\n  ";

pub struct Script {
    target: Target,
    out: String,
}

impl Script {
    /// The script's head: what it does, against which environment, and the token exchange
    /// (with the reader's own API secret, never the session's).
    pub fn new(target: &Target, what: &str) -> Script {
        let mut out = String::from("#!/usr/bin/env bash\n");
        out.push_str(&format!(
            "# {}\n",
            comment(&format!("{what}, on {} ({})", target.name, target.api_base))
        ));
        out.push_str(
            "# Needs curl and jq. Set CLIENT_ID and CLIENT_SECRET to an API secret of the organization.\n",
        );
        out.push_str("set -euo pipefail\n\n");
        out.push_str("# Exchange the API secret for an access token.\n");
        let parts = [
            format!("TOKEN=$({CURL} -X POST {}", single_quote(&target.token_url)),
            "--data-urlencode grant_type=client_credentials".to_string(),
            "--data-urlencode \"client_id=$CLIENT_ID\"".to_string(),
            "--data-urlencode \"client_secret=$CLIENT_SECRET\" | jq -r .access_token)".to_string(),
        ];
        out.push_str(&parts.join(BREAK));
        out.push('\n');
        Script { target: target.clone(), out }
    }

    /// A line of shell written by the builder itself (never built from typed text).
    pub fn raw(&mut self, line: &str) {
        self.out.push_str(line);
        self.out.push('\n');
    }

    fn heading(&mut self, what: &str) {
        self.out.push_str(&format!("\n# {}\n", comment(what)));
    }

    /// One API call, as the console would send it, keeping what `capture` names.
    pub fn call(&mut self, what: &str, request: &ApiRequest, capture: Capture) {
        self.heading(what);
        let url = format!("{}{}", self.target.api_base, request.path_and_query());
        let mut words = vec![format!("{CURL} -X {} {}", request.method().as_str(), url_word(&url))];
        words.push("-H \"Authorization: Bearer $TOKEN\"".into());
        match &request.body {
            Body::Empty => {}
            Body::Json(json) => {
                words.push("-H 'Content-Type: application/json'".into());
                words.push(format!("--data-raw {}", json_word(json)));
            }
            Body::Multipart(parts) => words.extend(parts.iter().map(form_part)),
        }
        let command = words.join(BREAK);
        match capture {
            Capture::Nothing => self.out.push_str(&command),
            Capture::Location(var) => self.out.push_str(&format!(
                "{var}=$({command}{BREAK}-D - -o /dev/null | tr -d '\\r' | awk -F/ 'tolower($0) ~ \
                 /^location:/ {{print $NF}}')"
            )),
            Capture::Json([(var, path)]) => self.out.push_str(&format!("{var}=$({command} | jq -r {path})")),
            Capture::Json(fields) => {
                self.out.push_str(&format!("ANSWER=$({command})"));
                for (var, path) in fields {
                    self.out.push_str(&format!("\n{var}=$(printf '%s' \"$ANSWER\" | jq -r {path})"));
                }
            }
        }
        self.out.push('\n');
    }

    /// The PUT of a file to the presigned `$UPLOAD_URL`: storage, not the API, so no token.
    pub fn upload(&mut self, file_name: &str) {
        self.heading("Send the file to storage (a presigned link: no Authorization header)");
        self.out
            .push_str(&format!("FILE={}  # the path of the file on your machine\n", single_quote(file_name)));
        self.out.push_str(&format!("{CURL} -X PUT --upload-file \"$FILE\" \"$UPLOAD_URL\"\n"));
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// One multipart part: text with `--form-string` (curl reads nothing into it), a file as
/// `name=@"file"` with curl's own quoting inside the shell's.
fn form_part(part: &Part) -> String {
    match &part.filename {
        None => format!(
            "--form-string {}",
            single_quote(&format!("{}={}", part.name, String::from_utf8_lossy(&part.data)))
        ),
        Some(file) => {
            let file = file.replace('\\', "\\\\").replace('"', "\\\"");
            let kind = part.content_type.as_deref().map(|t| format!(";type={t}")).unwrap_or_default();
            format!("-F {}", single_quote(&format!("{}=@\"{file}\"{kind}", part.name)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::shell::placeholder;
    use crate::code::testing::{HOSTILE, sandbox};
    use cluster_api::{Call, ExtensionVersionLocationValidationRequest, ops};

    #[test]
    fn the_token_exchange_uses_variables_never_values() {
        let script = Script::new(&sandbox(), "Add a realm").finish();
        assert!(script.starts_with(
            "#!/usr/bin/env bash\n# Add a realm, on Local sandbox \
             (http://127.0.0.1:8080/auth/realms/self/v2)\n"
        ));
        assert!(script.contains(
            "TOKEN=$(curl -sS --fail-with-body -X POST \
             'http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/token'"
        ));
        assert!(
            script.contains("\"client_id=$CLIENT_ID\"")
                && script.contains("\"client_secret=$CLIENT_SECRET\"")
        );
        assert!(script.contains("set -euo pipefail"));
    }

    #[test]
    fn placeholders_become_the_variables_set_before() {
        let mut script = Script::new(&sandbox(), "Confirm");
        let op = ops::ClusterExtensionVersionConfirm {
            id: "c1".into(),
            extension_id: placeholder("EXTENSION_ID"),
            version_id: placeholder("VERSION_ID"),
            body: ExtensionVersionLocationValidationRequest { resource_key: placeholder("RESOURCE_KEY") },
        };
        script.call("Confirm the upload", &op.request(), Capture::Json(&[("STATUS", ".status")]));
        let text = script.finish();
        assert!(
            text.contains(
                "-X PUT 'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/extensions/\
                 '\"$EXTENSION_ID\"'/versions/'\"$VERSION_ID\"'/confirm'"
            ),
            "{text}"
        );
        assert!(
            text.contains("--data-raw '{\"resource_key\":\"'\"$RESOURCE_KEY\"'\"}' | jq -r .status)"),
            "{text}"
        );
    }

    #[test]
    fn multipart_parts_are_quoted_for_curl_and_shell() {
        for name in HOSTILE {
            let part = Part::file("file", name, "application/json", vec![]);
            let word = form_part(&part);
            assert!(word.starts_with("-F '"), "{word}");
            let read = crate::code::testing::shell_read(&word[3..], &[]);
            assert!(read.starts_with("file=@\"") && read.ends_with("\";type=application/json"), "{read}");
        }
        assert_eq!(form_part(&Part::text("name", "@/etc/passwd")), "--form-string 'name=@/etc/passwd'");
    }
}
