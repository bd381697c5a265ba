//! A changing part of a view (a closure that draws something, or nothing), type-erased.
//! Every such closure is a type of its own, and Leptos compiles its reactive rendering (a
//! render effect, the build and rebuild of what the closure returns) once per type: boxed and
//! returning an `AnyView`, the parts of a view share one copy.

use leptos::prelude::*;

/// A changing part of a view: `None` draws nothing.
pub type Dynamic = Box<dyn Fn() -> Option<AnyView> + Send + Sync>;

/// `part`, type-erased.
pub fn dynamic<V: IntoAny>(part: impl Fn() -> Option<V> + Send + Sync + 'static) -> Dynamic {
    Box::new(move || part().map(IntoAny::into_any))
}
