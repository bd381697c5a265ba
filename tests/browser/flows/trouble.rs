//! The cluster Overview's trouble card ("What the logs say", issue 37): its failed-login and
//! ERROR figures per realm checked against the sandbox's own files for the same hour (read
//! here over HTTP and gunzipped, as logs/ does), each above zero; the summary next to the
//! health badge; each figure's link opening the viewer with that filter and the same count;
//! a file that cannot be read shown as failed, never as 0, and read again when asked; axe on
//! the Overview in light and dark.

use std::collections::BTreeMap;
use std::time::Duration;

use cluster_sandbox::Config;

use super::logs::{entries, realm_of, sandbox_text, settled, shown};
use super::{Flow, axe, sign_in_again};
use crate::cdp::emulate_media;
use crate::harness::{Ctx, OrFail, run_flow};

pub fn flows() -> Vec<(&'static str, Flow)> {
    vec![
        ("trouble_overview_figures_match_the_files_and_link_to_the_viewer", |d| {
            Box::pin(run_flow(d, Config::default(), figures))
        }),
        ("trouble_overview_failed_file_is_no_zero", |d| {
            Box::pin(run_flow(d, Config::default(), failed_file))
        }),
    ]
}

const OVERVIEW: &str = "/clusters/cl-acme-prod";
const LOGS: &str = "/clusters/cl-acme-prod/logs";
/// The viewer shows at most this many lines by default (`filters::DEFAULT_LIMIT`).
const LIMIT: usize = 200;

/// A row of the figures table: which figure, its realm or type, its count and its link.
#[derive(Debug)]
struct Row {
    figure: String,
    subject: String,
    count: usize,
    href: String,
}

async fn table_rows(ctx: &Ctx) -> Vec<Row> {
    let read = ctx
        .script(
            "return Array.from(document.querySelectorAll('#trouble-figures tbody tr')).map(r => {\
                const a = r.querySelector('a.trouble-link');\
                return [r.dataset.figure || '', r.dataset.subject || '', a ? a.textContent.trim() : '', a ? \
                a.getAttribute('href') : ''];});",
        )
        .await;
    let rows: Vec<(String, String, String, String)> =
        serde_json::from_value(read.clone()).unwrap_or_else(|e| panic!("the figures table: {e}: {read}"));
    rows.into_iter()
        .map(|(figure, subject, count, href)| Row {
            count: count
                .parse()
                .unwrap_or_else(|_| panic!("{figure} {subject}: the count {count:?} is no number")),
            figure,
            subject,
            href,
        })
        .collect()
}

/// The window the card counted, as its table says (`data-from`/`data-to`, epoch ms).
async fn counted_window(ctx: &Ctx) -> (i64, i64) {
    let table = ctx.find("#trouble-figures").await;
    let read = |v: Option<String>| v.and_then(|v| v.parse::<i64>().ok());
    match (read(table.attr_or_fail("data-from").await), read(table.attr_or_fail("data-to").await)) {
        (Some(f), Some(t)) => (f, t),
        other => panic!("the trouble card does not say its window: {other:?}"),
    }
}

/// What the sandbox's files say for `[from, to]`: people's failed logins per realm, ERROR
/// lines per realm, and ERROR lines naming none.
async fn expected(
    ctx: &Ctx,
    from: i64,
    to: i64,
) -> (BTreeMap<String, usize>, BTreeMap<String, usize>, usize) {
    let (mut people, mut errors, mut without) = (BTreeMap::new(), BTreeMap::new(), 0);
    for (at, level, text) in sandbox_text(ctx, from, to).await.iter().flat_map(|t| entries(t)) {
        if at < from || at > to {
            continue;
        }
        let first = text.lines().next().unwrap_or_default();
        let realm = realm_of(&text).map(str::to_string);
        let failed_login = first.contains("[org.keycloak.events]")
            && (first.contains(" type=LOGIN_ERROR,")
                || first.contains(" type=IDENTITY_PROVIDER_LOGIN_ERROR,"));
        if let (true, Some(r)) = (failed_login, &realm) {
            *people.entry(r.clone()).or_insert(0) += 1;
        }
        if level == "ERROR" {
            match realm {
                Some(r) => *errors.entry(r).or_insert(0) += 1,
                None => without += 1,
            }
        }
    }
    (people, errors, without)
}

fn of<'a>(rows: &'a [Row], figure: &str) -> BTreeMap<&'a str, usize> {
    rows.iter().filter(|r| r.figure == figure).map(|r| (r.subject.as_str(), r.count)).collect()
}

async fn open_overview(ctx: &Ctx) {
    ctx.goto(OVERVIEW).await;
    sign_in_again(ctx, OVERVIEW).await;
    ctx.find("#trouble").await;
}

/// Follows a figure's link and checks the viewer counts what the card counted.
async fn link_counts(ctx: &Ctx, row: &Row, wants: &[&str]) {
    assert!(row.href.starts_with(LOGS), "{row:?}: the link does not open the viewer");
    for want in wants {
        assert!(row.href.contains(want), "{row:?}: the link lacks {want}");
    }
    ctx.click(&format!(
        "#trouble-figures tr[data-figure='{}'][data-subject='{}'] a",
        row.figure, row.subject
    ))
    .await;
    ctx.wait_url("/logs?").await;
    ctx.find("#log-viewer").await;
    let url = ctx.current_url().await;
    for want in wants {
        assert!(url.contains(want), "the viewer's address {url} lacks {want}");
    }
    let n = settled(ctx).await;
    assert_eq!(n, row.count.min(LIMIT), "{row:?}: the viewer shows {n} lines for it");
    assert_eq!(shown(ctx).await, n);
}

async fn figures(ctx: Ctx) {
    open_overview(&ctx).await;
    ctx.find("#trouble-figures").await;
    let (from, to) = counted_window(&ctx).await;
    assert!((to - from - 3_600_000).abs() <= 1, "the card counted {from}..{to}, not an hour");
    let rows = table_rows(&ctx).await;
    let (people, errors, without) = expected(&ctx, from, to).await;

    // Failed logins per realm, as the files have them, and some.
    let shown_people = of(&rows, "people");
    let want_people: BTreeMap<&str, usize> = people.iter().map(|(r, n)| (r.as_str(), *n)).collect();
    assert_eq!(shown_people, want_people, "people's failed logins per realm");
    assert!(shown_people.values().sum::<usize>() > 0, "no failed login in the sandbox's last hour to check");
    // ERROR lines per realm and without one, likewise.
    let want_errors: BTreeMap<&str, usize> = errors.iter().map(|(r, n)| (r.as_str(), *n)).collect();
    assert_eq!(of(&rows, "errors-in"), want_errors, "ERROR lines per realm");
    assert!(want_errors.values().sum::<usize>() > 0, "no ERROR line with a realm in the last hour to check");
    assert_eq!(of(&rows, "errors-without").values().sum::<usize>(), without, "ERROR lines naming no realm");

    // What the logs say, next to what the metrics say.
    let total_errors = want_errors.values().sum::<usize>() + without;
    let logins = shown_people.values().sum::<usize>();
    let said = ctx.wait_text("#metrics #logs-say", "in the last hour").await;
    let errors_words =
        if total_errors == 1 { "1 error".to_string() } else { format!("{total_errors} errors") };
    let login_words =
        if logins == 1 { "1 failed login".to_string() } else { format!("{logins} failed logins") };
    assert!(said.contains(&errors_words) && said.contains(&login_words), "the health card says {said:?}");

    // axe on the Overview with the card drawn, light then dark.
    axe::no_serious_violations(&ctx, "#main", "the Overview with what the logs say").await;
    emulate_media(&ctx.client, &[("prefers-color-scheme", "dark")]).await;
    axe::no_serious_violations(&ctx, "#main", "the Overview with what the logs say, dark").await;
    ctx.snap("trouble-overview-dark").await;
    emulate_media(&ctx.client, &[]).await;
    ctx.snap("trouble-overview").await;

    // The links: the realm with most failed logins, then its ERROR lines.
    let top = rows.iter().find(|r| r.figure == "people").unwrap_or_else(|| panic!("no people row: {rows:?}"));
    let realm = format!("realm={}", top.subject);
    link_counts(&ctx, top, &[&realm, "view=events", "q="]).await;
    // Back to the Overview (in the page: no new sign-in), which reads the hour again.
    ctx.client.back().await.unwrap_or_else(|e| panic!("back: {e}"));
    ctx.find("#trouble-figures").await;
    // Read again for the current hour: the table is read afresh, so find the row again.
    let rows = table_rows(&ctx).await;
    let (from, to) = counted_window(&ctx).await;
    if let Some(errors) = rows.iter().find(|r| r.figure == "errors-in") {
        let (_, in_realm, _) = expected(&ctx, from, to).await;
        assert_eq!(Some(&errors.count), in_realm.get(&errors.subject), "{errors:?}");
        let realm = format!("realm={}", errors.subject);
        link_counts(&ctx, errors, &[&realm, "level=ERROR"]).await;
    } else {
        panic!("no ERROR line with a realm on the second reading: {rows:?}");
    }
}

async fn failed_file(ctx: Ctx) {
    open_overview(&ctx).await;
    ctx.find("#trouble-figures").await;
    let before = table_rows(&ctx).await.iter().map(|r| r.count).sum::<usize>();
    assert!(before > 0, "nothing counted in the last hour to lose");
    // The newest file of the hour fails once, as the viewer's flow makes it fail.
    let newest = ctx
        .script_async(&super::as_admin_elsewhere(
            "const auth = { headers: { Authorization: 'Bearer ' + token.access_token } };
            const list = await fetch('/v2/clusters/cl-acme-prod/logs?max=1000', auth).then(r => r.json());
            list.sort((a, b) => b.file_name.localeCompare(a.file_name));
            done(list.length ? list[0].file_name : '');",
        ))
        .await;
    let newest = newest.as_str().unwrap_or_default().to_string();
    assert!(newest.ends_with(".log.gz"), "the newest file: {newest:?}");
    ctx.arm_fault(&newest, 1, "status=500").await;
    ctx.click("#trouble-read-again").await;
    ctx.wait_text("#trouble-file-failed", &newest).await;
    assert!(ctx.find("#trouble-file-failed").await.text_or_fail().await.contains("500"));
    // Failed, not 0: no figure, no summary, nothing said next to Healthy.
    assert!(!ctx.exists("#trouble-figures").await, "figures shown while a file of the hour failed");
    assert!(!ctx.exists("#trouble-summary").await && !ctx.exists("#trouble-quiet").await);
    assert!(!ctx.exists("#logs-say").await, "the health card still says what the logs say");
    axe::no_serious_violations(&ctx, "#trouble", "the trouble card with a failed file").await;
    // Read again (the fault was for once): the figures are back.
    ctx.click("#trouble-file-failed button").await;
    ctx.wait_gone("#trouble-file-failed", Duration::from_secs(20), "the failure after Read again").await;
    ctx.find("#trouble-figures").await;
    assert!(table_rows(&ctx).await.iter().map(|r| r.count).sum::<usize>() > 0);
    ctx.find("#logs-say").await;
}
