//! The caller's organizations and roles, read once per session and shared by every screen
//! that shows an organization's name or decides whether an action is allowed. Access is
//! answered here and nowhere else: "may this person do X in org Y, and if not, why".

use cluster_api::{Operation, Org, ops, roles};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::i18n::k::directory as w;
use crate::i18n::{Msg, t, tf};
use crate::session::Session;

#[derive(Clone, Copy)]
pub struct Directory {
    pub orgs: crate::view_read::Load<Result<Vec<Org>, ApiError>>,
    /// Support staff (from the token's claim): every organization is visible, nothing of a
    /// customer's may be changed.
    pub staff: RwSignal<bool>,
    session: Session,
}

/// Who a refusal is about: the person signed in with their account, or the API secret.
/// A person is never told "your API secret" lacks a role they lack themselves.
#[derive(Clone, Debug, PartialEq)]
pub enum Caller {
    /// A person, by email (or name when the identity server gave no email).
    Person(String),
    /// An API secret, as the header names it ("API secret deploy (client-id)").
    Secret(String),
}

impl Caller {
    /// Who lacks the role: "You (carol@acme.example)" / "This API secret (deploy)".
    fn who(&self) -> String {
        match self {
            Caller::Person(who) if who.trim().is_empty() => t(w::YOU).into(),
            Caller::Person(who) => tf(w::YOU_NAMED, &[("who", who.trim())]),
            Caller::Secret(who) => {
                // The header names it "API secret deploy (client-id)" in the language of the
                // sign-in (`account::secret`): the name is what follows those words.
                let words = t(crate::i18n::k::sign_in::SECRET_UNNAMED);
                let words = words.split("{client_id}").next().unwrap_or_default().trim();
                let who = who.trim();
                let who =
                    who.strip_prefix("API secret").or_else(|| who.strip_prefix(words)).unwrap_or(who).trim();
                if who.is_empty() { t(w::SECRET).into() } else { tf(w::SECRET_NAMED, &[("who", who)]) }
            }
        }
    }

    /// The refusal of `op` for lack of `role` in `org`: a read (nothing to see without the
    /// role) or a change (the caller can still look). Whole sentences per kind of caller:
    /// the verb agrees with the subject.
    fn lacks(&self, role: &str, org: &str, read: bool) -> String {
        let sentence = match (self, read) {
            (Caller::Person(_), true) => w::PERSON_LACKS_READ,
            (Caller::Person(_), false) => w::PERSON_LACKS_WRITE,
            (Caller::Secret(_), true) => w::SECRET_LACKS_READ,
            (Caller::Secret(_), false) => w::SECRET_LACKS_WRITE,
        };
        tf(sentence, &[("who", &self.who()), ("role", role), ("org", org)])
    }

    /// `doing` needs `role` in some organization; the caller has it in none.
    fn has_none(&self, doing: &str, role: &str) -> String {
        let sentence = match self {
            Caller::Person(_) => w::PERSON_HAS_NONE,
            Caller::Secret(_) => w::SECRET_HAS_NONE,
        };
        tf(sentence, &[("doing", doing), ("role", role)])
    }
}

/// Why support staff get no write control on a customer's resources.
pub const STAFF_READ_ONLY: Msg = w::STAFF_READ_ONLY;

/// The staff decision for `op`: reads (and the staff operations) yes, anything else no,
/// with the reason in one sentence (the page-head badge keeps the short `STAFF_READ_ONLY`).
pub fn decide_staff(op: &Operation) -> Result<(), String> {
    if roles::staff_may(op) { Ok(()) } else { Err(t(w::STAFF_CANNOT_CHANGE).into()) }
}

/// Shown while the roles are still being read.
pub fn checking() -> &'static str {
    t(w::CHECKING)
}

fn unknown() -> &'static str {
    t(w::UNKNOWN)
}

fn label(org: &Org) -> String {
    org.display_name.clone().unwrap_or_else(|| org.name.clone())
}

/// The decision for `op` in org `org_id`, given what is known of the caller's
/// organizations (`None` while loading, `Err` when they failed to load).
pub fn decide(
    orgs: Option<Result<&[Org], ()>>,
    org_id: &str,
    op: &Operation,
    caller: &Caller,
) -> Option<Result<(), String>> {
    let Ok(orgs) = orgs? else { return Some(Err(unknown().into())) };
    let org = orgs.iter().find(|o| o.id == org_id);
    if roles::allows(org.map(|o| o.roles.as_slice()).unwrap_or_default(), op) {
        return Some(Ok(()));
    }
    let role = roles::required_role(op).unwrap_or_else(|| t(w::A_ROLE));
    let name = org.map(label).unwrap_or_else(|| org_id.to_string());
    // A refused read (realm credentials are the manage role's) must not claim "it can view".
    Some(Err(caller.lacks(role, &name, op.method == cluster_api::Method::Get)))
}

/// The organizations where `op` is allowed, in the order the service listed them.
pub fn allowing<'a>(orgs: &'a [Org], op: &Operation) -> impl Iterator<Item = &'a Org> {
    orgs.iter().filter(move |o| roles::allows(&o.roles, op))
}

/// Why `op` (described as `doing`, e.g. "Creating a cluster") is allowed in none of the
/// caller's organizations, or `None` when some organization allows it.
pub fn refused_everywhere(orgs: &[Org], op: &Operation, doing: &str, caller: &Caller) -> Option<String> {
    if allowing(orgs, op).next().is_some() {
        return None;
    }
    let role = roles::required_role(op).unwrap_or_else(|| t(w::A_ROLE));
    Some(caller.has_none(doing, role))
}

impl Directory {
    pub fn new(session: Session) -> Directory {
        let orgs = crate::view_read::load(move || {
            // Re-read after every sign-in: another secret may see other organizations.
            session.signed_in.track();
            let api = session.api();
            async move {
                let Some(api) = api else { return Ok(Vec::new()) };
                api::call(api, &ops::OrgList).await
            }
        });
        // An answer belongs to the sign-in it was read for. Kept past a sign-in or a
        // sign-out, it would speak for the wrong caller until the new read answers (the
        // empty list read while signed out said "this API secret has the role in none").
        Effect::new(move |before: Option<bool>| {
            let now = session.signed_in.get();
            if before.is_some_and(|b| b != now) {
                orgs.forget();
            }
            now
        });
        Directory { orgs, staff: session.staff, session }
    }

    /// Who is signed in, as refusals name them.
    pub fn caller(&self) -> Caller {
        if self.session.is_account() {
            let email = self.session.email.get();
            Caller::Person(email.unwrap_or_else(|| self.session.who.get()))
        } else {
            Caller::Secret(self.session.who.get())
        }
    }

    pub fn is_staff(&self) -> bool {
        self.staff.get()
    }

    /// Why the organizations could not be read, while that is so (the shell offers Retry).
    pub fn failure(&self) -> Option<ApiError> {
        self.orgs.with(|o| match o {
            Some(Err(e)) => Some(e.clone()),
            _ => None,
        })
    }

    /// The page-head badge for a refusal `why`: "View only" is only true once the roles are
    /// known; while they failed to load it is not known.
    pub fn badge_words(&self, why: &str) -> &'static str {
        if self.is_staff() {
            t(STAFF_READ_ONLY)
        } else if why == unknown() {
            t(w::ROLES_UNKNOWN)
        } else {
            t(w::VIEW_ONLY)
        }
    }

    pub fn org(&self, id: &str) -> Option<Org> {
        self.orgs.with(|o| {
            o.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|orgs| orgs.iter().find(|o| o.id == id).cloned())
        })
    }

    pub fn org_label(&self, id: &str) -> String {
        self.org(id).map(|o| label(&o)).unwrap_or_else(|| id.to_string())
    }

    /// `None` while the organizations load; then whether the caller may run `op` in org `id`,
    /// with the reason when not.
    pub fn permit(&self, org_id: &str, op: &Operation) -> Option<Result<(), String>> {
        if self.staff.get() {
            return Some(decide_staff(op));
        }
        let caller = self.caller();
        self.orgs.with(|o| decide(o.as_ref().map(|r| r.as_deref().map_err(|_| ())), org_id, op, &caller))
    }

    /// Why `op` is refused in `org_id`, counting "still loading" as refused (for buttons
    /// that must not be pressed before the answer is known).
    pub fn denied(&self, org_id: &str, op: &Operation) -> Option<String> {
        match self.permit(org_id, op) {
            None => Some(checking().into()),
            Some(verdict) => verdict.err(),
        }
    }

    /// Why `op` is refused in `org_id` once known; nothing while loading (for notes that
    /// would only flicker).
    pub fn refusal(&self, org_id: &str, op: &Operation) -> Option<String> {
        self.permit(org_id, op).and_then(Result::err)
    }

    /// The organizations where `op` is allowed; empty while loading or after a failure.
    pub fn orgs_allowing(&self, op: &Operation) -> Vec<Org> {
        let staff = self.staff.get();
        if staff && decide_staff(op).is_err() {
            return Vec::new();
        }
        self.orgs.with(|o| match o {
            Some(Ok(orgs)) if staff => orgs.clone(),
            Some(Ok(orgs)) => allowing(orgs, op).cloned().collect(),
            _ => Vec::new(),
        })
    }

    /// Why `op` is allowed nowhere (see [`refused_everywhere`]); nothing until the
    /// organizations are known.
    pub fn refused_everywhere(&self, op: &Operation, doing: &str) -> Option<String> {
        if self.staff.get() {
            return decide_staff(op).err();
        }
        let caller = self.caller();
        self.orgs.with(|o| match o {
            Some(Ok(orgs)) => refused_everywhere(orgs, op, doing, &caller),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use cluster_api::catalogue;

    use super::*;

    fn org(id: &str, roles: &[&str]) -> Org {
        Org {
            id: id.into(),
            name: id.into(),
            display_name: Some(format!("{id} Inc.")),
            roles: roles.iter().map(|r| r.to_string()).collect(),
        }
    }

    fn secret() -> Caller {
        Caller::Secret("API secret deploy".into())
    }

    #[test]
    fn a_person_is_named_not_a_secret() {
        let orgs = [org("acme", &["view-clusters"])];
        let carol = Caller::Person("carol@acme.example".into());
        let why = decide(Some(Ok(&orgs)), "acme", &catalogue::CLUSTER_DELETE, &carol)
            .and_then(Result::err)
            .unwrap_or_default();
        assert!(why.starts_with("You (carol@acme.example) lack manage-clusters in acme Inc."), "{why}");
        assert!(!why.contains("secret"), "{why}");
        let none = refused_everywhere(&orgs, &catalogue::CLUSTER_CREATE, "Creating a cluster", &carol);
        assert!(none.is_some_and(|w| w.ends_with("you have it in none.")));
    }

    #[test]
    fn decisions_name_the_missing_role() {
        let orgs = [org("acme", &["view-clusters", "manage-clusters"]), org("globex", &["view-clusters"])];
        assert_eq!(decide(None, "acme", &catalogue::CLUSTER_DELETE, &secret()), None);
        assert_eq!(decide(Some(Ok(&orgs)), "acme", &catalogue::CLUSTER_DELETE, &secret()), Some(Ok(())));
        let why = decide(Some(Ok(&orgs)), "globex", &catalogue::CLUSTER_DELETE, &secret())
            .and_then(Result::err)
            .unwrap_or_default();
        assert!(why.starts_with("This API secret (deploy) lacks manage-clusters in globex Inc."), "{why}");
        let why = decide(Some(Err(())), "acme", &catalogue::CLUSTER_DELETE, &secret())
            .and_then(Result::err)
            .unwrap_or_default();
        assert!(why.contains("could not be loaded"), "{why}");
        assert!(
            decide(Some(Ok(&orgs)), "nowhere", &catalogue::CLUSTER_DETAIL, &secret())
                .is_some_and(|v| v.is_err())
        );
    }

    #[test]
    fn staff_read_but_never_write_and_only_staff_review() {
        assert_eq!(decide_staff(&catalogue::CLUSTER_DETAIL), Ok(()));
        assert_eq!(decide_staff(&catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK), Ok(()));
        let why = decide_staff(&catalogue::CLUSTER_DELETE).err().unwrap_or_default();
        assert!(
            why.starts_with("Staff view: read only") && why.contains("can view this but not change it"),
            "{why}"
        );
        assert_eq!(
            decide_staff(&catalogue::CLUSTER_EXTENSION_RECONCILE),
            Err(t(w::STAFF_CANNOT_CHANGE).to_string())
        );
        let owner = [org("acme", &["view-clusters", "manage-clusters"])];
        let why =
            decide(Some(Ok(&owner)), "acme", &catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK, &secret());
        assert!(why.is_some_and(|v| v.is_err()), "an owner never gets the staff operations");
    }

    #[test]
    fn a_refused_read_names_the_role_and_where() {
        let viewer = [org("acme", &["view-clusters"])];
        let why = decide(Some(Ok(&viewer)), "acme", &catalogue::DEPLOYMENT_CREDENTIAL_LIST, &secret())
            .and_then(Result::err)
            .unwrap_or_default();
        assert!(why.contains("lacks manage-clusters in") && why.contains("which seeing this needs"), "{why}");
        assert!(!why.contains("can view"), "{why}");
    }

    #[test]
    fn allowed_somewhere_or_why_not() {
        let viewer = [org("acme", &["view-clusters"])];
        let why = refused_everywhere(&viewer, &catalogue::CLUSTER_CREATE, "Creating a cluster", &secret())
            .unwrap_or_default();
        assert_eq!(
            why,
            "Creating a cluster needs the manage-clusters role in an organization; this API secret has it in \
             none."
        );
        let both = [org("acme", &["view-clusters"]), org("globex", &["manage-clusters"])];
        assert_eq!(refused_everywhere(&both, &catalogue::CLUSTER_CREATE, "x", &secret()), None);
        assert_eq!(
            allowing(&both, &catalogue::CLUSTER_CREATE).map(|o| o.id.as_str()).collect::<Vec<_>>(),
            vec!["globex"]
        );
    }
}
