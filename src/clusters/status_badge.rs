use cluster_api::ClusterState;
use leptos::prelude::*;

/// Human words and a colour class for each cluster state.
pub fn describe(status: &ClusterState) -> (&'static str, &'static str) {
    match status {
        ClusterState::Active => ("Active", "ok"),
        ClusterState::Provisioning => ("Provisioning", "busy"),
        // Nothing happens until the person pays: neutral, not an alarm and not a spinner.
        ClusterState::BillingSetup => ("Awaiting payment", "neutral"),
        ClusterState::PendingPayment => ("Confirming payment", "warn"),
        ClusterState::BillingRequired => ("Payment required", "bad"),
        ClusterState::SetupException => ("Setup failed", "bad"),
        ClusterState::Disabled => ("Disabled", "muted"),
        ClusterState::PendingDeletion => ("Pending deletion", "muted"),
        ClusterState::Archived => ("Archived", "muted"),
        ClusterState::Unknown(_) => ("Unknown", "muted"),
    }
}

/// Still changing by itself, so worth watching (and a spinner). A cluster awaiting payment
/// is not: it waits for the person, who is offered Complete payment.
pub fn is_transitional(status: &ClusterState) -> bool {
    matches!(status, ClusterState::Provisioning | ClusterState::PendingPayment)
}

/// The words of a state, or the code itself for a state this console does not know.
pub fn words(status: &ClusterState) -> String {
    match status {
        ClusterState::Unknown(raw) => raw.clone(),
        known => describe(known).0.to_string(),
    }
}

#[component]
pub fn StatusBadge(#[prop(into)] status: Signal<ClusterState>) -> impl IntoView {
    move || {
        let status = status.get();
        let tone = describe(&status).1;
        let label = words(&status);
        // The code stays available, as the tooltip, for support tickets and the API docs.
        view! {
            <span class=format!("badge badge-{tone}") data-status=status.as_str().to_string() title=status.as_str().to_string()>
                {is_transitional(&status).then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
                {label}
            </span>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_as_words() {
        assert_eq!(words(&ClusterState::BillingSetup), "Awaiting payment");
        assert_eq!(describe(&ClusterState::BillingSetup).1, "neutral");
        assert!(!is_transitional(&ClusterState::BillingSetup), "an unpaid cluster does not spin forever");
        assert!(is_transitional(&ClusterState::Provisioning));
        assert_eq!(words(&ClusterState::Unknown("NEW_THING".into())), "NEW_THING");
        for s in ClusterState::KNOWN {
            assert!(!words(s).contains('_'), "{s:?} reads as a code");
        }
    }
}
