//! The histogram above the lines, in the tab's split-off module (`mod.rs` is its frame): the
//! lines shown (search and filters applied) per UTC bucket, stacked by level, drawn by the
//! kit's chart; hours whose files are not read are hatched, never 0. A bar narrows the window
//! to its bucket (a history push: Back restores the window before); a table of the counts
//! under "Show as table" is its text alternative, for screen readers and copying. The
//! arithmetic is `buckets.rs`'s.

use leptos::prelude::*;

use super::super::buckets::{Buckets, histogram};
use super::super::window::{Window, clock, field, iso};
use super::Inputs;
use crate::i18n::k::kit as units;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf, tp};
use crate::kit::chart::{Chart, Column, Marks, chart};

const SERIES: &[&str] = &["s-error", "s-warn", "s-info", "s-other"];
const MINUTE: i64 = 60_000;

/// `1 minute`, `3 hours`, `1 day`.
fn step_words(step: i64) -> String {
    let (n, words) = match step {
        s if s % (24 * 60 * MINUTE) == 0 => (s / (24 * 60 * MINUTE), units::UNIT_DAYS),
        s if s % (60 * MINUTE) == 0 => (s / (60 * MINUTE), units::UNIT_HOURS),
        s => (s / MINUTE, units::UNIT_MINUTES),
    };
    tp(words, n as f64, &[])
}

/// `2026-11-25 14:05`, UTC.
fn start_text(at: i64) -> String {
    iso(at).get(..16).unwrap_or_default().replace('T', " ")
}

fn bar_label(counts: &[u32; 4], unknown: bool, at: i64, now: i64) -> String {
    let when = clock(at, now);
    if unknown {
        return tf(w::HIST_BAR_UNKNOWN, &[("time", &when)]);
    }
    let total: u32 = counts.iter().sum();
    let n = |i: usize| counts.get(i).copied().unwrap_or(0).to_string();
    tp(
        w::HIST_BAR,
        f64::from(total),
        &[("time", &when), ("error", &n(0)), ("warn", &n(1)), ("info", &n(2)), ("other", &n(3))],
    )
}

fn table(b: &Buckets) -> AnyView {
    let rows = b
        .counts
        .iter()
        .zip(&b.unknown)
        .enumerate()
        .map(|(i, (c, unknown))| {
            let at = b.origin + i as i64 * b.step;
            let cell = |n: u32| if *unknown { "—".to_string() } else { n.to_string() };
            let total =
                if *unknown { t(w::HIST_NOT_READ).to_string() } else { c.iter().sum::<u32>().to_string() };
            view! {
                <tr class:unknown=*unknown data-start=at.to_string()>
                    <th scope="row">{start_text(at)}</th>
                    {c.iter().map(|n| view! { <td>{cell(*n)}</td> }).collect_view()}
                    <td class="total">{total}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table id="log-histogram-table">
            <thead>
                <tr>
                    {[t(w::HIST_START), "ERROR/FATAL", "WARN", "INFO", t(w::HIST_OTHER), t(w::HIST_TOTAL)]
                        .map(|heading| view! { <th scope="col">{heading}</th> })}
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// The legend's entries: each series' colour class and name, then the hatch of hours not read.
fn legend() -> impl IntoView {
    [
        ("s-error", "ERROR"),
        ("s-warn", "WARN"),
        ("s-info", "INFO"),
        ("s-other", t(w::HIST_OTHER)),
        ("unknown", t(w::HIST_NOT_READ)),
    ]
    .map(|(class, words)| view! { <li class=class>{words}</li> })
}

/// The histogram, the bars' table behind "Show as table".
pub fn drawn(inputs: Inputs) -> AnyView {
    let Inputs { reader, matches, span, now, filters, go } = inputs;
    // One pass over the filtered indexes per change (not per bar); equal buckets draw nothing again.
    let buckets = Memo::new(move |_| {
        let span = span.get().ok()?;
        let listed = reader.listing.with(|l| matches!(l, Some(Ok(()))));
        let capped = reader.capped.get();
        matches.with(|m| {
            let m = m.as_ref().ok()?;
            reader.held.with(|h| {
                reader.files.with(|f| {
                    // Timed for `make bench` (`timing.rs`): one frame's budget over 20,000 lines.
                    let lines = h.entries().len() as f64;
                    Some(super::super::timing::timed("logs:histogram", lines, || {
                        histogram(h.entries(), m, span, listed, capped, f)
                    }))
                })
            })
        })
    });
    let choose = Callback::new(move |i: usize| {
        let Some((origin, step)) = buckets.with_untracked(|b| b.as_ref().map(|b| (b.origin, b.step))) else {
            return;
        };
        let start = origin + i as i64 * step;
        let mut f = filters.get_untracked();
        // The bucket's last millisecond, not the next bucket's first (the window includes its end).
        f.window = Window::Custom { from: field(start), to: field(start + step - 1) };
        f.start = 0;
        f.around = None;
        go.run((f, false));
    });
    let drawn = move || {
        let b = buckets.get()?;
        let (from, to) = span.get().ok()?;
        let at = now.get();
        let columns = b
            .counts
            .iter()
            .zip(&b.unknown)
            .enumerate()
            .map(|(i, (c, unknown))| Column {
                parts: (!unknown).then(|| c.to_vec()),
                label: bar_label(c, *unknown, b.origin + i as i64 * b.step, at),
            })
            .collect();
        let unread = b.unknown.iter().filter(|u| **u).count();
        let mut label = tf(
            w::HIST_LABEL,
            &[("step", &step_words(b.step)), ("from", &clock(from, at)), ("to", &clock(to, at))],
        );
        if unread > 0 {
            label = format!("{label} {}", tp(w::HIST_UNREAD, unread as f64, &[]));
        }
        let marks = Marks::Columns { columns, series: SERIES };
        let id = "log-histogram-chart".to_string();
        Some(view! {
            {chart(Chart {
                id,
                class: "histogram",
                label,
                width: 600.0,
                height: 64.0,
                marks,
                choose: Some(choose),
            })}
            <p class="hist-axis" aria-hidden="true">
                <span>{clock(b.origin, at)}</span>
                <span>{clock(b.origin + b.step * b.counts.len() as i64, at)}</span>
            </p>
        })
    };
    // The table is made only while it is open (not on every keystroke), inside a disclosure
    // that stays open as the counts change.
    let open = RwSignal::new(false);
    let toggled = move |ev: leptos::ev::Event| {
        let is_open = ev.target().and_then(|t| js_sys::Reflect::get(&t, &"open".into()).ok()?.as_bool());
        open.set(is_open.unwrap_or(false));
    };
    let shown = Memo::new(move |_| buckets.with(Option::is_some));
    view! {
        {move || {
            shown
                .get()
                .then(|| {
                    open.update_untracked(|o| *o = false);
                    // A disclosure made again starts closed.
                    view! {
                        <div class="log-histogram" id="log-histogram">
                            <ul class="hist-legend" aria-hidden="true">
                                {legend()}
                            </ul>
                            {drawn}
                            <details class="hist-table" on:toggle=toggled>
                                <summary id="log-histogram-show">{t(w::HIST_SHOW_TABLE)}</summary>
                                {move || open.get().then(|| buckets.with(|b| b.as_ref().map(table)))}
                            </details>
                        </div>
                    }
                })
        }}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_starts_in_words() {
        assert_eq!(step_words(MINUTE), "1 minute");
        assert_eq!(step_words(30 * MINUTE), "30 minutes");
        assert_eq!(step_words(3 * 60 * MINUTE), "3 hours");
        assert_eq!(step_words(24 * 60 * MINUTE), "1 day");
        assert_eq!(start_text(1_767_225_600_000 + 5 * MINUTE), "2026-01-01 00:05");
        let label = bar_label(&[1, 0, 2, 0], false, 1_767_225_600_000, 1_767_225_600_000);
        assert_eq!(label, "00:00 UTC: 3 lines, 1 ERROR, 0 WARN, 2 INFO, 0 other");
        let unknown = bar_label(&[0; 4], true, 1_767_225_600_000, 1_767_225_600_000);
        assert_eq!(unknown, "00:00 UTC: not read yet");
    }
}
