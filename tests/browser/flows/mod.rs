//! Every flow, by resource group, and the steps they share.

mod billing;
mod extensions;
mod foundation;
mod kit;
mod screens;
mod staff;

use std::future::Future;
use std::pin::Pin;

use cluster_sandbox::demo;

use crate::harness::{Coverage, Ctx, Driver};

pub type FlowResult<'a> = Pin<Box<dyn Future<Output = Result<Coverage, String>> + 'a>>;
pub type Flow = for<'a> fn(&'a Driver) -> FlowResult<'a>;

pub fn all() -> Vec<(&'static str, Flow)> {
    let mut flows = foundation::flows();
    flows.extend(billing::flows());
    flows.extend(extensions::flows());
    flows.extend(kit::flows());
    flows.extend(screens::flows());
    flows.extend(staff::flows());
    flows
}

/// Opens the console and signs in with the demo admin secret.
pub async fn admin(ctx: &Ctx) {
    ctx.goto("/").await;
    ctx.wait_url("/sign-in").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url("/clusters").await;
}

/// After a hosted page sends the browser back, the in-memory session is gone: sign in
/// again and land where the hosted page pointed.
pub async fn sign_in_again(ctx: &Ctx, expect_path: &str) {
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET).await;
    ctx.wait_url(expect_path).await;
}
