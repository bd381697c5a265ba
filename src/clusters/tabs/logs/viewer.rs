//! The log viewer: the window's lines, read in the browser, filtered by level, realm and a
//! LogQL-style search, newest `limit` shown in a virtualised table; or the same lines'
//! Keycloak events by column. Every filter is in the URL (`filters.rs`); what was read is
//! the reader's (`window_files.rs`); the pure work is `matching.rs`'s.

use leptos::prelude::*;

use super::bar::FilterBar;
use super::download_lines::DownloadWindow;
use super::drawer::LineDrawer;
use super::events::{EventBar, event_cells};
use super::fetch;
use super::filters::{Filters, View};
use super::follow::Follow;
use super::histogram::{Histogram, Inputs};
use super::later::Later;
use super::line::Entry;
use super::matching::{Criteria, HOLD_CAP, hidden_without_realm, index_at, shown};
use super::narrowing::Recent;
use super::notes::Notes;
use super::search::{Search, parse};
use super::uncut;
use super::window;
use super::window_files::Reader;
use crate::clusters::ClusterCtx;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tp};
use crate::kit::virtual_table::VirtualTable;

const LINE_COLUMNS: &[(crate::i18n::Msg, &str)] = &[
    (w::COL_TIME, "c-time"),
    (w::LEVEL, "c-level"),
    (w::COL_LOGGER, "c-logger"),
    (w::COL_MESSAGE, "c-message"),
];

/// What the viewer shows, worked out once per change and shared by its parts.
#[derive(Clone, Copy)]
pub struct Shown {
    /// Indexes into the held entries of every line passing the filters, or why the search
    /// cannot be read.
    pub matches: Memo<Result<Vec<u32>, String>>,
    /// How many lines the view wants (the limit, times the pages loaded with Load more).
    pub wanted: Memo<usize>,
    /// Lines the realm filter hides only because they name no realm.
    pub without_realm: Memo<usize>,
}

fn search_of(q: &str) -> Result<Search, String> {
    Search::new(&parse(q)?, &fetch::regex)
}

fn level_class(e: &Entry) -> String {
    format!("vcell c-level level-{}", e.level.name().to_ascii_lowercase())
}

fn line_cells(e: &Entry, needles: &[uncut::Needle]) -> AnyView {
    let more = e.continued();
    let message = uncut::shown_message(e.message(), needles).into_owned();
    view! {
        <div role="cell" class="vcell c-time">
            {e.time().to_string()}
        </div>
        <div role="cell" class=level_class(e)>
            {e.level.name()}
        </div>
        <div role="cell" class="vcell c-logger">
            {e.logger().to_string()}
        </div>
        // The line's own words are the service's (Keycloak logs in English), not the
        // console's: marked so, for screen readers and the language walks.
        <div role="cell" class="vcell c-message">
            {crate::kit::theirs::theirs(message)}
            {(more > 0)
                .then(|| {
                    view! {
                        <span class="more">
                            {format!(" {}", tp(w::MORE_LINES, more as f64, &[("count", &more.to_string())]))}
                        </span>
                    }
                })}
        </div>
    }
    .into_any()
}

#[component]
pub fn LogViewer(later: Later, filters: Memo<Filters>, go: Callback<(Filters, bool)>) -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let reader = Reader::new(ctx.api, ctx.id());
    let now = RwSignal::new(js_sys::Date::now() as i64);
    let win = Memo::new(move |_| filters.with(|f| f.window.clone()));
    let span = Memo::new(move |_| win.with(|w| window::range(w, now.get())));
    let pages = RwSignal::new(1usize);
    let wanted = Memo::new(move |_| filters.with(|f| f.limit) * pages.get());
    let criteria = Memo::new(move |_| {
        let (from, to) = span.get().unwrap_or((0, -1));
        filters.with(|f| Criteria {
            from,
            to,
            level: f.level,
            realm: f.realm.clone(),
            with_no_realm: f.no_realm,
            view: f.view,
            events: f.events.clone(),
        })
    });
    let q = Memo::new(move |_| filters.with(|f| f.q.clone()));
    // Each keystroke filters only what it must (`narrowing.rs`).
    let recent = StoredValue::new(Recent::default());
    let matches = Memo::new(move |_| {
        let search = q.with(|q| search_of(q))?;
        let c = criteria.get();
        Ok(reader.held.with(|h| recent.try_update_value(|r| r.matching(h, &c, &search)).unwrap_or_default()))
    });
    let count = move || matches.with(|m| m.as_ref().map_or(0, Vec::len));
    let around = Memo::new(move |_| {
        let at = filters.with(|f| f.around)?;
        matches.with(|m| reader.held.with(|h| index_at(h.entries(), m.as_deref().unwrap_or(&[]), at)))
    });
    let range = Memo::new(move |_| shown(count(), wanted.get(), around.get()));
    // The lines shown, and which lines they are indexes into: the rows are made again only
    // when these change, not on every keystroke that leaves them as they were.
    let visible = Memo::new(move |_| {
        let rows = matches.with(|m| {
            range.with(|r| m.as_ref().ok().and_then(|m| m.get(r.clone())).unwrap_or_default().to_vec())
        });
        (reader.held.with(|h| h.stamp()), rows)
    });
    let without_realm = Memo::new(move |_| {
        let c = criteria.get();
        // `hidden_without_realm` says 0 here too; asked first, the search is not compiled
        // again (a regex is the browser's, made per call) when nothing can be hidden.
        if c.realm.is_empty() || c.with_no_realm {
            return 0;
        }
        let Ok(search) = q.with(|q| search_of(q)) else { return 0 };
        reader.held.with(|h| hidden_without_realm(h.entries(), &c, &search))
    });
    let shown_view = Shown { matches, wanted, without_realm };

    // The Events view counts by type over the window, so it reads every file of it (within
    // the round and the cap); the Lines view stops once it has its lines.
    let want_more = Callback::new(move |()| {
        filters.with_untracked(|f| f.view == View::Events)
            || matches.with_untracked(|m| m.as_ref().is_ok_and(|m| m.len() < wanted.get_untracked()))
    });
    // A new window: list it and read from the newest file.
    Effect::new(move |_| {
        win.track();
        reader.reload.track();
        let at = js_sys::Date::now() as i64;
        now.set(at);
        match win.with_untracked(|w| window::range(w, at)) {
            Ok((from, to)) => reader.open(from, to, at, Callback::new(move |()| reader.pump(want_more))),
            Err(_) => reader.listing.set(Some(Ok(()))),
        }
    });
    // Other filters: a new round of reading, from one page of lines.
    // What the person chose, not the window's moving end (Follow moves it every refresh).
    let chosen = Memo::new(move |_| {
        filters.with(|f| {
            (f.window.clone(), f.level, f.realm.clone(), f.view, f.events.clone(), f.q.clone(), f.limit)
        })
    });
    Effect::new(move |prev: Option<()>| {
        chosen.track();
        // Set only what differs: each set wakes what reads it, on every keystroke.
        if prev.is_some() {
            for (signal, value) in
                [(pages, 1), (reader.round, 0), (reader.budget, super::window_files::ROUND)]
            {
                if signal.get_untracked() != value {
                    signal.set(value);
                }
            }
        }
    });
    Effect::new(move |_| {
        matches.track();
        wanted.track();
        reader.listing.track();
        reader.budget.track();
        reader.pump(want_more);
    });

    let realms = Memo::new(move |_| reader.held.with(|h| super::matching::realms(h.entries())));
    let selected = RwSignal::new(None::<Entry>);
    // A memo, not a closure over the filters: the table below is made again when it changes,
    // and a closure would make it again on every keystroke in the search.
    let events = Memo::new(move |_| filters.with(|f| f.view == View::Events));
    // What the person filtered on stays in view (`uncut.rs`).
    let needles = Memo::new(move |_| filters.with(|f| uncut::needles(&f.q, &f.realm)));
    let cells = Callback::new(move |i: usize| {
        let index = visible.with(|(_, rows)| rows.get(i).copied());
        let is_events = filters.with_untracked(|f| f.view == View::Events);
        reader.held.with_untracked(|h| match index.and_then(|ix| h.entries().get(ix as usize)) {
            Some(e) if is_events => event_cells(e),
            Some(e) => needles.with(|n| line_cells(e, n)),
            None => ().into_any(),
        })
    });
    let event_widths = Memo::new(move |_| {
        if !events.get() {
            return Vec::new();
        }
        visible.with(|(_, rows)| {
            reader.held.with(|h| {
                let shown = rows.iter().filter_map(|&ix| h.entries().get(ix as usize)?.event.as_deref());
                filters.with(|f| uncut::event_widths(shown, &f.events, &f.realm))
            })
        })
    });
    // Set through the CSSOM, which the CSP allows (a `style` attribute it refuses).
    let fit = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let widths = event_widths.get();
        let Some(el) = fit.get() else { return };
        let style = web_sys::HtmlElement::style(&el);
        for column in uncut::EVENT_COLUMNS {
            let _ = style.remove_property(&format!("--w-{column}"));
            let _ = style.remove_property(&format!("--k-{column}"));
        }
        for (name, value) in widths {
            let _ = style.set_property(&name, &value);
        }
    });
    let open = Callback::new(move |i: usize| {
        let index = visible.with_untracked(|(_, rows)| rows.get(i).copied());
        selected
            .set(index.and_then(|ix| reader.held.with_untracked(|h| h.entries().get(ix as usize).cloned())));
    });
    let shown_lines = Callback::new(move |()| {
        visible.with_untracked(|(_, rows)| {
            reader.held.with_untracked(|h| {
                rows.iter().filter_map(|&ix| h.entries().get(ix as usize)).map(|e| e.raw.clone()).collect()
            })
        })
    });
    let reveal = Signal::derive(move || around.get().map(|a| a.saturating_sub(range.get().start)));
    let table_count = Signal::derive(move || range.with(|r| r.len()));
    let (line_cols, event_cols) = (LINE_COLUMNS, super::events::EVENT_COLUMNS);
    let count_text = move || {
        let n = table_count.get();
        let full = matches.with(|m| m.as_ref().is_ok_and(|m| m.len() >= wanted.get()));
        let held_full = reader.held.with(|h| h.entries().len() >= HOLD_CAP);
        // Written as digits, not the language's grouping: the count is read back as a number.
        let words = match (events.get(), full, held_full) {
            (false, true, _) => w::LINES_LIMIT,
            (false, false, true) => w::LINES_HELD,
            (false, false, false) => w::LINES_COUNT,
            (true, true, _) => w::EVENTS_LIMIT,
            (true, false, true) => w::EVENTS_HELD,
            (true, false, false) => w::EVENTS_COUNT,
        };
        tp(words, n as f64, &[("count", &n.to_string()), ("cap", &HOLD_CAP.to_string())])
    };

    let histogram = Inputs { reader, matches, span, now, filters, go };
    let bar = super::events::Inputs { filters, go, reader, criteria, q };

    view! {
        // The instants the window stands for, for tests and people reading the page's source.
        <section
            class="card"
            id="log-viewer"
            data-from=move || span.get().map(|s| s.0.to_string()).unwrap_or_default()
            data-to=move || span.get().map(|s| s.1.to_string()).unwrap_or_default()
        >
            <h2>{t(w::VIEWER_HEADING)}</h2>
            <FilterBar
                filters=filters
                go=go
                realms=Signal::from(realms)
                search_invalid=Signal::derive(move || matches.with(Result::is_err))
            />
            {move || {
                events
                    .get()
                    .then(|| {
                        view! { <EventBar later=later inputs=bar /> }
                    })
            }}
            <div class="log-status">
                // A search that cannot be read has no count: why takes its place.
                {move || match matches.with(|m| m.as_ref().err().cloned()) {
                    Some(why) => {
                        view! {
                            <p class="field-error" id="log-search-problem" role="alert">
                                {why}
                            </p>
                        }
                            .into_any()
                    }
                    None => {
                        view! {
                            <p class="log-count" id="log-count" role="status" aria-live="polite">
                                {count_text}
                            </p>
                        }
                            .into_any()
                    }
                }} <Follow reader=reader now=now span=span />
            </div>
            <Notes reader=reader filters=filters go=go span=span now=now shown=shown_view />
            <Histogram later=later inputs=histogram />
            // The filtered columns' widths, for the header and the rows alike.
            <div class="vfit" node_ref=fit>
                {move || {
                    let (id, label, columns) = if events.get() {
                        ("log-events", t(w::EVENTS_TABLE), event_cols)
                    } else {
                        ("log-lines", t(w::LINES_TABLE), line_cols)
                    };
                    view! {
                        <VirtualTable
                            id=id
                            label=label
                            columns=columns
                            count=table_count
                            cells=cells
                            open=open
                            reveal=reveal
                        />
                    }
                }}
            </div>
            <div class="actions">
                <button
                    type="button"
                    class="button subtle"
                    id="log-load-more"
                    disabled=move || {
                        matches.with(|m| m.as_ref().map_or(0, Vec::len)) < wanted.get()
                            && !reader
                                .files
                                .with(|f| f.iter().any(|f| f.state == super::window_files::FileState::Unread))
                    }
                    on:click=move |_| {
                        pages.update(|p| *p += 1);
                        reader.round.set(0);
                    }
                >
                    {t(w::LOAD_MORE)}
                </button>
                <DownloadWindow
                    later=later
                    reader=reader
                    span=span
                    cluster=ctx.cluster.with_untracked(|c| c.name.clone())
                    shown=shown_lines
                />
            </div>
            <LineDrawer later=later selected=selected filters=filters go=go />
        </section>
    }
}
