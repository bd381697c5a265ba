//! The question before a save that adds or removes an address in any IP list: one dialog
//! for all three lists, naming the cluster and, list by list, what changes and who loses
//! access (admins on the admin paths, end users on every realm's login and /token).

use leptos::prelude::*;

use super::rules::{AddressChange, Category, Wording};
use crate::i18n::k::access as w;
use crate::i18n::{t, tf};
use crate::kit::code::CodePanel;
use crate::kit::dialog::{Confirm, ConfirmDialog, ConfirmStyle};
use crate::kit::write::Work;

/// What `change` does, in sentences: the list after the save and who loses (or regains)
/// access, for the cluster named `cluster`.
pub fn consequences(change: &AddressChange, cluster: &str) -> Vec<String> {
    let listed = |list: &[String]| list.join(", ");
    let after = listed(&change.after);
    match change.category {
        Category::AdminAllowed if change.after.is_empty() => vec![t(w::ADMIN_OPENS).into()],
        Category::AdminAllowed => vec![
            tf(w::CONFIRM_ONLY_THESE, &[("addresses", &after)]),
            t(w::CONFIRM_CONSEQUENCE).into(),
            t(w::CONFIRM_OWN_ADDRESS).into(),
        ],
        Category::RealmAllowed if change.after.is_empty() => {
            vec![tf(w::PUBLIC_OPENS, &[("cluster", cluster)])]
        }
        Category::RealmAllowed => vec![
            tf(w::PUBLIC_ONLY_THESE, &[("cluster", cluster), ("addresses", &after)]),
            t(w::PUBLIC_CONSEQUENCE).into(),
        ],
        Category::RealmBlocked => {
            let mut out = Vec::new();
            if !change.added.is_empty() {
                out.push(tf(
                    w::BLOCKED_ADDED,
                    &[("cluster", cluster), ("addresses", &listed(&change.added))],
                ));
            }
            if !change.removed.is_empty() {
                out.push(tf(
                    w::BLOCKED_REMOVED,
                    &[("cluster", cluster), ("addresses", &listed(&change.removed))],
                ));
            }
            out
        }
    }
}

/// One list's part of the question: its heading, what is added and removed, and what follows.
fn change_view(change: AddressChange, cluster: &str) -> impl IntoView + use<> {
    let said = consequences(&change, cluster);
    let added = (!change.added.is_empty()).then(|| {
        let text = tf(w::CHANGE_ADDED, &[("addresses", &change.added.join(", "))]);
        view! { <p class="ip-added">{text}</p> }
    });
    let removed = (!change.removed.is_empty()).then(|| {
        let text = tf(w::CHANGE_REMOVED, &[("addresses", &change.removed.join(", "))]);
        view! { <p class="ip-removed">{text}</p> }
    });
    view! {
        <section class="ip-change" data-list=change.category.slug()>
            <h3>{change.category.heading()}</h3>
            {added}
            {removed}
            {said.into_iter().map(|s| view! { <p class="ip-consequence">{s}</p> }).collect_view()}
        </section>
    }
}

/// The dialog. `changes` is read once, when it opens (what the pending save would do).
#[component]
pub fn SaveQuestion(
    confirm: Confirm,
    #[prop(into)] cluster: Signal<String>,
    changes: Callback<(), Vec<AddressChange>>,
    #[prop(into)] curl: Signal<String>,
    #[prop(into)] hcl: Signal<String>,
    work: Callback<(), Work>,
) -> impl IntoView {
    view! {
        <ConfirmDialog
            confirm=confirm
            title=Signal::derive(move || tf(w::CONFIRM_TITLE, &[("cluster", &cluster.get())]))
            body=move || {
                let name = cluster.get_untracked();
                view! {
                    {changes.run(()).into_iter().map(|c| change_view(c, &name)).collect_view()}
                    <CodePanel curl=curl hcl=hcl />
                }
            }
            confirm_label=t(w::CONFIRM_SAVE)
            busy_label=t(w::SAVING)
            style=ConfirmStyle::Danger
            work=work
            confirm_id="confirm-ip-rules"
        />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(category: Category, added: &[&str], removed: &[&str], after: &[&str]) -> AddressChange {
        let owned = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
        AddressChange { category, added: owned(added), removed: owned(removed), after: owned(after) }
    }

    #[test]
    fn each_list_says_who_loses_access() {
        let public = consequences(
            &change(Category::RealmAllowed, &["198.51.100.7"], &[], &["198.51.100.7"]),
            "acme-prod",
        );
        assert!(
            public[0].contains(
                "login and /token of every realm on acme-prod answer only these addresses: 198.51.100.7"
            ),
            "{public:?}"
        );
        assert!(public[1].starts_with("End users"), "{public:?}");

        let admin = consequences(
            &change(Category::AdminAllowed, &[], &["203.0.113.4"], &["203.0.113.5"]),
            "acme-prod",
        );
        assert!(admin[0].contains("answer only these addresses: 203.0.113.5"), "{admin:?}");
        assert!(admin[1].contains("admins signed in"), "{admin:?}");

        let opened = consequences(&change(Category::RealmAllowed, &[], &["198.51.100.7"], &[]), "acme-prod");
        assert!(opened[0].contains("answer every address again"), "{opened:?}");

        let blocked = consequences(
            &change(Category::RealmBlocked, &["192.0.2.9"], &["192.0.2.1"], &["192.0.2.9"]),
            "acme-prod",
        );
        assert_eq!(blocked.len(), 2);
        assert!(blocked[0].starts_with("End users at 192.0.2.9 lose access"), "{blocked:?}");
        assert!(blocked[1].starts_with("No longer blocked: 192.0.2.1."), "{blocked:?}");
    }
}
