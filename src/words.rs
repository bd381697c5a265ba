//! Wire codes as people read them, in one place for every screen: a region's place name
//! (`US_EAST_1` → "US East (N. Virginia)"), a cluster's variant, a resource's type, a scan's
//! verdict. A value the console does not know is shown as the service sent it (never guessed
//! at, never hidden; `kit::coded` draws it in a neutral badge). Cluster states are in
//! `clusters::status_badge::describe`, realm states in `realms::describe`; every screen
//! shows the words and keeps the code beside them or in a tooltip (`title`).

use cluster_api::{ResourceType, ScanState};

use crate::i18n::k::words as w;
use crate::i18n::t;
use crate::tone::Tone;

/// `DEDICATED` → "Dedicated"; `None` for a variant the console does not know.
pub fn variant(code: &str) -> Option<&'static str> {
    match code.trim().to_ascii_uppercase().as_str() {
        "DEDICATED" => Some(t(w::VARIANT_DEDICATED)),
        "SHARED" => Some(t(w::VARIANT_SHARED)),
        _ => None,
    }
}

/// A resource's type in words; `None` for a type the console does not know.
pub fn resource_type(kind: &ResourceType) -> Option<&'static str> {
    match kind {
        ResourceType::Theme => Some(t(w::TYPE_THEME)),
        ResourceType::Extension => Some(t(w::TYPE_EXTENSION)),
        ResourceType::PasswordBlacklist => Some(t(w::TYPE_PASSWORD_BLACKLIST)),
        ResourceType::WellKnown => Some(t(w::TYPE_WELL_KNOWN)),
        ResourceType::Unknown(_) => None,
    }
}

/// A resource's type as text: the words, or the code as the service sent it.
pub fn resource_type_text(t: &ResourceType) -> String {
    resource_type(t).map(str::to_string).unwrap_or_else(|| t.as_str().to_string())
}

/// A scan's verdict in words with its tone; an unknown state is its code, neutral.
pub fn scan(state: &ScanState) -> (String, Tone) {
    let (words, tone) = scan_phrase(state);
    (words.read(), tone)
}

/// [`scan`]'s words as a phrase, for words kept to be read later (the activity center).
pub fn scan_phrase(state: &ScanState) -> (crate::i18n::Phrase, Tone) {
    let (words, tone) = match state {
        ScanState::Unscanned => (w::SCAN_UNSCANNED, Tone::Muted),
        ScanState::Scanning => (w::SCAN_SCANNING, Tone::Busy),
        ScanState::Pass => (w::SCAN_PASS, Tone::Ok),
        ScanState::Warn => (w::SCAN_WARN, Tone::Warn),
        ScanState::Block => (w::SCAN_BLOCK, Tone::Bad),
        ScanState::Error => (w::SCAN_ERROR, Tone::Bad),
        ScanState::Unknown(raw) => return (raw.clone().into(), Tone::Neutral),
    };
    (words.into(), tone)
}

/// The place an AWS region is in, from either spelling of its code (`US_EAST_1`, the
/// identifier passed on create, or `us-east-1`, the provider's code). `None` for a region
/// the console does not know: the code is then shown as it is.
pub fn region_place(code: &str) -> Option<&'static str> {
    let code = code.trim().to_ascii_lowercase().replace('_', "-");
    Some(t(match code.as_str() {
        "us-east-1" => w::REGION_US_EAST_1,
        "us-east-2" => w::REGION_US_EAST_2,
        "us-west-1" => w::REGION_US_WEST_1,
        "us-west-2" => w::REGION_US_WEST_2,
        "ca-central-1" => w::REGION_CA_CENTRAL_1,
        "eu-central-1" => w::REGION_EU_CENTRAL_1,
        "eu-west-1" => w::REGION_EU_WEST_1,
        "eu-west-2" => w::REGION_EU_WEST_2,
        "eu-west-3" => w::REGION_EU_WEST_3,
        "eu-north-1" => w::REGION_EU_NORTH_1,
        "ap-south-1" => w::REGION_AP_SOUTH_1,
        "ap-southeast-1" => w::REGION_AP_SOUTHEAST_1,
        "ap-southeast-2" => w::REGION_AP_SOUTHEAST_2,
        "ap-northeast-1" => w::REGION_AP_NORTHEAST_1,
        "sa-east-1" => w::REGION_SA_EAST_1,
        _ => return None,
    }))
}

/// `US East (N. Virginia) (us-east-1)` for text that cannot hold markup (a summary, an
/// option of a `<select>`): the place, then the provider's code; just the code when the
/// place is not known.
pub fn region_text(name: &str, code: &str) -> String {
    let code = if code.trim().is_empty() { name } else { code };
    match region_place(name).or_else(|| region_place(code)) {
        Some(place) => format!("{place} ({code})"),
        None => code.to_string(),
    }
}

/// `text` ended by one full stop: "Billing for Acme Inc." from a name that ends with its own.
pub fn sentence(text: &str) -> String {
    let text = text.trim_end();
    if text.ends_with(['.', '!', '?']) { text.to_string() } else { format!("{text}.") }
}

/// Where a teammate finds their own user ID: said wherever a user ID is asked for, in the
/// person's language.
pub fn find_your_user_id() -> &'static str {
    t(w::FIND_YOUR_USER_ID)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_words_and_unknown_ones_as_they_are() {
        assert_eq!(variant("DEDICATED"), Some("Dedicated"));
        assert_eq!(variant("FLOATING"), None);
        assert_eq!(resource_type_text(&ResourceType::PasswordBlacklist), "Password denylist");
        assert_eq!(resource_type_text(&ResourceType::Unknown("PLUGIN".into())), "PLUGIN");
        assert_eq!(scan(&ScanState::Block), ("Blocked by the scanner".to_string(), Tone::Bad));
        assert_eq!(
            scan(&ScanState::Unknown("QUARANTINED".into())),
            ("QUARANTINED".to_string(), Tone::Neutral)
        );
    }

    #[test]
    fn one_full_stop() {
        assert_eq!(sentence("Billing for Acme Inc."), "Billing for Acme Inc.");
        assert_eq!(sentence("Billing for Globex"), "Billing for Globex.");
    }

    #[test]
    fn regions_read_as_places() {
        assert_eq!(region_place("US_EAST_1"), Some("US East (N. Virginia)"));
        assert_eq!(region_place("us-west-2"), Some("US West (Oregon)"));
        assert_eq!(region_place("EU_CENTRAL_1"), Some("Europe (Frankfurt)"));
        assert_eq!(region_place("MARS_1"), None);
        assert_eq!(region_text("US_WEST_2", "us-west-2"), "US West (Oregon) (us-west-2)");
        assert_eq!(region_text("MARS_1", ""), "MARS_1");
        assert_eq!(region_text("X", "mars-1"), "mars-1");
    }
}
