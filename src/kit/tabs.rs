//! A tab list (WAI-ARIA tabs): buttons with `role=tab` and `aria-selected` in a
//! `role=tablist`, the selected one the only one in the Tab order, and the arrow keys, Home
//! and End moving the selection (and the focus) along the list. The screen says what each
//! tab is and what choosing one does; the panel they control is the screen's.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// One tab: its element ID and its words.
pub type Tab = (&'static str, &'static str);

/// Where the arrow key `key` moves the selection from `at` among `count` tabs (wrapping).
pub fn step(key: &str, at: usize, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    match key {
        "ArrowRight" | "ArrowDown" => Some((at + 1) % count),
        "ArrowLeft" | "ArrowUp" => Some((at + count - 1) % count),
        "Home" => Some(0),
        "End" => Some(count - 1),
        _ => None,
    }
}

#[component]
pub fn TabList(
    /// What the tabs choose between (`aria-label`).
    label: &'static str,
    tabs: Vec<Tab>,
    /// The index of the selected tab.
    #[prop(into)]
    selected: Signal<usize>,
    /// The ID of the element the tabs control.
    controls: &'static str,
    on_select: Callback<usize>,
) -> impl IntoView {
    let count = tabs.len();
    let ids: Vec<&'static str> = tabs.iter().map(|(id, _)| *id).collect();
    let ids = StoredValue::new(ids);
    let keydown = move |ev: leptos::ev::KeyboardEvent| {
        let Some(to) = step(&ev.key(), selected.get_untracked(), count) else { return };
        ev.prevent_default();
        on_select.run(to);
        let id = ids.with_value(|ids| ids.get(to).copied());
        let element = id.and_then(|id| document().get_element_by_id(id));
        if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = element.focus();
        }
    };
    view! {
        <div class="tab-list" role="tablist" aria-label=label on:keydown=keydown>
            {tabs
                .into_iter()
                .enumerate()
                .map(|(i, (id, words))| {
                    view! {
                        <button
                            type="button"
                            role="tab"
                            id=id
                            class="tab"
                            aria-controls=controls
                            aria-selected=move || if selected.get() == i { "true" } else { "false" }
                            tabindex=move || if selected.get() == i { "0" } else { "-1" }
                            on:click=move |_| on_select.run(i)
                        >
                            {words}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_wrap_and_home_end_jump() {
        assert_eq!(step("ArrowRight", 1, 2), Some(0));
        assert_eq!(step("ArrowLeft", 0, 2), Some(1));
        assert_eq!(step("Home", 1, 3), Some(0));
        assert_eq!(step("End", 0, 3), Some(2));
        assert_eq!(step("a", 0, 3), None);
        assert_eq!(step("ArrowRight", 0, 0), None);
    }
}
