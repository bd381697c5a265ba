//! The app-association files of a WELL_KNOWN resource: each file's state and public URL
//! (copyable), upload (the JSON is checked in the browser first), delete, and the
//! `/.well-known/change-password` redirect (clearing a live one is confirmed first).

use cluster_api::{WellKnown, WellKnownFile, ops};
use leptos::prelude::*;

use super::checks::{FileKind, WELL_KNOWN_FILES, change_password_url};
use super::upload::Uploader;
use super::{ExtCtx, Item};
use crate::api;
use crate::kit::Tone;
use crate::kit::code::CodePanel;
use crate::kit::copy::CopyButton;
use crate::kit::table::{Cell, Column, ResourceTable, Row, Rows, SortKey};
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

const COLUMNS: &[Column] =
    &[Column::new("File"), Column::new("State"), Column::new("Public URL"), Column::new("")];

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
    let loading = Write::new("Loading the app-association files");
    let read = move || {
        let get = ops::ClusterWellKnownGet { id: ctx.cluster.id.get_value(), extension_id: item.id() };
        loading.run(async move { api::call(api, &get).await }, show);
    };
    read();
    // The redirect the service has now, if any: clearing it is confirmed first.
    let saved = move || {
        known.with(|k| k.as_ref().and_then(|k| k.change_password_url.clone()).filter(|u| !u.is_empty()))
    };
    let clear = Confirm::new("Clearing the change-password redirect");
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
            note.try_set(Some("Change-password redirect cleared.".into()));
            show(w);
            Ok(())
        })
    });
    let open_clear = move || {
        note.set(None);
        url_problem.set(None);
        clear.open();
    };
    let saving = Write::new("Saving the change-password redirect");
    let save = move |value: &str| {
        note.set(None);
        let url = match change_password_url(value) {
            Ok(Some(url)) => url,
            // Saving an empty field clears a live redirect: the same question as Clear.
            Ok(None) if saved().is_some() => return open_clear(),
            Ok(None) => {
                return url_problem.set(Some(
                    "Enter the address to redirect to, such as https://example.com/account/password.".into(),
                ));
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
            note.try_set(Some("Change-password redirect saved.".into()));
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
    let edge = move || propagation().map(|s| format!("The change reaches the edge in about {s} seconds. "));

    let row = move |f: WellKnownFile| {
        let name = f.name.clone().unwrap_or_default();
        let uploaded = f.uploaded.unwrap_or(false);
        let public = f.url.clone().unwrap_or_default();
        let link = match safe_external(&public) {
            Some(href) => view! { <a href=href.to_string() target="_blank" rel="noopener noreferrer">{public.clone()}</a> }.into_any(),
            None if public.is_empty() => view! { <span class="hint">"—"</span> }.into_any(),
            None => public.clone().into_any(),
        };
        let copy =
            (!public.is_empty()).then(|| view! { " " <CopyButton text=public.clone() what="public URL"/> });
        let file = StoredValue::new(name.clone());
        let delete_code = crate::code::live(Box::new(move |t| {
            crate::code::actions::well_known_delete(t, &cluster_id.get_value(), &item.id(), &file.get_value())
        }));
        let remove = Confirm::new("Deleting the file");
        let work = Callback::new(move |()| -> Work {
            let op = ops::ClusterWellKnownDelete {
                id: ctx.cluster.id.get_value(),
                extension_id: item.id(),
                file: file.get_value(),
            };
            Box::pin(async move {
                let w = api::call(api, &op).await?;
                note.try_set(Some("File deleted; it is no longer published.".into()));
                show(w);
                Ok(())
            })
        });
        let address = if public.is_empty() { format!("/.well-known/{name}") } else { public.clone() };
        let state = if uploaded {
            Cell::badge("Published", Tone::Ok, false)
        } else {
            Cell::badge("Not uploaded", Tone::Muted, false)
        };
        let actions = view! {
            {uploaded.then(|| view! {
                <button class="button delete-file" disabled=denied on:click=move |_| remove.open()>"Delete"</button>
            })}
            <ConfirmDialog confirm=remove style=ConfirmStyle::Danger title=format!("Stop publishing {name}?")
                body=move || view! {
                    <p>{format!("The file is deleted and {address} no longer serves it, so apps that rely on it (for example to open this domain's links in the app) stop working with this domain until it is uploaded again. ")}
                       {edge}</p>
                    <CodePanel curl=delete_code/>
                }
                work=work confirm_label="Delete file" busy_label="Deleting…" confirm_class="confirm-delete-file"/>
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
    let rows = Callback::new(move |()| -> Rows {
        match listed.get() {
            Some(list) => Some(Ok(list.into_iter().map(row).collect())),
            None => loading.error.get().map(Err),
        }
    });

    view! {
        <div class="well-known">
            {move || known.with(|k| k.as_ref().map(|w| view! {
                <p class="hint">
                    {format!("Served on {}", w.domain.clone().unwrap_or_else(|| "the cluster's host".into()))}
                    {w.propagation_seconds.map(|s| format!("; changes reach the edge in about {s} seconds."))}
                </p>
            }))}
            <ResourceTable columns=COLUMNS rows=rows class="well-known-files" label="App-association files"
                loading_what="Loading the app-association files" retry=Callback::new(move |_| read())
                empty=ViewFn::from(|| view! { <p class="hint">"No app-association files."</p> })/>
            {move || note.get().map(|n| view! { <p class="flash well-known-note" role="status">{n}</p> })}
            {saving.failure()}
            {move || (!denied()).then(|| view! {
                <Uploader item=item kind=FileKind::Json published=known/>
            })}
            <div class="inline-form change-password">
                <label>"Change-password redirect "
                    <input type="url" id=move || format!("change-password-{}", item.id()) class="change-password-url"
                        placeholder="https://example.com/account/password" prop:value=url disabled=denied
                        on:input:target=move |ev| url.set(ev.target().value())/>
                </label>
                <button class="button save-change-password" disabled=move || denied() || busy()
                    on:click=move |_| save(&url.get_untracked())>"Save"</button>
                <button class="button clear-change-password" disabled=move || denied() || busy() || saved().is_none()
                    title=move || saved().is_none().then_some("No redirect is set.")
                    on:click=move |_| open_clear()>"Clear"</button>
            </div>
            {move || (!denied()).then(|| view! { <CodePanel curl=save_code/> })}
            <ConfirmDialog confirm=clear style=ConfirmStyle::Danger title="Clear the change-password redirect?"
                body=move || view! {
                    <p>{move || format!(
                        "/.well-known/change-password stops redirecting to {}. Password managers that send people there to change their password reach a page that is not found instead. You can set it again at any time. ",
                        saved().unwrap_or_default()
                    )}{edge}</p>
                    <CodePanel curl=clear_code/>
                }
                work=clear_work confirm_label="Clear redirect" busy_label="Clearing…" confirm_class="confirm-clear-change-password"/>
            {move || url_problem.get().map(|p| view! { <p class="error-detail" role="alert">{p}</p> })}
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
