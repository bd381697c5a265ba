//! The question before the primary host changes ("Make primary" on a card, or "Switch back
//! to the default host"): one dialog for both, naming the cluster and saying that every
//! realm's issuer and every redirect URL move to the new host, so clients configured with
//! the old one break.

use leptos::prelude::*;

use super::page::DomainsCtx;
use crate::i18n::k::domains as w;
use crate::i18n::{t, tf};
use crate::kit::code::CodePanel;
use crate::kit::{ConfirmDialog, ConfirmStyle, Work};

/// What switching from `old` to `new` on the cluster named `cluster` does, in sentences.
pub fn consequences(cluster: &str, old: &str, new: &str) -> [String; 2] {
    let values = [("cluster", cluster), ("old", old), ("new", new)];
    [tf(w::SWITCH_ISSUER, &values), tf(w::SWITCH_BREAKS, &values)]
}

#[component]
pub fn HostSwitchQuestion() -> impl IntoView {
    let ctx = expect_context::<DomainsCtx>();
    let (cluster, cluster_id) = (ctx.cluster.cluster, ctx.cluster.id);
    let target = move || ctx.switch_target.get().unwrap_or_default();
    let name = move || cluster.with(|c| c.name.clone());
    let title = Signal::derive(move || tf(w::SWITCH_TITLE, &[("new", &target()), ("cluster", &name())]));
    let curl = crate::code::live(Box::new(move |t| {
        crate::code::actions::primary_host(t, &cluster_id.get_value(), &target())
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::primary_host(t, &cluster_id.get_value(), &target())
    }));
    let work = Callback::new(move |()| -> Work { ctx.switch_work(target()) });
    view! {
        <ConfirmDialog
            confirm=ctx.host_confirm
            style=ConfirmStyle::Danger
            title=title
            body=move || {
                let [issuer, breaks] = consequences(&name(), &ctx.primary.get(), &target());
                view! {
                    <p id="switch-issuer">{issuer}</p>
                    <p id="switch-breaks">{breaks}</p>
                    <CodePanel curl=curl hcl=hcl />
                }
            }
            work=work
            confirm_label=t(w::SWITCH_CONFIRM)
            busy_label=t(w::SWITCHING)
            confirm_id="confirm-host-switch"
        />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_names_the_issuer_redirects_and_the_old_host() {
        let [issuer, breaks] = consequences("acme-prod", "acme-prod.global.auth.ac", "auth.acme.com");
        assert!(issuer.contains("issuer of every realm on acme-prod"), "{issuer}");
        assert!(issuer.contains("https://auth.acme.com/auth/realms/"), "{issuer}");
        assert!(issuer.contains("redirect URL"), "{issuer}");
        assert!(breaks.contains("acme-prod.global.auth.ac"), "{breaks}");
        assert!(breaks.contains("stop working"), "{breaks}");
    }
}
