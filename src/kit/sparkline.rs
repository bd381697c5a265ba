//! A small line of how one number moved over time: an SVG polyline (attributes only, no
//! inline style, so the strict CSP holds), labelled for screen readers with the values.
//! The points are a pure function ([`points`]) so they are tested natively.

use leptos::prelude::*;

const WIDTH: f64 = 120.0;
const HEIGHT: f64 = 24.0;
/// Keeps the stroke inside the box at the extremes.
const PAD: f64 = 2.0;

/// `x,y` pairs for `samples` (`(time, value)`, oldest first) in a `WIDTH`×`HEIGHT` box:
/// time left to right, larger values higher. One sample is a flat line across; a flat
/// series sits in the middle.
pub fn points(samples: &[(f64, f64)]) -> String {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else { return String::new() };
    let (lo, hi) = samples.iter().fold((f64::MAX, f64::MIN), |(lo, hi), (_, v)| (lo.min(*v), hi.max(*v)));
    let span_t = last.0 - first.0;
    let y = |v: f64| {
        if hi > lo { HEIGHT - PAD - (v - lo) / (hi - lo) * (HEIGHT - 2.0 * PAD) } else { HEIGHT / 2.0 }
    };
    let x = |t: f64| if span_t > 0.0 { PAD + (t - first.0) / span_t * (WIDTH - 2.0 * PAD) } else { PAD };
    let mut out: Vec<String> = samples.iter().map(|(t, v)| format!("{:.1},{:.1}", x(*t), y(*v))).collect();
    if samples.len() == 1 {
        out.push(format!("{:.1},{:.1}", WIDTH - PAD, y(first.1)));
    }
    out.join(" ")
}

/// The line, with `label` (what it shows and its values in words) as its accessible name.
pub fn sparkline(label: String, samples: &[(f64, f64)], id: String) -> AnyView {
    let points = points(samples);
    view! {
        <svg class="sparkline" id=id viewBox=format!("0 0 {WIDTH} {HEIGHT}") width=WIDTH.to_string()
            height=HEIGHT.to_string() role="img" aria-label=label data-points=samples.len().to_string()>
            <polyline points=points fill="none" stroke="currentColor" stroke-width="1.5"></polyline>
        </svg>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_left_to_right_and_larger_is_higher() {
        let p = points(&[(0.0, 1.0), (10.0, 3.0), (20.0, 2.0)]);
        assert_eq!(p, "2.0,22.0 60.0,2.0 118.0,12.0");
    }

    #[test]
    fn one_sample_or_a_flat_series_is_a_flat_line_and_none_is_nothing() {
        assert_eq!(points(&[(5.0, 7.0)]), "2.0,12.0 118.0,12.0");
        assert_eq!(points(&[(0.0, 1.0), (1.0, 1.0)]), "2.0,12.0 118.0,12.0");
        assert_eq!(points(&[]), "");
    }
}
