//! The Access and Logs tabs: IP rules in two categories then one cleared, every save that
//! adds or removes an address asked first (the public allow list read back from the service
//! after Cancel and after Confirm), an invalid CIDR refused in the form, the premium cap; log files
//! by window and page, a download whose bytes are fetched and checked to be gzip; telemetry export
//! tested and saved, refused on starter; and what a viewer sees on both tabs.

use std::time::Duration;

use cluster_sandbox::{Config, demo};

use super::saved::{capture, saved};
use super::{Flow, open_signed_in, read_elsewhere, sign_in_again, wait_focus_on};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("access_rules_in_two_categories_then_clear_one", |d| {
            Box::pin(run_flow(d, Config::default(), two_categories))
        }),
        ("access_invalid_cidr_refused_in_form", |d| Box::pin(run_flow(d, Config::default(), invalid_cidr))),
        ("ip_allowlist_asks_before_locking_out", |d| {
            Box::pin(run_flow(d, Config::default(), asks_before_lockout))
        }),
        ("ip_public_allow_list_asks_and_cancel_saves_nothing", |d| {
            Box::pin(run_flow(d, Config::default(), public_allow_list_asks))
        }),
        ("access_premium_cap", |d| Box::pin(run_flow(d, quick_provision(), premium_cap))),
        ("access_starter_says_its_limit_once", |d| Box::pin(run_flow(d, Config::default(), starter_once))),
        ("logs_window_pages_and_download", |d| {
            Box::pin(run_flow(d, Config::default(), logs_window_and_download))
        }),
        ("logs_telemetry_test_and_save", |d| Box::pin(run_flow(d, Config::default(), telemetry_save))),
        ("logs_telemetry_refused_on_starter", |d| {
            Box::pin(run_flow(d, Config::default(), telemetry_starter))
        }),
        // The export seed gives acme-prod a saved admin rule, for the viewer to read as text.
        ("access_and_logs_read_only_for_viewer", |d| {
            Box::pin(run_flow(d, Config { export_seed: true, ..Config::default() }, viewer))
        }),
    ]
}

/// acme-staging (premium) becomes ACTIVE at once.
fn quick_provision() -> Config {
    Config { provision: Duration::from_secs(1), ..Config::default() }
}

const ACCESS: &str = "/clusters/cl-acme-prod/access";
const LOGS: &str = "/clusters/cl-acme-prod/logs";

async fn count(ctx: &Ctx, css: &str) -> usize {
    ctx.count(css).await
}

async fn enabled(ctx: &Ctx, css: &str) -> bool {
    ctx.find(css).await.enabled_or_fail().await
}

/// Adds a row to a section and fills it; `n` is the row's position (from 1).
async fn add_rule(ctx: &Ctx, section: &str, n: usize, address: &str, alias: &str) {
    ctx.click(&format!("#add-{section}")).await;
    let row = format!("#ip-{section} .rule-row:nth-child({n})");
    ctx.type_into(&format!("{row} input.address"), address).await;
    ctx.type_into(&format!("{row} input.alias"), alias).await;
}

async fn two_categories(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Enterprise").await;
    ctx.wait_text("#ip-admin", "Admin paths (allow)").await;
    ctx.wait_text("#ip-realm-allowed", "Public allowed paths").await;
    ctx.wait_text("#ip-realm-blocked", "Public blocked paths").await;
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    add_rule(&ctx, "realm-blocked", 1, "198.51.100.0/24", "abuse").await;
    ctx.click("#save-ip-rules").await;
    // The first admin rule locks the admin console to the list: asked first, and the
    // blocked list's new address is in the same question.
    ctx.wait_text(".confirm-dialog", "answer only these addresses").await;
    ctx.wait_text(".confirm-dialog", "203.0.113.4").await;
    ctx.wait_text(".confirm-dialog [data-list=realm-blocked]", "End users at 198.51.100.0/24 lose access")
        .await;
    ctx.snap("access-lock-dialog").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1);

    // Each saved rule links to its own page.
    ctx.click("#ip-admin .rule-row:nth-child(1) a.rule-link").await;
    ctx.wait_url("/access/ipr-").await;
    ctx.wait_text("#ip-rule-address", "203.0.113.4").await;
    ctx.wait_text("#ip-rule-endpoint", "ADMIN").await;
    ctx.wait_text("#ip-rule-action", "Allow").await;
    ctx.wait_text("#ip-rule-alias", "office").await;
    ctx.snap("access-rule-detail").await;
    assert!(ctx.calls("cluster.ipRule.detail", "200").await >= 1);
    ctx.click("#back-to-access").await;

    // Clear the blocked list: removing an address asks too, about that list only.
    ctx.click("#ip-realm-blocked .rule-row:nth-child(1) .remove-rule").await;
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text(".confirm-dialog", "No longer blocked: 198.51.100.0/24.").await;
    assert!(
        !ctx.exists(".confirm-dialog [data-list=admin]").await,
        "the unchanged admin list is in the question: {dialog}"
    );
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 2);

    // Read back from the service: the admin rule stayed, the blocked list is empty.
    open_signed_in(&ctx, ACCESS, "#ip-admin .rule-row").await;
    assert_eq!(count(&ctx, "#ip-admin .rule-row").await, 1);
    assert_eq!(count(&ctx, "#ip-realm-blocked .rule-row").await, 0);
    let address = ctx.find("#ip-admin .rule-row input.address").await.prop_or_fail("value").await;
    assert_eq!(address.as_deref(), Some("203.0.113.4"));
}

/// Every save that sets a new admin allow list asks first and says who loses access; the
/// remove control names the address it removes.
async fn asks_before_lockout(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;

    // The list is on already; changing it can still lock everyone out: asked again.
    add_rule(&ctx, "admin", 2, "198.51.100.7", "vpn").await;
    let remove = ctx.find("#ip-admin .rule-row:nth-child(2) .remove-rule").await;
    assert_eq!(remove.attr_or_fail("aria-label").await.as_deref(), Some("Remove 198.51.100.7"));
    assert_eq!(remove.text().await.unwrap_or_default(), "Remove", "the control is a bare sign");
    ctx.click("#ip-admin .rule-row:nth-child(1) .remove-rule").await;
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text(".confirm-dialog", "Change who can reach acme-prod?").await;
    assert!(dialog.contains("198.51.100.7"), "{dialog}");
    assert!(dialog.contains("Removed: 203.0.113.4."), "{dialog}");
    assert!(dialog.contains("Every address outside this list loses access to the admin paths"), "{dialog}");
    assert!(dialog.contains("admins signed in"), "{dialog}");
    crate::flows::axe::no_serious_violations(&ctx, "dialog[open]", "the lock-out dialog").await;
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(5), "Cancel left the dialog open").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1, "the list was saved without asking");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 2);
    crate::flows::axe::no_serious_violations(&ctx, "main", "the Access tab").await;
}

/// The public allow list's addresses, read from the service (not the page).
async fn public_allowed(ctx: &Ctx) -> Vec<(String, String)> {
    let rules = read_elsewhere(ctx, "/clusters/cl-acme-prod/ip-rules").await;
    let list = rules["realmAllowedIpRules"]
        .as_array()
        .unwrap_or_else(|| panic!("no realmAllowedIpRules list in {rules}"));
    list.iter()
        .map(|r| match (r["address"].as_str(), r["alias"].as_str()) {
            (Some(address), Some(alias)) => (address.to_string(), alias.to_string()),
            _ => panic!("a rule without address and alias: {r}"),
        })
        .collect()
}

/// Opens the Save question and checks it opened as the kit's modal, focus on its first
/// control (Cancel, the safe one); gives the dialog's text.
async fn save_asks(ctx: &Ctx, needle: &str) -> String {
    ctx.click("#save-ip-rules").await;
    let dialog = ctx.wait_text("dialog[open].confirm-dialog", needle).await;
    assert!(
        dialog.contains("Change who can reach acme-prod?"),
        "the question does not name the cluster: {dialog}"
    );
    wait_focus_on(ctx, "dialog[open] button.cancel", "the question's first control").await;
    dialog
}

/// Waits until the service has saved IP rules `n` times in all.
async fn wait_saves(ctx: &Ctx, n: u64) {
    let started = std::time::Instant::now();
    while ctx.calls("cluster.ipRule.update", "200").await < n {
        assert!(started.elapsed() < crate::harness::WAIT, "IP rules were not saved {n} times");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, n, "saved more often than asked");
}

async fn cancel(ctx: &Ctx) {
    ctx.click("dialog[open] button.cancel").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(5), "Cancel left the dialog open").await;
}

/// "Public allowed paths (allow only these)": adding an address makes every realm's login and
/// /token answer it alone, so Save asks, naming the cluster and end users; Cancel saves
/// nothing and keeps what was typed; confirming saves. An alias edit saves at once; removing
/// the address asks again.
async fn public_allow_list_asks(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-realm-allowed").await;
    assert_eq!(public_allowed(&ctx).await, vec![], "the demo starts with a public allow list");
    add_rule(&ctx, "realm-allowed", 1, "198.51.100.7", "office").await;
    let dialog = save_asks(
        &ctx,
        "login and /token of every realm on acme-prod answer only these addresses: 198.51.100.7",
    )
    .await;
    assert!(dialog.contains("Public allowed paths (allow only these)"), "{dialog}");
    assert!(dialog.contains("Added: 198.51.100.7."), "{dialog}");
    assert!(dialog.contains("End users signing in from any other address lose access"), "{dialog}");
    ctx.snap("access-public-allow-dialog").await;

    cancel(&ctx).await;
    assert!(!ctx.exists("#ip-rules-saved").await, "Cancel says saved");
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 0, "Cancel saved");
    assert_eq!(public_allowed(&ctx).await, vec![], "Cancel changed the service's rules");
    let typed =
        ctx.find("#ip-realm-allowed .rule-row:nth-child(1) input.address").await.prop_or_fail("value").await;
    assert_eq!(typed.as_deref(), Some("198.51.100.7"), "Cancel dropped what was typed");

    save_asks(&ctx, "198.51.100.7").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "office".to_string())]);

    // A new alias changes nobody's access: saved at once.
    ctx.type_into("#ip-realm-allowed .rule-row:nth-child(1) input.alias", "vpn").await;
    ctx.click("#save-ip-rules").await;
    wait_saves(&ctx, 2).await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert!(!ctx.exists("dialog[open]").await, "an alias edit asked");
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "vpn".to_string())]);

    // Removing the address asks too; Cancel keeps it saved and on screen.
    ctx.click("#ip-realm-allowed .rule-row:nth-child(1) .remove-rule").await;
    let dialog = save_asks(&ctx, "Removed: 198.51.100.7.").await;
    assert!(dialog.contains("answer every address again"), "{dialog}");
    cancel(&ctx).await;
    assert_eq!(public_allowed(&ctx).await, vec![("198.51.100.7".to_string(), "vpn".to_string())]);
    assert_eq!(ctx.count("#ip-realm-allowed .rule-row").await, 0, "Cancel brought the removed row back");
    save_asks(&ctx, "Removed: 198.51.100.7.").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_gone("dialog[open]", Duration::from_secs(10), "the confirmed dialog stayed open").await;
    wait_saves(&ctx, 3).await;
    assert_eq!(public_allowed(&ctx).await, vec![], "the confirmed removal was not saved");
}

async fn invalid_cidr(ctx: Ctx) {
    open_signed_in(&ctx, ACCESS, "#ip-admin").await;
    add_rule(&ctx, "realm-blocked", 1, "198.51.100.0/33", "typo").await;
    ctx.wait_text("#ip-realm-blocked .address-problem", "0 to 32").await;
    assert!(!enabled(&ctx, "#save-ip-rules").await, "an invalid CIDR can be saved");
    ctx.wait_text("#save-ip-why", "Fix the addresses").await;
    ctx.type_into("#ip-realm-blocked .rule-row:nth-child(1) input.address", "not-an-ip").await;
    ctx.wait_text("#ip-realm-blocked .address-problem", "Not an IP address").await;
    ctx.type_into("#ip-realm-blocked .rule-row:nth-child(1) input.address", "198.51.100.0/24").await;
    ctx.wait_gone(
        "#ip-realm-blocked .rule-row:nth-child(1) input[aria-invalid]",
        Duration::from_secs(5),
        "the problem stayed",
    )
    .await;
    assert!(enabled(&ctx, "#save-ip-rules").await);
    assert_eq!(ctx.calls("cluster.ipRule.update", "400").await, 0, "the form sent an invalid address");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
}

async fn premium_cap(ctx: Ctx) {
    let path = "/clusters/cl-acme-staging/access";
    open_signed_in(&ctx, path, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Premium: 2 rules, admin paths only").await;
    ctx.wait_text("#add-realm-allowed-why", "admin paths only").await;
    assert!(!enabled(&ctx, "#add-realm-allowed").await && !enabled(&ctx, "#add-realm-blocked").await);
    add_rule(&ctx, "admin", 1, "203.0.113.4", "office").await;
    add_rule(&ctx, "admin", 2, "2001:db8::/48", "vpn").await;
    ctx.wait_text("#add-admin-why", "2 rules").await;
    assert!(!enabled(&ctx, "#add-admin").await, "a third rule can be added on premium");
    ctx.click("#save-ip-rules").await;
    ctx.click("#confirm-ip-rules").await;
    ctx.wait_text("#ip-rules-saved", "IP rules saved").await;
    assert_eq!(ctx.calls("cluster.ipRule.update", "200").await, 1);
}

/// Starter allows no IP rule: the cap line says so once, above the lists, then each list's
/// empty state; no disabled Add with a second (or a contradicting) reason.
async fn starter_once(ctx: Ctx) {
    let path = format!("/clusters/{}/access", demo::ACME_LEGACY);
    open_signed_in(&ctx, &path, "#ip-admin").await;
    ctx.wait_text("#ip-cap", "Starter: no IP rules").await;
    ctx.wait_text("#ip-admin .empty-rules", "No addresses").await;
    let main = ctx.find("main").await.text_or_fail().await;
    assert!(!main.contains("admin paths only"), "starter is told of admin-path rules: {main}");
    assert!(!main.contains("This tier allows no IP rules"), "the limit is said twice: {main}");
    let (limit, empty) = (main.find("no IP rules"), main.find("No addresses"));
    assert!(matches!((limit, empty), (Some(l), Some(e)) if l < e), "the limit is not said first: {main}");
    for slug in ["admin", "realm-allowed", "realm-blocked"] {
        assert!(!ctx.exists(&format!("#add-{slug}")).await, "{slug} offers a disabled Add on starter");
    }
}

async fn rows(ctx: &Ctx) -> usize {
    count(ctx, "#log-table tbody tr").await
}

/// GETs an absolute `http://` URL over a plain socket: (status line, headers, body).
pub(super) async fn fetch(url: &str) -> (String, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap_or_else(|| panic!("not an http URL: {url}"));
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = tokio::net::TcpStream::connect(authority)
        .await
        .unwrap_or_else(|e| panic!("connect {authority}: {e}"));
    let request = format!("GET /{path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap_or_else(|e| panic!("send: {e}"));
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap_or_else(|e| panic!("read: {e}"));
    let split =
        raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no headers in the answer"));
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
    (status.to_string(), headers.to_lowercase(), raw[split + 4..].to_vec())
}

/// The Logs tab's "Time range" select (the viewer's and the file table's window).
async fn choose_range(ctx: &Ctx, value: &str) {
    ctx.find("#log-range")
        .await
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("time range {value}: {e}"));
}

async fn logs_window_and_download(ctx: Ctx) {
    // The default window is the last hour (one or two files); a week is more than a page of them.
    open_signed_in(&ctx, LOGS, "#log-table tbody tr").await;
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("1h"));
    let hour = rows(&ctx).await;
    assert!((1..=2).contains(&hour), "the last hour is listed as {hour} files");
    open_signed_in(&ctx, &format!("{LOGS}?window=7d"), "#log-table tbody tr").await;
    ctx.wait_text("#logs-page", "Files 1–20").await;
    assert_eq!(rows(&ctx).await, 20);
    assert_eq!(ctx.find("#log-range").await.prop_or_fail("value").await.as_deref(), Some("7d"));
    let first = ctx.find("#log-table tbody tr").await.attr_or_fail("data-file").await.unwrap_or_default();
    assert!(first.ends_with(".log.gz"), "{first}");
    ctx.wait_text("#log-table", "UTC").await;
    ctx.wait_text("#log-table", "KB").await;

    ctx.click("#logs-next").await;
    ctx.wait_url("start=20").await;
    ctx.wait_text("#logs-page", "Files 21–40").await;
    let second = ctx.find("#log-table tbody tr").await.attr_or_fail("data-file").await.unwrap_or_default();
    assert_ne!(first, second, "the next page shows other files");
    ctx.click("#logs-previous").await;
    ctx.wait_text("#logs-page", "Files 1–20").await;

    choose_range(&ctx, "6h").await;
    ctx.wait_url("window=6h").await;
    ctx.wait_text("#logs-page", "Files 1–").await;
    let six = rows(&ctx).await;
    assert!((5..=7).contains(&six), "6 hours of hourly files: {six}");
    assert!(!enabled(&ctx, "#logs-next").await, "a 6-hour window has a next page");

    // A custom window comes from the URL, and stays in the fields.
    let custom = format!("{LOGS}?from=2000-01-01T00%3A00&to=2000-01-02T00%3A00");
    ctx.goto(&custom).await;
    sign_in_again(&ctx, "from=2000").await;
    ctx.find("#no-window-files").await;
    // Files exist outside it: the viewer says which is the newest and offers a wider window.
    ctx.wait_text("#no-log-files-here", "The newest file covers up to").await;
    assert!(!ctx.exists("#no-log-files").await, "\"no log files\" while files exist outside the window");
    let from = ctx.find("#log-from").await.prop_or_fail("value").await;
    assert_eq!(from.as_deref(), Some("2000-01-01T00:00"));
    choose_range(&ctx, "24h").await;
    ctx.wait_url("window=24h").await;
    ctx.find("#log-table tbody tr").await;

    // The viewer signs the files it reads too (and may still be reading): the download adds one.
    let signed = ctx.calls("cluster.log.detail", "200").await;
    capture(&ctx).await;
    let file = ctx
        .find("#log-table tbody tr:nth-child(1)")
        .await
        .attr_or_fail("data-file")
        .await
        .unwrap_or_default();
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    let note = ctx.wait_text("#download-state", "stays valid for 15 minutes").await;
    ctx.snap("logs-download").await;
    // Saved under the cluster's name and the file's UTC hour (storage names it by the hour
    // only), with storage's bytes as they are: `keycloak/2026-11-27/14-00.log.gz` becomes
    // `acme-prod-2026-11-27T1400Z.log.gz`.
    let mut parts = file.rsplit('/');
    let (hour, day) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let expected =
        format!("acme-prod-{day}T{}Z.log.gz", hour.split('.').next().unwrap_or_default().replace('-', ""));
    let (name, bytes, _) = saved(&ctx).await.unwrap_or_else(|| panic!("no file was saved for {file:?}"));
    assert_eq!(name, expected, "the saved name of {file:?}");
    assert!(
        bytes.len() > 100 && bytes[..3] == [0x1f, 0x8b, 0x08],
        "not the gzip file: {} bytes",
        bytes.len()
    );
    assert!(note.contains(&expected), "the note does not name the saved file: {note}");
    let url = ctx.find("#download-link").await.attr_or_fail("href").await.unwrap_or_default();
    assert!(url.contains("/sandbox/storage/logs/") && url.contains("X-Amz-Signature="), "{url}");
    assert!(ctx.calls("cluster.log.detail", "200").await > signed, "the download signed no link");
    let (status, headers, body) = fetch(&url).await;
    assert!(status.contains(" 200 "), "{status}");
    assert!(headers.contains("content-type: application/gzip"), "{headers}");
    assert!(body.len() > 100 && body[..3] == [0x1f, 0x8b, 0x08], "not gzip: {} bytes", body.len());
}

async fn telemetry_save(ctx: Ctx) {
    open_signed_in(&ctx, LOGS, "#export-endpoint").await;
    ctx.wait_text("#export-token-state", "No token is stored").await;
    ctx.type_into("#export-endpoint", "https://127.0.0.1:4318").await;
    ctx.click("#test-endpoint").await;
    // The service's verdict, shown as it says it: refused with its reason, not "passed".
    ctx.wait_text("#telemetry-export #endpoint-refused", "loopback").await;
    ctx.type_into("#export-endpoint", "https://otlp.unreachable.example:4318").await;
    ctx.click("#test-endpoint").await;
    ctx.wait_text("#endpoint-refused", "cannot be used for export").await;
    ctx.wait_text("#endpoint-refused", "timed out").await;
    assert!(!ctx.exists("#endpoint-ok").await, "an unreachable collector read as acceptable");
    ctx.type_into("#export-endpoint", "https://otlp.example.com:4318").await;
    ctx.click("#test-endpoint").await;
    ctx.wait_text("#endpoint-ok", "https://otlp.example.com:4318 is acceptable").await;
    assert!(!ctx.exists("#endpoint-refused").await, "the refusal stayed after an acceptable answer");
    assert_eq!(ctx.calls("cluster.telemetryExport.endpoint.validate", "200").await, 3);
    assert_eq!(ctx.calls("cluster.telemetryExport.update", "200").await, 0, "testing saved");
    ctx.click("#export-enabled").await;
    ctx.find("#export-protocol")
        .await
        .select_by_value("grpc")
        .await
        .unwrap_or_else(|e| panic!("protocol: {e}"));
    ctx.type_into("#export-token", "secret-bearer-123").await;
    ctx.click("#save-export").await;
    ctx.wait_text("#export-saved", "saved").await;
    ctx.wait_text("#export-token-state", "A token is stored").await;
    ctx.snap("logs-export-saved").await;
    let token = ctx.find("#export-token").await.prop_or_fail("value").await;
    assert_eq!(token.as_deref(), Some(""), "the token stays on screen");

    // Read back: the settings are kept, the token is never shown.
    open_signed_in(&ctx, LOGS, "#export-endpoint").await;
    ctx.wait_text("#export-token-state", "A token is stored").await;
    let endpoint = ctx.find("#export-endpoint").await.prop_or_fail("value").await;
    assert_eq!(endpoint.as_deref(), Some("https://otlp.example.com:4318"));
    let checked = ctx.find("#export-enabled").await.prop_or_fail("checked").await;
    assert_eq!(checked.as_deref(), Some("true"));
    let source = ctx.source().await;
    assert!(!source.contains("secret-bearer-123"), "the stored token is in the page");
}

async fn telemetry_starter(ctx: Ctx) {
    open_signed_in(&ctx, "/clusters/cl-acme-dev/logs", "#export-unavailable").await;
    ctx.wait_text("#export-unavailable", "not available on the starter tier").await;
    assert!(!ctx.exists("#export-endpoint").await, "the export form is offered on starter");
    assert_eq!(ctx.calls("cluster.telemetryExport.detail", "200").await, 0);
}

async fn viewer(ctx: Ctx) {
    ctx.goto(ACCESS).await;
    ctx.wait_url("/sign-in?next=").await;
    ctx.sign_in(demo::VIEWER_CLIENT_ID, demo::VIEWER_CLIENT_SECRET).await;
    ctx.wait_url(ACCESS).await;
    ctx.wait_text("#access-read-only", "manage-clusters").await;
    assert!(
        !ctx.exists("#save-ip-rules").await && !ctx.exists("#add-admin").await,
        "a viewer is offered to change IP rules"
    );
    // The rules read as text (the seeded office range), with no field to type into,
    // disabled or not, and the read-only line said once.
    ctx.wait_text("#ip-admin .rule-row.read .address", "203.0.113.0/24").await;
    let fields = ctx.count(".ip-sections input, .ip-sections [disabled], .ip-sections .remove-rule").await;
    assert_eq!(fields, 0, "a viewer is shown IP rule fields or buttons");
    assert_eq!(ctx.count(".read-only").await, 1, "the read-only line is said more than once");
    ctx.click("nav.tabs a[href$='/logs']").await;
    ctx.wait_url(LOGS).await;
    ctx.find("#log-table tbody tr").await;
    ctx.wait_text("#export-read-only", "manage-clusters").await;
    assert!(!ctx.exists("#save-export").await, "a viewer is offered to save export settings");
    assert!(!enabled(&ctx, "#export-endpoint").await);
    // Reading and downloading need only view-clusters.
    ctx.click("#log-table tbody tr:nth-child(1) .download-log").await;
    ctx.wait_text("#download-state", "stays valid").await;
}
