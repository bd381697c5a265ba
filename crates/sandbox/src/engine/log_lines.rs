//! The lines of one hour of a cluster's Keycloak log, generated from (cluster, hour):
//! Keycloak's default console format, `2026-11-25 14:03:12,345 INFO  [logger] (thread)
//! message` (level padded to 5), with continuation lines (`\tat …`, `Caused by: …`) that
//! belong to the entry above them, as a real server writes a stack trace.
//!
//! Every file holds at least one `CLIENT_LOGIN_ERROR … error=invalid_client_credentials`
//! at ERROR (at :30) and one ERROR with a stack trace (at :15), at the same minute of every
//! hour, so tests and people can look for them in any hour-long window.

use crate::records::Millis;
use chrono::DateTime;

pub const HOUR: Millis = 3_600_000;
/// The most entries `--log-lines-per-hour` may ask for: one per 3.6 ms.
pub const MAX_PER_HOUR: u32 = 1_000_000;

/// A realm as the log knows it: events name it from the hour it exists.
#[derive(Debug, Clone, PartialEq)]
pub struct Realm {
    pub name: String,
    pub since: Millis,
    /// Clients besides Keycloak's defaults (imported, or a realm credential's).
    pub clients: Vec<String>,
}

/// One log entry: its instant and its text, continuation lines included (no final newline).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub at: Millis,
    pub text: String,
}

/// SplitMix64: a fixed, dependency-free stream of pseudo-random numbers.
fn mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn seed(cluster_id: &str, hour_start: Millis) -> u64 {
    cluster_id
        .bytes()
        .fold(hour_start as u64, |acc, b| acc.rotate_left(7) ^ u64::from(b).wrapping_mul(0x100_0000_01B3))
}

/// `2026-11-25 14:03:12,345`.
pub fn stamp(at: Millis) -> String {
    DateTime::from_timestamp_millis(at).unwrap_or_default().format("%Y-%m-%d %H:%M:%S,%3f").to_string()
}

/// One line in Keycloak's default format.
pub fn line(at: Millis, level: &str, logger: &str, thread: &str, message: &str) -> String {
    format!("{} {level:<5} [{logger}] ({thread}) {message}", stamp(at))
}

const EVENTS: &str = "org.keycloak.events";
const SERVICES: &str = "org.keycloak.services";
const QUARKUS: &str = "io.quarkus";
const ERROR_HANDLER: &str = "org.keycloak.services.error.KeycloakErrorHandler";

const STACK_TRACES: [&str; 2] = [
    "Uncaught server error: org.keycloak.models.ModelException: Database operation failed\n\
     \tat org.keycloak.models.jpa.JpaRealmProvider.getRealmByName(JpaRealmProvider.java:187)\n\
     \tat org.keycloak.services.resources.RealmsResource.init(RealmsResource.java:312)\n\
     \tat org.jboss.resteasy.reactive.server.handlers.InvocationHandler.handle(InvocationHandler.java:29)\n\
     \tat io.quarkus.vertx.core.runtime.VertxCoreRecorder$14.runWith(VertxCoreRecorder.java:635)\n\
     \tat java.base/java.lang.Thread.run(Thread.java:1583)\n\
     Caused by: java.sql.SQLTransientConnectionException: Acquisition timeout while waiting for new \
     connection\n\
     \tat io.agroal.pool.ConnectionPool.handlerFromSharedCache(ConnectionPool.java:360)\n\
     \tat io.agroal.pool.ConnectionPool.getConnection(ConnectionPool.java:293)\n\
     \t... 12 more",
    "Uncaught server error: java.lang.NullPointerException: Cannot invoke \
     \"org.keycloak.models.UserModel.getId()\" because \"user\" is null\n\
     \tat org.keycloak.services.managers.AuthenticationManager.finishedRequiredActions\
     (AuthenticationManager.java:1021)\n\
     \tat org.keycloak.authentication.AuthenticationProcessor.authenticationComplete\
     (AuthenticationProcessor.java:1108)\n\
     \tat org.keycloak.protocol.AuthorizationEndpointBase.handleBrowserAuthenticationRequest\
     (AuthorizationEndpointBase.java:151)\n\
     \tat java.base/java.lang.Thread.run(Thread.java:1583)",
];

/// What one roll of the dice writes: (level, logger, thread, message).
fn compose(
    roll: u64,
    realms: &[&Realm],
    forced: Option<Forced>,
) -> (&'static str, &'static str, String, String) {
    let realm = realms[usize::try_from((roll >> 12) % realms.len() as u64).unwrap_or(0)];
    let mut clients: Vec<&str> = vec!["account-console"];
    if realm.name == "master" {
        clients.push("security-admin-console");
    }
    clients.extend(realm.clients.iter().map(String::as_str));
    let client = clients[usize::try_from((roll >> 16) % clients.len() as u64).unwrap_or(0)];
    let user = format!(
        "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
        roll as u32,
        (roll >> 32) as u16,
        (roll >> 8) & 0xfff,
        (roll >> 20) & 0xfff,
        (roll >> 4) & 0xffff_ffff_ffff
    );
    let octet = (roll >> 40) % 254 + 1;
    let thread = format!("executor-thread-{}", (roll >> 24) % 16);
    let r = &realm.name;
    let event = |kind: &str, ip: &str| {
        format!("type={kind}, realmId={r}, clientId={client}, userId={user}, ipAddress={ip}.{octet}")
    };
    // A failed login has no user yet.
    let login_error = |ip: &str, error: &str| {
        format!(
            "type=LOGIN_ERROR, realmId={r}, clientId={client}, userId=null, ipAddress={ip}.{octet}, \
             error={error}"
        )
    };
    let kind = match forced {
        Some(Forced::ClientError) => 100,
        Some(Forced::StackTrace) => 19,
        None => roll % 20,
    };
    match kind {
        0..=2 => ("INFO", EVENTS, thread, event("LOGIN", "203.0.113")),
        3..=4 => ("INFO", EVENTS, thread, event("CODE_TO_TOKEN", "203.0.113")),
        5..=6 => ("INFO", EVENTS, thread, event("REFRESH_TOKEN", "198.51.100")),
        7 => ("INFO", EVENTS, thread, event("LOGOUT", "203.0.113")),
        8..=9 => ("WARN", EVENTS, thread, login_error("198.51.100", "invalid_user_credentials")),
        10 => ("WARN", EVENTS, thread, login_error("192.0.2", "user_not_found")),
        11..=12 => ("INFO", EVENTS, thread, event("LOGIN", "198.51.100")),
        13 => (
            "WARN",
            SERVICES,
            thread,
            format!(
                "KC-SERVICES0091: Request is missing scope 'openid' so it's not treated as OIDC, but just \
                 pure OAuth2 request. realm={r}"
            ),
        ),
        14 => (
            "WARN",
            SERVICES,
            thread,
            format!(
                "KC-SERVICES0013: Failed authentication: \
                 org.keycloak.authentication.AuthenticationFlowException (realm {r})"
            ),
        ),
        15 => (
            "WARN",
            SERVICES,
            thread,
            format!("KC-SERVICES0060: Client '{client}' tried to use a revoked refresh token in realm '{r}'"),
        ),
        // A client credentials grant: a service account, never a startup message (those are
        // written only where Keycloak started, see `boot`).
        16..=17 => ("INFO", EVENTS, thread, event("CLIENT_LOGIN", "198.51.100")),
        18 => (
            "INFO",
            SERVICES,
            thread,
            format!("KC-SERVICES0009: Added client session for client '{client}' in realm '{r}'"),
        ),
        19 => {
            let trace = STACK_TRACES[usize::try_from((roll >> 8) % 2).unwrap_or(0)];
            ("ERROR", ERROR_HANDLER, thread, trace.to_string())
        }
        _ => (
            "ERROR",
            EVENTS,
            thread,
            format!(
                "type=CLIENT_LOGIN_ERROR, realmId={r}, clientId=batch-job, userId=null, \
                 ipAddress=192.0.2.{octet}, error=invalid_client_credentials"
            ),
        ),
    }
}

/// What Keycloak writes as it finishes starting at `at`: the "started" line naming its
/// version, then the profile and the features. Only ever written at a start (the
/// cluster's, or a restart's end; see `engine::starts`).
pub fn boot(at: Millis, version: &str) -> Vec<Entry> {
    // How long the start took, fixed by the instant (5 to 8 s), as a real log varies.
    let took = 5_000 + at.rem_euclid(3_000);
    let messages = [
        format!(
            "Keycloak {version} on JVM (powered by Quarkus 3.15.3) started in {}.{:03}s. Listening on: \
             http://0.0.0.0:8080. Management interface listening on http://0.0.0.0:9000.",
            took / 1000,
            took % 1000
        ),
        "Profile prod activated.".to_string(),
        "Installed features: [agroal, cdi, hibernate-orm, jdbc-postgresql, keycloak, narayana-jta, \
         opentelemetry, reactive-routes, rest, rest-jackson, smallrye-context-propagation, \
         smallrye-health, vertx]"
            .to_string(),
    ];
    messages.iter().map(|message| Entry { at, text: line(at, "INFO", QUARKUS, "main", message) }).collect()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Forced {
    ClientError,
    StackTrace,
}

/// How many entries the hour holds: `per_hour` when given, otherwise 40 to 199.
fn count(state: &mut u64, per_hour: Option<u32>) -> u64 {
    match per_hour {
        Some(n) => u64::from(n.clamp(1, MAX_PER_HOUR)),
        None => 40 + mix(state) % 160,
    }
}

/// The hour's entries, oldest first, spread evenly over the hour. `realms` are the
/// cluster's (`master` is always there); a realm appears from the hour it was created.
pub fn entries(cluster_id: &str, hour_start: Millis, realms: &[Realm], per_hour: Option<u32>) -> Vec<Entry> {
    let master = Realm { name: "master".to_string(), since: 0, clients: Vec::new() };
    let mut known: Vec<&Realm> = std::iter::once(&master)
        .chain(realms.iter().filter(|r| r.since < hour_start + HOUR && r.name != "master"))
        .collect();
    known.sort_by(|a, b| a.name.cmp(&b.name));
    let mut state = seed(cluster_id, hour_start);
    let n = count(&mut state, per_hour);
    // The forced entries stand at the same minute of every hour (the client error at :30,
    // the stack trace at :15), each in the slot that holds that instant: any hour-long
    // window of a cluster older than an hour then holds exactly one of each, so a "last
    // hour" view always has one to find (placed by the hour, they could fall either side).
    let client_error_at = n / 2;
    let trace_at = n / 4;
    let slot = HOUR / i64::try_from(n).unwrap_or(1).max(1);
    (0..n)
        .map(|i| {
            let index = i64::try_from(i).unwrap_or(0);
            let spread = (hour_start
                + index * HOUR / i64::try_from(n).unwrap_or(1).max(1)
                + i64::try_from(mix(&mut state) % u64::try_from(slot.max(1)).unwrap_or(1)).unwrap_or(0))
            .min(hour_start + HOUR - 1);
            let roll = mix(&mut state);
            let (forced, at) = if i == client_error_at {
                (Some(Forced::ClientError), hour_start + HOUR / 2)
            } else if i == trace_at && n > 1 {
                (Some(Forced::StackTrace), hour_start + HOUR / 4)
            } else {
                (None, spread)
            };
            let (level, logger, thread, message) = compose(roll, &known, forced);
            Entry { at, text: line(at, level, logger, &thread, &message) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: Millis = 1_767_225_600_000;

    /// Any hour-long window ("the last hour" of the viewer and the trouble card) holds a
    /// client error at ERROR and a stack trace, whatever the minute it starts at.
    #[test]
    fn every_hour_long_window_holds_each_forced_entry() {
        for cluster in ["cl-a", "cl-acme-prod", "cl-z"] {
            for per_hour in [None, Some(1), Some(2), Some(3), Some(7)] {
                let both: Vec<Entry> =
                    (0..3).flat_map(|h| entries(cluster, H + h * HOUR, &[], per_hour)).collect();
                for minute in 0..120 {
                    let from = H + minute * 60_000 + 17;
                    let held = |needle: &str| {
                        both.iter()
                            .filter(|e| e.at >= from && e.at <= from + HOUR && e.text.contains(needle))
                            .count()
                    };
                    assert!(
                        held("type=CLIENT_LOGIN_ERROR") >= 1,
                        "{cluster} {per_hour:?} from minute {minute}"
                    );
                    if per_hour != Some(1) {
                        assert!(
                            held("Uncaught server error") >= 1,
                            "{cluster} {per_hour:?} from minute {minute}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_hour_has_a_client_error_and_a_stack_trace_in_keycloak_format() {
        for hour in 0..50 {
            let all = entries("cl-x", H + hour * HOUR, &[], None);
            assert!((40..200).contains(&all.len()));
            assert!(all.iter().any(|e| e.text.contains(" ERROR [org.keycloak.events] (")
                && e.text.contains("type=CLIENT_LOGIN_ERROR")
                && e.text.ends_with("error=invalid_client_credentials")));
            assert!(all.iter().any(|e| e.text.contains("\n\tat ")));
            assert!(all.windows(2).all(|w| w[0].at <= w[1].at));
            assert!(all.iter().all(|e| e.at >= H + hour * HOUR && e.at < H + (hour + 1) * HOUR));
        }
    }

    #[test]
    fn levels_are_padded_and_realms_appear_once_created() {
        let realms =
            vec![Realm { name: "acme".into(), since: H + 2 * HOUR, clients: vec!["web-app".into()] }];
        let before = entries("cl-x", H, &realms, Some(500));
        assert_eq!(before.len(), 500);
        assert!(before.iter().all(|e| !e.text.contains("realmId=acme")));
        let after = entries("cl-x", H + 3 * HOUR, &realms, Some(500));
        assert!(after.iter().any(|e| e.text.contains("realmId=acme")));
        assert!(after.iter().any(|e| e.text.contains("clientId=web-app")));
        assert!(after.iter().all(|e| !e.text.contains(" [io.quarkus] ")), "startup lines only at a start");
        assert!(after.iter().any(|e| e.text.contains(" WARN  [org.keycloak.services] (executor-thread-")));
        assert_eq!(after, entries("cl-x", H + 3 * HOUR, &realms, Some(500)));
    }
}

#[cfg(test)]
mod boot_tests {
    use super::*;

    #[test]
    fn a_boot_names_the_version_at_its_instant() {
        let at = 1_767_225_600_000 + 1_234;
        let lines = boot(at, "26.1.4");
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|e| e.at == at && e.text.contains(" INFO  [io.quarkus] (main) ")));
        assert!(
            lines[0]
                .text
                .starts_with("2026-01-01 00:00:01,234 INFO  [io.quarkus] (main) Keycloak 26.1.4 on JVM")
        );
        assert!(lines[0].text.contains(") started in "));
    }
}
