use cluster_api::ClusterState;
use leptos::prelude::*;

/// Human words and a colour class for each cluster state.
pub fn describe(status: &ClusterState) -> (&'static str, &'static str) {
    match status {
        ClusterState::Active => ("Active", "ok"),
        ClusterState::Provisioning => ("Provisioning", "busy"),
        ClusterState::BillingSetup => ("Awaiting payment setup", "warn"),
        ClusterState::PendingPayment => ("Awaiting payment", "warn"),
        ClusterState::BillingRequired => ("Payment required", "bad"),
        ClusterState::SetupException => ("Setup failed", "bad"),
        ClusterState::Disabled => ("Disabled", "muted"),
        ClusterState::PendingDeletion => ("Pending deletion", "muted"),
        ClusterState::Archived => ("Archived", "muted"),
        ClusterState::Unknown(_) => ("Unknown", "muted"),
    }
}

/// Still changing by itself, so worth watching.
pub fn is_transitional(status: &ClusterState) -> bool {
    matches!(status, ClusterState::Provisioning | ClusterState::PendingPayment | ClusterState::BillingSetup)
}

#[component]
pub fn StatusBadge(#[prop(into)] status: Signal<ClusterState>) -> impl IntoView {
    move || {
        let status = status.get();
        let (label, tone) = describe(&status);
        let label = match &status {
            ClusterState::Unknown(raw) => raw.clone(),
            _ => label.to_string(),
        };
        view! {
            <span class=format!("badge badge-{tone}") data-status=status.as_str().to_string()>
                {is_transitional(&status).then(|| view! { <span class="spinner" aria-hidden="true"></span> })}
                {label}
            </span>
        }
    }
}
