//! What a screen hands the table: rows of cells, each cell's content (text, a link, a
//! badge, a moment, a value to copy, any view) with its sort key, drawn as a `<td>`.

use cluster_api::EpochMillis;
use leptos::prelude::*;

use super::SortKey;
use crate::api::ApiError;
use crate::format;
use crate::kit::badge::{Badge, Tone};
use crate::kit::copy::CopyButton;

/// `2026-01-01T00:00Z`, the form `<time datetime>` expects.
fn machine_time(at: EpochMillis) -> String {
    format::iso_utc(at).replace(" UTC", "Z").replacen(' ', "T", 1)
}

enum Content {
    Text(String),
    Mono(String),
    /// An in-app link; the router handles the click.
    Link {
        label: String,
        href: String,
    },
    Badge {
        label: String,
        tone: Tone,
        busy: bool,
    },
    /// A moment: absolute UTC, how long ago beneath it.
    Time(EpochMillis),
    Copy {
        text: String,
        what: &'static str,
    },
    View(AnyView),
    Later(Box<dyn FnOnce() -> AnyView>),
}

/// One cell: its content, an optional second line, and what it sorts by.
pub struct Cell {
    content: Content,
    sub: Option<String>,
    class: Option<&'static str>,
    pub(super) sort: SortKey,
}

impl Cell {
    fn of(content: Content, sort: SortKey) -> Cell {
        Cell { content, sub: None, class: None, sort }
    }

    pub fn text(text: impl Into<String>) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Text(text), sort)
    }

    pub fn mono(text: impl Into<String>) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Mono(text), sort)
    }

    pub fn link(label: impl Into<String>, href: String) -> Cell {
        let label = label.into();
        let sort = SortKey::words(&label);
        Cell::of(Content::Link { label, href }, sort)
    }

    /// A status in words with a colour; `busy` adds a spinner for something still changing.
    pub fn badge(label: impl Into<String>, tone: Tone, busy: bool) -> Cell {
        let label = label.into();
        let sort = SortKey::words(&label);
        Cell::of(Content::Badge { label, tone, busy }, sort)
    }

    pub fn time(at: EpochMillis) -> Cell {
        Cell::of(Content::Time(at), SortKey::Number(at.0))
    }

    /// The value, monospace, with a button that copies it.
    pub fn copy(text: impl Into<String>, what: &'static str) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Copy { text, what }, sort)
    }

    /// Anything else (a live badge, row actions). Sorts by `sort`.
    pub fn view(view: AnyView, sort: SortKey) -> Cell {
        Cell::of(Content::View(view), sort)
    }

    /// A view built only if its row is shown: a paged table is given every row (to sort
    /// them all), and a view may cost something, such as watching a cluster.
    pub fn view_when_shown(view: impl FnOnce() -> AnyView + 'static, sort: SortKey) -> Cell {
        Cell::of(Content::Later(Box::new(view)), sort)
    }

    /// A second, quieter line under the content.
    pub fn sub(mut self, sub: impl Into<String>) -> Cell {
        let sub = sub.into();
        self.sub = (!sub.is_empty()).then_some(sub);
        self
    }

    /// Sorts by `sort` instead of the shown text (e.g. a date shown as words).
    pub fn sort_by(mut self, sort: SortKey) -> Cell {
        self.sort = sort;
        self
    }

    pub fn class(mut self, class: &'static str) -> Cell {
        self.class = Some(class);
        self
    }

    pub(super) fn render(self, label: &'static str, now: i64) -> AnyView {
        let class = match &self.content {
            Content::Mono(_) | Content::Copy { .. } => Some("mono"),
            Content::Time(_) => Some("when"),
            _ => None,
        };
        let class = [class, self.class].into_iter().flatten().collect::<Vec<_>>().join(" ");
        let sub = self.sub.map(|s| view! { <div class="sub">{s}</div> });
        let content = match self.content {
            Content::Text(text) | Content::Mono(text) => text.into_any(),
            Content::Link { label, href } => view! { <a href=href>{label}</a> }.into_any(),
            Content::Badge { label, tone, busy } => Badge::new(label, tone).spinner(busy).view(),
            Content::Time(at) => view! {
                <time datetime=machine_time(at) title=format::utc(at)>
                    {format::utc(at)}
                </time>
                <div class="sub">{format::relative(now, at)}</div>
            }
            .into_any(),
            Content::Copy { text, what } => {
                // The value and its button at the cell's two ends, so the buttons of a column
                // line up in every row whatever the value's length.
                view! {
                    <span class="copy-cell">
                        <span>{text.clone()}</span>
                        <CopyButton text=text what=what />
                    </span>
                }
                .into_any()
            }
            Content::View(view) => view,
            Content::Later(view) => view(),
        };
        view! {
            <td class=class data-label=label>
                <div class="cell">{content}{sub}</div>
            </td>
        }
        .into_any()
    }
}

/// One row: the data attribute that names it (e.g. `("data-cluster", "acme-prod")`, kept
/// for links, tests and scripts) and its cells, one per column.
pub struct Row {
    pub(super) data: (&'static str, String),
    pub(super) cells: Vec<Cell>,
}

impl Row {
    pub fn new(data_attribute: &'static str, value: impl Into<String>, cells: Vec<Cell>) -> Row {
        Row { data: (data_attribute, value.into()), cells }
    }
}

/// What the table shows: nothing yet (`None`), a failure, or the rows.
pub type Rows = Option<Result<Vec<Row>, ApiError>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_sort_by_their_content() {
        assert_eq!(Cell::text("Acme").sort, SortKey::Text("acme".into()));
        assert_eq!(Cell::time(EpochMillis(5)).sort, SortKey::Number(5));
        assert_eq!(Cell::badge("Active", Tone::Ok, false).sort, SortKey::Text("active".into()));
        assert_eq!(machine_time(EpochMillis(1_767_225_600_000)), "2026-01-01T00:00Z");
    }
}
