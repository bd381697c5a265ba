//! The overview's health card: what `cluster.metrics.detail` says now, polled while the
//! person stays on the page (one poll per interval, paused while the tab is hidden), and
//! a small line per fact of how it moved during the visit, with the time of each change.
//! History starts when the page opens: nothing before the visit is drawn or guessed.

use std::collections::{BTreeMap, BTreeSet};

use cluster_api::{ClusterState, Metrics, ops};
use leptos::prelude::*;

use crate::api;
use crate::format;
use crate::i18n::k::clusters_tabs as w;
use crate::i18n::{t, tf};
use crate::kit::chart::sparkline;
use crate::kit::{Badge, Loaded, Tone};
use crate::poll::{Backoff, Poller};
use crate::session::Session;

/// The counts a cluster's overview always names; each is shown "not reported" when the
/// service leaves it out (the contract allows any subset).
pub const EXPECTED: [&str; 3] = ["realms", "users", "clients"];
/// Samples kept for the lines: an hour at one poll per 5 s.
const KEEP: usize = 720;

/// One reading taken during the visit.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// `Date.now()` of the reading.
    pub at: f64,
    pub healthy: bool,
    pub counts: BTreeMap<String, i64>,
}

impl Sample {
    pub fn of(at: f64, m: &Metrics) -> Sample {
        Sample { at, healthy: m.healthy, counts: m.counts.clone().unwrap_or_default() }
    }
}

use crate::kit::counts::{counts_view, shown};

/// What changed between consecutive readings, each with the time of the reading that saw it.
pub fn changes(samples: &[Sample]) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    for pair in samples.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let mut parts = Vec::new();
        if before.healthy != after.healthy {
            parts.push(t(if after.healthy { w::BECAME_HEALTHY } else { w::BECAME_NOT_HEALTHY }).to_string());
        }
        let keys: BTreeSet<&String> = before.counts.keys().chain(after.counts.keys()).collect();
        for key in keys {
            let (a, b) = (before.counts.get(key), after.counts.get(key));
            if a != b {
                let named = crate::kit::counts::name(key).unwrap_or(key);
                parts.push(format!("{named} {} → {}", shown(a), shown(b)));
            }
        }
        if !parts.is_empty() {
            out.push((after.at, parts.join(", ")));
        }
    }
    out
}

/// The series of one fact: `healthy` as 1 or 0, or a count (readings without it skipped).
pub fn series(samples: &[Sample], fact: &str) -> Vec<(f64, f64)> {
    samples
        .iter()
        .filter_map(|s| match fact {
            "healthy" => Some((s.at, if s.healthy { 1.0 } else { 0.0 })),
            key => s.counts.get(key).map(|v| (s.at, *v as f64)),
        })
        .collect()
}

/// The facts to draw: healthy, then every count seen during the visit.
fn facts(samples: &[Sample]) -> Vec<String> {
    let counts: BTreeSet<&String> = samples.iter().flat_map(|s| s.counts.keys()).collect();
    std::iter::once("healthy".to_string()).chain(counts.into_iter().cloned()).collect()
}

/// Health in words and a tone. Only a cluster meant to be running can be unhealthy: one
/// that is not running yet (awaiting payment, provisioning) or any more is said to be so.
pub fn health(healthy: bool, status: &ClusterState) -> (&'static str, Tone) {
    match (healthy, status) {
        (true, _) => (t(w::HEALTHY), Tone::Ok),
        (false, ClusterState::Active) => (t(w::NOT_HEALTHY), Tone::Bad),
        (false, ClusterState::BillingSetup | ClusterState::PendingPayment | ClusterState::Provisioning) => {
            (t(w::NOT_RUNNING_YET), Tone::Neutral)
        }
        (false, _) => (t(w::NOT_RUNNING), Tone::Muted),
    }
}

/// One poll of a cluster's metrics per interval while a page watches it. It never
/// settles: health can change at any time, so it runs until the page is left.
pub fn metrics_watch(session: Session) -> Poller<Metrics> {
    Poller::new(
        session,
        |api, key| {
            Box::pin(async move { api::call(api, &ops::ClusterMetricsDetail { id: key.cluster }).await })
        },
        |_| false,
        Backoff::STEADY,
    )
}

fn history_view(samples: Vec<Sample>, visit: f64) -> AnyView {
    let lines = facts(&samples)
        .into_iter()
        .map(|fact| {
            let points = series(&samples, &fact);
            let values: Vec<String> = points.iter().map(|(_, v)| v.to_string()).collect();
            // `healthy` is the console's own fact; a count it knows is in words, another is named
            // as the service names it (its words, in English).
            let (shown, theirs) = match (fact.as_str(), crate::kit::counts::name(&fact)) {
                ("healthy", _) => (t(w::HEALTHY_LOWER).to_string(), false),
                (_, Some(words)) => (words.to_string(), false),
                _ => (fact.clone(), true),
            };
            let label = tf(w::SPARK_LABEL, &[("fact", &shown), ("values", &values.join(", "))]);
            let id = format!("spark-{fact}");
            view! {
                <li>
                    <span class="cap" lang=theirs.then_some("en")>
                        {shown}
                    </span>
                    " "
                    {sparkline(label, &points, id)}
                </li>
            }
        })
        .collect_view();
    let changed = changes(&samples);
    view! {
        <h3>{t(w::DURING_VISIT)}</h3>
        <p class="hint">{tf(w::SINCE_OPENED, &[("time", &format::clock(visit))])}</p>
        <ul class="sparklines">{lines}</ul>
        {if changed.is_empty() {
            view! {
                <p class="hint" id="metrics-no-change">
                    {t(w::NO_CHANGE)}
                </p>
            }
                .into_any()
        } else {
            view! {
                <ul id="metrics-changes">
                    {changed
                        .into_iter()
                        .map(|(at, what)| view! { <li>{format!("{}: {what}", format::clock(at))}</li> })
                        .collect_view()}
                </ul>
            }
                .into_any()
        }}
    }
    .into_any()
}

#[component]
pub fn HealthCard(
    id: String,
    status: Signal<ClusterState>,
    /// What the logs say (the trouble card's summary), shown next to what the metrics say.
    said: RwSignal<Option<String>>,
) -> impl IntoView {
    let id_restart = id.clone();
    let feed = crate::poll::app_wide(metrics_watch).watch(id, None);
    let visit = js_sys::Date::now();
    let samples = RwSignal::new(Vec::<Sample>::new());
    // Only readings taken during this visit, and only successful ones (a failed read
    // leaves the old value in the feed; it is not a new reading of it).
    Effect::new(move |_| {
        feed.with(|f| {
            let Some(m) = f.value.as_ref().filter(|_| f.error.is_none() && f.updated_at >= visit) else {
                return;
            };
            if samples.with_untracked(|s| s.last().is_some_and(|last| last.at >= f.updated_at)) {
                return;
            }
            let sample = Sample::of(f.updated_at, m);
            samples.update(|s| {
                s.push(sample);
                let extra = s.len().saturating_sub(KEEP);
                s.drain(..extra);
            });
        })
    });
    // Unhealthy while ACTIVE is what a restart looks like, even one started elsewhere: ask
    // the restart watch, so the restart card, the activity center and uptime follow it.
    let restarts = crate::poll::app_wide(crate::clusters::watch::restart_watch);
    let watched = id_restart;
    Effect::new(move |_| {
        let unhealthy = samples.with(|s| s.last().is_some_and(|last| !last.healthy));
        if unhealthy && status.get_untracked() == ClusterState::Active {
            restarts.refresh(watched.clone());
        }
    });
    let failed = move || feed.with(|f| f.value.as_ref().and(f.error.as_ref()).map(|e| e.title()));
    view! {
        <section class="card" id="metrics">
            <h2>{t(w::HEALTH)}</h2>
            {Loaded::from_fn(t(w::LOADING_METRICS), move || feed.get().read(), None)
                .ready(move |m: Metrics| {
                    let (words, tone) = health(m.healthy, &status.get());
                    view! {
                        <p>{Badge::new(words, tone).id("health").view()}</p>
                        {counts_view(&m.counts.unwrap_or_default(), &EXPECTED)}
                    }
                        .into_any()
                })}
            {super::trouble::logs_say(said)}
            {move || {
                failed()
                    .map(|why| {
                        view! {
                            <p class="hint" id="metrics-stale">
                                {tf(w::READING_FAILED, &[("why", &why)])}
                            </p>
                        }
                    })
            }}
            {move || history_view(samples.get(), visit)}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(at: f64, healthy: bool, counts: &[(&str, i64)]) -> Sample {
        Sample { at, healthy, counts: counts.iter().map(|(k, v)| (k.to_string(), *v)).collect() }
    }

    #[test]
    fn changes_name_what_moved_and_when() {
        let samples = [
            sample(1.0, true, &[("realms", 3), ("clients", 20)]),
            sample(2.0, true, &[("realms", 3), ("clients", 20)]),
            sample(3.0, true, &[("realms", 4), ("clients", 26)]),
            sample(4.0, false, &[("realms", 4)]),
        ];
        assert_eq!(
            changes(&samples),
            vec![
                (3.0, "Clients 20 → 26, Realms 3 → 4".to_string()),
                (4.0, "became not healthy, Clients 26 → not reported".to_string()),
            ]
        );
        assert!(changes(&samples[..1]).is_empty(), "one reading has no history");
    }

    #[test]
    fn series_are_per_fact_and_skip_readings_without_it() {
        let samples = [sample(1.0, true, &[("realms", 3)]), sample(2.0, false, &[])];
        assert_eq!(series(&samples, "healthy"), vec![(1.0, 1.0), (2.0, 0.0)]);
        assert_eq!(series(&samples, "realms"), vec![(1.0, 3.0)]);
        assert_eq!(facts(&samples), vec!["healthy".to_string(), "realms".to_string()]);
    }

    #[test]
    fn never_paid_is_not_unhealthy() {
        assert_eq!(health(false, &ClusterState::BillingSetup), ("Not running yet", Tone::Neutral));
        assert_eq!(health(false, &ClusterState::Active), ("Not healthy", Tone::Bad));
        assert_eq!(health(true, &ClusterState::Active).1, Tone::Ok);
        assert_ne!(health(false, &ClusterState::Disabled).1, Tone::Bad);
    }
}
