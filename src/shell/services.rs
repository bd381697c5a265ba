//! What every signed-in screen reads from the app: the organizations and roles
//! (`Directory`), the cluster watch, and the activity center. They are made by the first
//! shell, not at the root, so their code travels in the `console` group and the main module
//! holds only what the sign-in page needs. They are made once, under the app's own owner:
//! a shell made again (a language switch re-renders the router) finds them there, with the
//! operations they watch.

use leptos::prelude::*;

use crate::directory::Directory;
use crate::poll::AppOwner;
use crate::session::Session;

/// Makes the services unless they are there already.
pub fn provide(session: Session) {
    if use_context::<Directory>().is_some() {
        return;
    }
    let make = move || {
        provide_context(Directory::new(session));
        crate::clusters::provide_watchers(session);
        // Long operations, watched until they settle whatever page is open (`activity`).
        crate::activity::provide();
    };
    match use_context::<AppOwner>() {
        Some(AppOwner(root)) => root.with(make),
        // Only without a root (a component rendered on its own): they live with the shell.
        None => make(),
    }
}
