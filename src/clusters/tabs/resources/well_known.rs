//! The app-association files of a WELL_KNOWN resource: each file's state and public URL
//! (copyable), upload (the JSON is checked in the browser first), delete, and the
//! `/.well-known/change-password` redirect (clearing a live one is confirmed first).

use cluster_api::{WellKnown, WellKnownFile, ops};
use leptos::prelude::*;

use super::checks::{FileKind, WELL_KNOWN_FILES, change_password_url};
use super::upload::Uploader;
use super::{ExtCtx, Item};
use crate::api;
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf, tp};
use crate::kit::Tone;
use crate::kit::code::CodePanel;
use crate::kit::copy::CopyButton;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, TableRead, empty_hint};
use crate::kit::{Confirm, ConfirmDialog, ConfirmStyle, Work, Write};
use crate::redirect::safe_external;

/// The two files as the service reports them, each present even when it did not list it.
pub fn files(known: &WellKnown) -> Vec<WellKnownFile> {
    let listed = known.files.clone().unwrap_or_default();
    WELL_KNOWN_FILES
        .iter()
        .map(|name| {
            listed
                .iter()
                .find(|f| f.name.as_deref() == Some(*name))
                .cloned()
                .unwrap_or_else(|| WellKnownFile { name: Some(name.to_string()), ..WellKnownFile::default() })
        })
        .collect()
}

/// The table's columns (the last holds the row buttons).
const COLUMNS: &[Column] =
    &[Column::new(w::COL_FILE), Column::new(w::COL_STATE), Column::new(w::COL_PUBLIC_URL), Column::blank()];

/// "Served on …", and how soon a change reaches the edge when the service says.
fn served_on(domain: Option<&str>, propagation_seconds: Option<i32>) -> String {
    match (domain, propagation_seconds) {
        (Some(domain), Some(s)) => tp(w::SERVED_ON_EDGE, f64::from(s), &[("domain", domain)]),
        (None, Some(s)) => tp(w::SERVED_ON_DEFAULT_EDGE, f64::from(s), &[]),
        (Some(domain), None) => tf(w::SERVED_ON, &[("domain", domain)]),
        (None, None) => t(w::SERVED_ON_DEFAULT).to_string(),
    }
}

#[component]
pub fn WellKnownPanel(item: Item) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let api = ctx.cluster.api;
    let known = RwSignal::new(None::<WellKnown>);
    let note = RwSignal::new(None::<String>);
    let url = RwSignal::new(String::new());
    let url_problem = RwSignal::new(None::<String>);
    let show = move |w: WellKnown| {
        url.try_set(w.change_password_url.clone().unwrap_or_default());
        known.try_set(Some(w));
    };
    let loading = Write::new(t(w::LOADING_FILES));
    let read = move || {
        let get = ops::ClusterWellKnownGet { id: ctx.cluster.id.get_value(), extension_id: item.id() };
        loading.run(async move { api::call(api, &get).await }, show);
    };
    read();
    // The redirect the service has now, if any: clearing it is confirmed first.
    let saved = move || {
        known.with(|k| k.as_ref().and_then(|k| k.change_password_url.clone()).filter(|u| !u.is_empty()))
    };
    let clear = Confirm::new(t(w::CLEARING_REDIRECT));
    let clear_work = Callback::new(move |()| -> Work {
        // An empty URL clears the redirect.
        let body = WellKnown { change_password_url: Some(String::new()), ..WellKnown::default() };
        let op = ops::ClusterWellKnownChangePasswordSet {
            id: ctx.cluster.id.get_value(),
            extension_id: item.id(),
            body: Some(body),
        };
        Box::pin(async move {
            let w = api::call(api, &op).await?;
            note.try_set(Some(t(w::REDIRECT_CLEARED).into()));
            show(w);
            Ok(())
        })
    });
    let open_clear = move || {
        note.set(None);
        url_problem.set(None);
        clear.open();
    };
    let saving = Write::new(t(w::SAVING_REDIRECT));
    let save = move |value: &str| {
        note.set(None);
        let url = match change_password_url(value) {
            Ok(Some(url)) => url,
            // Saving an empty field clears a live redirect: the same question as Clear.
            Ok(None) if saved().is_some() => return open_clear(),
            Ok(None) => {
                return url_problem.set(Some(t(w::REDIRECT_NEEDED).into()));
            }
            Err(why) => return url_problem.set(Some(why)),
        };
        url_problem.set(None);
        let body = WellKnown { change_password_url: Some(url), ..WellKnown::default() };
        let op = ops::ClusterWellKnownChangePasswordSet {
            id: ctx.cluster.id.get_value(),
            extension_id: item.id(),
            body: Some(body),
        };
        saving.run(async move { api::call(api, &op).await }, move |w| {
            note.try_set(Some(t(w::REDIRECT_SAVED).into()));
            show(w);
        });
    };
    let denied = move || ctx.denied.get().is_some();
    let cluster_id = ctx.cluster.id;
    // Save sends the URL as the console would (checked and normalised); a blank field clears.
    let save_code = crate::code::live(Box::new(move |t| {
        let typed = url.get();
        let sent = match change_password_url(&typed) {
            Ok(Some(u)) => u,
            Ok(None) => String::new(),
            Err(_) => typed.trim().to_string(),
        };
        crate::code::actions::change_password(t, &cluster_id.get_value(), &item.id(), &sent)
    }));
    let clear_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::change_password(t, &cluster_id.get_value(), &item.id(), "")
    }));
    let busy = move || loading.busy.get() || saving.busy.get() || clear.write.busy.get();
    let propagation = move || known.with(|k| k.as_ref().and_then(|k| k.propagation_seconds));
    let edge = move || propagation().map(|s| tp(w::EDGE, f64::from(s), &[]));

    let row = move |f: WellKnownFile| {
        let name = f.name.clone().unwrap_or_default();
        let uploaded = f.uploaded.unwrap_or(false);
        let public = f.url.clone().unwrap_or_default();
        let link = match safe_external(&public) {
            Some(href) => view! {
                <a href=href.to_string() target="_blank" rel="noopener noreferrer">
                    {public.clone()}
                </a>
            }
            .into_any(),
            None if public.is_empty() => view! { <span class="hint">"—"</span> }.into_any(),
            None => public.clone().into_any(),
        };
        let copy = (!public.is_empty()).then(|| {
            view! {
                " "
                <CopyButton text=public.clone() what=t(w::COPY_PUBLIC_URL) />
            }
        });
        let file = StoredValue::new(name.clone());
        let delete_code = crate::code::live(Box::new(move |t| {
            crate::code::actions::well_known_delete(t, &cluster_id.get_value(), &item.id(), &file.get_value())
        }));
        let remove = Confirm::new(t(w::DELETING_FILE));
        let work = Callback::new(move |()| -> Work {
            let op = ops::ClusterWellKnownDelete {
                id: ctx.cluster.id.get_value(),
                extension_id: item.id(),
                file: file.get_value(),
            };
            Box::pin(async move {
                let w = api::call(api, &op).await?;
                note.try_set(Some(t(w::FILE_DELETED).into()));
                show(w);
                Ok(())
            })
        });
        let address = if public.is_empty() { format!("/.well-known/{name}") } else { public.clone() };
        let state = if uploaded {
            Cell::badge(t(w::PUBLISHED), Tone::Ok, false)
        } else {
            Cell::badge(t(w::NOT_UPLOADED), Tone::Muted, false)
        };
        let actions = view! {
            {uploaded
                .then(|| {
                    view! {
                        <button class="button delete-file" disabled=denied on:click=move |_| remove.open()>
                            {t(w::DELETE)}
                        </button>
                    }
                })}
            <ConfirmDialog
                confirm=remove
                style=ConfirmStyle::Danger
                title=tf(w::STOP_PUBLISHING_TITLE, &[("name", &name)])
                body=move || {
                    view! {
                        <p>{tf(w::STOP_PUBLISHING_BODY, &[("address", &address)])} {edge}</p>
                        <CodePanel curl=delete_code />
                    }
                }
                work=work
                confirm_label=t(w::DELETE_FILE)
                busy_label=t(w::DELETING)
                confirm_class="confirm-delete-file"
            />
        };
        Row::new(
            "data-file",
            name.clone(),
            vec![
                Cell::mono(name),
                state.class("file-state"),
                Cell::view(view! { {link} {copy} }.into_any(), SortKey::None).class("url"),
                Cell::view(actions.into_any(), SortKey::None).class("row-actions"),
            ],
        )
    };
    // The table is drawn again only when the files change, not when the redirect does.
    let listed = Memo::new(move |_| known.with(|k| k.as_ref().map(files)));
    let rows = TableRead::new(
        t(w::LOADING_FILES),
        move || match listed.get() {
            Some(list) => Some(Ok(list.into_iter().map(row).collect())),
            None => loading.error.get().map(Err),
        },
        read,
    );

    view! {
        <div class="well-known">
            {move || {
                known
                    .with(|k| {
                        k.as_ref()
                            .map(|w| {
                                view! {
                                    <p class="hint">
                                        {served_on(w.domain.as_deref(), w.propagation_seconds)}
                                    </p>
                                }
                            })
                    })
            }}
            <ResourceTable
                columns=COLUMNS
                rows=rows
                class="well-known-files"
                label=t(w::FILES_LABEL)
                empty=empty_hint(t(w::NO_FILES))
            />
            {move || {
                note.get()
                    .map(|n| {
                        view! {
                            <p class="flash well-known-note" role="status">
                                {n}
                            </p>
                        }
                    })
            }} {saving.failure()}
            {move || {
                (!denied()).then(|| view! { <Uploader item=item kind=FileKind::Json published=known /> })
            }} <div class="inline-form change-password">
                <label>
                    {t(w::REDIRECT_LABEL)}
                    <input
                        type="url"
                        id=move || format!("change-password-{}", item.id())
                        class="change-password-url"
                        placeholder="https://example.com/account/password"
                        prop:value=url
                        disabled=denied
                        on:input:target=move |ev| url.set(ev.target().value())
                    />
                </label>
                <button
                    class="button save-change-password"
                    disabled=move || denied() || busy()
                    on:click=move |_| save(&url.get_untracked())
                >
                    {t(w::SAVE)}
                </button>
                <button
                    class="button clear-change-password"
                    disabled=move || denied() || busy() || saved().is_none()
                    title=move || saved().is_none().then(|| t(w::NO_REDIRECT))
                    on:click=move |_| open_clear()
                >
                    {t(w::CLEAR)}
                </button>
            </div> {move || (!denied()).then(|| view! { <CodePanel curl=save_code /> })}
            <ConfirmDialog
                confirm=clear
                style=ConfirmStyle::Danger
                title=t(w::CLEAR_TITLE)
                body=move || {
                    view! {
                        <p>{move || tf(w::CLEAR_BODY, &[("url", &saved().unwrap_or_default())])}{edge}</p>
                        <CodePanel curl=clear_code />
                    }
                }
                work=clear_work
                confirm_label=t(w::CLEAR_CONFIRM)
                busy_label=t(w::CLEARING)
                confirm_class="confirm-clear-change-password"
            />
            {move || {
                url_problem
                    .get()
                    .map(|p| {
                        view! {
                            <p class="error-detail" role="alert">
                                {p}
                            </p>
                        }
                    })
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_files_are_always_listed() {
        let known = WellKnown {
            files: Some(vec![WellKnownFile {
                name: Some("assetlinks.json".into()),
                uploaded: Some(true),
                ..Default::default()
            }]),
            ..WellKnown::default()
        };
        let all = files(&known);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].name.as_deref(), Some("apple-app-site-association"));
        assert_eq!(all[0].uploaded, None);
        assert_eq!(all[1].uploaded, Some(true));
    }
}
