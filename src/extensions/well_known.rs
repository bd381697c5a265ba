//! The app-association files of a WELL_KNOWN resource: each file's state and public URL
//! (copyable), upload (the JSON is checked in the browser first), delete, and the
//! `/.well-known/change-password` redirect.

use cluster_api::{ops, WellKnown, WellKnownFile};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use super::checks::{change_password_url, FileKind, WELL_KNOWN_FILES};
use super::upload::Uploader;
use super::{ExtCtx, Item};
use crate::api::{self, use_api};
use crate::kit::{Confirm, ConfirmDialog, Tone, Work, Write};
use crate::redirect::safe_external;

/// The two files as the service reports them, each present even when it did not list it.
pub fn files(known: &WellKnown) -> Vec<WellKnownFile> {
    let listed = known.files.clone().unwrap_or_default();
    WELL_KNOWN_FILES
        .iter()
        .map(|name| {
            listed.iter().find(|f| f.name.as_deref() == Some(*name)).cloned().unwrap_or_else(|| WellKnownFile {
                name: Some(name.to_string()),
                ..WellKnownFile::default()
            })
        })
        .collect()
}

async fn copy(text: String) -> Result<(), ()> {
    let window = web_sys::window().ok_or(())?;
    JsFuture::from(window.navigator().clipboard().write_text(&text)).await.map(|_| ()).map_err(|_| ())
}

#[component]
pub fn WellKnownPanel(item: Item) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let api = use_api();
    let known = RwSignal::new(None::<WellKnown>);
    let note = RwSignal::new(None::<String>);
    let url = RwSignal::new(String::new());
    let url_problem = RwSignal::new(None::<String>);
    let show = move |w: WellKnown| {
        url.try_set(w.change_password_url.clone().unwrap_or_default());
        known.try_set(Some(w));
    };
    let loading = Write::new("Loading the app-association files");
    let get = ops::ClusterWellKnownGet { id: ctx.cluster_id.get_value(), extension_id: item.id() };
    loading.run(async move { api::call(api, &get).await }, show);
    let saving = Write::new("Saving the change-password redirect");
    let save = move |value: &str| {
        note.set(None);
        let url = match change_password_url(value) {
            Ok(url) => url,
            Err(why) => return url_problem.set(Some(why)),
        };
        url_problem.set(None);
        // An empty URL clears the redirect.
        let body = WellKnown { change_password_url: Some(url.unwrap_or_default()), ..WellKnown::default() };
        let op = ops::ClusterWellKnownChangePasswordSet { id: ctx.cluster_id.get_value(), extension_id: item.id(), body: Some(body) };
        saving.run(async move { api::call(api, &op).await }, move |w| {
            let set = w.change_password_url.as_deref().is_some_and(|u| !u.is_empty());
            note.try_set(Some(if set { "Change-password redirect saved." } else { "Change-password redirect cleared." }.into()));
            show(w);
        });
    };
    let denied = move || ctx.denied.get().is_some();
    let busy = move || loading.busy.get() || saving.busy.get();
    let propagation = move || known.with(|k| k.as_ref().and_then(|k| k.propagation_seconds));

    let row = move |f: WellKnownFile| {
        let name = f.name.clone().unwrap_or_default();
        let uploaded = f.uploaded.unwrap_or(false);
        let public = f.url.clone().unwrap_or_default();
        let link = match safe_external(&public) {
            Some(href) => view! { <a href=href.to_string() target="_blank" rel="noopener noreferrer">{public.clone()}</a> }.into_any(),
            None if public.is_empty() => view! { <span class="hint">"—"</span> }.into_any(),
            None => public.clone().into_any(),
        };
        let copy_url = public.clone();
        let file = StoredValue::new(name.clone());
        let remove = Confirm::new("Deleting the file");
        let work = Callback::new(move |()| -> Work {
            let op = ops::ClusterWellKnownDelete { id: ctx.cluster_id.get_value(), extension_id: item.id(), file: file.get_value() };
            Box::pin(async move {
                let w = api::call(api, &op).await?;
                note.try_set(Some("File deleted; it is no longer published.".into()));
                show(w);
                Ok(())
            })
        });
        let address = if public.is_empty() { format!("/.well-known/{name}") } else { public.clone() };
        view! {
            <tr data-file=name.clone()>
                <td class="mono">{name.clone()}</td>
                <td>{if uploaded {
                    view! { <span class="badge badge-ok file-state">"Published"</span> }
                } else {
                    view! { <span class="badge badge-muted file-state">"Not uploaded"</span> }
                }}</td>
                <td class="url">
                    {link} " "
                    {(!public.is_empty()).then(|| view! {
                        <button class="button subtle copy-url" on:click=move |_| {
                            let text = copy_url.clone();
                            spawn_local(async move {
                                let words = match copy(text.clone()).await {
                                    Ok(()) => format!("Copied {text}"),
                                    Err(()) => "The browser did not allow copying; select the address and copy it.".into(),
                                };
                                note.try_set(Some(words));
                            });
                        }>"Copy"</button>
                    })}
                </td>
                <td>
                    {uploaded.then(|| view! {
                        <button class="button delete-file" disabled=denied on:click=move |_| remove.open()>"Delete"</button>
                    })}
                    <ConfirmDialog confirm=remove tone=Tone::Danger title=format!("Stop publishing {name}?")
                        body=move || view! {
                            <p>{format!("The file is deleted and {address} no longer serves it, so apps that rely on it (for example to open this domain's links in the app) stop working with this domain until it is uploaded again. ")}
                               {propagation().map(|s| format!("The change reaches the edge in about {s} seconds. "))}
</p>
                        }
                        work=work confirm_label="Delete file" busy_label="Deleting…" confirm_class="confirm-delete-file"/>
                </td>
            </tr>
        }
    };

    view! {
        <div class="well-known">
            {move || known.get().map(|w| view! {
                <p class="hint">
                    {format!("Served on {}", w.domain.clone().unwrap_or_else(|| "the cluster's host".into()))}
                    {w.propagation_seconds.map(|s| format!("; changes reach the edge in about {s} seconds."))}
                </p>
                <div class="table-wrap">
                    <table class="table well-known-files">
                        <thead><tr><th>"File"</th><th>"State"</th><th>"Public URL"</th><th></th></tr></thead>
                        <tbody>{files(&w).into_iter().map(row).collect_view()}</tbody>
                    </table>
                </div>
            })}
            {move || known.with(Option::is_none).then(|| view! { <p class="loading">"Loading the app-association files…"</p> })}
            {move || note.get().map(|n| view! { <p class="flash well-known-note" role="status">{n}</p> })}
            {loading.failure()}
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
                <button class="button clear-change-password" disabled=move || denied() || busy()
                    on:click=move |_| { url.set(String::new()); save(""); }>"Clear"</button>
            </div>
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
            files: Some(vec![WellKnownFile { name: Some("assetlinks.json".into()), uploaded: Some(true), ..Default::default() }]),
            ..WellKnown::default()
        };
        let all = files(&known);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].name.as_deref(), Some("apple-app-site-association"));
        assert_eq!(all[0].uploaded, None);
        assert_eq!(all[1].uploaded, Some(true));
    }
}
