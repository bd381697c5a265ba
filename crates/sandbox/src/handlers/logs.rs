//! `cluster.log.list` and `cluster.log.detail`: the cluster's hourly gzip log files
//! (see `engine::logs`) and signed, expiring download URLs for them.

use super::{Ctx, Outcome, ok};
use crate::engine::logs as files;
use crate::error::ApiError;
use crate::log_files::read;
use crate::records::Millis;
use crate::storage;
use crate::store::Store;
use chrono::DateTime;

/// An ISO-8601 instant query parameter, 400 when malformed.
fn instant(ctx: &Ctx, name: &str) -> Result<Option<Millis>, ApiError> {
    let Some(text) = ctx.query_param(name).map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    DateTime::parse_from_rfc3339(text).map(|at| Some(at.timestamp_millis())).map_err(|_| {
        ApiError::bad_request(format!(
            "{name} must be an ISO-8601 instant such as 2026-01-31T23:00:00Z; got {text:?}."
        ))
    })
}

/// A whole-number query parameter within `range`, or `default` when absent. Given but
/// empty (`?max=`) is not a number, and is refused like any other non-number: the contract
/// types it as an integer.
fn number(
    ctx: &Ctx,
    name: &str,
    default: usize,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, ApiError> {
    let Some(text) = ctx.query_param(name).map(str::trim) else {
        return Ok(default);
    };
    text.parse::<usize>().ok().filter(|n| range.contains(n)).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{name} must be a whole number from {} to {}; got {text:?}.",
            range.start(),
            range.end()
        ))
    })
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let (from, to) = (instant(ctx, "from")?, instant(ctx, "to")?);
    if from.zip(to).is_some_and(|(f, t)| f > t) {
        return Err(ApiError::bad_request("from must not be later than to."));
    }
    let max = number(ctx, "max", files::DEFAULT_MAX, 1..=files::MAX_MAX)?;
    // An int32 in the contract: larger offsets are refused, not read as "past the end".
    let start = number(ctx, "start", 0, 0..=i32::MAX as usize)?;
    // Filter and page on the cheap `last_modified` first: only the page's files are generated.
    let mut page = Vec::new();
    for hour in files::hours(&cluster, ctx.now, ctx.settings.logs)
        .into_iter()
        .filter(|hour| {
            let at = files::last_modified(*hour, ctx.now);
            from.is_none_or(|f| at >= f) && to.is_none_or(|t| at <= t)
        })
        .skip(start)
        .take(max)
    {
        page.push(files::entry(hour, &read(store, ctx.settings, &cluster, hour, ctx.now)?));
    }
    ok(&page)
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let path = ctx.param(1)?;
    let minutes = number(ctx, "minutes", 5, 1..=7 * 24 * 60)?;
    let hour = files::hour_of(path)
        .filter(|_| files::exists(&cluster, path, ctx.now, ctx.settings.logs))
        .ok_or_else(|| ApiError::not_found(format!("{} has no log file {path:?}.", cluster.name)))?;
    let mut file = files::entry(hour, &read(store, ctx.settings, &cluster, hour, ctx.now)?);
    let key = files::storage_key(&cluster.id, path);
    // `--download-url-seconds` overrides the minutes asked for (tests use it to see expiry).
    let lifetime = ctx.settings.download_url_secs.unwrap_or_else(|| u64::try_from(minutes).unwrap_or(5) * 60);
    let origin = storage::origin(ctx.settings, ctx.headers);
    file.temp_url =
        Some(storage::presign_get(&ctx.settings.storage_secret, &origin, &key, ctx.now, lifetime));
    ok(&file)
}
