//! The app-association files of a WELL_KNOWN resource: each file's state and public URL
//! (copyable), upload (the JSON is checked in the browser first), delete, and the
//! `/.well-known/change-password` redirect.

use cluster_api::{ops, WellKnown, WellKnownFile};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use super::checks::{change_password_url, FileKind, WELL_KNOWN_FILES};
use super::upload::Uploader;
use super::{act, ExtCtx, Item};
use crate::api::{self, ApiError};
use crate::components::ErrorPanel;
use crate::redirect::safe_external;
use crate::session::Session;

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
    let session = expect_context::<Session>();
    let known = RwSignal::new(None::<WellKnown>);
    let error = RwSignal::new(None::<(&'static str, ApiError)>);
    let note = RwSignal::new(None::<String>);
    let url = RwSignal::new(String::new());
    let url_problem = RwSignal::new(None::<String>);
    let show = move |w: WellKnown| {
        url.set(w.change_password_url.clone().unwrap_or_default());
        known.set(Some(w));
    };
    let busy = RwSignal::new(false);
    let get = ops::ClusterWellKnownGet { id: ctx.cluster_id.get_value(), extension_id: item.id() };
    act(busy, async move { api::call(session, &get).await }, move |result| match result {
        Ok(w) => show(w),
        Err(e) => error.set(Some(("Loading the app-association files", e))),
    });
    let remove = move |file: String| {
        let op = ops::ClusterWellKnownDelete { id: ctx.cluster_id.get_value(), extension_id: item.id(), file };
        act(busy, async move { api::call(session, &op).await }, move |result| match result {
            Ok(w) => {
                note.set(Some("File deleted; it is no longer published.".into()));
                show(w);
            }
            Err(e) => error.set(Some(("Deleting the file", e))),
        });
    };
    let save = move |value: &str| {
        error.set(None);
        note.set(None);
        let url = match change_password_url(value) {
            Ok(url) => url,
            Err(why) => return url_problem.set(Some(why)),
        };
        url_problem.set(None);
        // An empty URL clears the redirect.
        let body = WellKnown { change_password_url: Some(url.unwrap_or_default()), ..WellKnown::default() };
        let op = ops::ClusterWellKnownChangePasswordSet { id: ctx.cluster_id.get_value(), extension_id: item.id(), body: Some(body) };
        act(busy, async move { api::call(session, &op).await }, move |result| match result {
            Ok(w) => {
                let set = w.change_password_url.as_deref().is_some_and(|u| !u.is_empty());
                note.set(Some(if set { "Change-password redirect saved." } else { "Change-password redirect cleared." }.into()));
                show(w);
            }
            Err(e) => error.set(Some(("Saving the change-password redirect", e))),
        });
    };
    let denied = move || ctx.denied.get().is_some();
    let confirming = RwSignal::new(None::<String>);

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
        let (n1, n2) = (name.clone(), name.clone());
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
                        <button class="button delete-file" disabled=denied on:click=move |_| confirming.set(Some(n1.clone()))>"Delete"</button>
                    })}
                    {move || (confirming.get().as_deref() == Some(n2.as_str())).then(|| {
                        let file = n2.clone();
                        view! {
                            <div class="inline-confirm" role="dialog">
                                <span>"Stop publishing this file?"</span>
                                <button class="button" on:click=move |_| confirming.set(None)>"Keep"</button>
                                <button class="button danger confirm-delete-file" disabled=move || busy.get()
                                    on:click=move |_| { confirming.set(None); remove(file.clone()); }>"Delete file"</button>
                            </div>
                        }
                    })}
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
            {move || error.get().map(|(action, e)| view! { <ErrorPanel action=action error=e/> })}
            {move || (!denied()).then(|| view! {
                <Uploader item=item kind=FileKind::Json published=known/>
            })}
            <div class="inline-form change-password">
                <label>"Change-password redirect "
                    <input type="url" id=move || format!("change-password-{}", item.id()) class="change-password-url"
                        placeholder="https://example.com/account/password" prop:value=url disabled=denied
                        on:input:target=move |ev| url.set(ev.target().value())/>
                </label>
                <button class="button save-change-password" disabled=move || denied() || busy.get()
                    on:click=move |_| save(&url.get_untracked())>"Save"</button>
                <button class="button clear-change-password" disabled=move || denied() || busy.get()
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
