//! Telemetry export rules (API-NOTES §4.1, SS-telemetry-export): a public HTTPS
//! endpoint, OTLP over HTTP or gRPC, the logs signal only, and not on starter.
//!
//! Validation (`cluster.telemetryExport.endpoint.validate`) goes one step further than
//! saving: the service also connects to the collector. The sandbox never touches the
//! network, so reachability is simulated, deterministically, from the host name
//! ([`reachability_problem`]).

use crate::records::ClusterRow;
use cluster_api::Tier;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

pub const PROTOCOLS: [&str; 2] = ["http", "grpc"];
pub const SIGNALS: [&str; 1] = ["logs"];

/// 403's message on tiers without export.
pub fn tier_problem(cluster: &ClusterRow) -> Option<String> {
    (cluster.tier == Tier::Starter).then(|| {
        format!(
            "Telemetry export is not available on this tier: {} is starter; upgrade to premium or \
             enterprise to export logs.",
            cluster.name
        )
    })
}

fn private_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT
        || a >= 224
}

fn private_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    ip.is_loopback()
        || ip.is_unspecified()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link local
        || ip.to_ipv4_mapped().is_some_and(private_v4)
}

/// Names that can never resolve to a public address.
fn private_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    host == "localhost"
        || !host.contains('.')
        || [".localhost", ".local", ".internal", ".invalid", ".lan", ".home.arpa"]
            .iter()
            .any(|s| host.ends_with(s))
}

/// Why `endpoint` is not a public `https` URL, or `None` when it is.
pub fn endpoint_problem(endpoint: &str) -> Option<String> {
    let endpoint = endpoint.trim();
    if endpoint.is_empty() {
        return Some("endpoint is required: the HTTPS address of your OTLP collector.".to_string());
    }
    let Some(rest) = endpoint.strip_prefix("https://") else {
        return Some(format!(
            "{endpoint:?} is not an https:// URL; the endpoint must be a public HTTPS address."
        ));
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return Some(
            "The endpoint must not carry credentials in the URL; send them as the token.".to_string(),
        );
    }
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.rsplit_once(':').map_or(authority, |(h, port)| {
            if port.bytes().all(|b| b.is_ascii_digit()) { h } else { authority }
        }),
    };
    let port_ok = authority
        .rsplit_once(':')
        .is_none_or(|(_, p)| authority.ends_with(']') || p.parse::<u16>().is_ok_and(|p| p > 0));
    if host.is_empty() || !port_ok {
        return Some(format!("{endpoint:?} has no valid host and port."));
    }
    let private = match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => private_v4(ip),
        Ok(IpAddr::V6(ip)) => private_v6(ip),
        Err(_) if host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.') => {
            private_name(&host.to_ascii_lowercase())
        }
        Err(_) => return Some(format!("{host:?} is not a valid host name.")),
    };
    private.then(|| {
        format!(
            "{host} is a loopback, private or non-public address; the endpoint must be reachable on the \
             public internet."
        )
    })
}

/// A simulated zone: `zone` itself and every host under it.
fn in_zone(host: &str, zone: &str) -> bool {
    host == zone || host.strip_suffix(zone).is_some_and(|rest| rest.ends_with('.'))
}

/// The host and port of an endpoint [`endpoint_problem`] accepted (port 443 when none).
fn host_and_port(endpoint: &str) -> (String, u16) {
    let rest = endpoint.trim().strip_prefix("https://").unwrap_or(endpoint);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => {
            let (host, after) = v6.split_once(']').unwrap_or((v6, ""));
            (host, after.strip_prefix(':'))
        }
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    let port = port.and_then(|p| p.parse().ok()).unwrap_or(443);
    (host.trim_end_matches('.').to_ascii_lowercase(), port)
}

/// Why the collector at `endpoint` (already accepted by [`endpoint_problem`]) would not
/// take an export, as the service finds out by connecting. Simulated, since the sandbox
/// has no network:
///
/// * hosts under `unreachable.example` never answer (a firewall, a stopped collector);
/// * hosts under `untrusted.example` answer with a certificate no public CA signed.
///
/// Every other public host answers. Loopback, private and unresolvable names (`.invalid`,
/// `.internal`, `localhost`, …) never get this far: [`endpoint_problem`] refuses them.
pub fn reachability_problem(endpoint: &str) -> Option<String> {
    let (host, port) = host_and_port(endpoint);
    if in_zone(&host, "unreachable.example") {
        return Some(format!(
            "Could not connect to {host}:{port}: the connection timed out. Check that the collector is \
             running and accepts HTTPS connections from the internet."
        ));
    }
    if in_zone(&host, "untrusted.example") {
        return Some(format!(
            "{host}:{port} answered with a certificate that is not publicly trusted (self-signed or from a \
             private CA); the endpoint needs a certificate from a public certificate authority."
        ));
    }
    None
}

/// What validating `endpoint` finds: why it would not receive exports, or `None` when it
/// would. Its form first (as saving checks), then the simulated connection.
pub fn validation_problem(endpoint: &str) -> Option<String> {
    endpoint_problem(endpoint).or_else(|| reachability_problem(endpoint))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_https_endpoints_pass() {
        for ok in [
            "https://otlp.example.com",
            "https://otlp.example.com:4318/v1",
            "https://8.8.8.8",
            "https://[2606:4700::1111]:443",
        ] {
            assert_eq!(endpoint_problem(ok), None, "{ok}");
        }
        for bad in [
            "",
            "http://otlp.example.com",
            "otlp.example.com",
            "https://localhost:4318",
            "https://127.0.0.1",
            "https://10.1.2.3",
            "https://192.168.0.10",
            "https://172.16.5.5",
            "https://169.254.169.254",
            "https://[::1]",
            "https://[fd00::1]",
            "https://collector",
            "https://otel.internal",
            "https://a@otlp.example.com",
            "https://otlp.example.com:99999",
            "https://100.64.0.1",
        ] {
            assert!(endpoint_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn validation_simulates_unreachable_and_untrusted_collectors() {
        for ok in [
            "https://otlp.example.com",
            "https://otlp.example.com:4318/v1",
            "https://8.8.8.8",
            "https://[2606:4700::1111]:443",
            "https://notunreachable.example",
        ] {
            assert_eq!(validation_problem(ok), None, "{ok}");
        }
        let timed_out = validation_problem("https://collector.unreachable.example:4318/v1").unwrap();
        assert!(timed_out.contains("collector.unreachable.example:4318") && timed_out.contains("timed out"));
        assert!(
            validation_problem("https://UNREACHABLE.example.").unwrap().contains("unreachable.example:443")
        );
        assert!(
            validation_problem("https://otel.untrusted.example").unwrap().contains("not publicly trusted")
        );
        // Form problems come first, word for word what saving says.
        for bad in ["http://otlp.example.com", "https://localhost:4318", "https://collector.invalid"] {
            assert_eq!(validation_problem(bad), endpoint_problem(bad), "{bad}");
        }
    }
}
