//! One Keycloak log entry, parsed from the default line format:
//! `2026-11-25 14:03:12,345 INFO  [org.keycloak.events] (executor-thread-3) type=LOGIN, …`
//! — time (UTC), level padded to 5, [logger], (thread), message. A line that does not start
//! with a timestamp continues the entry before it (a stack trace's `\tat …`, `Caused by: …`).
//! Pure, so it is tested natively.

/// The logger whose messages are Keycloak's events (`type=LOGIN, realmId=…`).
pub const EVENTS_LOGGER: &str = "org.keycloak.events";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
    Fatal,
    /// A level word Keycloak does not write; kept, shown as written.
    Other,
}

impl Level {
    /// The levels offered by the Level filter, as Keycloak writes them.
    pub const ALL: [Level; 6] =
        [Level::Info, Level::Warn, Level::Error, Level::Debug, Level::Trace, Level::Fatal];

    pub fn parse(word: &str) -> Level {
        match word {
            "TRACE" => Level::Trace,
            "DEBUG" => Level::Debug,
            "INFO" => Level::Info,
            "WARN" | "WARNING" => Level::Warn,
            "ERROR" => Level::Error,
            "FATAL" => Level::Fatal,
            _ => Level::Other,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Trace => "TRACE",
            Level::Debug => "DEBUG",
            Level::Info => "INFO",
            Level::Warn => "WARN",
            Level::Error => "ERROR",
            Level::Fatal => "FATAL",
            Level::Other => "OTHER",
        }
    }
}

/// The key=value fields of an `org.keycloak.events` message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Event {
    pub kind: String,
    pub realm: String,
    pub client: String,
    pub user: String,
    pub ip: String,
    pub error: String,
}

/// One entry: its first line's parts, and its whole text (continuation lines included).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Milliseconds since the epoch, UTC.
    pub at: i64,
    pub level: Level,
    /// The whole entry as written, continuation lines joined by `\n`.
    pub raw: String,
    /// Byte ranges into `raw`'s first line.
    time: (u32, u32),
    logger: (u32, u32),
    thread: (u32, u32),
    message: (u32, u32),
    /// `realmId=` of the message, when it names one (events and some WARN lines).
    pub realm: Option<String>,
    pub event: Option<Box<Event>>,
    /// Which file it came from (an index the reader keeps), so a grown file's entries can
    /// be replaced.
    pub file: u32,
}

impl Entry {
    fn part(&self, (a, b): (u32, u32)) -> &str {
        self.raw.get(a as usize..b as usize).unwrap_or("")
    }
    /// `2026-11-25 14:03:12,345`, as written (UTC).
    pub fn time(&self) -> &str {
        self.part(self.time)
    }
    pub fn logger(&self) -> &str {
        self.part(self.logger)
    }
    pub fn thread(&self) -> &str {
        self.part(self.thread)
    }
    /// The first line's message.
    pub fn message(&self) -> &str {
        self.part(self.message)
    }
    pub fn continued(&self) -> usize {
        self.raw.bytes().filter(|b| *b == b'\n').count()
    }
}

fn digits(bytes: &[u8]) -> Option<i64> {
    bytes.iter().try_fold(0i64, |n, b| b.is_ascii_digit().then(|| n * 10 + i64::from(b - b'0')))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `2026-11-25 14:03:12,345` (a `.` before the millis is read too) as epoch milliseconds.
pub fn timestamp(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() < 23 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b' ' | b'T') || b[13] != b':' {
        return None;
    }
    if b[16] != b':' || !matches!(b[19], b',' | b'.') {
        return None;
    }
    let (y, mo, d) = (digits(&b[0..4])?, digits(&b[5..7])?, digits(&b[8..10])?);
    let (h, mi, s, ms) = (digits(&b[11..13])?, digits(&b[14..16])?, digits(&b[17..19])?, digits(&b[20..23])?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60_000 + s * 1000 + ms)
}

/// The value of `key=` in a `k=v, k=v` message.
fn field<'a>(message: &'a str, key: &str) -> Option<&'a str> {
    message.split(", ").find_map(|pair| pair.trim().strip_prefix(key)?.strip_prefix('='))
}

fn event(message: &str) -> Event {
    let get = |k| field(message, k).unwrap_or("").to_string();
    Event {
        kind: get("type"),
        realm: get("realmId"),
        client: get("clientId"),
        user: get("userId"),
        ip: get("ipAddress"),
        error: get("error"),
    }
}

/// An entry's first line, or `None` when the line does not start with a timestamp.
pub fn parse_line(line: &str, file: u32) -> Option<Entry> {
    let at = timestamp(line)?;
    let len = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
    let rest = &line[23..];
    let level_start = 23 + (rest.len() - rest.trim_start().len());
    let after = &line[level_start..];
    let level_end = level_start + after.find(' ').unwrap_or(after.len());
    let level = Level::parse(&line[level_start..level_end]);
    let mut cursor = level_end + (line[level_end..].len() - line[level_end..].trim_start().len());
    let mut logger = (len(cursor), len(cursor));
    if line[cursor..].starts_with('[')
        && let Some(close) = line[cursor..].find(']')
    {
        logger = (len(cursor + 1), len(cursor + close));
        cursor += close + 1;
        cursor += line[cursor..].len() - line[cursor..].trim_start().len();
    }
    let mut thread = (len(cursor), len(cursor));
    if line[cursor..].starts_with('(')
        && let Some(close) = line[cursor..]
            .find(") ")
            .or_else(|| line[cursor..].ends_with(')').then(|| line.len() - cursor - 1))
    {
        thread = (len(cursor + 1), len(cursor + close));
        cursor += close + 1;
        cursor += line[cursor..].len() - line[cursor..].trim_start().len();
    }
    let message = (len(cursor), len(line.len()));
    let text = &line[cursor..];
    let is_event = &line[logger.0 as usize..logger.1 as usize] == EVENTS_LOGGER;
    Some(Entry {
        at,
        level,
        raw: line.to_string(),
        time: (0, 23),
        logger,
        thread,
        message,
        realm: field(text, "realmId").map(str::to_string),
        event: is_event.then(|| Box::new(event(text))),
        file,
    })
}

/// Every entry of a file's text, in order. Lines before the first timestamp form an entry of
/// their own at `fallback_at` (the file's start), so no text is ever dropped.
pub fn parse_text(text: &str, file: u32, fallback_at: i64) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(entry) = parse_line(line, file) {
            out.push(entry);
            continue;
        }
        match out.last_mut() {
            Some(last) => {
                if line.is_empty() {
                    continue;
                }
                last.raw.push('\n');
                last.raw.push_str(line);
            }
            None if !line.trim().is_empty() => out.push(Entry {
                at: fallback_at,
                level: Level::Other,
                raw: line.to_string(),
                time: (0, 0),
                logger: (0, 0),
                thread: (0, 0),
                message: (0, u32::try_from(line.len()).unwrap_or(u32::MAX)),
                realm: None,
                event: None,
                file,
            }),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOGIN: &str = "2026-11-25 14:03:12,345 INFO  [org.keycloak.events] (executor-thread-3) type=LOGIN, \
                         realmId=acme, clientId=web-app, userId=abc, ipAddress=203.0.113.7";

    #[test]
    fn a_line_yields_its_parts_and_event_fields() {
        let e = parse_line(LOGIN, 4).expect("a line");
        assert_eq!(e.time(), "2026-11-25 14:03:12,345");
        assert_eq!(e.at, 1_795_615_392_345); // 2026-11-25T14:03:12.345Z
        assert_eq!(e.level, Level::Info);
        assert_eq!(e.logger(), "org.keycloak.events");
        assert_eq!(e.thread(), "executor-thread-3");
        assert!(e.message().starts_with("type=LOGIN, realmId=acme"));
        assert_eq!(e.realm.as_deref(), Some("acme"));
        let ev = e.event.as_deref().expect("an event");
        assert_eq!((ev.kind.as_str(), ev.client.as_str(), ev.user.as_str()), ("LOGIN", "web-app", "abc"));
        assert_eq!((ev.ip.as_str(), ev.error.as_str()), ("203.0.113.7", ""));
        assert_eq!(e.file, 4);
        let err = parse_line(
            "2026-11-25 14:03:13,000 ERROR [org.keycloak.events] (executor-thread-1) \
             type=CLIENT_LOGIN_ERROR, realmId=beta, clientId=batch-job, ipAddress=192.0.2.1, \
             error=invalid_client_credentials",
            0,
        )
        .expect("a line");
        assert_eq!(err.level, Level::Error);
        assert_eq!(err.event.as_deref().map(|e| e.error.as_str()), Some("invalid_client_credentials"));
    }

    #[test]
    fn other_loggers_have_no_event_but_may_name_a_realm() {
        let w = parse_line(
            "2026-11-25 14:03:12,345 WARN  [org.keycloak.services] (executor-thread-9) KC-SERVICES0013: \
             Failed authentication, realmId=beta",
            0,
        )
        .expect("a line");
        assert_eq!(w.level, Level::Warn);
        assert_eq!(w.logger(), "org.keycloak.services");
        assert!(w.event.is_none());
        assert_eq!(w.realm.as_deref(), Some("beta"));
        assert!(parse_line("\tat org.keycloak.Foo.bar(Foo.java:12)", 0).is_none());
        assert!(parse_line("Caused by: java.lang.IllegalStateException", 0).is_none());
        assert!(parse_line("2026-13-25 14:03:12,345 INFO x", 0).is_none());
    }

    #[test]
    fn continuation_lines_belong_to_the_entry_before() {
        let text = "orphan before any entry\n\
            2026-11-25 14:00:00,001 ERROR [org.keycloak.services] (t-1) boom\n\
            \tat org.keycloak.A.b(A.java:1)\r\n\
            Caused by: java.io.IOException: gone\n\
            \tat org.keycloak.C.d(C.java:2)\n\
            2026-11-25 14:00:01,000 INFO  [org.keycloak.events] (t-2) type=LOGOUT, realmId=acme\n\n";
        let entries = parse_text(text, 1, 42);
        assert_eq!(entries.len(), 3);
        assert_eq!((entries[0].at, entries[0].level), (42, Level::Other));
        assert_eq!(entries[1].message(), "boom");
        assert_eq!(entries[1].continued(), 3);
        assert!(
            entries[1]
                .raw
                .split_once('\n')
                .is_some_and(|(_, more)| more.starts_with("\tat org.keycloak.A.b"))
        );
        assert!(entries[1].raw.contains("Caused by: java.io.IOException: gone"));
        assert_eq!(entries[2].event.as_deref().map(|e| e.kind.as_str()), Some("LOGOUT"));
        assert_eq!(entries[2].continued(), 0);
    }

    #[test]
    fn dates_count_days_exactly() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(timestamp("2026-01-01 00:00:00,000"), Some(1_767_225_600_000));
        assert_eq!(timestamp("2026-01-01 00:00:00.5xx"), None);
    }
}
