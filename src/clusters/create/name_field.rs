//! The cluster name with a live availability check (`kit::name_check`): a name that breaks a
//! rule (`name_rules::CLUSTER`, the rules the service enforces) is refused at once, saying
//! which rule; the service is still asked, for its recommendation. When the service refuses
//! a well-formed name, the only reason left is that it is taken, and that is what is said.

use cluster_api::name_rules::CLUSTER;
use cluster_api::ops;
use leptos::prelude::*;

use crate::api::{self, Api};
use crate::i18n::k::clusters_create as w;
use crate::i18n::{t, tf};
use crate::kit::TextField;
use crate::kit::name_check::{self, NameCheck, NameCheckIds, NameCheckWords};

/// Watches `name` and reports whether the service would accept it.
pub fn availability(api: Api, name: RwSignal<String>) -> RwSignal<NameCheck> {
    name_check::watch(
        name,
        &CLUSTER,
        350,
        std::rc::Rc::new(move |name| {
            Box::pin(async move { api::call(api, &ops::ClusterNameAvailabilityCheck { name }).await })
        }),
    )
}

#[component]
pub fn NameField(name: RwSignal<String>, state: RwSignal<NameCheck>) -> impl IntoView {
    let words = NameCheckWords {
        checking: w::CHECKING_NAME,
        available: w::NAME_AVAILABLE,
        use_name: w::USE_RECOMMENDATION,
        failed: w::NAME_CHECK_FAILED,
        retry: w::RETRY,
    };
    let ids =
        NameCheckIds { line: "name-state", recommendation: "use-recommendation", retry: "retry-name-check" };
    view! {
        {TextField::new("cluster-name", t(w::NAME), name)
            .autocomplete("off")
            .no_spellcheck()
            .placeholder(t(w::NAME_PLACEHOLDER))
            .view()}
        <p class="hint">
            {tf(w::NAME_HINT, &[("min", &CLUSTER.min.to_string()), ("max", &CLUSTER.max.to_string())])}
        </p>
        {name_check::line(state, name, words, ids)}
    }
}
