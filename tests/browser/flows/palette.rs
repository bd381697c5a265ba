//! The command palette: opened with Ctrl+K from a field, a jump to a realm of a cluster
//! already loaded, a navigate-only action chosen with the arrows, Escape giving the focus
//! back; `/` typed into a CIDR field stays in the field; axe-core on the open palette; a
//! realm found by its name (which it does not show) and a query of two words matched across
//! an entry's trail.

use cluster_sandbox::{Config, demo};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;

use super::{Flow, admin, axe};
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("palette_slash_in_a_cidr_field_is_typed", |d| {
            Box::pin(run_flow(d, Config::default(), slash_in_field))
        }),
        ("palette_keyboard_jump_action_and_escape", |d| Box::pin(run_flow(d, Config::default(), keyboard))),
        ("palette_finds_unvisited_realms_and_tabs", |d| Box::pin(run_flow(d, Config::default(), unvisited))),
        ("palette_offers_actions_only_where_they_run", |d| {
            Box::pin(run_flow(d, Config::default(), actions_where_they_run))
        }),
        ("palette_ranks_prefix_before_substring", |d| Box::pin(run_flow(d, Config::default(), ranking))),
        ("palette_finds_realm_names_and_words_of_a_trail", |d| {
            Box::pin(run_flow(d, Config::default(), names_and_words))
        }),
    ]
}

/// Opens the palette with its button and waits until its index has filled.
async fn open_filled(ctx: &Ctx) {
    ctx.click("#open-palette").await;
    ctx.find("#palette[open]").await;
    wait_focused(ctx, "palette-input", "the palette's input has the focus").await;
    let started = std::time::Instant::now();
    loop {
        let loading = ctx.find("#palette-loading").await.text_or_fail().await;
        if loading.is_empty() {
            break;
        }
        assert!(started.elapsed() < crate::harness::WAIT, "the palette never finished: {loading}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!ctx.exists("#palette-failed").await, "the palette could not read everything");
}

/// The labels of the options shown now, in order.
async fn options(ctx: &Ctx) -> Vec<String> {
    let mut labels = Vec::new();
    for option in ctx.all("#palette-list li.palette-option:not([hidden]) .palette-label").await {
        labels.push(option.text_or_fail().await);
    }
    labels
}

/// Waits until an option labelled exactly `label` is shown and chooses it with a click.
/// Fails when it never is: choosing whatever is first instead would test nothing.
async fn choose(ctx: &Ctx, label: &str) {
    let started = std::time::Instant::now();
    loop {
        let labels = options(ctx).await;
        if let Some(at) = labels.iter().position(|l| l == label) {
            ctx.click(&format!("#palette-opt-{at}")).await;
            return;
        }
        assert!(started.elapsed() < crate::harness::WAIT, "no option {label:?} among {labels:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A realm is found by its name, which the palette does not show (it shows the display
/// name); a query of two words finds the entry whose trail holds both.
async fn names_and_words(ctx: Ctx) {
    admin(&ctx).await;
    ctx.find("tr[data-cluster=acme-prod]").await;
    open_filled(&ctx).await;
    // "partners" is the realm's name; its display name "Partner portal" does not hold it.
    ctx.type_into("#palette-input", "partners").await;
    // Before the fix: "Nothing matches", and every option hidden with an empty label.
    ctx.wait_text("#palette-opt-0", "Partner portal").await;
    let labels = options(&ctx).await;
    assert_eq!(labels.first().map(String::as_str), Some("Partner portal"), "partners: {labels:?}");
    choose(&ctx, "Partner portal").await;
    ctx.wait_url(&format!("/realms/{}", demo::REALM_PARTNERS)).await;
    ctx.wait_text("h1", "Partner portal").await;
    ctx.wait_gone("#palette", std::time::Duration::from_secs(5), "the palette closed after the jump").await;

    open_filled(&ctx).await;
    ctx.type_into("#palette-input", "legacy-import").await;
    ctx.wait_text("#palette-list", "Legacy SSO").await;
    // Two words, each somewhere in the trail "acme-prod › Logs"; acme-dev's Logs has no "prod".
    ctx.type_into("#palette-input", "prod logs").await;
    ctx.wait_text("#palette-list", "acme-prod › Logs").await;
    let labels = options(&ctx).await;
    assert!(!labels.iter().any(|l| l == "acme-dev › Logs"), "prod logs: {labels:?}");
    ctx.type_into("#palette-input", "acme-dev access").await;
    ctx.wait_text("#palette-opt-0", "acme-dev › Access").await;
    let labels = options(&ctx).await;
    assert!(!labels.iter().any(|l| l == "acme-prod › Access"), "acme-dev access: {labels:?}");
    ctx.type_into("#palette-input", "prod logs").await;
    choose(&ctx, "acme-prod › Logs").await;
    ctx.wait_url("/clusters/cl-acme-prod/logs").await;
}

/// A deep link to a cluster page, nothing else visited: the palette still finds the realms
/// of other clusters (named with their cluster's name) and every cluster's tabs.
async fn unvisited(ctx: Ctx) {
    ctx.goto("/clusters/cl-acme-dev").await;
    super::sign_in_again(&ctx, "/clusters/cl-acme-dev").await;
    ctx.wait_text("h1", "acme-dev").await;
    open_filled(&ctx).await;
    assert!(ctx.calls("cluster.deployment.list", "200").await >= 2, "the realms were not read");
    ctx.type_into("#palette-input", "customers").await;
    ctx.wait_text("#palette-opt-0", "Acme customers").await;
    ctx.wait_text("#palette-opt-0", "Realm on acme-prod").await;
    ctx.type_into("#palette-input", "dev").await;
    ctx.wait_text("#palette-list", "acme-dev").await;
    ctx.type_into("#palette-input", "logs").await;
    ctx.wait_text("#palette-list", "acme-prod › Logs").await;
    let list = ctx.find("#palette-list").await.text_or_fail().await;
    assert!(!list.contains("cl-"), "an ID is shown instead of a name: {list}");
    axe::no_serious_violations(&ctx, "#palette", "the filled palette").await;
    choose(&ctx, "acme-prod › Logs").await;
    ctx.wait_url("/clusters/cl-acme-prod/logs").await;
}

/// "Add realm" only for clusters that run; it lands with the name field focused.
async fn actions_where_they_run(ctx: Ctx) {
    admin(&ctx).await;
    ctx.find("tr[data-cluster=acme-legacy]").await;
    open_filled(&ctx).await;
    ctx.type_into("#palette-input", "add realm to").await;
    ctx.wait_text("#palette-list", "Add realm to acme-dev").await;
    let labels = options(&ctx).await;
    assert!(labels.iter().any(|l| l == "Add realm to acme-prod"), "{labels:?}");
    for cluster in ["acme-legacy", "acme-trial", "acme-staging", "acme-old"] {
        assert!(
            !labels.iter().any(|l| l == &format!("Add realm to {cluster}")),
            "offered to add a realm to {cluster}, which cannot take one: {labels:?}"
        );
    }
    choose(&ctx, "Add realm to acme-dev").await;
    ctx.wait_url("/clusters/cl-acme-dev/realms").await;
    wait_focused(&ctx, "realm-name", "Add realm landed with the name field focused").await;
    assert_eq!(ctx.calls("cluster.deployment.create", "201").await, 0, "the palette never writes");
}

/// How a label matches a query: 0 prefix, 1 word start, 2 substring, 3 otherwise.
fn class(label: &str, query: &str) -> u8 {
    let label = label.to_lowercase();
    if label.starts_with(query) {
        return 0;
    }
    let word_start = label.char_indices().any(|(at, _)| {
        at > 0
            && label[at..].starts_with(query)
            && !label[..at].chars().last().is_some_and(char::is_alphanumeric)
    });
    if word_start {
        1
    } else if label.contains(query) {
        2
    } else {
        3
    }
}

/// Prefixes, then word starts, then substrings; scattered letters only when nothing else.
async fn ranking(ctx: Ctx) {
    admin(&ctx).await;
    open_filled(&ctx).await;
    ctx.type_into("#palette-input", "domain").await;
    ctx.wait_text("#palette-opt-0", "› Domains").await;
    let labels = options(&ctx).await;
    assert!(!labels.iter().any(|l| l.starts_with("Add realm")), "junk matches for domain: {labels:?}");
    for query in ["in", "acme", "ing", "logs"] {
        ctx.type_into("#palette-input", query).await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let labels = options(&ctx).await;
        assert!(!labels.is_empty(), "nothing for {query}");
        let classes: Vec<u8> = labels.iter().map(|l| class(l, query)).collect();
        assert!(classes.windows(2).all(|w| w[0] <= w[1]), "{query}: out of order: {labels:?} {classes:?}");
        assert!(!classes.contains(&3), "{query}: a scattered match beside better ones: {labels:?}");
    }
    ctx.type_into("#palette-input", "in").await;
    ctx.wait_text("#palette-opt-0", "internal").await;
}

async fn focused_id(ctx: &Ctx) -> String {
    let id = ctx.script("return document.activeElement ? document.activeElement.id : '';").await;
    id.as_str().unwrap_or_else(|| panic!("the focused element's id: not text: {id}")).to_string()
}

async fn focus(ctx: &Ctx, css: &str) {
    ctx.find(css).await;
    let script = "document.querySelector(arguments[0]).focus(); return 1;";
    ctx.client
        .execute(script, vec![serde_json::json!(css)])
        .await
        .unwrap_or_else(|e| panic!("focus {css}: {e}"));
}

/// Presses `key` with Ctrl held (or alone), wherever the focus is.
async fn chord(ctx: &Ctx, ctrl: bool, key: char) {
    let control: char = Key::Control.into();
    let mut keys = KeyActions::new("keyboard".into());
    if ctrl {
        keys = keys.then(KeyAction::Down { value: control });
    }
    keys = keys.then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
    if ctrl {
        keys = keys.then(KeyAction::Up { value: control });
    }
    ctx.client.perform_actions(keys).await.unwrap_or_else(|e| panic!("keys: {e}"));
}

async fn press(ctx: &Ctx, key: Key) {
    chord(ctx, false, key.into()).await;
}

async fn attr(ctx: &Ctx, css: &str, name: &str) -> String {
    ctx.find(css).await.attr_or_fail(name).await.unwrap_or_default()
}

async fn wait_focused(ctx: &Ctx, id: &str, what: &str) {
    for _ in 0..50 {
        if focused_id(ctx).await == id {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{what}: the focus is on #{}", focused_id(ctx).await);
}

async fn keyboard(ctx: Ctx) {
    admin(&ctx).await;
    ctx.find("tr[data-cluster=acme-prod]").await;
    // The realms of acme-prod are loaded once its Realms tab was shown.
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.click("a[href='/clusters/cl-acme-prod/realms']").await;
    ctx.find("tr[data-realm=partners]").await;

    // Ctrl+K opens it even from a field; the combobox has the focus.
    focus(&ctx, "#filter-realm-name").await;
    chord(&ctx, true, 'k').await;
    ctx.find("#palette[open]").await;
    wait_focused(&ctx, "palette-input", "the palette's input has the focus").await;
    assert_eq!(attr(&ctx, "#palette-input", "role").await, "combobox");
    axe::no_serious_violations(&ctx, "#palette", "the open palette").await;
    ctx.type_into("#palette-input", "PARTNER").await;
    ctx.wait_text("#palette-opt-0", "Partner portal").await;
    ctx.wait_text("#palette-opt-0", "Realm").await;
    assert_eq!(attr(&ctx, "#palette-input", "aria-expanded").await, "true");
    assert_eq!(attr(&ctx, "#palette-input", "aria-activedescendant").await, "palette-opt-0");
    assert_eq!(attr(&ctx, "#palette-input", "aria-controls").await, "palette-list");
    assert_eq!(attr(&ctx, "#palette-opt-0", "aria-selected").await, "true");
    press(&ctx, Key::Enter).await;
    ctx.wait_url("/realms/").await;
    ctx.wait_text("h1", "artner").await; // "Partner portal" or "partners"
    ctx.wait_gone("#palette", std::time::Duration::from_secs(5), "the palette closed after the jump").await;

    // An action, chosen with the arrows: it only navigates.
    focus(&ctx, "a[href='/clusters']").await;
    chord(&ctx, true, 'k').await;
    wait_focused(&ctx, "palette-input", "the palette opened again").await;
    ctx.type_into("#palette-input", "add realm to acme").await;
    ctx.wait_text("#palette-opt-0", "Add realm to acme-").await;
    // The label alone: how the option's flex items join in its text differs by engine
    // (WebKit runs "acme-dev", "Action" and the detail together).
    let second = ctx.find("#palette-opt-1 .palette-label").await.text_or_fail().await;
    press(&ctx, Key::Down).await;
    assert_eq!(attr(&ctx, "#palette-input", "aria-activedescendant").await, "palette-opt-1");
    press(&ctx, Key::Up).await;
    press(&ctx, Key::Up).await;
    assert_ne!(
        attr(&ctx, "#palette-input", "aria-activedescendant").await,
        "palette-opt-1",
        "Up wraps to the last"
    );
    press(&ctx, Key::Down).await;
    press(&ctx, Key::Down).await;
    assert_eq!(attr(&ctx, "#palette-input", "aria-activedescendant").await, "palette-opt-1");
    assert!(second.starts_with("Add realm to acme-"), "{second}");
    let target = second.lines().next().unwrap_or_default().trim_start_matches("Add realm to ").to_string();
    press(&ctx, Key::Enter).await;
    let url = ctx.wait_url("/realms").await;
    assert!(url.contains("/clusters/cl-"), "the action went to {url}");
    ctx.wait_text(".page-head", &target).await;
    assert_eq!(ctx.calls("cluster.deployment.create", "201").await, 0, "the palette never writes");

    // Escape closes it and gives the focus back to where it was.
    ctx.click("a[href='/clusters']").await;
    ctx.find("tr[data-cluster=acme-prod]").await;
    focus(&ctx, "#new-cluster").await;
    chord(&ctx, true, 'k').await;
    wait_focused(&ctx, "palette-input", "the palette opened from the list").await;
    press(&ctx, Key::Escape).await;
    ctx.wait_gone("#palette", std::time::Duration::from_secs(5), "Escape closed the palette").await;
    wait_focused(&ctx, "new-cluster", "the focus went back to Create cluster").await;
    assert!(ctx.wait_url("/clusters").await.ends_with("/clusters"), "Escape navigated");

    // `/` opens it outside fields too.
    chord(&ctx, false, '/').await;
    wait_focused(&ctx, "palette-input", "`/` opened the palette").await;
    press(&ctx, Key::Escape).await;
    ctx.wait_gone("#palette", std::time::Duration::from_secs(5), "Escape closed the palette").await;
}

/// `/` is part of a CIDR: typed into the IP rules' address field it stays there.
async fn slash_in_field(ctx: Ctx) {
    admin(&ctx).await;
    ctx.click("tr[data-cluster=acme-prod] a").await;
    ctx.click("a[href='/clusters/cl-acme-prod/access']").await;
    ctx.click("#add-admin").await;
    let field = "#ip-admin .rule-row:last-child input.address";
    ctx.find(field).await;
    ctx.click(field).await;
    ctx.type_into(field, "10.0.0.0/8").await;
    let value = ctx.find(field).await.prop_or_fail("value").await.unwrap_or_default();
    assert_eq!(value, "10.0.0.0/8", "the slash was not typed into the field");
    assert!(!ctx.exists("#palette").await, "`/` in a field opened the palette");
}
