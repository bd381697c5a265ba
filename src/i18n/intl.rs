//! Plurals, numbers and dates by the browser's `Intl`, which carries every language's rules
//! and conventions: the wasm holds none. Natively (unit tests) English rules stand in.

use super::Lang;

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::RefCell;

    use js_sys::{Array, Intl, Object, Reflect};
    use wasm_bindgen::JsValue;

    use super::Lang;

    pub struct Formatters {
        lang: Lang,
        plural: Intl::PluralRules,
        number: Intl::NumberFormat,
        date_time: Intl::DateTimeFormat,
        time: Intl::DateTimeFormat,
        relative: Intl::RelativeTimeFormat,
    }

    thread_local! {
        static FORMATTERS: RefCell<Option<Formatters>> = const { RefCell::new(None) };
    }

    fn options(pairs: &[(&str, &str)]) -> Object {
        let o = Object::new();
        for (k, v) in pairs {
            let _ = Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_str(v));
        }
        o
    }

    fn make(lang: Lang) -> Formatters {
        let locales = Array::of1(&JsValue::from_str(lang.code()));
        // Dates are always UTC, written the language's way, with a 24-hour clock.
        let utc = [("timeZone", "UTC"), ("hourCycle", "h23")];
        let date_time = [
            ("year", "numeric"),
            ("month", "short"),
            ("day", "numeric"),
            ("hour", "2-digit"),
            ("minute", "2-digit"),
        ];
        let time = [("hour", "2-digit"), ("minute", "2-digit"), ("second", "2-digit")];
        Formatters {
            lang,
            plural: Intl::PluralRules::new(&locales, &Object::new()),
            number: Intl::NumberFormat::new(&locales, &Object::new()),
            date_time: Intl::DateTimeFormat::new(&locales, &options(&[&utc[..], &date_time[..]].concat())),
            time: Intl::DateTimeFormat::new(&locales, &options(&[&utc[..], &time[..]].concat())),
            relative: Intl::RelativeTimeFormat::new(&locales, &options(&[("numeric", "always")])),
        }
    }

    pub fn with<R>(lang: Lang, f: impl FnOnce(&Formatters) -> R) -> R {
        FORMATTERS.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.as_ref().is_none_or(|c| c.lang != lang) {
                *cell = Some(make(lang));
            }
            match cell.as_ref() {
                Some(formatters) => f(formatters),
                None => f(&make(lang)),
            }
        })
    }

    fn call(format: js_sys::Function, arg: &JsValue) -> String {
        format.call1(&JsValue::NULL, arg).ok().and_then(|s| s.as_string()).unwrap_or_default()
    }

    pub fn plural_category(lang: Lang, n: f64) -> String {
        with(lang, |f| f.plural.select(n).into())
    }

    pub fn number(lang: Lang, n: f64) -> String {
        with(lang, |f| call(f.number.format(), &JsValue::from_f64(n)))
    }

    pub fn date_time(lang: Lang, ms: f64) -> String {
        with(lang, |f| call(f.date_time.format(), &js_sys::Date::new(&JsValue::from_f64(ms))))
    }

    pub fn time(lang: Lang, ms: f64) -> String {
        with(lang, |f| call(f.time.format(), &js_sys::Date::new(&JsValue::from_f64(ms))))
    }

    pub fn relative(lang: Lang, value: f64, unit: &str) -> String {
        with(lang, |f| f.relative.format(value, unit).into())
    }
}

/// The plural category of `n` in `lang`: `one`, `few`, `many`, `other`…
pub fn plural_category(lang: Lang, n: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    return browser::plural_category(lang, n);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        if n == 1.0 { "one".into() } else { "other".into() }
    }
}

/// `12,400` (English), `12 400` (French, Polish)…
pub fn number(lang: Lang, n: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    return browser::number(lang, n);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        let whole = n.trunc() as i64;
        let digits = whole.unsigned_abs().to_string();
        let mut grouped = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        let sign = if whole < 0 { "-" } else { "" };
        let fraction = n.fract().abs();
        if fraction == 0.0 {
            format!("{sign}{grouped}")
        } else {
            format!("{sign}{grouped}{}", &format!("{fraction}")[1..])
        }
    }
}

/// Date and time in UTC, the language's way, without the zone (callers add "UTC").
/// `None` natively: `format` writes the ISO form itself there.
pub fn date_time(lang: Lang, ms: f64) -> Option<String> {
    answer(browser::date_time(lang, ms))
}

/// The time of day in UTC with seconds, the language's way, without the zone.
pub fn time(lang: Lang, ms: f64) -> Option<String> {
    answer(browser::time(lang, ms))
}

/// `5 minutes ago`, `in 2 hours`, `il y a 5 minutes` (negative values are the past).
/// `None` natively.
pub fn relative(lang: Lang, value: f64, unit: &str) -> Option<String> {
    answer(browser::relative(lang, value, unit))
}

/// The browser's words, or none when it gave none (callers then write their own form).
fn answer(words: String) -> Option<String> {
    Some(words).filter(|w| !w.is_empty())
}

/// Natively (unit tests) there is no `Intl`: no words, so `format` writes its own forms.
#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::Lang;

    pub fn date_time(_: Lang, _: f64) -> String {
        String::new()
    }

    pub fn time(_: Lang, _: f64) -> String {
        String::new()
    }

    pub fn relative(_: Lang, _: f64, _: &str) -> String {
        String::new()
    }
}
