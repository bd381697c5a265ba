//! `/clusters/:id/access`: the cluster's IP rules in the dashboard's three sections.
//! Read, edit, and save only the categories that changed (the API replaces each
//! category it is sent and keeps the others). A save that adds or removes an address in any
//! list asks first (`ask`): a public allow list answers only its addresses on every realm's
//! login and /token, an admin list locks the admin console to its own; an alias-only edit
//! changes nobody's access and is saved at once.

use cluster_api::{IpRestrictionsRequest, IpRulesRepresentation, catalogue, ops};
use leptos::prelude::*;

use super::ask::SaveQuestion;
use super::rules::{
    AddressChange, Category, Draft, add_problem, address_changes, address_problem, cap, cap_line, changes,
    is_empty, no_rules_at_all,
};
use super::section::{Row, RuleSection};
use crate::api::{self, Api};
use crate::clusters::ClusterCtx;
use crate::i18n::k::access as w;
use crate::i18n::t;
use crate::kit::code::CodePanel;
use crate::kit::dialog::Confirm;
use crate::kit::write::{Work, Write};
use crate::kit::{Loaded, Writable};
use crate::view_read::load;

/// The editable state of the tab: what was last saved, and the rows of each category.
#[derive(Clone, Copy)]
struct Editor {
    saved: RwSignal<Option<IpRulesRepresentation>>,
    rows: [RwSignal<Vec<Row>>; 3],
    next_key: StoredValue<u32>,
    /// The tab's owner: rows' signals are made under it, so they live as long as the
    /// tab, whoever creates them (an event handler, an answer arriving later).
    owner: StoredValue<Owner>,
}

impl Editor {
    /// Shows `rules` as saved, discarding drafts.
    fn reset(self, rules: IpRulesRepresentation) {
        for (category, rows) in Category::ALL.into_iter().zip(self.rows) {
            let fresh: Vec<Row> = category
                .of(&rules)
                .iter()
                .map(|r| {
                    // `try_`: the answer may arrive after the tab was left.
                    let key = self.next_key.try_get_value().unwrap_or_default();
                    self.next_key.try_set_value(key + 1);
                    self.make(key, Some(r.id.clone()), r.address.clone(), r.alias.clone())
                })
                .collect();
            rows.try_set(fresh);
        }
        self.saved.try_set(Some(rules));
    }

    /// A row whose signals belong to the tab.
    pub fn make(self, key: u32, id: Option<String>, address: String, alias: String) -> Row {
        match self.owner.try_get_value() {
            Some(owner) => owner.with(|| Row::new(key, id, address, alias)),
            None => Row::new(key, id, address, alias),
        }
    }

    /// A new empty row at the end of `category`'s list.
    fn add(self, index: usize) {
        let key = self.next_key.get_value();
        self.next_key.set_value(key + 1);
        let row = self.make(key, None, String::new(), String::new());
        self.rows[index].update(|r| r.push(row));
    }

    fn drafts(self) -> [Vec<Draft>; 3] {
        self.rows.map(|rows| rows.with(|r| r.iter().map(Row::draft).collect()))
    }

    fn request(self) -> Option<IpRestrictionsRequest> {
        let drafts = self.drafts();
        self.saved.with(|saved| saved.as_ref().map(|s| changes(s, &drafts)))
    }

    /// The lists whose addresses `request` changes (each a reason to ask before saving).
    fn address_changes(self, request: &IpRestrictionsRequest) -> Vec<AddressChange> {
        self.saved.with_untracked(|s| s.as_ref().map(|s| address_changes(s, request)).unwrap_or_default())
    }
}

fn save_work(
    api: Api,
    id: String,
    body: IpRestrictionsRequest,
    editor: Editor,
    saved_note: RwSignal<bool>,
) -> Work {
    Box::pin(async move {
        let rules = api::call(api, &ops::ClusterIpRuleUpdate { id, body }).await?;
        editor.reset(rules);
        saved_note.try_set(true);
        Ok(())
    })
}

#[component]
pub fn ClusterAccess() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let (cluster, api, cluster_id) = (ctx.cluster, ctx.api, ctx.id);
    // One signal per category (`[x; 3]` would copy one signal three times).
    let rows = std::array::from_fn(|_| RwSignal::new(Vec::new()));
    let owner = StoredValue::new(Owner::current().unwrap_or_default());
    let editor = Editor { saved: RwSignal::new(None), rows, next_key: StoredValue::new(0), owner };
    let list = load(move || {
        let op = ops::ClusterIpRuleList { id: cluster_id.get_value() };
        async move {
            let answer = api::call(api, &op).await;
            if let Ok(rules) = &answer {
                editor.reset(rules.clone());
            }
            answer
        }
    });
    let read_only = Signal::derive(move || ctx.denied(&catalogue::CLUSTER_IPRULE_UPDATE));
    let caps = Memo::new(move |_| {
        cluster.with(|c| (cap(&c.tier, &c.resource_limits), cap_line(&c.tier, &c.resource_limits)))
    });
    let total = move || editor.rows.iter().map(|r| r.with(Vec::len)).sum::<usize>();
    let write = Write::new(t(w::SAVING_RULES));
    let confirm = Confirm::new(t(w::SAVING_RULES));
    let saved_note = RwSignal::new(false);

    let invalid = move || {
        editor
            .rows
            .iter()
            .any(|r| r.with(|rows| rows.iter().any(|x| x.address.with(|a| address_problem(a).is_some()))))
    };
    let pending = Memo::new(move |_| editor.request().filter(|r| !is_empty(r)));
    let blocked = move || {
        if invalid() {
            Some(t(w::FIX_ADDRESSES))
        } else if pending.with(Option::is_none) {
            Some(t(w::NOTHING_CHANGED))
        } else {
            None
        }
    };
    let save = move |_| {
        let Some(body) = pending.get_untracked() else { return };
        saved_note.set(false);
        if !editor.address_changes(&body).is_empty() {
            confirm.open();
        } else {
            write.start(save_work(api, cluster_id.get_value(), body, editor, saved_note), None);
        }
    };
    let confirmed = Callback::new(move |()| {
        let body = pending.get_untracked().unwrap_or_default();
        save_work(api, cluster_id.get_value(), body, editor, saved_note)
    });
    // The Code panel: curl sends what Save sends (the changed lists); the HCL lists all three
    // categories as they will be after the save, since the provider sends every one.
    let code = crate::code::live(Box::new(move |t| {
        let op =
            ops::ClusterIpRuleUpdate { id: cluster_id.get_value(), body: pending.get().unwrap_or_default() };
        crate::code::single(t, "Save the IP rules", &cluster_api::Call::request(&op))
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        let [admin, realm_allow, realm_block] = editor.drafts().map(|list| {
            list.into_iter()
                .filter(|d| !d.address.trim().is_empty())
                .map(|d| cluster_api::IpRule {
                    alias: d.alias.trim().to_string(),
                    address: d.address.trim().to_string(),
                })
                .collect::<Vec<_>>()
        });
        crate::code::hcl::ip_rules(t, &cluster_id.get_value(), &admin, &realm_allow, &realm_block)
    }));
    let asked = Callback::new(move |()| editor.address_changes(&pending.get_untracked().unwrap_or_default()));

    let sections = Category::ALL
        .into_iter()
        .zip(editor.rows)
        .enumerate()
        .map(|(index, (category, rows))| {
            // A tier with no rules at all: the cap line said so, once; no Add and no reason here.
            let add_blocked = Signal::derive(move || {
                let cap = caps.get().0;
                (!no_rules_at_all(cap)).then(|| add_problem(cap, category, total()))
            });
            let add = Callback::new(move |()| editor.add(index));
            view! {
                <RuleSection
                    category=category
                    cluster_id=cluster_id
                    rows=rows
                    add_blocked=add_blocked
                    read_only=read_only
                    add=add
                />
            }
        })
        .collect_view();

    view! {
        <section class="card" id="ip-rules-intro">
            <h2>{t(w::HEADING)}</h2>
            <p class="hint">{t(w::INTRO)}</p>
            <p class="chip usage" id="ip-cap">
                {move || caps.get().1}
            </p>
        </section>
        {Loaded::new(t(w::LOADING_RULES), list).ready(|_| ().into_any())}
        <div class="ip-sections" hidden=move || editor.saved.with(Option::is_none)>
            {sections}
            // A caller who may not change the rules gets one line in place of Save, Discard
            // and the Code panel; the rows above are text for them (`section.rs`).
            <Writable refused=read_only id="access-read-only">
                <div class="actions" id="ip-actions">
                    <button
                        type="button"
                        class="button primary"
                        id="save-ip-rules"
                        disabled=move || write.busy.get() || blocked().is_some()
                        on:click=save
                    >
                        {write.label(t(w::SAVE), t(w::SAVING))}
                    </button>
                    <button
                        type="button"
                        class="button subtle"
                        id="discard-ip-rules"
                        disabled=move || pending.with(Option::is_none) || write.busy.get()
                        on:click=move |_| {
                            if let Some(saved) = editor.saved.get_untracked() {
                                editor.reset(saved)
                            }
                        }
                    >
                        {t(w::DISCARD_CHANGES)}
                    </button>
                    <span class="hint" id="save-ip-why">
                        {blocked}
                    </span>
                </div>
            </Writable>
            {move || {
                saved_note
                    .get()
                    .then(|| {
                        view! {
                            <p class="flash" id="ip-rules-saved" role="status">
                                {t(w::SAVED)}
                            </p>
                        }
                    })
            }}
            {write.failure()}
            {move || read_only.get().is_none().then(|| view! { <CodePanel curl=code hcl=hcl /> })}
        </div>
        <SaveQuestion
            confirm=confirm
            cluster=Signal::derive(move || cluster.with(|c| c.name.clone()))
            changes=asked
            curl=code
            hcl=hcl
            work=confirmed
        />
    }
}
