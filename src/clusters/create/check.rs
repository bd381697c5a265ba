//! What stops the wizard from sending the create, checked when the person presses Create
//! cluster. Most reasons are the person's to fix, said in a line under the summary. A
//! choice missing because its read is still loading or failed is not: that is a failure,
//! shown as one (a panel saying nothing was sent and what to do), and it stays until the
//! next press, like a failed write's panel, so the press it answers is never forgotten.

use leptos::prelude::*;

use crate::i18n::k::clusters_create as w;
use crate::i18n::t;

/// Where a read the form needs stands: not answered yet, failed, or answered.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Read {
    Loading,
    Failed,
    Done,
}

impl Read {
    pub fn of<T, E>(answer: &Option<Result<T, E>>) -> Read {
        match answer {
            None => Read::Loading,
            Some(Err(_)) => Read::Failed,
            Some(Ok(_)) => Read::Done,
        }
    }
}

/// The form as the check sees it (read untracked at the press).
pub struct Form {
    pub orgs: Read,
    pub org_chosen: bool,
    pub regions: Read,
    pub region_chosen: bool,
    pub named: bool,
    pub name_taken: bool,
    pub pay_settled: bool,
}

/// Why the create was not sent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Refusal {
    /// Something for the person to do, in words.
    Fix(&'static str),
    /// `what` ("organizations", "regions") could not be chosen: its read has not answered
    /// (`failed` false) or failed.
    Unread { what: &'static str, failed: bool },
}

pub fn refusal(form: &Form) -> Option<Refusal> {
    let unread = |what, read| match read {
        Read::Loading => Some(Refusal::Unread { what, failed: false }),
        Read::Failed => Some(Refusal::Unread { what, failed: true }),
        Read::Done => None,
    };
    if !form.org_chosen {
        return unread("organizations", form.orgs).or(Some(Refusal::Fix(t(w::FIX_ORG))));
    }
    if !form.region_chosen {
        return unread("regions", form.regions).or(Some(Refusal::Fix(t(w::FIX_REGION))));
    }
    if !form.named {
        return Some(Refusal::Fix(t(w::FIX_NAME)));
    }
    if form.name_taken {
        return Some(Refusal::Fix(t(w::FIX_NAME_TAKEN)));
    }
    if !form.pay_settled {
        return Some(Refusal::Fix(t(w::FIX_PAY)));
    }
    None
}

/// The refusal as the summary shows it.
pub fn show(refusal: Refusal) -> AnyView {
    match refusal {
        Refusal::Fix(what) => view! {
            <p class="error-detail" role="alert">
                {what}
            </p>
        }
        .into_any(),
        Refusal::Unread { what, failed } => {
            // One whole sentence per read: `what` names the read, never words to glue in.
            let regions = what == "regions";
            let (title, detail) = match (failed, regions) {
                (true, false) => (w::ORGS_FAILED_TITLE, w::ORGS_FAILED_DETAIL),
                (true, true) => (w::REGIONS_FAILED_TITLE, w::REGIONS_FAILED_DETAIL),
                (false, false) => (w::ORGS_LOADING_TITLE, w::LOADING_DETAIL),
                (false, true) => (w::REGIONS_LOADING_TITLE, w::LOADING_DETAIL),
            };
            let (title, detail) = (t(title), t(detail));
            view! {
                <div class="error-panel" role="alert" id="create-refused-unread">
                    <p class="error-title">{title}</p>
                    <p class="error-detail">{detail}</p>
                </div>
            }
            .into_any()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete() -> Form {
        Form {
            orgs: Read::Done,
            org_chosen: true,
            regions: Read::Done,
            region_chosen: true,
            named: true,
            name_taken: false,
            pay_settled: true,
        }
    }

    #[test]
    fn a_complete_form_is_sent() {
        assert_eq!(refusal(&complete()), None);
    }

    #[test]
    fn a_region_missing_for_want_of_the_read_is_a_failure_not_a_hint() {
        let failed = Form { regions: Read::Failed, region_chosen: false, ..complete() };
        assert_eq!(refusal(&failed), Some(Refusal::Unread { what: "regions", failed: true }));
        let loading = Form { regions: Read::Loading, region_chosen: false, ..complete() };
        assert_eq!(refusal(&loading), Some(Refusal::Unread { what: "regions", failed: false }));
        let unchosen = Form { region_chosen: false, ..complete() };
        assert_eq!(refusal(&unchosen), Some(Refusal::Fix("Choose a region.")));
        // A region chosen before a later reload failed is still a choice.
        assert_eq!(refusal(&Form { regions: Read::Failed, ..complete() }), None);
    }

    #[test]
    fn the_first_missing_thing_is_named() {
        let orgs_failed = Form {
            orgs: Read::Failed,
            org_chosen: false,
            regions: Read::Failed,
            region_chosen: false,
            ..complete()
        };
        assert_eq!(refusal(&orgs_failed), Some(Refusal::Unread { what: "organizations", failed: true }));
        assert_eq!(
            refusal(&Form { named: false, pay_settled: false, ..complete() }),
            Some(Refusal::Fix("Enter a name for the cluster."))
        );
        assert_eq!(
            refusal(&Form { pay_settled: false, ..complete() }),
            Some(Refusal::Fix("Choose how to pay: a saved card, or the checkout page."))
        );
    }
}
