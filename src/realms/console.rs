//! Opening a realm's admin console: a fresh single-use link each time, opened in a new
//! tab and never kept. Links that are not http(s) with a host are refused, not followed
//! (`redirect::safe_external`, the one rule).

use cluster_api::ops;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::api::{self, Api, ApiError};
use crate::i18n::{k, t};
use crate::kit::Write;

/// Asks for a console link and opens it in a new tab. The tab is opened at once, while the
/// click still counts as the person's (a tab opened when the answer arrives would be taken
/// for a pop-up and blocked), then pointed at the link, or closed if there is none.
pub fn open_console(api: Api, realm_id: String, write: Write) {
    if write.busy.get_untracked() {
        return;
    }
    let tab = window().open_with_url_and_target("about:blank", "_blank").ok().flatten();
    if let Some(tab) = &tab {
        // The admin console must not be able to script this page (reverse tabnabbing).
        let _ = tab.set_opener(&JsValue::NULL);
    }
    write.start(
        Box::pin(async move {
            let Some(tab) = tab else {
                return Err(ApiError::BadRequest(t(k::realms::POPUP_BLOCKED).into()));
            };
            let answer = api::call(api, &ops::DeploymentConsoleLinkCreate { id: realm_id }).await;
            match answer {
                Ok(link) if crate::redirect::safe_external(&link.link).is_some() => {
                    if tab.location().set_href(&link.link).is_err() {
                        let _ = tab.close();
                        return Err(ApiError::BadRequest(t(k::realms::TAB_NOT_POINTED).into()));
                    }
                    Ok(())
                }
                Ok(_) => {
                    let _ = tab.close();
                    Err(ApiError::Decode(t(k::realms::CONSOLE_LINK_NOT_WEB).into()))
                }
                Err(e) => {
                    let _ = tab.close();
                    Err(e)
                }
            }
        }),
        None,
    );
}
