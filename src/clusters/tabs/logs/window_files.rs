//! The window's files and what the viewer holds of them (`fetch.rs` does the I/O): each
//! file's state, and the lines held. Files are read newest first, one at a time, until the
//! view has its lines (the limit), the held lines reach their cap, or this round has read
//! `ROUND` files — then it says how many of how many it searched and offers to search
//! further. Following re-lists the window and reads only files that are new or have grown.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::fetch::{self, FileInfo};
use super::line::parse_text;
use super::matching::Held;
use crate::api::{Api, ApiError};

/// Files read per round of a search that does not fill the limit.
pub const ROUND: usize = 48;

#[derive(Debug, Clone, PartialEq)]
pub enum FileState {
    Unread,
    Reading,
    /// Read whole, at this size and change time (a later listing that differs means it grew).
    Read {
        size: Option<i64>,
        modified: Option<i64>,
    },
    Failed(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub info: FileInfo,
    pub state: FileState,
    /// Its entries' `file` tag.
    pub tag: u32,
}

#[derive(Clone, Copy)]
pub struct Reader {
    api: Api,
    id: StoredValue<String>,
    /// The window's files, newest first; `None` while listing.
    pub listing: RwSignal<Option<Result<(), ApiError>>>,
    pub files: RwSignal<Vec<File>>,
    pub held: RwSignal<Held>,
    /// Files read in this round, and how many the round may read.
    pub round: RwSignal<usize>,
    pub budget: RwSignal<usize>,
    pub busy: RwSignal<bool>,
    /// When the window is empty: the newest file there is at all (to offer widening).
    pub newest: RwSignal<Option<Result<Option<FileInfo>, ApiError>>>,
    /// The listing stopped at its page cap with more announced (see `fetch::Listing`).
    pub capped: RwSignal<bool>,
    /// Bumped to list the same window again (Retry).
    pub reload: RwSignal<u32>,
    /// Bumped whenever the window changes: work for an older window is dropped.
    generation: StoredValue<u32>,
    next_tag: StoredValue<u32>,
}

impl Reader {
    pub fn new(api: Api, id: String) -> Reader {
        Reader {
            api,
            id: StoredValue::new(id),
            listing: RwSignal::new(None),
            files: RwSignal::new(Vec::new()),
            held: RwSignal::new(Held::default()),
            round: RwSignal::new(0),
            budget: RwSignal::new(ROUND),
            busy: RwSignal::new(false),
            newest: RwSignal::new(None),
            capped: RwSignal::new(false),
            reload: RwSignal::new(0),
            generation: StoredValue::new(0),
            next_tag: StoredValue::new(0),
        }
    }

    fn current(self, generation: u32) -> bool {
        self.generation.try_get_value() == Some(generation)
    }

    /// Starts over for the window `[from, to]` at `now`; `then` runs once it is listed.
    pub fn open(self, from: i64, to: i64, now: i64, then: Callback<()>) {
        self.generation.update_value(|g| *g = g.wrapping_add(1));
        let generation = self.generation.get_value();
        self.listing.set(None);
        self.newest.set(None);
        self.capped.set(false);
        self.files.set(Vec::new());
        self.held.set(Held::default());
        self.round.set(0);
        self.budget.set(ROUND);
        self.busy.set(false);
        let (api, id) = (self.api, self.id.get_value());
        spawn_local(async move {
            let answer = fetch::list_window(api, id.clone(), from, to, now).await;
            if !self.current(generation) {
                return;
            }
            match answer {
                Ok(listing) => {
                    let empty = listing.files.is_empty();
                    self.capped.try_set(listing.capped);
                    let files = listing
                        .files
                        .into_iter()
                        .map(|info| File { info, state: FileState::Unread, tag: self.tag() })
                        .collect();
                    self.files.try_set(files);
                    self.listing.try_set(Some(Ok(())));
                    if empty {
                        let newest = fetch::newest(api, id, now).await;
                        // The screen may be gone by now (its reader and `then` with it).
                        if !self.current(generation) {
                            return;
                        }
                        self.newest.try_set(Some(newest));
                    }
                    // `then` may be gone with an effect that ran again (a window that does not parse).
                    then.try_run(());
                }
                Err(e) => {
                    self.listing.try_set(Some(Err(e)));
                }
            }
        });
    }

    fn tag(self) -> u32 {
        let tag = self.next_tag.get_value();
        self.next_tag.set_value(tag.wrapping_add(1));
        tag
    }

    /// Reads the next unread files while `wanted()` says more lines are needed, within the
    /// round's budget.
    pub fn pump(self, wanted: Callback<(), bool>) {
        if self.busy.get_untracked() || self.listing.with_untracked(|l| !matches!(l, Some(Ok(())))) {
            return;
        }
        // Nothing to read (it runs on every keystroke): no busy state to show and take back.
        if self.next_file(wanted).is_none() {
            return;
        }
        let generation = self.generation.get_value();
        self.busy.set(true);
        spawn_local(async move {
            loop {
                if !self.current(generation) {
                    return;
                }
                let Some(name) = self.next_file(wanted) else { break };
                self.read(generation, name).await;
                self.round.update(|r| *r += 1);
            }
            self.busy.try_set(false);
        });
    }

    /// The next file to read, while more lines are wanted, fit under the cap and the round
    /// has budget left.
    fn next_file(self, wanted: Callback<(), bool>) -> Option<String> {
        let more = wanted.try_run(()).unwrap_or(false)
            && !self.held.with_untracked(Held::is_full)
            && self.round.get_untracked() < self.budget.get_untracked();
        more.then(|| {
            self.files.with_untracked(|f| {
                f.iter().find(|f| f.state == FileState::Unread).map(|f| f.info.name.clone())
            })
        })?
    }

    /// Reads one file (again) and puts its lines in place of any it had. Callers may come
    /// here after awaiting something else, so it checks first that the window (and the
    /// screen) is still the one it was asked for.
    async fn read(self, generation: u32, name: String) {
        if !self.current(generation) {
            return;
        }
        let Some((tag, start, size, modified)) = self.files.with_untracked(|f| {
            f.iter()
                .find(|f| f.info.name == name)
                .map(|f| (f.tag, f.info.start, f.info.size, f.info.modified))
        }) else {
            return;
        };
        self.set_state(&name, FileState::Reading);
        let answer = fetch::read_text(self.api, self.id.get_value(), name.clone()).await;
        if !self.current(generation) {
            return;
        }
        match answer {
            Ok(text) => {
                let entries = parse_text(&text, tag, start);
                self.held.update(|h| h.replace_file(tag, entries));
                self.set_state(&name, FileState::Read { size, modified });
            }
            Err(why) => self.set_state(&name, FileState::Failed(why)),
        }
    }

    fn set_state(self, name: &str, state: FileState) {
        self.files.update(|files| {
            if let Some(f) = files.iter_mut().find(|f| f.info.name == name) {
                f.state = state;
            }
        });
    }

    /// Reads a file that failed again.
    pub fn retry(self, name: String) {
        let Some(generation) = self.generation.try_get_value() else { return };
        spawn_local(async move { self.read(generation, name).await });
    }

    /// A further round: `ROUND` more files.
    pub fn search_further(self, wanted: Callback<(), bool>) {
        self.budget.update(|b| *b += ROUND);
        self.pump(wanted);
    }

    /// Following: lists `[from, to]` again and reads the files that are new (newer than any
    /// read) or have changed since they were read. Resolves when done.
    pub async fn refresh(self, from: i64, to: i64, now: i64) -> Result<(), ApiError> {
        let (Some(generation), Some(id)) = (self.generation.try_get_value(), self.id.try_get_value()) else {
            return Ok(());
        };
        let listing = fetch::list_window(self.api, id, from, to, now).await?;
        if !self.current(generation) {
            return Ok(());
        }
        self.capped.try_set(listing.capped);
        let newest_read = self.files.with_untracked(|f| {
            f.iter().filter(|f| matches!(f.state, FileState::Read { .. })).map(|f| f.info.start).max()
        });
        let mut to_read = Vec::new();
        let mut files = self.files.get_untracked();
        for info in listing.files {
            match files.iter_mut().find(|f| f.info.name == info.name) {
                Some(known) => {
                    let grown = match &known.state {
                        FileState::Read { size, modified } => {
                            *size != info.size || *modified != info.modified
                        }
                        _ => false,
                    };
                    if grown {
                        to_read.push(info.name.clone());
                    }
                    known.info = info;
                }
                None => {
                    if newest_read.is_none_or(|n| info.start > n) {
                        to_read.push(info.name.clone());
                    }
                    files.push(File { info, state: FileState::Unread, tag: self.tag() });
                }
            }
        }
        files.sort_by_key(|f| std::cmp::Reverse(f.info.start));
        self.files.set(files);
        self.listing.set(Some(Ok(())));
        for name in to_read {
            self.read(generation, name).await;
        }
        Ok(())
    }

    /// Every line of `[from, to]`, for the download: files already read are taken from what
    /// is held, the rest are read (and not kept). `progress` hears (done, total).
    pub async fn window_text(
        self,
        from: i64,
        to: i64,
        progress: impl Fn(usize, usize),
    ) -> Result<String, String> {
        // Read once: the download may outlive the screen (its signals are then gone).
        let gone = || crate::i18n::t(crate::i18n::k::logs::VIEWER_CLOSED).to_string();
        let (Some(files), Some(id)) = (self.files.try_get_untracked(), self.id.try_get_value()) else {
            return Err(gone());
        };
        let total = files.len();
        let mut entries = Vec::new();
        for (done, file) in files.iter().rev().enumerate() {
            progress(done, total);
            let held = matches!(file.state, FileState::Read { .. });
            if held {
                self.held
                    .try_with_untracked(|h| {
                        entries.extend(h.entries().iter().filter(|e| e.file == file.tag).cloned())
                    })
                    .ok_or_else(gone)?;
            } else {
                let text =
                    fetch::read_text(self.api, id.clone(), file.info.name.clone()).await.map_err(|why| {
                        crate::i18n::tf(
                            crate::i18n::k::logs::FILE_UNREADABLE,
                            &[("name", &file.info.name), ("reason", &why)],
                        )
                    })?;
                entries.extend(parse_text(&text, file.tag, file.info.start));
            }
        }
        entries.sort_by_key(|e| e.at);
        Ok(super::matching::window_text(entries.iter(), from, to))
    }
}
