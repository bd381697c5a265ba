//! The palette itself (loaded on first use): a modal dialog with a combobox over the
//! index of pages, organizations, clusters with their tabs, realms and navigate-only
//! actions (offered only where they can run). Opening it reads what the index lacks
//! (`fill`), and the results follow as it fills.
//! Arrow keys move the active option, Enter goes there, Escape closes and gives the
//! focus back to where it was.

use std::collections::HashMap;

use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::fill::{Filling, fill};
use super::index::{Entry, Index, Kind};
use super::{Palette, known, with_visits};
use crate::directory::Directory;
use crate::i18n::k::palette as w;
use crate::i18n::{t, tf, tp};
use crate::kit::dialog::show_modal;
use crate::links::{self, ClusterTab};
use crate::routes::{self, Route};

/// Options shown at once: two screens of the list. A palette is for going to something
/// you can name; every place costs every keystroke (BENCHMARKS.md, palette: with 50 the
/// median keystroke took 13.7–16.4 ms against a 16 ms frame).
const LIMIT: usize = 20;

/// What a link to `route` says: the route table's words (its own, not the palette's), which
/// the index searches as they are shown.
fn shown(route: &Route) -> &'static str {
    route.label()
}

/// Everything the palette can find, from what the console already holds.
fn build(directory: &Directory) -> Index {
    let mut entries: Vec<Entry> =
        routes::SECTIONS.iter().map(|route| Entry::new(Kind::Page, shown(route), "", route.href())).collect();
    // A page gated by a staff-only operation is listed for support staff only.
    let staff_only = routes::REVIEW.gate.is_some_and(|op| cluster_api::roles::staff_role(op).is_some());
    if !staff_only || directory.staff.get_untracked() {
        entries.push(Entry::new(
            Kind::Page,
            t(w::REVIEW_DESK),
            t(w::REVIEW_DESK_DETAIL),
            routes::REVIEW.href(),
        ));
    }
    let new_cluster = &routes::NEW_CLUSTER;
    entries.push(Entry::new(Kind::Action, shown(new_cluster), t(w::NEW_CLUSTER_DETAIL), new_cluster.href()));
    entries.push(Entry::new(
        Kind::Action,
        t(w::OPEN_BILLING),
        t(w::OPEN_BILLING_DETAIL),
        routes::BILLING.href(),
    ));
    let mut orgs: HashMap<String, String> = HashMap::new();
    untrack(|| {
        directory.orgs.with(|answer| {
            for org in answer.iter().flatten().flatten() {
                let label = org.display_name.clone().unwrap_or_else(|| org.name.clone());
                // Found by its name as well as by the display name it shows.
                entries.push(
                    Entry::new(
                        Kind::Organization,
                        label.clone(),
                        t(w::ORGANIZATION_DETAIL),
                        links::with_query(links::CLUSTERS, &[("org", &org.id)]),
                    )
                    .also(&org.name),
                );
                orgs.insert(org.id.clone(), label);
            }
        })
    });
    let mut names: HashMap<String, String> = HashMap::new();
    known::with_clusters(|clusters| {
        for c in clusters {
            // Names only: an organization not (yet) read shows none rather than its ID.
            let org = c.owner.as_ref().and_then(|o| orgs.get(o).cloned()).unwrap_or_default();
            entries.push(Entry::new(Kind::Cluster, c.name.clone(), org.clone(), links::cluster(&c.id)));
            // Tabs are destinations, named from the route table.
            for &tab in ClusterTab::ALL {
                entries.push(Entry::new(
                    Kind::Tab,
                    format!("{} › {}", c.name, shown(tab.route())),
                    org.clone(),
                    links::cluster_tab(&c.id, tab),
                ));
            }
            // Only where it can run: not for a cluster that is unpaid, provisioning or going away.
            if crate::cluster_states::runs(&c.status) {
                entries.push(Entry::new(
                    Kind::Action,
                    tf(w::ADD_REALM, &[("cluster", &c.name)]),
                    t(w::ADD_REALM_DETAIL),
                    links::with_query(&links::cluster_tab(&c.id, ClusterTab::Realms), &[("add", "1")]),
                ));
            }
            names.insert(c.id.clone(), c.name.clone());
        }
    });
    known::with_realms(|realms| {
        for r in realms {
            let cluster = names.get(&r.cluster_id);
            let detail = match cluster {
                Some(cluster) => tf(w::REALM_ON, &[("cluster", cluster)]),
                None => t(w::KIND_REALM).to_string(),
            };
            // Shown by its display name, found by its name too ("partners", "legacy-import"),
            // and by its cluster beside another word ("prod customers").
            let entry = Entry::new(Kind::Realm, r.shown(), detail, links::realm(&r.id)).also(&r.name);
            entries.push(match cluster {
                Some(cluster) => entry.within(cluster),
                None => entry,
            });
        }
    });
    Index::new(entries)
}

fn option_id(at: usize) -> String {
    format!("palette-opt-{at}")
}

#[component]
pub fn PaletteDialog() -> impl IntoView {
    let palette = expect_context::<Palette>();
    let directory = expect_context::<Directory>();
    let navigate = use_navigate();
    let index = StoredValue::new(build(&directory));
    let size = RwSignal::new(index.with_value(Index::len));
    let filling = Filling::default();
    // Built again as answers arrive; `size` moves with it, and the search follows.
    Effect::new(move |first: Option<()>| {
        filling.version.track();
        if first.is_some() {
            index.set_value(build(&directory));
            size.set(index.with_value(Index::len));
        }
    });
    fill(crate::api::use_api(), filling);
    let query = RwSignal::new(String::new());
    let found = Memo::new(move |_| {
        size.track();
        query.with(|q| index.with_value(|i| with_visits(|v| i.search(q, v, LIMIT))))
    });
    let active = RwSignal::new(0usize);
    let node = NodeRef::<html::Dialog>::new();
    show_modal(node);
    // The active option stays in view as the arrows move it.
    Effect::new(move |_| {
        let id = option_id(active.get());
        if let Some(option) = document().get_element_by_id(&id) {
            option.scroll_into_view_with_bool(false);
        }
    });
    let go = Callback::new(move |at: usize| {
        let href = found.with_untracked(|f| {
            f.get(at).and_then(|&i| index.with_value(|x| x.get(i).map(|e| e.href.clone())))
        });
        if let Some(href) = href {
            palette.closed(false);
            navigate(&href, Default::default());
        }
    });
    // Escape: the dialog leaves the top layer first, then the focus goes back. While a modal
    // dialog is open the rest of the page is inert, so focusing the opener would silently do
    // nothing; and the dialog is only unmounted after `open`'s effects have run, later.
    let dismiss = move || {
        if let Some(dialog) = node.get_untracked() {
            dialog.close();
        }
        palette.closed(true);
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let count = found.with_untracked(Vec::len);
        match ev.key().as_str() {
            "ArrowDown" if count > 0 => {
                ev.prevent_default();
                active.update(|a| *a = (*a + 1) % count);
            }
            "ArrowUp" if count > 0 => {
                ev.prevent_default();
                active.update(|a| *a = (*a + count - 1) % count);
            }
            "Enter" => {
                ev.prevent_default();
                go.run(active.get_untracked());
            }
            "Escape" => {
                ev.prevent_default();
                dismiss();
            }
            _ => {}
        }
    };
    // A memo: the list's `hidden` and the input's ARIA state change only when the results
    // appear or disappear, not on every keystroke that changes what they hold.
    let has_options = Memo::new(move |_| found.with(|f| !f.is_empty()));
    let count = move || {
        let n = found.with(Vec::len);
        match n {
            0 => tf(w::NOTHING, &[("query", query.get().trim())]),
            n if n == LIMIT => tf(w::BEST, &[("n", &LIMIT.to_string())]),
            n => tp(w::RESULTS_COUNT, n as f64, &[]),
        }
    };
    // The options are LIMIT places rendered once, each showing whichever entry is at its
    // place now: a keystroke changes texts and hides places, it never builds elements.
    // Building 50 options per keystroke took most of a frame (BENCHMARKS.md, palette).
    let at_place = move |at: usize| found.with(|f| f.get(at).copied());
    // One closure per place for its three texts: each text is compared before it is set.
    let texts = move |at: usize| {
        at_place(at)
            .and_then(|i| {
                index.with_value(|x| x.get(i).map(|e| (e.label.clone(), e.kind.label(), e.detail.clone())))
            })
            .unwrap_or_default()
    };
    let places = (0..LIMIT)
        .map(|at| {
            view! {
                <li
                    role="option"
                    id=option_id(at)
                    class="palette-option"
                    hidden=move || at_place(at).is_none()
                    aria-selected=move || if active.get() == at { "true" } else { "false" }
                    on:mousedown=|ev| ev.prevent_default()
                    on:click=move |_| go.run(at)
                >
                    {move || {
                        let (label, kind, detail) = texts(at);
                        view! {
                            <span class="palette-label">{label}</span>
                            <span class="palette-kind">{kind}</span>
                            <span class="palette-detail">{detail}</span>
                        }
                    }}
                </li>
            }
        })
        .collect_view();

    view! {
        <dialog
            node_ref=node
            class="palette"
            id="palette"
            aria-label=t(w::DIALOG)
            data-index-size=move || size.get().to_string()
            on:close=move |_| palette.closed(true)
            on:cancel=move |ev: leptos::ev::Event| {
                ev.prevent_default();
                dismiss();
            }
        >
            <label for="palette-input" class="palette-title">
                {t(w::TITLE)}
            </label>
            <input
                id="palette-input"
                type="text"
                role="combobox"
                autocomplete="off"
                spellcheck="false"
                autofocus
                aria-autocomplete="list"
                aria-controls="palette-list"
                aria-describedby="palette-count"
                aria-expanded=move || if has_options.get() { "true" } else { "false" }
                aria-activedescendant=move || has_options.get().then(|| option_id(active.get()))
                prop:value=query
                // Only a move notifies: the options and the scroll into view stay as they are.
                on:input:target=move |ev| {
                    query.set(ev.target().value());
                    if active.get_untracked() != 0 {
                        active.set(0);
                    }
                }
                on:keydown=on_key
            />
            <ul id="palette-list" role="listbox" aria-label=t(w::RESULTS) hidden=move || !has_options.get()>
                {places}
            </ul>
            <p id="palette-count" class="hint" role="status">
                {count}
            </p>
            <p id="palette-loading" class="hint" aria-live="polite">
                {move || filling.status()}
            </p>
            {move || {
                filling
                    .failed
                    .with(|f| {
                        (!f.is_empty())
                            .then(|| {
                                view! {
                                    <ul id="palette-failed" class="field-problem">
                                        {f.iter().map(|w| view! { <li>{w.clone()}</li> }).collect_view()}
                                    </ul>
                                }
                            })
                    })
            }}
        </dialog>
    }
}
