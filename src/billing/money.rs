//! Amounts as people read them. The service bills in US dollars, in cents on the wire.

/// `$1,234.50` from 123450 cents.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
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
    }
}
