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
                let parsed = Self::from_wire(&value);
                // The sandbox reads requests strictly (see `strictly`); never in the console.
                #[cfg(not(target_arch = "wasm32"))]
                if matches!(parsed, $name::Unknown(_)) && $crate::wire_enum::is_strict() {
                    let refusal = $crate::wire_enum::refusal(&value, &[$($wire,)+]);
                    return Err(<D::Error as ::serde::de::Error>::custom(refusal));
                }
                Ok(parsed)
            }
        }
    };
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static STRICT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `read` with every wire enum refusing values it does not know (an empty string
/// included) instead of reading them as `Unknown`: how a server reads a request, where an
/// unknown value is the caller's mistake. Clients stay lenient, so a new server value never
/// breaks a page. Native only: the console never reads strictly.
#[cfg(not(target_arch = "wasm32"))]
pub fn strictly<R>(read: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            STRICT.with(|s| s.set(self.0));
        }
    }
    let _reset = Reset(STRICT.with(|s| s.replace(true)));
    read()
}

/// `must be A, B or C; got "x".`: what a strict read says of an unknown value (the reader
/// puts the field's name in front).
#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub fn refusal(value: &str, known: &[&str]) -> String {
    let list = match known {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    format!("must be {list}; got {value:?}.")
}

#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub fn is_strict() -> bool {
    STRICT.with(std::cell::Cell::get)
}

#[cfg(test)]
mod tests {
    use crate::ResourceType;

    #[test]
    fn lenient_unless_asked_to_be_strict() {
        let read = |text: &str| serde_json::from_str::<ResourceType>(text);
        assert_eq!(read("\"NEW_KIND\"").ok(), Some(ResourceType::Unknown("NEW_KIND".into())));
        assert_eq!(super::strictly(|| read("\"THEME\"")).ok(), Some(ResourceType::Theme));
        let refused = super::strictly(|| read("\"\"")).map_err(|e| e.to_string());
        let wanted = "must be THEME, EXTENSION, PASSWORD_BLACKLIST or WELL_KNOWN; got \"\".";
        assert!(refused.as_ref().is_err_and(|e| e.starts_with(wanted)), "{refused:?}");
        assert!(!super::is_strict(), "strict mode ends with the read");
        assert!(read("\"\"").is_ok());
    }
}
