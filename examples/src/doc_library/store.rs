//! The in-memory store: documents with a checksum each, and the search quota.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tool_error::args::{ArgumentError, Violation, ViolationKind};

use super::errors::{ChecksumMismatch, LibraryError};

/// How many searches the library answers per window, for every client together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchQuota {
    /// Searches per window.
    pub limit: u32,
    /// The window, counted from its first search.
    pub window: Duration,
}

impl SearchQuota {
    /// Five searches every ten seconds.
    pub const DEFAULT: SearchQuota = SearchQuota {
        limit: 5,
        window: Duration::from_secs(10),
    };
}

/// A document as the API returns it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    pub id: String,
    pub title: String,
    pub tags: Vec<String>,
    pub body: String,
    pub words: usize,
}

/// A document as `POST /docs` takes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewDocument {
    pub id: String,
    pub title: String,
    pub body: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

/// One search hit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    pub id: String,
    pub title: String,
}

/// What `GET /search` returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResults {
    pub query: String,
    pub count: usize,
    pub results: Vec<Hit>,
}

/// The longest id `POST /docs` accepts.
const MAX_ID_CHARS: usize = 64;
/// Hits returned when the search gives no limit.
pub const DEFAULT_LIMIT: u64 = 10;
/// The most hits one search returns.
pub const MAX_LIMIT: u64 = 20;

impl NewDocument {
    /// The library's own rules, every broken one reported at once.
    fn check(&self) -> Result<(), ArgumentError> {
        let mut violations = Vec::new();
        let id_ok = !self.id.is_empty()
            && self.id.chars().count() <= MAX_ID_CHARS
            && self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            violations.push(Violation::new(
                ViolationKind::InvalidValue,
                "id",
                "1 to 64 lowercase letters, digits or '-'",
                format!("{:?}", self.id),
            ));
        }
        if self.title.trim().is_empty() {
            violations.push(Violation::new(
                ViolationKind::InvalidValue,
                "title",
                "a non-blank string",
                format!("{:?}", self.title),
            ));
        }
        match ArgumentError::from_violations(violations) {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

struct Stored {
    title: String,
    tags: Vec<String>,
    body: String,
    /// FNV-1a of `body`, recorded when the document was written.
    checksum: u32,
}

impl Stored {
    fn new(title: &str, tags: &[&str], body: &str) -> Self {
        Stored {
            title: title.to_owned(),
            tags: tags.iter().map(|tag| (*tag).to_owned()).collect(),
            body: body.to_owned(),
            checksum: fnv1a(body.as_bytes()),
        }
    }

    /// The document as the API returns it, once its body passes the checksum.
    fn render(&self, id: &str) -> Result<Document, LibraryError> {
        let computed = fnv1a(self.body.as_bytes());
        if computed != self.checksum {
            return Err(LibraryError::RenderFailed {
                id: id.to_owned(),
                source: ChecksumMismatch {
                    stored: self.checksum,
                    computed,
                },
            });
        }
        Ok(Document {
            id: id.to_owned(),
            title: self.title.clone(),
            tags: self.tags.clone(),
            body: self.body.clone(),
            words: self.body.split_whitespace().count(),
        })
    }

    fn matches(&self, words: &[String]) -> bool {
        let title = self.title.to_lowercase();
        let body = self.body.to_lowercase();
        words
            .iter()
            .all(|word| title.contains(word.as_str()) || body.contains(word.as_str()))
    }
}

/// 32-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash, byte| {
        (hash ^ u32::from(*byte)).wrapping_mul(0x0100_0193)
    })
}

struct Window {
    started: Instant,
    used: u32,
}

struct State {
    documents: BTreeMap<String, Stored>,
    searches: Option<Window>,
}

/// The document library: documents in memory and the search quota.
pub struct Library {
    state: Mutex<State>,
    quota: SearchQuota,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("quota", &self.quota)
            .finish_non_exhaustive()
    }
}

impl Library {
    /// The sample documents, among them `broken`, whose stored body no longer
    /// matches its checksum.
    pub fn sample(quota: SearchQuota) -> Self {
        let mut documents = BTreeMap::new();
        documents.insert(
            "getting-started".to_owned(),
            Stored::new(
                "Getting started",
                &["guide"],
                "Fetch a document by id, add one with POST, or search titles and bodies.",
            ),
        );
        documents.insert(
            "search-syntax".to_owned(),
            Stored::new(
                "Search syntax",
                &["guide", "search"],
                "A search matches documents that contain every word of the query.",
            ),
        );
        documents.insert(
            "rate-limits".to_owned(),
            Stored::new(
                "Rate limits",
                &["search"],
                "Searches are limited per window; a refused search says when to retry.",
            ),
        );
        let mut broken = Stored::new(
            "Broken on disk",
            &["archive"],
            "This body was changed after its checksum was recorded.",
        );
        broken.checksum ^= 0x00ff_00ff;
        documents.insert("broken".to_owned(), broken);
        Library {
            state: Mutex::new(State {
                documents,
                searches: None,
            }),
            quota,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // The state stays consistent between statements, so a panic elsewhere
        // leaves nothing half-written.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The document `id`, rendered.
    pub fn get(&self, id: &str) -> Result<Document, LibraryError> {
        let state = self.state();
        let stored = state
            .documents
            .get(id)
            .ok_or_else(|| LibraryError::DocumentNotFound { id: id.to_owned() })?;
        stored.render(id)
    }

    /// Stores `new` and returns it rendered.
    pub fn add(&self, new: NewDocument) -> Result<Document, LibraryError> {
        new.check()?;
        let mut state = self.state();
        if state.documents.contains_key(&new.id) {
            return Err(LibraryError::DocumentExists { id: new.id });
        }
        let tags: Vec<&str> = new.tags.iter().map(String::as_str).collect();
        let stored = Stored::new(&new.title, &tags, &new.body);
        let document = stored.render(&new.id)?;
        state.documents.insert(new.id, stored);
        Ok(document)
    }

    /// The documents containing every word of `query`, by id, at most `limit`.
    pub fn search(&self, query: &str, limit: Option<u64>) -> Result<SearchResults, LibraryError> {
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        let mut violations = Vec::new();
        if query.trim().is_empty() {
            violations.push(Violation::new(
                ViolationKind::InvalidValue,
                "q",
                "at least one word",
                format!("{query:?}"),
            ));
        }
        if !(1..=MAX_LIMIT).contains(&limit) {
            violations.push(Violation::new(
                ViolationKind::InvalidValue,
                "limit",
                format!("an integer from 1 to {MAX_LIMIT}"),
                limit.to_string(),
            ));
        }
        if let Some(error) = ArgumentError::from_violations(violations) {
            return Err(error.into());
        }
        let mut state = self.state();
        self.count_search(&mut state)?;
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let hits: Vec<Hit> = state
            .documents
            .iter()
            .filter(|(_, stored)| stored.matches(&words))
            .map(|(id, stored)| Hit {
                id: id.clone(),
                title: stored.title.clone(),
            })
            .collect();
        Ok(SearchResults {
            query: query.to_owned(),
            count: hits.len(),
            results: hits
                .into_iter()
                .take(limit.try_into().unwrap_or(usize::MAX))
                .collect(),
        })
    }

    /// Counts one search against the quota, or says how long until the window
    /// ends.
    fn count_search(&self, state: &mut State) -> Result<(), LibraryError> {
        let now = Instant::now();
        let window = match &mut state.searches {
            Some(window) if now.duration_since(window.started) < self.quota.window => window,
            slot => slot.insert(Window {
                started: now,
                used: 0,
            }),
        };
        if window.used < self.quota.limit {
            window.used += 1;
            return Ok(());
        }
        let left = self.quota.window - now.duration_since(window.started);
        Err(LibraryError::SearchRateLimited {
            limit: self.quota.limit,
            window_seconds: self.quota.window.as_secs(),
            // Whole seconds, so the body's `retry_after` matches the header.
            wait: Duration::from_secs(left.as_secs() + u64::from(left.subsec_nanos() > 0)),
        })
    }
}
