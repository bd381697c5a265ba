//! Amounts as people read them. The service bills in US dollars, in cents (the currency's
//! smallest unit) on the wire. In the browser the amount is written by `Intl.NumberFormat`
//! in the person's language (`$1,234.50`, `1 234,50 $US`); natively (unit tests) English.

/// The currency the service bills in (it sends no currency code with an amount).
pub const BILLED_IN: &str = "USD";

/// `$1,234.50` from 123450 cents.
pub fn dollars(cents: i64) -> String {
    money(cents, BILLED_IN)
}

/// An amount in `currency`'s smallest unit, written the current language's way.
pub fn money(amount: i64, currency: &str) -> String {
    // `Intl.NumberFormat` throws on a malformed code: only an ISO 4217 form reaches it.
    #[cfg(target_arch = "wasm32")]
    if currency.len() == 3
        && currency.bytes().all(|b| b.is_ascii_uppercase())
        && let Some(written) = browser::money(crate::i18n::lang(), amount, currency)
    {
        return written;
    }
    english(amount, currency)
}

/// The service's text (a plan's description, "Premium — $999.00 / month") with each dollar
/// amount in it written the current language's way by `written` (`dollars` on screen), so
/// a table does not show "$2,999.00" beside "999,00 $": the words stay the service's.
pub fn amounts_in(text: &str, written: impl Fn(i64) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        match amount_at(after) {
            Some((cents, used)) => {
                out.push_str(&written(cents));
                rest = &after[used..];
            }
            None => {
                out.push('$');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The amount at the start of `text` ("2,999.00", "749") in cents, and the bytes it took;
/// `None` when no digit starts it or a group is malformed.
fn amount_at(text: &str) -> Option<(i64, usize)> {
    let whole_len = text.find(|c: char| !(c.is_ascii_digit() || c == ',')).unwrap_or(text.len());
    let whole = text[..whole_len].trim_end_matches(',');
    if !whole.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut used = whole.len();
    let dollars: i64 = whole.replace(',', "").parse().ok()?;
    let rest = &text[used..];
    let cents = match rest.strip_prefix('.') {
        Some(f) if f.len() >= 2 && f.as_bytes()[..2].iter().all(u8::is_ascii_digit) => {
            used += 3;
            f[..2].parse::<i64>().ok()?
        }
        _ => 0,
    };
    Some((dollars.checked_mul(100)?.checked_add(cents)?, used))
}

/// Today's English form: `$` and two decimals for dollars, the code before other currencies.
fn english(amount: i64, currency: &str) -> String {
    let sign = if amount < 0 { "-" } else { "" };
    let cents = amount.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let symbol = if currency == BILLED_IN { "$".to_string() } else { format!("{currency} ") };
    format!("{sign}{symbol}{grouped}.{:02}", cents % 100)
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::RefCell;

    use js_sys::{Array, Intl, Object, Reflect};
    use wasm_bindgen::JsValue;

    use crate::i18n::Lang;

    /// The formatter of the last (language, currency) and its fraction digits: the same
    /// pair is asked for many times per page.
    struct Cached {
        lang: Lang,
        currency: String,
        format: Intl::NumberFormat,
        digits: i32,
    }

    thread_local! {
        static CACHED: RefCell<Option<Cached>> = const { RefCell::new(None) };
    }

    fn make(lang: Lang, currency: &str) -> Cached {
        let options = Object::new();
        let _ = Reflect::set(&options, &JsValue::from_str("style"), &JsValue::from_str("currency"));
        let _ = Reflect::set(&options, &JsValue::from_str("currency"), &JsValue::from_str(currency));
        let locales = Array::of1(&JsValue::from_str(lang.code()));
        let format = Intl::NumberFormat::new(&locales, &options);
        // The currency's own minor unit (2 for USD, 0 for JPY): how many digits the
        // smallest unit on the wire stands for.
        let digits = Reflect::get(&format.resolved_options(), &JsValue::from_str("maximumFractionDigits"))
            .ok()
            .and_then(|d| d.as_f64())
            .map_or(2, |d| d as i32);
        Cached { lang, currency: currency.to_string(), format, digits }
    }

    pub fn money(lang: Lang, amount: i64, currency: &str) -> Option<String> {
        CACHED
            .with(|cell| {
                let mut cell = cell.borrow_mut();
                if cell.as_ref().is_none_or(|c| c.lang != lang || c.currency != currency) {
                    *cell = Some(make(lang, currency));
                }
                let c = cell.as_ref()?;
                let value = amount as f64 / 10f64.powi(c.digits);
                c.format.format().call1(&JsValue::NULL, &JsValue::from_f64(value)).ok()?.as_string()
            })
            .filter(|s| !s.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_dollars() {
        assert_eq!(dollars(0), "$0.00");
        assert_eq!(dollars(14_900), "$149.00");
        assert_eq!(dollars(2_998_800), "$29,988.00");
        assert_eq!(dollars(123_456_789), "$1,234,567.89");
        assert_eq!(dollars(-505), "-$5.05");
        assert_eq!(money(14_900, "USD"), "$149.00");
        assert_eq!(money(14_900, "EUR"), "EUR 149.00");
    }

    #[test]
    fn amounts_in_the_services_text_are_rewritten() {
        let german = |cents: i64| format!("{},{:02} $", cents / 100, cents % 100);
        assert_eq!(amounts_in("Enterprise — $2,999.00 / month", german), "Enterprise — 2999,00 $ / month");
        assert_eq!(amounts_in("$8,988.00 / year ($749/month)", german), "8988,00 $ / year (749,00 $/month)");
        assert_eq!(amounts_in("Pay $ now, $x, $", german), "Pay $ now, $x, $");
        assert_eq!(amounts_in("$5.", german), "5,00 $.");
        assert_eq!(amounts_in("$99999999999999999999", german), "$99999999999999999999");
        assert_eq!(amounts_in("Premium — $999.00 / month", dollars), "Premium — $999.00 / month");
    }
}
