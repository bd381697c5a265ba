//! The console's one small SVG chart: a line of how one number moved (the Overview's
//! sparklines) or columns of stacked counts (the log viewer's histogram). Its props are
//! plain data, not generic closures, so one copy is compiled for every screen; attributes
//! only, no inline style, so the strict CSP holds. The geometry is pure ([`points`],
//! [`stack`]) and tested natively.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Keeps a line's stroke inside the box at the extremes.
const PAD: f64 = 2.0;

/// One column: counts per series, bottom first, or `None` when they are not known (drawn
/// hatched, never as 0), and its accessible name.
pub struct Column {
    pub parts: Option<Vec<u32>>,
    pub label: String,
}

pub enum Marks {
    /// `(time, value)` samples, oldest first.
    Line(Vec<(f64, f64)>),
    /// Columns left to right; `series` are the classes of their parts, bottom first.
    Columns { columns: Vec<Column>, series: &'static [&'static str] },
}

pub struct Chart {
    /// The element's id; columns are `{id}-{index}`.
    pub id: String,
    pub class: &'static str,
    /// What the chart shows, in words (its accessible name).
    pub label: String,
    pub width: f64,
    pub height: f64,
    pub marks: Marks,
    /// Columns are buttons calling this with their index (click, Enter or Space; the arrow
    /// keys, Home and End move between them). `None`: the chart is a picture.
    pub choose: Option<Callback<usize>>,
}

/// `x,y` pairs for `samples` in a `width`×`height` box: time left to right, larger values
/// higher. One sample is a flat line across; a flat series sits in the middle.
pub fn points(samples: &[(f64, f64)], width: f64, height: f64) -> String {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else { return String::new() };
    let (lo, hi) = samples.iter().fold((f64::MAX, f64::MIN), |(lo, hi), (_, v)| (lo.min(*v), hi.max(*v)));
    let span_t = last.0 - first.0;
    let y = |v: f64| {
        if hi > lo { height - PAD - (v - lo) / (hi - lo) * (height - 2.0 * PAD) } else { height / 2.0 }
    };
    let x = |t: f64| if span_t > 0.0 { PAD + (t - first.0) / span_t * (width - 2.0 * PAD) } else { PAD };
    let mut out: Vec<String> = samples.iter().map(|(t, v)| format!("{:.1},{:.1}", x(*t), y(*v))).collect();
    if samples.len() == 1 {
        out.push(format!("{:.1},{:.1}", width - PAD, y(first.1)));
    }
    out.join(" ")
}

/// Each part's `(y, height)` in a column `height` high whose tallest total is `max`: stacked
/// from the bottom, in the order given.
pub fn stack(parts: &[u32], max: u32, height: f64) -> Vec<(f64, f64)> {
    let mut bottom = height;
    parts
        .iter()
        .map(|&n| {
            let h = if max == 0 { 0.0 } else { f64::from(n) / f64::from(max) * height };
            bottom -= h;
            (bottom, h)
        })
        .collect()
}

/// A rect the chart's full height over one column: the hatch of a column not known, or the
/// transparent target a click lands on (its stroke not scaled with the chart).
fn full_height(class: &'static str, x: &str, width: &str, height: f64, fill: String) -> AnyView {
    view! {
        <rect
            class=class
            x=x.to_string()
            y="0"
            width=width.to_string()
            height=height.to_string()
            fill=fill
            vector-effect=(class == "hit").then_some("non-scaling-stroke")
        ></rect>
    }
    .into_any()
}

/// A line (Overview) with `label` (what it shows and its values in words) as its name.
pub fn sparkline(label: String, samples: &[(f64, f64)], id: String) -> AnyView {
    let marks = Marks::Line(samples.to_vec());
    chart(Chart { id, class: "sparkline", label, width: 120.0, height: 24.0, marks, choose: None })
}

pub fn chart(c: Chart) -> AnyView {
    let Chart { id, class, label, width, height, marks, choose } = c;
    let view_box = format!("0 0 {width} {height}");
    match marks {
        Marks::Line(samples) => view! {
            <svg
                class=class
                id=id
                viewBox=view_box
                width=width.to_string()
                height=height.to_string()
                role="img"
                aria-label=label
                data-points=samples.len().to_string()
            >
                <polyline
                    points=points(&samples, width, height)
                    fill="none"
                    stroke="currentColor"
                    stroke-width="1.5"
                ></polyline>
            </svg>
        }
        .into_any(),
        Marks::Columns { columns, series } => {
            let count = columns.len();
            let max =
                columns.iter().filter_map(|c| c.parts.as_ref()).map(|p| p.iter().sum()).max().unwrap_or(0);
            let step = if count == 0 { width } else { width / count as f64 };
            let gap = if step > 3.0 { 1.0 } else { 0.0 };
            let hatch = format!("{id}-hatch");
            // The newest column takes the focus first; the arrows move it (one tab stop).
            let active = RwSignal::new(count.saturating_sub(1));
            let base = StoredValue::new(id.clone());
            let keydown = move |i: usize, ev: leptos::ev::KeyboardEvent| {
                let key = ev.key();
                if let (Some(choose), "Enter" | " ") = (choose, key.as_str()) {
                    ev.prevent_default();
                    choose.run(i);
                    return;
                }
                let Some(to) = super::tabs::step(&key, i, count) else { return };
                ev.prevent_default();
                active.set(to);
                let element = base.with_value(|b| document().get_element_by_id(&format!("{b}-{to}")));
                // `focus()` is called by name, so an SVG element takes it as an HTML one does.
                if let Some(element) = element {
                    let _ = element.unchecked_ref::<web_sys::HtmlElement>().focus();
                }
            };
            let cols = columns
                .into_iter()
                .enumerate()
                .map(|(i, column)| {
                    let x = i as f64 * step + gap / 2.0;
                    let w = format!("{:.2}", step - gap);
                    let xs = format!("{x:.2}");
                    let bars = match &column.parts {
                        Some(parts) => stack(parts, max, height)
                            .into_iter()
                            .zip(series)
                            .filter(|((_, h), _)| *h > 0.0)
                            .map(|((y, h), class)| {
                                let (y, h) = (format!("{y:.2}"), format!("{h:.2}"));
                                view! { <rect class=*class x=xs.clone() y=y width=w.clone() height=h></rect> }
                            })
                            .collect_view()
                            .into_any(),
                        None => full_height("unknown", &xs, &w, height, format!("url(#{hatch})")),
                    };
                    let hit = full_height("hit", &xs, &w, height, "transparent".into());
                    match choose {
                        Some(choose) => view! {
                            <g
                                class="col"
                                id=format!("{id}-{i}")
                                role="button"
                                aria-label=column.label
                                tabindex=move || if active.get() == i { "0" } else { "-1" }
                                on:click=move |_| {
                                    active.set(i);
                                    choose.run(i)
                                }
                                on:keydown=move |ev| keydown(i, ev)
                            >
                                {hit}
                                {bars}
                            </g>
                        }
                        .into_any(),
                        None => view! { <g class="col">{bars}</g> }.into_any(),
                    }
                })
                .collect_view();
            let role = if choose.is_some() { "group" } else { "img" };
            view! {
                <svg
                    class=class
                    id=id.clone()
                    viewBox=view_box
                    width=width.to_string()
                    height=height.to_string()
                    preserveAspectRatio="none"
                    role=role
                    aria-label=label
                    data-columns=count.to_string()
                >
                    <defs>
                        <pattern
                            id=hatch.clone()
                            width="4"
                            height="4"
                            patternUnits="userSpaceOnUse"
                            patternTransform="rotate(45)"
                        >
                            <line
                                class="hatch"
                                x1="0"
                                y1="0"
                                x2="0"
                                y2="4"
                                stroke="currentColor"
                                stroke-width="1.5"
                            ></line>
                        </pattern>
                    </defs>
                    {cols}
                </svg>
            }
            .into_any()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_left_to_right_and_larger_is_higher() {
        let p = points(&[(0.0, 1.0), (10.0, 3.0), (20.0, 2.0)], 120.0, 24.0);
        assert_eq!(p, "2.0,22.0 60.0,2.0 118.0,12.0");
    }

    #[test]
    fn one_sample_or_a_flat_series_is_a_flat_line_and_none_is_nothing() {
        assert_eq!(points(&[(5.0, 7.0)], 120.0, 24.0), "2.0,12.0 118.0,12.0");
        assert_eq!(points(&[(0.0, 1.0), (1.0, 1.0)], 120.0, 24.0), "2.0,12.0 118.0,12.0");
        assert_eq!(points(&[], 120.0, 24.0), "");
    }

    #[test]
    fn parts_stack_from_the_bottom_scaled_to_the_tallest_column() {
        assert_eq!(stack(&[1, 2, 0, 1], 8, 40.0), vec![(35.0, 5.0), (25.0, 10.0), (25.0, 0.0), (20.0, 5.0)]);
        assert_eq!(stack(&[0, 0], 0, 40.0), vec![(40.0, 0.0), (40.0, 0.0)]);
    }
}
