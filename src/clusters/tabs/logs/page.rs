//! `/clusters/:id/logs`: the log viewer over a window (presets or a custom UTC range), the
//! window's files a page at a time, each downloadable through a fresh signed link, and the
//! telemetry export settings below. Every filter is kept in the URL (`filters.rs`). The files
//! and the export come with the tab's other late parts (`later.rs`, `log_extras`).

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use super::files::FileSection;
use super::filters::{Filters, from_query, href};
use super::later::Later;
use super::telemetry_export::ExportSection;
use super::viewer::LogViewer;
use crate::clusters::ClusterCtx;
use crate::links::{self, ClusterTab};

#[component]
pub fn ClusterLogs() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let query = use_query_map();
    let navigate = use_navigate();
    let base = StoredValue::new(links::cluster_tab(&ctx.id(), ClusterTab::Logs));
    let filters = Memo::new(move |_| query.with(|q| from_query(&|name| q.get(name))));
    let go = Callback::new(move |(f, replace): (Filters, bool)| {
        navigate(
            &href(&base.get_value(), &f),
            NavigateOptions { scroll: false, replace, ..Default::default() },
        )
    });
    // The tab's late parts, one module for all of them, fetched now (`later.rs`).
    let later = Later::fetched();
    view! {
        <LogViewer later=later filters=filters go=go />
        <FileSection later=later filters=filters go=go />
        <ExportSection later=later />
    }
}
