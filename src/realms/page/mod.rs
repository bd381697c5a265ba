//! `/realms/:id`, a realm's own page (a deep link that survives a reload): its state and
//! every field, metrics, the editable display name, access (admin console, app link,
//! admin token), credentials and delete. The realm is watched while PENDING.

mod access;
mod credentials;
mod delete;
mod fields;
mod reveal;
mod token;

use cluster_api::{Deployment, DeploymentState, catalogue, ops};
use leptos::prelude::*;

use super::{badge, key, label, realm_watch};
use crate::api::{self, use_api};
use crate::directory::Directory;
use crate::i18n::{k, t, tf};
use crate::kit::page::{PageHead, name_crumb, name_crumb_at, title};
use crate::kit::{Badge, Loaded, Tone};

/// What every section of the realm page reads.
#[derive(Clone, Copy)]
pub struct RealmCtx {
    pub id: StoredValue<String>,
    pub realm: Signal<Deployment>,
    /// Why the person may not change this realm (role), or `None`.
    pub denied: Memo<Option<String>>,
    /// Why links, tokens and credentials are off: a role, or a realm that is not ACTIVE.
    pub not_now: Memo<Option<String>>,
    /// Taken while rendering: actions finish outside any reactive owner, where context is gone.
    watch: super::RealmWatch,
}

impl RealmCtx {
    pub fn id(&self) -> String {
        self.id.get_value()
    }

    /// Shows a value an action read (and keeps watching while it is PENDING).
    pub fn publish(&self, realm: Deployment) {
        if let Some(id) = self.id.try_get_value() {
            self.watch.publish(key(&id), realm);
        }
    }
}

/// Remounts per ID so each realm gets its own watch.
#[component]
pub fn RealmPage() -> impl IntoView {
    let id = crate::kit::use_id("id");
    move || view! { <Realm id=id.get() /> }
}

#[component]
fn Realm(id: String) -> impl IntoView {
    let watch = crate::poll::app_wide(realm_watch);
    let feed = watch.watch(key(&id), None);
    let realm = Memo::new(move |_| feed.get().value);
    let loaded = Memo::new(move |_| realm.with(Option::is_some));
    let retry_id = id.clone();
    // Once the realm is known only `loaded` is tracked: its page is not rebuilt on each poll.
    let read = move || if loaded.get() { Some(Ok(())) } else { feed.with(|f| f.error.clone()).map(Err) };
    let head_id = id.clone();
    Loaded::from_fn(
        t(k::realms::LOADING_REALM),
        read,
        Some(Callback::new(move |_| watch.refresh(key(&retry_id)))),
    )
    .failed_head(move || {
        view! { <PageHead heading=head_id.clone() title=title(&[&head_id, crate::routes::REALMS.title()]) /> }
    })
    .ready(move |()| {
        let current = Signal::derive(move || realm.get().unwrap_or_default());
        view! { <RealmShown id=id.clone() realm=current /> }.into_any()
    })
}

#[component]
fn RealmShown(id: String, realm: Signal<Deployment>) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let org = move || realm.with(|r| r.org_id.clone().unwrap_or_default());
    let denied = Memo::new(move |_| directory.denied(&org(), &catalogue::DEPLOYMENT_UPDATE));
    // What the page says: the refusal once known (controls stay disabled while checking).
    let refused = Memo::new(move |_| directory.refusal(&org(), &catalogue::DEPLOYMENT_UPDATE));
    let not_now = Memo::new(move |_| {
        denied.get().or_else(|| {
            realm.with(|r| {
                (r.state != DeploymentState::Active).then(|| {
                    tf(k::realms::NOT_ACTIVE, &[("realm", &r.name), ("state", &r.state.to_string())])
                })
            })
        })
    });
    let ctx = RealmCtx {
        id: StoredValue::new(id),
        realm,
        denied,
        not_now,
        watch: crate::poll::app_wide(realm_watch),
    };
    provide_context(ctx);

    let name = move || realm.with(label);
    let (cluster_name, cluster_id) = realm.with_untracked(|r| {
        let c = r.cluster.as_ref();
        (c.map(|c| c.name.clone()).unwrap_or_default(), c.map(|c| c.id.clone()).unwrap_or_default())
    });
    // The trail: Realms, the cluster it is on (its realms tab), the realm by its name.
    name_crumb_at("cluster", cluster_id, Signal::stored(cluster_name));
    name_crumb("id", Signal::derive(move || realm.with(|r| r.name.clone())));
    let tab_title =
        Signal::derive(move || title(&[&realm.with(|r| r.name.clone()), crate::routes::REALMS.title()]));

    view! {
        <PageHead heading=Signal::derive(name) title=tab_title>
            {move || realm.with(|r| badge(&r.state))}
            {move || {
                refused
                    .get()
                    .map(|why| view! { <span class="view-only">{directory.badge_words(&why)}</span> })
            }}
        </PageHead>
        {move || {
            refused
                .get()
                .filter(|why| why != directory.badge_words(why))
                .map(|why| {
                    view! {
                        <p class="hint" id="view-only-reason">
                            {why}
                        </p>
                    }
                })
        }}
        {move || {
            realm
                .with(|r| match r.state {
                    DeploymentState::Pending => {
                        Some(
                            view! {
                                <p class="state-note" id="realm-state-note">
                                    {t(k::realms::BEING_SET_UP)}
                                </p>
                            }
                                .into_any(),
                        )
                    }
                    DeploymentState::Failed => {
                        Some(
                            view! {
                                <div class="error-panel" id="realm-state-error" role="alert">
                                    <p class="error-title">{t(k::realms::REALM_FAILED)}</p>
                                    <p class="error-detail">
                                        {r
                                            .state_error
                                            .clone()
                                            .unwrap_or_else(|| t(k::realms::NO_REASON).into())}
                                    </p>
                                    <p class="error-detail">{t(k::realms::DELETE_TO_FREE)}</p>
                                </div>
                            }
                                .into_any(),
                        )
                    }
                    _ => None,
                })
        }}
        {move || {
            refused
                .get()
                .map(|why| {
                    view! {
                        <p class="hint reason" id="realm-read-only">
                            {why}
                        </p>
                    }
                })
        }}
        <fields::Fields />
        <Metrics />
        <access::Access />
        <credentials::Credentials />
        <delete::DeleteRealm />
    }
}

#[component]
fn Metrics() -> impl IntoView {
    let ctx = expect_context::<RealmCtx>();
    let api = use_api();
    let state = Memo::new(move |_| ctx.realm.with(|r| r.state.clone()));
    // Read again when the state changes: health follows it.
    let metrics = crate::view_read::load(move || {
        state.track();
        let id = ctx.id();
        async move { api::call(api, &ops::DeploymentMetricsDetail { id }).await }
    });
    view! {
        <section class="card" id="realm-metrics">
            <h2>{t(k::realms::METRICS)}</h2>
            {Loaded::new(t(k::realms::LOADING_METRICS), metrics)
                .ready(|m| {
                    view! {
                        <p>
                            {if m.healthy {
                                Badge::new(t(k::realms::HEALTHY), Tone::Ok)
                            } else {
                                Badge::new(t(k::realms::NOT_HEALTHY), Tone::Bad)
                            }
                                .view()}
                        </p>
                        {crate::kit::counts::counts_view(
                            &m.counts.unwrap_or_default(),
                            &["users", "clients"],
                        )}
                    }
                        .into_any()
                })}
        </section>
    }
}
