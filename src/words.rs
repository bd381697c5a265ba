//! Wire codes as people read them, in one place for every screen: a region's place name
//! (`US_EAST_1` → "US East (N. Virginia)"). Cluster states are in
//! `clusters::status_badge::describe`, realm states in `realms::describe`; every screen
//! shows the words and keeps the code beside them or in a tooltip (`title`).

use leptos::prelude::*;

/// The place an AWS region is in, from either spelling of its code (`US_EAST_1`, the
/// identifier passed on create, or `us-east-1`, the provider's code). `None` for a region
/// the console does not know: the code is then shown as it is.
pub fn region_place(code: &str) -> Option<&'static str> {
    let code = code.trim().to_ascii_lowercase().replace('_', "-");
    Some(match code.as_str() {
        "us-east-1" => "US East (N. Virginia)",
        "us-east-2" => "US East (Ohio)",
        "us-west-1" => "US West (N. California)",
        "us-west-2" => "US West (Oregon)",
        "ca-central-1" => "Canada (Central)",
        "eu-central-1" => "Europe (Frankfurt)",
        "eu-west-1" => "Europe (Ireland)",
        "eu-west-2" => "Europe (London)",
        "eu-west-3" => "Europe (Paris)",
        "eu-north-1" => "Europe (Stockholm)",
        "ap-south-1" => "Asia Pacific (Mumbai)",
        "ap-southeast-1" => "Asia Pacific (Singapore)",
        "ap-southeast-2" => "Asia Pacific (Sydney)",
        "ap-northeast-1" => "Asia Pacific (Tokyo)",
        "sa-east-1" => "South America (São Paulo)",
        _ => return None,
    })
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

/// The place name with the code beside it in monospace; the identifier in the tooltip.
pub fn region_view(name: &str, code: &str) -> AnyView {
    let code = if code.trim().is_empty() { name.to_string() } else { code.to_string() };
    match region_place(name).or_else(|| region_place(&code)) {
        Some(place) => view! {
            <span class="region" title=name.to_string()>{place}" "<code class="code-beside">{code}</code></span>
        }
        .into_any(),
        None => view! { <code class="region">{code}</code> }.into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
