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

/// `true` when anything is given (an optional part of an entry is there). For the table's
/// test-only fields.
#[cfg_attr(not(test), allow(unused_macros))]
macro_rules! given {
    () => {
        false
    };
    ($($t:tt)+) => {
        true
    };
}

/// What a route shows, as data ([`Shows`](super::Shows)), and the code group of its screen.
macro_rules! route_shows {
    (@group lazy($group:ident, $what:ident)) => {
        stringify!($group)
    };
    (@group $kind:ident $args:tt) => {
        $crate::routes::MAIN
    };
    (@shows lazy($group:ident, $what:ident)) => {
        Shows::Lazy(crate::i18n::k::routes::$what)
    };
    (@shows eager()) => {
        Shows::Eager
    };
    (@shows moved($to:ident)) => {
        Shows::Moved(&$to)
    };
}

/// How a route's own crumb reads ([`Crumb`](super::Crumb)): its label unless told.
macro_rules! crumb {
    () => {
        Crumb::Label
    };
    (title) => {
        Crumb::Title
    };
    (name($id:ident)) => {
        Crumb::Name(stringify!($id))
    };
}

/// `Some("id")`, or `None` when nothing is given.
macro_rules! some_str {
    () => {
        None
    };
    ($id:ident) => {
        Some(stringify!($id))
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
        $(, up [$($up:ident $(($named:ident))?),*])?
        $(, crumb $crumb:ident $(($crumb_id:ident))?)?
        ;
    )*) => {
        /// Which route: the router's assembly finds a route's lazy screen by it (its unit test
        /// fails on a lazy route without one).
        // Each variant is the route's own name, as in the table (not a type's casing).
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Key {
            $($name,)*
        }

        $(
            $(#[doc = $doc])*
            pub const $name: Route = Route {
                key: Key::$name,
                segment: $segment,
                parent: some_ref!($($parent)?),
                label_words: words!($label),
                title_words: words!($title),
                up: &[$($(Step { route: &$up, named: some_str!($($named)?) }),*)?],
                crumb: crumb!($($crumb $(($crumb_id))?)?),
                gate: some_ref!($(catalogue::$gate)?),
                group: route_shows!(@group $kind $args),
                shows: route_shows!(@shows $kind $args),
                #[cfg(test)]
                linked: given!($($const)? $($link)?),
                #[cfg(test)]
                tab: given!($($tab)?),
            };
        )*

        /// Every route, in the table's order (the order they match in).
        pub const ALL: &[&Route] = &[$(&$name),*];

        /// The typed link builders: the address of a route from its IDs, each escaped.
        pub mod link {
            $($(
                #[doc = concat!(
                    "`", $segment, "`: the address of [`", stringify!($name),
                    "`](super::", stringify!($name), ")."
                )]
                pub const $const: &str = $segment;
            )?)*
            $($(
                #[doc = concat!(
                    "The address of [`", stringify!($name), "`](super::", stringify!($name), ") (`", $segment,
                    "`), each ID percent-encoded as one segment."
                )]
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
