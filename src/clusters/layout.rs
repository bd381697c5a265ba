//! `/clusters/:id`: the cluster's header (name, state, what it means, payment) and its tabs.
//! The cluster is watched once here and shared with every tab through context.

use cluster_api::{Cluster, ClusterState, catalogue};
use leptos::prelude::*;
use leptos_router::{
    NavigateOptions,
    hooks::{use_location, use_navigate, use_query_map},
};

use super::ClusterCtx;
use super::payment::{PaymentCallout, unpaid_reason};
use super::watch::{ClusterWatch, restart_watch};
use crate::api::{ApiError, use_api};
use crate::clusters::status_badge::StatusBadge;
use crate::clusters::status_badge::is_transitional;
use crate::directory::Directory;
use crate::i18n::k::clusters_page as w;
use crate::i18n::{Phrase, t, tf};
use crate::kit::page::{PageHead, name_crumb, title};
use crate::kit::{Badge, ErrorPanel, Loaded, Outlet, Tone, toned, use_id};
use crate::links::{self, ClusterTab};
use crate::routes;
use crate::session::{Flash, Session};

/// Remounts per ID so each cluster gets its own watch.
#[component]
pub fn ClusterLayout() -> impl IntoView {
    let id = use_id("id");
    move || view! { <ClusterPage id=id.get() /> }
}

/// What a state means for the person looking at it.
pub fn explain(status: &ClusterState) -> Option<&'static str> {
    Some(match status {
        ClusterState::Provisioning => t(w::EXPLAIN_PROVISIONING),
        ClusterState::BillingSetup => t(w::EXPLAIN_BILLING_SETUP),
        ClusterState::PendingPayment => t(w::EXPLAIN_PENDING_PAYMENT),
        ClusterState::BillingRequired => t(w::EXPLAIN_BILLING_REQUIRED),
        ClusterState::SetupException => t(w::EXPLAIN_SETUP_EXCEPTION),
        ClusterState::Disabled => t(w::EXPLAIN_DISABLED),
        ClusterState::PendingDeletion => t(w::EXPLAIN_PENDING_DELETION),
        ClusterState::Archived => t(w::EXPLAIN_ARCHIVED),
        ClusterState::Active | ClusterState::Unknown(_) => return None,
    })
}

/// The message for a return from hosted checkout (`?checkout=success|cancelled`). The same
/// marker comes back from a new cluster's checkout and from paying an overdue invoice, so
/// what is said follows the cluster's state: "being provisioned" only while it is.
pub fn checkout_return(marker: Option<&str>, name: &str, status: &ClusterState) -> Option<(bool, String)> {
    match marker? {
        "success" => Some((
            true,
            match status {
                ClusterState::Provisioning | ClusterState::PendingPayment => {
                    tf(w::PAID_PROVISIONING, &[("name", name)])
                }
                ClusterState::Active => tf(w::PAID_ACTIVE, &[("name", name)]),
                _ => t(w::PAID_UNRECORDED).to_string(),
            },
        )),
        "cancelled" => Some((false, tf(w::CHECKOUT_CANCELLED, &[("name", name)]))),
        _ => None,
    }
}

/// Whether an outcome shown on cluster `id`'s page spoke of an operation that has ended: a
/// "…is being provisioned" note leaves once the cluster is no longer provisioning.
pub fn flash_outlived(flash: Option<&Flash>, id: &str, status: &ClusterState) -> bool {
    flash.is_some_and(|f| f.cluster.as_deref() == Some(id)) && !is_transitional(status)
}

#[component]
fn ClusterPage(id: String) -> impl IntoView {
    let watch = expect_context::<ClusterWatch>();
    let feed = watch.watch(id.clone(), None);
    let cluster = Memo::new(move |_| feed.get().value);
    let loaded = Memo::new(move |_| cluster.with(Option::is_some));
    let retry_id = id.clone();
    // Once the cluster is known only `loaded` is tracked: the page is not rebuilt on each poll.
    let read = move || if loaded.get() { Some(Ok(())) } else { feed.with(|f| f.error.clone()).map(Err) };
    let head_id = id.clone();
    Loaded::from_fn(t(w::LOADING), read, Some(Callback::new(move |_| watch.refresh(retry_id.clone()))))
        .failed_head(move || {
            view! { <PageHead heading=head_id.clone() title=title(&[&head_id, routes::CLUSTERS.title()]) /> }
        })
        .ready(move |()| {
            let current = Signal::derive(move || cluster.get().unwrap_or_default());
            let error = Signal::derive(move || feed.with(|f| f.error.clone()));
            provide_context(ClusterCtx::new(id.clone(), current, use_api(), expect_context::<Directory>()));
            // The tabs are likely next: their code is fetched once the page is idle.
            crate::prefetch::when_idle(crate::prefetch::group::CLUSTER_TABS);
            crate::prefetch::when_idle(crate::prefetch::group::CLUSTER_RESOURCES);
            view! {
                <Header id=id.clone() cluster=current poll_error=error />
                <Outlet />
            }
            .into_any()
        })
}

#[component]
fn Header(id: String, cluster: Signal<Cluster>, poll_error: Signal<Option<ApiError>>) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let query = use_query_map();
    let status = Memo::new(move |_| cluster.with(|c| c.status.clone()));
    let name = move || cluster.with(|c| c.name.clone());
    // An ACTIVE cluster whose Keycloak restarts (a settings change, an apply) says so.
    let restarts = crate::poll::app_wide(restart_watch).watch(id.clone(), None);
    let restarting = Memo::new(move |_| {
        status.get() == ClusterState::Active
            && restarts.with(|f| f.value.as_ref().is_some_and(|s| s.restart_in_progress))
    });
    // What this page sees still moving is followed in the activity center.
    if let Some(center) = crate::activity::center() {
        let (restart_watch, cluster_watch, id) =
            (crate::poll::app_wide(restart_watch), expect_context::<ClusterWatch>(), id.clone());
        Effect::new(move |_| {
            let name = cluster.with_untracked(|c| c.name.clone());
            if restarting.get() {
                crate::clusters::track::restart(
                    center,
                    restart_watch,
                    &id,
                    Phrase::of(w::RESTART_OF, [("name", name.clone().into())]),
                );
            }
            if crate::clusters::status_badge::is_transitional(&status.get()) {
                crate::clusters::track::cluster(center, cluster_watch, &id, &name);
            }
        });
    }
    let location = use_location();
    let tab_id = id.clone();
    let tab = Memo::new(move |_| location.pathname.with(|p| ClusterTab::of_path(p, &tab_id)));
    // A narrow window scrolls the tab bar; the current tab is brought into view (a deep link to
    // the last tab on a phone would otherwise open with it hidden).
    let bar = NodeRef::<leptos::html::Nav>::new();
    let at = move || ClusterTab::ALL.iter().position(|t| *t == tab.get()).unwrap_or(0);
    Effect::new(move |_| {
        if let Some(bar) = bar.get() {
            show_tab(&bar, at(), false);
        }
    });
    // A window made narrower (a phone turned) can leave it hidden again.
    let resized = window_event_listener(leptos::ev::resize, move |_| {
        if let Some(bar) = bar.get_untracked() {
            show_tab(&bar, untrack(at), true);
        }
    });
    on_cleanup(move || resized.remove());
    // "Billing · acme-prod · Clusters · Cluster console"; the overview is the cluster itself.
    let tab_title =
        Signal::derive(move || title(&[tab.get().route().title(), &name(), routes::CLUSTERS.title()]));
    let session = expect_context::<Session>();
    // The checkout page's marker is read once and taken out of the address (history
    // replaced): a reload does not announce the payment again. Its banner is the one
    // banner of that operation, so the creation's own note goes.
    let marker = RwSignal::new(None::<String>);
    let consume = use_navigate();
    Effect::new(move |_| {
        let Some(found) = query.with(|q| q.get("checkout")) else { return };
        marker.set(Some(found));
        session.flash.set(None);
        let path = location.pathname.get_untracked();
        consume(&path, NavigateOptions { replace: true, ..Default::default() });
    });
    let returned = move || marker.with(|m| checkout_return(m.as_deref(), &name(), &status.get()));
    // A flash about this cluster (its creation) already says what the state note would.
    let flashed =
        move || session.flash.with(|f| f.as_ref().is_some_and(|f| location.pathname.with(|p| f.shown_on(p))));
    // The trail names the cluster (its ID until then, as on a failed read).
    name_crumb("id", Signal::derive(name));
    let flash_id = id.clone();
    Effect::new(move |_| {
        let status = status.get();
        if session.flash.with_untracked(|f| flash_outlived(f.as_ref(), &flash_id, &status)) {
            session.flash.set(None);
        }
    });

    view! {
        <PageHead heading=Signal::derive(name) title=tab_title>
            {move || {
                if restarting.get() {
                    Badge::new(t(w::RESTARTING), Tone::Busy).spinner(true).id("status-restarting").view()
                } else {
                    view! { <StatusBadge status=Signal::derive(move || status.get()) /> }.into_any()
                }
            }}
            {move || {
                view_only(&cluster.get(), &directory)
                    .map(|why| {
                        view! { <span class="view-only">{directory.badge_words(&why)}</span> }
                    })
            }}
        </PageHead>
        // Why the page's controls are disabled, as text (a tooltip alone is not seen on touch).
        // An unpaid cluster whose caller may pay it: the payment below is theirs to make, so
        // the line says so rather than sit, unqualified, above the way to pay.
        {move || {
            view_only(&cluster.get(), &directory)
                .filter(|why| why != directory.badge_words(why))
                .map(|why| {
                    let pays = cluster
                        .with(|c| {
                            unpaid_reason(&c.status).is_some()
                                && directory
                                    .refusal(
                                        c.owner.as_deref().unwrap_or_default(),
                                        &catalogue::CLUSTER_CHECKOUT_RESUME,
                                    )
                                    .is_none()
                        });
                    let also = pays.then(|| format!(" {}", t(w::VIEW_ONLY_BUT_PAY)));
                    view! {
                        <p class="hint" id="view-only-reason">
                            {why}
                            {also}
                        </p>
                    }
                })
        }}
        {move || {
            returned()
                .map(|(ok, text)| {
                    view! {
                        <p
                            class=toned("flash", (!ok).then_some(Tone::Warn))
                            id="checkout-return"
                            role="status"
                        >
                            {text}
                        </p>
                    }
                })
        }}
        // Unpaid states are explained by the payment callout below, with the way to pay.
        {move || {
            explain(&status.get())
                .filter(|_| unpaid_reason(&status.get()).is_none() && returned().is_none() && !flashed())
                .map(|text| {
                    view! {
                        <p class="state-note" id="state-note">
                            {text}
                        </p>
                    }
                })
        }}
        <PaymentCallout />
        <super::export_button::ExportButton id=id.clone() />
        {move || poll_error.get().map(|e| view! { <ErrorPanel action=t(w::REFRESHING) error=e /> })}
        // The current tab is the page: it carries the page's one `aria-current`.
        // Chrome leaves a half-hidden tab as it is when it takes the keyboard focus: show it whole.
        <nav
            class="tabs"
            aria-label=t(w::SECTIONS)
            node_ref=bar
            // Only a keyboard focus: a mouse press focuses the link too, and moving it then
            // would take it from under the pointer, so the click would never land.
            on:focusin=move |ev| {
                let link = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok());
                let keyboard = link.as_ref().is_some_and(|l| l.matches(":focus-visible").unwrap_or(false));
                if let (Some(bar), Some(link), true) = (bar.get_untracked(), link, keyboard) {
                    centre(&bar, &link);
                }
            }
        >
            {ClusterTab::ALL
                .iter()
                .copied()
                .map(|t| {
                    view! {
                        <a
                            href=links::cluster_tab(&id, t)
                            aria-current=move || (tab.get() == t).then_some("page")
                        >
                            {t.route().label()}
                        </a>
                    }
                })
                .collect_view()}
        </nav>
    }
}

/// Scrolls the tab bar itself (never the page) so its `at`-th tab is centred where it can be;
/// with `if_hidden`, only when that tab is not wholly in view (a bar the person scrolled stays).
fn show_tab(bar: &web_sys::HtmlElement, at: usize, if_hidden: bool) {
    let mut link = bar.first_element_child();
    for _ in 0..at {
        link = link.and_then(|l| l.next_element_sibling());
    }
    if let Some(link) = link.and_then(|l| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(l).ok()) {
        let (left, right) = (
            link.offset_left() - bar.scroll_left(),
            link.offset_left() + link.offset_width() - bar.scroll_left(),
        );
        if !if_hidden || left < 0 || right > bar.client_width() {
            centre(bar, &link);
        }
    }
}

fn centre(bar: &web_sys::HtmlElement, link: &web_sys::HtmlElement) {
    // Offsets are from the bar: it is the links' positioned ancestor (console.css `.tabs`).
    bar.set_scroll_left(link.offset_left() - (bar.client_width() - link.offset_width()) / 2);
}

/// Set when the caller may look but not change this cluster: the reason, for the badge's tooltip.
fn view_only(cluster: &Cluster, directory: &Directory) -> Option<String> {
    directory.refusal(cluster.owner.as_deref().unwrap_or_default(), &catalogue::CLUSTER_DELETE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkout_markers() {
        let p = ClusterState::Provisioning;
        assert!(
            checkout_return(Some("success"), "x", &p)
                .is_some_and(|(ok, t)| ok && t.contains("being provisioned"))
        );
        assert!(
            checkout_return(Some("cancelled"), "x", &p)
                .is_some_and(|(ok, t)| !ok && t.contains("Complete payment"))
        );
        assert_eq!(checkout_return(Some("bogus"), "x", &p), None);
        assert_eq!(checkout_return(None, "x", &p), None);
    }

    #[test]
    fn paid_invoice_on_an_active_cluster_is_not_provisioning() {
        let said = checkout_return(Some("success"), "x", &ClusterState::Active);
        assert!(said.is_some_and(|(ok, t)| ok && !t.contains("provisioned") && t.contains("active")));
        let said = checkout_return(Some("success"), "x", &ClusterState::BillingRequired);
        assert!(said.is_some_and(|(_, t)| !t.contains("provisioned")));
    }

    #[test]
    fn provisioning_note_leaves_with_the_operation() {
        let note = Flash::while_provisioning("cl-1", "x is being provisioned.");
        assert!(!flash_outlived(note.as_ref(), "cl-1", &ClusterState::Provisioning));
        assert!(flash_outlived(note.as_ref(), "cl-1", &ClusterState::Active));
        // Another cluster's page does not touch it (the shell drops it there by path).
        assert!(!flash_outlived(note.as_ref(), "cl-2", &ClusterState::Active));
        assert!(!note.is_some_and(|n| n.shown_on("/clusters/cl-2")));
        assert!(!flash_outlived(
            Flash::on("/clusters/cl-1", "deleted").as_ref(),
            "cl-1",
            &ClusterState::Active
        ));
    }
}
