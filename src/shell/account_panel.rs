//! What the account menu shows once opened: who is signed in (a person, or an API secret),
//! their user ID with Copy (the ID other screens ask for, e.g. billing contacts), their
//! organizations and roles, and the language and theme. A module of its own
//! (`account_panel`), fetched the first time the menu opens: most visits never open it.
//! Sign out is not here but in the menu itself, so it works even if this cannot load.

use leptos::prelude::*;

use super::language_picker::LanguagePicker;
use super::theme_picker::ThemePicker;
use crate::directory::Directory;
use crate::i18n::k::shell as w;
use crate::i18n::t;
use crate::kit::Loaded;
use crate::kit::copy::CopyButton;
use crate::session::Session;

crate::kit::lazy::split_screen!(
    pub ACCOUNT_PANEL,
    account_panel,
    w::ACCOUNT_DETAILS,
    view! { <AccountPanel/> }
);

/// The roles of each organization, as the menu lists them.
fn orgs_and_roles(directory: Directory) -> AnyView {
    Loaded::from_fn(t(w::ORGS_AND_ROLES), move || directory.orgs.get(), None)
        .loading(crate::directory::checking())
        .failed_hint(t(w::ORGS_UNREADABLE))
        .empty(Vec::is_empty, || view! { <p class="hint">{t(w::NO_ORGANIZATION_SENTENCE)}</p> })
        .ready(|orgs| {
            view! {
                <ul class="account-orgs">
                    {orgs
                        .into_iter()
                        .map(|o| {
                            let name = o.display_name.clone().unwrap_or_else(|| o.name.clone());
                            let roles = if o.roles.is_empty() {
                                t(w::NO_ROLE).to_string()
                            } else {
                                o.roles.join(", ")
                            };
                            view! {
                                <li>
                                    <strong>{name}</strong>
                                    ": "
                                    <span class="account-roles">{roles}</span>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            }
            .into_any()
        })
}

#[component]
fn AccountPanel() -> impl IntoView {
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let kind = move || t(if session.is_account() { w::SIGNED_IN_ACCOUNT } else { w::SIGNED_IN_SECRET });
    let id_label = move || t(if session.is_account() { w::YOUR_USER_ID } else { w::SECRET_USER_ID });
    view! {
        <p class="account-who">
            <strong>{move || crate::kit::theirs::theirs(session.who.get())}</strong>
            <br />
            <span class="hint" id="account-kind">
                {kind}
            </span>
        </p>
        <p class="account-id-label">{id_label}</p>
        {move || match session.user_id.get() {
            Some(id) => {
                view! {
                    <p class="account-id">
                        <code id="account-user-id">{id.clone()}</code>
                        " "
                        <CopyButton text=id what=t(w::USER_ID) />
                    </p>
                    <p class="hint">{t(w::USER_ID_HINT)}</p>
                }
                    .into_any()
            }
            None => {
                view! {
                    <p class="hint" id="account-user-id-missing">
                        {t(w::NO_USER_ID)}
                    </p>
                }
                    .into_any()
            }
        }}
        <p class="account-heading">
            <strong>{t(w::ORGS_AND_ROLES)}</strong>
        </p>
        {orgs_and_roles(directory)}
        <div class="account-prefs">
            <LanguagePicker id="account-language" />
            <ThemePicker id="account-theme" />
        </div>
    }
}
