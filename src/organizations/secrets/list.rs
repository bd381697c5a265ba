//! `/organizations/{org}/secrets`: name, client ID, roles and the masked secret of each,
//! "4 of 10" against the limit, and the way to create one.

use cluster_api::secret_rules::MAX_SECRETS;
use cluster_api::{Secret, catalogue, ops};
use leptos::prelude::*;

use super::create::CreateSecret;
use super::{org_param, role_chips};
use crate::api::{self, use_api};
use crate::directory::Directory;
use crate::i18n::{k, t, tf, tp};
use crate::kit::page::{PageHead, name_crumb};
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, TableRead};
use crate::links;

const COLUMNS: &[Column] = &[
    Column::sortable(k::api_secrets::NAME),
    Column::sortable(k::api_secrets::CLIENT_ID),
    Column::new(k::api_secrets::ROLES),
    Column::new(k::api_secrets::COL_SECRET),
    Column::sortable(k::api_secrets::CREATED),
];

fn secret_row(org_id: &str, s: &Secret) -> Row {
    let mut cells = vec![
        Cell::link(s.name.clone(), links::org_secret(org_id, &s.id)),
        Cell::copy(s.client_id.clone(), t(k::api_secrets::CLIENT_ID_WHAT)),
        Cell::view(role_chips(&s.roles), SortKey::None),
        Cell::mono(s.client_secret.clone()),
    ];
    cells.push(match s.created_at {
        Some(at) => Cell::time(at),
        None => Cell::text("—"),
    });
    Row::new("data-secret", s.name.clone(), cells)
}

/// Why no secret can be created now, if so: the role, or the limit.
pub fn create_refusal(directory: &Directory, org_id: &str, count: Option<i64>) -> Option<String> {
    if let Some(why) = directory.refusal(org_id, &catalogue::ORG_APISECRET_CREATE) {
        return Some(why);
    }
    match count {
        Some(n) if n >= MAX_SECRETS as i64 => Some(tp(k::api_secrets::AT_LIMIT, n as f64, &[])),
        _ => None,
    }
}

#[component]
pub fn ApiSecrets() -> impl IntoView {
    let org = org_param();
    move || view! { <SecretsPage org_id=org.get() /> }
}

#[component]
fn SecretsPage(org_id: String) -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();
    let org = StoredValue::new(org_id.clone());
    let secrets = crate::view_read::load(move || {
        let org_id = org.get_value();
        async move { api::call(api, &ops::OrgApiSecretList { org_id }).await }
    });
    let count = crate::view_read::load(move || {
        let org_id = org.get_value();
        async move { api::call(api, &ops::OrgApiSecretCount { org_id }).await }
    });
    let reload = move || {
        secrets.refetch();
        count.refetch();
    };
    let label = directory.org_label(&org_id);
    // Retry reads the count again with the list: the page shows both.
    let rows = TableRead {
        retry: Callback::new(move |()| reload()),
        ..secrets.table(t(k::api_secrets::LOADING), move |list| {
            list.iter().map(|s| secret_row(&org.get_value(), s)).collect()
        })
    };
    let count_text = move || match count.get() {
        None => t(k::api_secrets::COUNTING).to_string(),
        Some(Ok(n)) => {
            tf(k::api_secrets::COUNT_OF_MAX, &[("count", &n.to_string()), ("max", &MAX_SECRETS.to_string())])
        }
        Some(Err(e)) => tf(k::api_secrets::COUNT_FAILED, &[("title", &e.title())]),
    };
    let refusal = Signal::derive(move || {
        let n = count.with(|c| c.as_ref().and_then(|r| r.as_ref().ok().copied()));
        // Until the count is known, creating waits for it: the limit may already be reached.
        match n {
            None => Some(t(k::api_secrets::COUNTING_SECRETS).to_string()),
            Some(n) => create_refusal(&directory, &org.get_value(), Some(n)),
        }
    });
    let taken = Signal::derive(move || {
        secrets.with(|l| match l {
            Some(Ok(list)) => list.iter().map(|s| s.name.clone()).collect(),
            _ => Vec::new(),
        })
    });
    // The trail names the organization.
    name_crumb("org", Signal::stored(label.clone()));
    view! {
        <PageHead
            heading=crate::routes::API_SECRETS.title()
            title=Signal::stored(crate::kit::page::title(&[crate::routes::API_SECRETS.title(), &label]))
        >
            <span
                class="chip usage"
                id="secret-count"
                class:full=move || count.with(|c| matches!(c, Some(Ok(n)) if *n >= MAX_SECRETS as i64))
            >
                {count_text}
            </span>
        </PageHead>
        <p class="hint">{t(k::api_secrets::LIST_HINT)}</p>
        <CreateSecret
            org_id=org.get_value()
            refusal=refusal
            taken=taken
            created=Callback::new(move |()| reload())
        />
        <ResourceTable
            columns=COLUMNS
            rows=rows
            id="secret-table"
            class="secrets"
            label=t(k::api_secrets::API_SECRETS)
            empty=ViewFn::from(|| view! { <p class="hint empty">{t(k::api_secrets::NONE_YET)}</p> })
        />
    }
}
