//! A table of many fixed-height rows (tens of thousands) that renders only those in view:
//! `role="table"` with `aria-rowcount`, each rendered row carrying its `aria-rowindex`, so
//! assistive technology knows the whole size. The rows above and below the view are stood
//! in for by the body's padding (set through the CSSOM, which the CSP allows). It stays at
//! the last row while new rows arrive, unless the person has scrolled up; `reveal` scrolls a
//! row into view, marks it and moves the focus to it. Type-erased: a screen hands a row count and a
//! function making row `i`'s cells.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Each row's height in CSS pixels (`.vtable .vrow` in the style sheet says the same).
pub const ROW_PX: usize = 26;
/// Rows rendered beyond the view on each side, so a fast scroll shows no blank.
const OVERSCAN: usize = 12;
/// Rows rendered before the first scroll tells the view's height.
const FIRST_VIEW: usize = 24;

#[component]
pub fn VirtualTable(
    id: &'static str,
    /// The table's accessible name.
    label: &'static str,
    /// The column headers; `class` names each column for the style sheet.
    columns: &'static [(crate::i18n::Msg, &'static str)],
    #[prop(into)] count: Signal<usize>,
    /// Row `i`'s cells (`role="cell"` elements).
    cells: Callback<usize, AnyView>,
    /// A row was chosen (click or Enter).
    open: Callback<usize>,
    /// A row to bring into view when it changes.
    #[prop(optional, into)]
    reveal: Option<Signal<Option<usize>>>,
) -> impl IntoView {
    let viewport = NodeRef::<html::Div>::new();
    let top = RwSignal::new(0usize);
    let height = RwSignal::new(FIRST_VIEW * ROW_PX);
    // Whether the view follows the last row (it does until the person scrolls up).
    let stick = StoredValue::new(true);
    // The view's geometry as the browser has it now. `try_set`: a frame requested by the
    // effect below may run after the table is gone.
    let measure = move |el: &web_sys::HtmlDivElement| {
        let (t, h) = (el.scroll_top().max(0) as usize, el.client_height().max(0) as usize);
        top.try_set(t);
        height.try_set(h.max(ROW_PX));
        (t, h)
    };
    let on_scroll = move |_| {
        if let Some(el) = viewport.get_untracked() {
            let (t, h) = measure(&el);
            stick.set_value(t as i32 + h as i32 >= el.scroll_height() - (ROW_PX as i32) * 2);
        }
    };
    // New rows: stay at the end when following it; otherwise take the position the browser
    // has. Both once the new rows are laid out, in the next frame: fewer rows (a shorter
    // window, a filter, a list emptied while it is read again) make the browser clamp its
    // scroll position only then, and it does not always say so with a scroll event, while
    // this effect may run before the rows are re-drawn.
    Effect::new(move |_| {
        count.track();
        let Some(el) = viewport.get() else { return };
        request_animation_frame(move || {
            if stick.try_get_value() == Some(true) {
                el.set_scroll_top(el.scroll_height());
            }
            measure(&el);
        });
    });
    // The row brought into view is marked, and takes the focus once it is drawn (the rows
    // are drawn after this effect, so the focus waits for the frames after).
    let marked = RwSignal::new(None::<usize>);
    if let Some(reveal) = reveal {
        Effect::new(move |_| {
            let (Some(i), Some(el)) = (reveal.get(), viewport.get()) else { return };
            let y = (i * ROW_PX).saturating_sub(el.client_height().max(0) as usize / 2);
            stick.set_value(false);
            el.set_scroll_top(y as i32);
            top.set(y);
            marked.set(Some(i));
            // Once the rows of the new count are laid out, the position is asked again (set
            // before, the browser may have clamped it to the rows of before), and the row is
            // focused the frame after, once it is drawn there.
            request_animation_frame(move || {
                el.set_scroll_top(y as i32);
                top.try_set(y);
                request_animation_frame(move || {
                    let row = el.query_selector(&format!(".vbody > [data-index=\"{i}\"]")).ok().flatten();
                    if let Some(row) = row.and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok()) {
                        let _ = row.focus();
                    }
                });
            });
        });
    }
    let range = Memo::new(move |_| {
        let (n, top, height) = (count.get(), top.get(), height.get());
        // Following the end, the rows are the last ones whatever `top` said before they
        // arrived: made once, not once where the view was and again where it goes.
        // Never below the last row: a position kept from more rows (a longer window, before
        // a filter) would draw nothing until the next scroll.
        let end = (n * ROW_PX).saturating_sub(height);
        let top = if stick.get_value() { end } else { top.min(end) };
        let first = (top / ROW_PX).saturating_sub(OVERSCAN).min(n);
        let last = (first + height / ROW_PX + 2 * OVERSCAN).min(n);
        (first, last)
    });
    // One listener of each kind for all rows (they are made again whenever the view moves or
    // its lines change): the row is the one the event came from.
    let row_of = |ev: &web_sys::Event| -> Option<usize> {
        let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
        target.closest(".vbody > [data-index]").ok()??.get_attribute("data-index")?.parse().ok()
    };
    let header = columns
        .iter()
        .map(|(name, class)| {
            view! {
                <div role="columnheader" class=format!("vcell {class}")>
                    {crate::i18n::t(*name)}
                </div>
            }
        })
        .collect_view();
    view! {
        <div
            class="vtable"
            id=id
            role="table"
            aria-label=label
            aria-rowcount=move || (count.get() + 1).to_string()
        >
            <div role="rowgroup" class="vhead">
                <div role="row" class="vrow" aria-rowindex="1">
                    {header}
                </div>
            </div>
            // Not focusable itself (a focusable wrapper would stand between the table and its
            // rows); its rows are, so the keyboard still scrolls it.
            <div class="vviewport" node_ref=viewport on:scroll=on_scroll>
                // A row group needs rows: without any it is a plain box.
                <div
                    role=move || (count.get() > 0).then_some("rowgroup")
                    class="vbody"
                    on:click=move |ev| {
                        if let Some(i) = row_of(&ev) {
                            open.run(i)
                        }
                    }
                    // Enter's default is kept from going on: opening a dialog moves the focus to
                    // its button, which the same key's keypress would then press (and close it).
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" && let Some(i) = row_of(&ev) {
                            ev.prevent_default();
                            open.run(i)
                        }
                    }
                    style:padding-top=move || format!("{}px", range.get().0 * ROW_PX)
                    style:padding-bottom=move || {
                        let (_, last) = range.get();
                        format!("{}px", count.get().saturating_sub(last) * ROW_PX)
                    }
                >
                    // Re-made when the range moves or what the cells read changes (a filter).
                    {move || {
                        let (a, b) = range.get();
                        (a..b)
                            .map(|i| {
                                view! {
                                    <div
                                        role="row"
                                        class="vrow"
                                        class:marked=move || marked.get() == Some(i)
                                        tabindex="0"
                                        aria-rowindex=(i + 2).to_string()
                                        data-index=i.to_string()
                                    >
                                        {cells.run(i)}
                                    </div>
                                }
                            })
                            .collect_view()
                    }}
                </div>
            </div>
        </div>
    }
}
