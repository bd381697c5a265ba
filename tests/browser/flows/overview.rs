//! The overview: its reads counted for the demo world (and no polling after them); each
//! item of the attention list, with the states it needs made through the API, links to
//! its page; an organization with no cluster gets the quick start; axe-core on the page.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cluster_sandbox::records::{Grant, OrgRow};
use cluster_sandbox::store::Store;
use cluster_sandbox::{Config, demo};

use super::{Flow, admin, axe, restart_elsewhere};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("overview_attention_items_link_to_their_pages", |d| {
            Box::pin(run_flow(d, lasting_states(), attention))
        }),
        ("overview_quick_start_for_an_empty_organization", |d| {
            Box::pin(run_flow(d, with_empty_org(), quick_start))
        }),
    ]
}

/// States that stay put while the flow looks at them: nothing provisions, restarts or
/// validates DNS by itself meanwhile.
fn lasting_states() -> Config {
    Config {
        provision: Duration::from_secs(3600),
        restart: Duration::from_secs(3600),
        dns: Duration::from_secs(3600),
        dns_timeout: Duration::from_secs(7200),
        ..Config::default()
    }
}

/// The operations the overview reads with.
const READS: [&str; 6] = [
    "cluster.list",
    "org.subscription.list",
    "cluster.deployment.list",
    "cluster.domain.list",
    "cluster.restartStatus.detail",
    "cluster.extension.list",
];

/// How many times the sandbox answered the overview's operations so far.
async fn read_count(ctx: &Ctx) -> (u64, BTreeMap<String, u64>) {
    let coverage = ctx.coverage().await;
    let mut by_op = BTreeMap::new();
    for op in READS {
        let n: u64 = coverage.get(op).map(|s| s.values().sum()).unwrap_or(0);
        by_op.insert(op.to_string(), n);
    }
    (by_op.values().sum(), by_op)
}

/// The most API requests the page had in flight at once since the resource timings were
/// cleared (from the browser's own timings: a request is in flight from its start until
/// its response ends).
async fn most_in_flight(ctx: &Ctx) -> u64 {
    let script = "const xs = performance.getEntriesByType('resource').filter(e => e.name.includes('/v2/'));\
        return Math.max(0, ...xs.map(e => xs.filter(o => o.startTime <= e.startTime && o.responseEnd > \
                  e.startTime).length));";
    let most = ctx.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("resource timings: {e}"));
    most.as_u64().unwrap_or_else(|| panic!("resource timings: {most}"))
}

/// Calls the API from the page as `client`, as another tool would.
async fn api(ctx: &Ctx, client: (&str, &str), method: &str, path: &str, body: serde_json::Value) -> u64 {
    let script = r#"const [id, secret, method, path, body, done] = arguments;
        (async () => {
            const form = `grant_type=client_credentials&client_id=${id}&client_secret=${secret}`;
            const token = await fetch('/auth/realms/self/protocol/openid-connect/token', {
                method: 'POST',
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
                body: form
            }).then(r => r.json());
            const r = await fetch('/v2' + path, { method, body: JSON.stringify(body),
                headers: { Authorization: 'Bearer ' + token.access_token, 'Content-Type': 'application/json' }
            });
            done(r.status);
        })().catch(e => done(String(e)));"#;
    let args = vec![client.0.into(), client.1.into(), method.into(), path.into(), body];
    let status = ctx.client.execute_async(script, args).await.unwrap_or_else(|e| panic!("script: {e}"));
    status.as_u64().unwrap_or_else(|| panic!("{method} {path}: {status}"))
}

async fn open_overview(ctx: &Ctx) {
    ctx.click("nav.sidenav a[href='/overview']").await;
    ctx.wait_url("/overview").await;
    ctx.find("#overview-progress[data-done]").await;
}

async fn attention(ctx: Ctx) {
    admin(&ctx).await;
    ctx.find("tr[data-cluster=acme-prod]").await;
    // The list's own summary (acme-trial waits for its payment setup) links to the overview.
    ctx.wait_text("#attention-line", "for payment").await;

    // The overview's requests for the demo world, and none after them: it never polls.
    let (before, _) = read_count(&ctx).await;
    ctx.client
        .execute("performance.clearResourceTimings(); return 1;", vec![])
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    ctx.click("#attention-line a").await;
    ctx.find("#overview-progress[data-done]").await;
    let (after, by_op) = read_count(&ctx).await;
    let planned: u64 = ctx
        .find("#overview-progress")
        .await
        .attr_or_fail("data-reads")
        .await
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("#overview-progress has no data-reads count"));
    println!("overview requests for the demo world: {} ({by_op:?})", after - before);
    assert_eq!(after - before, planned + 1, "cluster.list plus one request per planned read ({by_op:?})");
    // org.list was read at sign-in (the directory's); then cluster.list, Acme's
    // subscriptions, and four reads for each ACTIVE cluster: acme-prod, acme-dev and
    // acme-shop (acme-staging provisions for the hour of this world).
    assert_eq!(planned, 1 + 4 * 3, "the overview's reads for the demo world ({by_op:?})");
    ctx.wait_text("#overview-progress", "13 details read").await;
    let most = most_in_flight(&ctx).await;
    println!("overview reads in flight at most: {most}");
    assert!((2..=4).contains(&most), "the reads run concurrently, at most four at a time: {most} at once");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(read_count(&ctx).await.0, after, "the overview read again by itself");
    axe::no_serious_violations(&ctx, "#main", "the overview").await;

    // The states the other items need, made the way another client would.
    let admin_secret = (demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET);
    let status = api(
        &ctx,
        admin_secret,
        "POST",
        "/clusters/cl-acme-prod/domains",
        serde_json::json!({ "host": "login.overview.example" }),
    )
    .await;
    assert!((200..300).contains(&status), "adding the domain answered {status}");
    restart_elsewhere(&ctx).await;
    let staff = (demo::STAFF_CLIENT_ID, demo::STAFF_CLIENT_SECRET);
    let block = serde_json::json!({ "blocked": true, "reason": "Phones home to an unknown host." });
    let status = api(
        &ctx,
        staff,
        "PUT",
        "/clusters/cl-acme-shop/extensions/ext-audit/versions/ver-audit-26/admin-block",
        block,
    )
    .await;
    assert!((200..300).contains(&status), "blocking the version answered {status}");

    ctx.click("#overview-refresh").await;
    ctx.find("#overview-progress:not([data-done])").await.attr("id").await.ok();
    ctx.find("#overview-progress[data-done]").await;
    let org = "section[data-org='org-acme']";
    // Each item, where its link goes, and what that page shows. The seed has two unpaid
    // clusters (acme-overdue is delinquent, acme-trial waits for its payment setup), so
    // each link is found by its kind and its page; the list holds these items and no
    // other, so every one of them is followed.
    let expected = [
        ("unpaid", "/clusters/cl-acme-overdue/billing", "acme-overdue"),
        ("unpaid", "/clusters/cl-acme-trial/billing", "acme-trial"),
        ("failed-import", "/realms/", "Legacy"),
        ("dns", "/clusters/cl-acme-prod/domains?domain=", "login.overview.example"),
        ("restart", "/clusters/cl-acme-prod", "Restart"),
        ("blocked", "/clusters/cl-acme-shop/resources", "audit-export"),
    ];
    ctx.find(&format!("{org} li[data-attention='blocked'] a")).await;
    let listed = ctx.count(&format!("{org} li[data-attention]")).await;
    assert_eq!(
        listed,
        expected.len(),
        "the attention list holds {listed} items, not the {} the flow follows",
        expected.len()
    );
    for (kind, href, shows) in expected {
        let link = format!("{org} li[data-attention='{kind}'] a[href^='{href}']");
        let text = ctx.wait_text(&link, "").await;
        if kind == "dns" {
            assert!(text.contains("expires"), "the DNS item gives the 48-hour expiry: {text}");
        }
        let target = ctx.find(&link).await.attr_or_fail("href").await.unwrap_or_default();
        assert!(target.starts_with(href), "{kind} links to {target}, not {href}");
        ctx.click(&link).await;
        ctx.wait_url(href).await;
        ctx.wait_text("#main", shows).await;
        open_overview(&ctx).await;
    }
}

/// A fresh database: the demo world plus Initech, an organization with no cluster, where
/// the demo admin secret holds every role.
fn with_empty_org() -> Config {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    let path: PathBuf =
        std::env::temp_dir().join(format!("overview-empty-org-{}-{now}.db", std::process::id()));
    let mut store = Store::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    demo::seed(&mut store, now, 5_000).unwrap_or_else(|e| panic!("seed: {e}"));
    demo::ensure_bootstrap(&mut store, demo::ADMIN_CLIENT_ID, demo::ADMIN_CLIENT_SECRET, now)
        .unwrap_or_else(|e| panic!("{e}"));
    store
        .transaction(|s| {
            s.insert_org(&OrgRow {
                id: "org-initech".into(),
                name: "initech".into(),
                display_name: "Initech".into(),
                created_at: now,
            })?;
            let admin = s.secret_by_client_id(demo::ADMIN_CLIENT_ID)?.map(|r| r.id).unwrap_or_default();
            let grants: Vec<Grant> = demo::ALL_ROLES
                .iter()
                .map(|r| Grant { org_id: "org-initech".into(), role: r.to_string() })
                .collect();
            s.grant(&admin, &grants)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    Config { data: path, ..Config::default() }
}

async fn quick_start(ctx: Ctx) {
    admin(&ctx).await;
    open_overview(&ctx).await;
    let initech = "section[data-org='org-initech']";
    ctx.wait_text(initech, "Initech").await;
    ctx.wait_text(&format!("{initech} .quick-start"), "A cluster is a Keycloak deployment").await;
    let tiers = ctx.count(&format!("{initech} .plans [data-tier]")).await;
    assert_eq!(tiers, 3, "the quick start lists the three tiers");
    ctx.wait_text(&format!("{initech} .plans"), "Enterprise").await;
    assert!(
        !ctx.exists("section[data-org='org-acme'] .quick-start").await,
        "Acme has clusters: no quick start"
    );
    axe::no_serious_violations(&ctx, "#main", "the overview with a quick start").await;
    ctx.click(&format!("{initech} a.quick-start-create")).await;
    ctx.wait_url("/clusters/new").await;
}
