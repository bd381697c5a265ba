//! The macros that turn the route table's entries into items (see the table's module
//! docs): `routes!` and the helpers its expansion calls, in scope for the table through
//! `#[macro_use]`.

/// A route's words: a key of `locales/*/routes.json`, or `-` for none.
macro_rules! words {
    (-) => {
        $crate::i18n::BLANK
    };
    ($key:ident) => {
        crate::i18n::k::routes::$key
    };
}

/// `Some(&x)`, or `None` when nothing is given.
macro_rules! some_ref {
    () => {
        None
    };
    ($x:expr) => {
        Some(&$x)
    };
}

/// What a route shows: the group its code belongs to, its lazy screen, and the router's
/// `view` (in the route's own module).
macro_rules! route_shows {
    (@group lazy($group:ident, $what:ident, $view:expr)) => {
        stringify!($group)
    };
    (@group $kind:ident $args:tt) => {
        $crate::routes::MAIN
    };
    (@screen $name:ident lazy $args:tt) => {
        Some(&$name::$name)
    };
    (@screen $name:ident $kind:ident $args:tt) => {
        None
    };
    (@items $name:ident lazy($group:ident, $what:ident, $view:expr)) => {
        $crate::kit::lazy::split_screen!(pub $name, $group, $crate::i18n::k::routes::$what, $view);
        pub fn view() -> impl IntoView {
            view! { <$crate::kit::lazy::Lazy screen=&$name/> }
        }
    };
    (@items $name:ident eager($view:expr)) => {
        pub fn view() -> impl IntoView {
            $view
        }
    };
    // A page's former address: replaced by the page's, query kept.
    (@items $name:ident moved($to:ident)) => {
        pub fn view() -> impl IntoView {
            view! { <$crate::routes::Moved to=&super::$to/> }
        }
    };
    // An address that always goes elsewhere (a top-level one without IDs).
    (@items $name:ident redirect($to:ident)) => {
        pub fn view() -> impl IntoView {
            view! { <leptos_router::components::Redirect path=super::$to.segment/> }
        }
    };
}

macro_rules! routes {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $segment:tt $(under $parent:ident)? => $kind:ident $args:tt,
        label $label:tt, title $title:tt
        $(, gate $gate:ident)?
        $(, tab $tab:ident)?
        $(, const $const:ident)?
        $(, link $link:ident($($arg:ident),*))?
        ;
    )*) => {
        $(
            $(#[doc = $doc])*
            // Some routes are reached only through their module (the router's items).
            #[cfg_attr(not(test), allow(dead_code))]
            pub const $name: Route = Route {
                segment: $segment,
                parent: some_ref!($($parent)?),
                label_words: words!($label),
                title_words: words!($title),
                gate: some_ref!($(catalogue::$gate)?),
                group: route_shows!(@group $kind $args),
                screen: route_shows!(@screen $name $kind $args),
            };

            #[doc = concat!("The router's items for [`", stringify!($name), "`].")]
            #[allow(non_snake_case)]
            pub mod $name {
                use leptos::prelude::*;

                /// The segment, for `Route`/`ParentRoute`.
                pub fn path() -> impl leptos_router::PossibleRouteMatch + Clone + Send + 'static {
                    leptos_router::path!($segment)
                }

                route_shows!(@items $name $kind $args);
            }
        )*

        /// Every route, in the table's order.
        #[cfg_attr(not(test), allow(dead_code))]
        pub const ALL: &[&Route] = &[$(&$name),*];

        /// The typed link builders: the address of a route from its IDs, each escaped.
        pub mod link {
            $($(
                #[doc = concat!("`", $segment, "`: the address of [`", stringify!($name), "`](super::", stringify!($name), ").")]
                pub const $const: &str = $segment;
            )?)*
            $($(
                #[doc = concat!("The address of [`", stringify!($name), "`](super::", stringify!($name), ") (`", $segment, "`), each ID percent-encoded as one segment.")]
                pub fn $link($($arg: &str),*) -> String {
                    super::$name.link(&[$($arg),*])
                }
            )?)*
        }

        /// The tabs of a cluster's page, in the order they are shown.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ClusterTab {
            $($($tab,)?)*
        }

        impl ClusterTab {
            pub const ALL: &[ClusterTab] = &[$($(ClusterTab::$tab,)?)*];

            /// The tab's route.
            pub fn route(self) -> &'static Route {
                match self {
                    $($(ClusterTab::$tab => &$name,)?)*
                }
            }
        }
    };
}
