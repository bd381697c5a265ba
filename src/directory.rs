//! The caller's organizations and roles, read once per session and shared by every screen
//! that shows an organization's name or decides whether an action is allowed.

use cluster_api::{ops, roles, Operation, Org};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::session::Session;

#[derive(Clone, Copy)]
pub struct Directory {
    pub orgs: crate::load::Load<Result<Vec<Org>, ApiError>>,
}

impl Directory {
    pub fn new(session: Session) -> Directory {
        let orgs = crate::load::load(move || {
            // Re-read after every sign-in: another secret may see other organizations.
            let signed_in = session.signed_in.get();
            async move {
                if !signed_in {
                    return Ok(Vec::new());
                }
                api::call(session, &ops::OrgList).await
            }
        });
        Directory { orgs }
    }

    pub fn org(&self, id: &str) -> Option<Org> {
        self.orgs.with(|o| o.as_ref().and_then(|r| r.as_ref().ok()).and_then(|orgs| orgs.iter().find(|o| o.id == id).cloned()))
    }

    pub fn org_label(&self, id: &str) -> String {
        self.org(id).map(|o| o.display_name.unwrap_or(o.name)).unwrap_or_else(|| id.to_string())
    }

    /// `None` while the organizations load; then whether the caller may run `op` in org `id`,
    /// with the reason when not.
    pub fn permit(&self, org_id: &str, op: &Operation) -> Option<Result<(), String>> {
        let loaded = self.orgs.with(|o| o.as_ref().map(|r| r.is_ok()))?;
        if !loaded {
            return Some(Err("Your roles could not be loaded, so the console cannot tell whether this is allowed.".into()));
        }
        let org = self.org(org_id);
        let roles = org.as_ref().map(|o| o.roles.clone()).unwrap_or_default();
        if roles::allows(&roles, op) {
            return Some(Ok(()));
        }
        let role = roles::required_role(op).unwrap_or("a role");
        let name = org.map(|o| o.display_name.unwrap_or(o.name)).unwrap_or_else(|| org_id.to_string());
        Some(Err(format!(
            "Your API secret lacks the {role} role in {name}; it can view but not change. Ask an administrator of {name} for it."
        )))
    }
}
