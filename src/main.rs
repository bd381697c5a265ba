//! The cluster console: a client-side rendered Leptos app.

mod account;
mod activity;
mod api;
mod app;
mod billing;
mod chunk;
mod claims;
mod cluster_states;
mod clusters;
mod code;
mod config;
mod directory;
mod format;
mod i18n;
mod json;
mod kit;
mod links;
mod lower;
mod navigation;
mod organizations;
mod overview;
mod palette;
mod poll;
mod prefetch;
mod realms;
mod redirect;
mod review;
mod routes;
mod session;
mod shell;
mod terraform;
mod tone;
mod view_read;
mod words;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
