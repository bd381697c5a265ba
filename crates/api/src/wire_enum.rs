//! Enums as the wire spells them, with a fallback for values this build does not know.

/// Declares a string enum whose unknown values deserialize to `Unknown(String)`
/// instead of failing, so a new server value never breaks a page.
#[macro_export]
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $wire:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant,)+
            /// A value this build of the contract does not know.
            Unknown(String),
        }

        impl $name {
            /// Every known value, in the contract's order.
            pub const KNOWN: &'static [$name] = &[$($name::$variant,)+];

            /// The wire spelling.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $wire,)+
                    $name::Unknown(other) => other.as_str(),
                }
            }

            /// Parses the wire spelling; anything else becomes `Unknown`.
            pub fn from_wire(value: &str) -> Self {
                match value {
                    $($wire => $name::$variant,)+
                    other => $name::Unknown(other.to_string()),
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::KNOWN[0].clone()
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = <::std::borrow::Cow<'de, str>>::deserialize(d)?;
                Ok(Self::from_wire(&value))
            }
        }
    };
}
