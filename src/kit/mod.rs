//! The shared pieces every screen is built from: page chrome (title, h1, focus,
//! breadcrumbs), the resource table, the URL-kept filter and the copy button. Each takes
//! type-erased inputs (cells, callbacks, `AnyView`) so it compiles once however many
//! screens use it. The kit knows no screen.

pub mod copy;
pub mod filter;
pub mod page;
pub mod table;
