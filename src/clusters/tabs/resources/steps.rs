//! The upload as a sequence of steps, kept apart from the screen so it can be tested:
//! which steps a target takes, what the person is told when one fails, and which step
//! a retry starts from (never from the beginning unless it must).

use cluster_api::ExtensionVersion;

use super::checks::{FileKind, WELL_KNOWN_FILES};
use super::xhr::PutError;
use crate::api::ApiError;
use crate::i18n::k::resources_upload as w;
use crate::i18n::{Msg, t, tf};

/// Where an upload goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A theme or extension jar for one Keycloak major; `version` when that major
    /// already has a version record (the file replaces its upload).
    Version { major: i32, version: Option<String> },
    /// A password denylist: the extension's single version-independent file.
    Standalone,
    /// One of the two app-association files of a WELL_KNOWN extension.
    WellKnown { file: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    CreateVersion,
    UploadUrl,
    Put,
    Confirm,
    Scan,
}

impl Step {
    /// What the step does, as the step list shows it.
    pub fn label(self) -> &'static str {
        t(self.message())
    }

    /// [`Step::label`]'s message (the activity center reads it when it shows it).
    pub fn message(self) -> Msg {
        match self {
            Step::CreateVersion => w::STEP_CREATE,
            Step::UploadUrl => w::STEP_URL,
            Step::Put => w::STEP_PUT,
            Step::Confirm => w::STEP_CONFIRM,
            Step::Scan => w::STEP_SCAN,
        }
    }

    /// The step's name inside a sentence ("… failed while …").
    fn doing(self) -> &'static str {
        t(match self {
            Step::CreateVersion => w::DOING_CREATE,
            Step::UploadUrl => w::DOING_URL,
            Step::Put => w::DOING_PUT,
            Step::Confirm => w::DOING_CONFIRM,
            Step::Scan => w::DOING_SCAN,
        })
    }
}

/// The steps of an upload to `target`, in order.
pub fn plan(target: &Target) -> Vec<Step> {
    match target {
        Target::Version { version: None, .. } => {
            vec![Step::CreateVersion, Step::UploadUrl, Step::Put, Step::Confirm, Step::Scan]
        }
        Target::Version { .. } => vec![Step::UploadUrl, Step::Put, Step::Confirm, Step::Scan],
        Target::Standalone => vec![Step::UploadUrl, Step::Put, Step::Confirm, Step::Scan],
        Target::WellKnown { .. } => vec![Step::UploadUrl, Step::Put, Step::Confirm],
    }
}

/// A failure of one step.
#[derive(Debug, Clone, PartialEq)]
pub enum StepError {
    Api(ApiError),
    Put(PutError),
    /// Something the console itself could not do (read the file, an unusable link).
    Local(String),
}

impl StepError {
    fn words(&self) -> String {
        match self {
            StepError::Api(e) => format!("{} {}", e.title(), e.detail()),
            StepError::Put(e) => e.words(),
            StepError::Local(why) => why.clone(),
        }
    }
}

/// Where an upload stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    Ready,
    Running(Step),
    Failed {
        step: Step,
        message: String,
        retry: Step,
    },
    /// The service refused the file itself: no retry can succeed, so there is none; the
    /// person chooses another file. `message` says what was wrong and what was cleaned up.
    Refused {
        message: String,
    },
    Done,
}

impl Phase {
    pub fn busy(&self) -> bool {
        matches!(self, Phase::Running(_))
    }
}

/// The step to run again after `step` failed with `error`. A PUT whose link expired or
/// was refused needs a new link first; everything else is retried where it failed.
pub fn retry_from(step: Step, error: &StepError) -> Step {
    match (step, error) {
        (Step::Put, StepError::Put(e)) if e.needs_new_url() => Step::UploadUrl,
        _ => step,
    }
}

/// The failed phase for `step`, whose message says which step of how many failed, why,
/// and what Retry will do.
pub fn failed(plan: &[Step], step: Step, error: &StepError) -> Phase {
    let total = plan.len();
    let n = plan.iter().position(|s| *s == step).map_or(total, |i| i + 1);
    let retry = retry_from(step, error);
    let (n, total) = (n.to_string(), total.to_string());
    let then = if retry == step {
        tf(w::RETRY_SAME, &[("step", &n)])
    } else {
        let m = plan.iter().position(|s| *s == retry).map_or(1, |i| i + 1);
        tf(w::RETRY_FROM, &[("step", &m.to_string()), ("doing", retry.doing())])
    };
    let at = [("step", n.as_str()), ("total", total.as_str()), ("then", then.as_str())];
    let message = match error {
        StepError::Put(PutError::Cancelled) => tf(w::STEP_CANCELLED, &at),
        _ => {
            let why = error.words();
            tf(w::STEP_FAILED, &[&at[..], &[("doing", step.doing()), ("why", why.as_str())]].concat())
        }
    };
    Phase::Failed { step, message, retry }
}

/// What the person is told when the service refused the sent file at confirm (`said`, the
/// service's words) and, when this upload had created the version record, whether it was
/// removed again (`Some(Ok)`), could not be (`Some(Err(why))`), or none was created (`None`).
pub fn refused(file: &str, said: &str, removed: Option<Result<(), String>>) -> Phase {
    let cleanup = match removed {
        None => t(w::NOTHING_CHANGED).to_string(),
        Some(Ok(())) => t(w::VERSION_REMOVED).to_string(),
        Some(Err(why)) => tf(w::VERSION_NOT_REMOVED, &[("why", &why)]),
    };
    Phase::Refused { message: tf(w::REFUSED, &[("file", file), ("said", said), ("cleanup", &cleanup)]) }
}

/// The target of an upload of `kind` to the chosen `slot` (a Keycloak major, or a
/// well-known file name), reusing the version record a major already has.
pub fn target_for(kind: FileKind, slot: &str, versions: &[ExtensionVersion]) -> Result<Target, String> {
    match kind {
        FileKind::Jar => {
            let major: i32 = slot.trim().parse().map_err(|_| t(w::CHOOSE_MAJOR).to_string())?;
            let version =
                versions.iter().find(|v| v.keycloak_major_version == Some(major)).map(|v| v.id.clone());
            Ok(Target::Version { major, version })
        }
        FileKind::Denylist => Ok(Target::Standalone),
        FileKind::Json => match WELL_KNOWN_FILES.iter().find(|f| **f == slot) {
            Some(file) => Ok(Target::WellKnown { file: file.to_string() }),
            None => Err(t(w::CHOOSE_FILE_KIND).to_string()),
        },
    }
}

/// How much of the file has been sent, in whole percent.
pub fn percent(sent: f64, total: f64) -> u32 {
    if total <= 0.0 || !sent.is_finite() || !total.is_finite() {
        return 0;
    }
    ((sent / total) * 100.0).clamp(0.0, 100.0).floor() as u32
}

/// The label a version gets from its file: the name without the directory or `.jar`.
pub fn label_for(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let stem = base.strip_suffix(".jar").or_else(|| base.strip_suffix(".JAR")).unwrap_or(base);
    stem.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_per_target() {
        let new = Target::Version { major: 26, version: None };
        assert_eq!(plan(&new).first(), Some(&Step::CreateVersion));
        assert_eq!(plan(&new).len(), 5);
        let existing = Target::Version { major: 26, version: Some("v1".into()) };
        assert_eq!(plan(&existing), vec![Step::UploadUrl, Step::Put, Step::Confirm, Step::Scan]);
        assert_eq!(plan(&Target::Standalone).last(), Some(&Step::Scan));
        assert_eq!(plan(&Target::WellKnown { file: "assetlinks.json".into() }).last(), Some(&Step::Confirm));
    }

    #[test]
    fn retries_resume_where_they_can() {
        let expired = StepError::Put(PutError::Expired);
        assert_eq!(retry_from(Step::Put, &expired), Step::UploadUrl);
        assert_eq!(retry_from(Step::Put, &StepError::Put(PutError::Network)), Step::Put);
        let conflict = StepError::Api(ApiError::Conflict {
            message: "Nothing has been uploaded".into(),
            restart: false,
        });
        assert_eq!(retry_from(Step::Confirm, &conflict), Step::Confirm);
    }

    #[test]
    fn failures_name_the_step() {
        let steps = plan(&Target::Version { major: 26, version: None });
        let e = StepError::Api(ApiError::Network("down".into()));
        let Phase::Failed { message, retry, .. } = failed(&steps, Step::UploadUrl, &e) else {
            panic!("not failed")
        };
        assert!(message.starts_with("Step 2 of 5 failed while getting an upload link."), "{message}");
        assert!(message.contains("Retry repeats step 2 only"), "{message}");
        assert_eq!(retry, Step::UploadUrl);
        let Phase::Failed { message, retry, .. } =
            failed(&steps, Step::Put, &StepError::Put(PutError::Expired))
        else {
            panic!("not failed")
        };
        assert!(message.contains("Step 3 of 5 failed while sending the file to storage"), "{message}");
        assert!(message.contains("starts again at step 2 (getting an upload link)"), "{message}");
        assert_eq!(retry, Step::UploadUrl);
        let Phase::Failed { message, .. } = failed(&steps, Step::Put, &StepError::Put(PutError::Cancelled))
        else {
            panic!("not failed")
        };
        assert!(message.starts_with("Step 3 of 5 was cancelled"), "{message}");
        let bad = StepError::Api(ApiError::BadRequest("The file uploaded to k is not a jar".into()));
        let Phase::Failed { message, .. } = failed(&steps, Step::Confirm, &bad) else { panic!("not failed") };
        assert!(message.contains("confirming the upload") && message.contains("not a jar"), "{message}");
    }

    #[test]
    fn a_refused_file_says_what_was_cleaned_up_and_offers_no_retry() {
        let Phase::Refused { message } = refused("notes.jar", "Not a jar.", Some(Ok(()))) else {
            panic!("not refused")
        };
        assert!(message.starts_with("The service refused notes.jar after it was sent"), "{message}");
        assert!(
            message.contains("was removed, so nothing is left behind") && !message.contains("Retry"),
            "{message}"
        );
        let Phase::Refused { message } = refused("x.jar", "No.", Some(Err("Network down".into()))) else {
            panic!("not refused")
        };
        assert!(message.contains("could not be removed (Network down)"), "{message}");
        assert!(!Phase::Refused { message }.busy());
    }

    #[test]
    fn targets_from_the_chosen_slot() {
        let existing =
            [ExtensionVersion { id: "v26".into(), keycloak_major_version: Some(26), ..Default::default() }];
        assert_eq!(
            target_for(FileKind::Jar, "26", &existing),
            Ok(Target::Version { major: 26, version: Some("v26".into()) })
        );
        assert_eq!(
            target_for(FileKind::Jar, "25", &existing),
            Ok(Target::Version { major: 25, version: None })
        );
        assert!(target_for(FileKind::Jar, "", &existing).is_err());
        assert_eq!(target_for(FileKind::Denylist, "", &[]), Ok(Target::Standalone));
        assert_eq!(
            target_for(FileKind::Json, "assetlinks.json", &[]),
            Ok(Target::WellKnown { file: "assetlinks.json".into() })
        );
        assert!(target_for(FileKind::Json, "robots.txt", &[]).is_err());
    }

    #[test]
    fn labels_from_file_names() {
        assert_eq!(label_for("acme-theme-1.2.jar"), "acme-theme-1.2");
        assert_eq!(label_for("C:\\fakepath\\x.jar"), "x");
        assert_eq!(label_for("common.txt"), "common.txt");
        assert!(Phase::Running(Step::Put).busy());
        assert_eq!(percent(0.0, 0.0), 0);
        assert_eq!(percent(512.0, 1024.0), 50);
        assert_eq!(percent(1024.0, 1024.0), 100);
        assert_eq!(percent(2048.0, 1024.0), 100);
        assert!(!Phase::Done.busy());
    }
}
