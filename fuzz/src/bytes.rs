//! Decodes structured choices from raw fuzzer bytes. Every read succeeds: past the
//! end of the input it yields zeros, so any byte string is a valid input and a
//! longer one only adds detail.

/// A cursor over fuzzer input.
#[derive(Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, or 0.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((first, rest)) => {
                self.data = rest;
                *first
            }
            None => 0,
        }
    }

    /// The next little-endian `u64` (zero-padded).
    pub fn u64(&mut self) -> u64 {
        let mut value = 0u64;
        for shift in 0..8 {
            value |= u64::from(self.byte()) << (shift * 8);
        }
        value
    }

    /// A boolean.
    pub fn bool(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// A number in `0..n` (0 when `n` is 0); one byte for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        if n <= 256 {
            usize::from(self.byte()) % n
        } else {
            (self.u64() % n as u64) as usize
        }
    }

    /// One of `items` (the first when `items` has one element or the input ended).
    pub fn pick<'t, T>(&mut self, items: &'t [T]) -> &'t T {
        &items[self.below(items.len())]
    }

    /// A count, usually small, occasionally up to `max`.
    pub fn count(&mut self, max: usize) -> usize {
        match self.byte() {
            0..=199 => self.below(4.min(max.saturating_add(1))),
            200..=249 => self.below(16.min(max.saturating_add(1))),
            _ => self.below(max.saturating_add(1)),
        }
    }

    /// Up to `max` raw bytes.
    pub fn raw(&mut self, max: usize) -> &'a [u8] {
        let len = self.below(max.saturating_add(1)).min(self.data.len());
        let (taken, rest) = self.data.split_at(len);
        self.data = rest;
        taken
    }

    /// A string: raw bytes read as UTF-8 (lossily), a dictionary entry, control and
    /// escape characters, or a long run of one character.
    pub fn text(&mut self) -> String {
        match self.byte() % 8 {
            0..=2 => String::from_utf8_lossy(self.raw(48)).into_owned(),
            3 => (*self.pick(DICTIONARY)).to_owned(),
            4 => {
                let len = self.below(24);
                (0..len).map(|_| *self.pick(SPECIAL_CHARS)).collect()
            }
            5 => {
                let c = *self.pick(SPECIAL_CHARS);
                let len = [10, 300, 5_000, 70_000][self.below(4)];
                c.to_string().repeat(len)
            }
            6 => String::new(),
            _ => {
                let a = self.pick(DICTIONARY);
                let b = String::from_utf8_lossy(self.raw(16)).into_owned();
                format!("{a}{b}")
            }
        }
    }
}

/// Strings that mean something to JSON, templates, the envelope or the client.
pub const DICTIONARY: &[&str] = &[
    "",
    "\"",
    "\\",
    "{",
    "}",
    "{{",
    "}}",
    "{0}",
    "{x}",
    "{x:?}",
    "{x:>8}",
    "{source}",
    "{ r#type }",
    "…[truncated]",
    "[REDACTED]",
    "null",
    "true",
    "-32602",
    "1e999",
    "\\u0000",
    "\\ud800",
    "MODEL_NOT_FOUND",
    "INTERNAL",
    "TRANSIENT",
    "VALIDATION",
    "NOT_FOUND",
    "about:blank",
    "2.0",
    "{\"code\":\"X\",\"kind\":\"INTERNAL\",\"message\":\"m\",\"recoverable\":false}",
    "{\"type\":\"TRANSIENT\",\"message\":\"m\",\"data\":{\"retry_after\":1e308}}",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"message\":\"m\",\"data\":",
    "{\"content\":[{\"type\":\"text\",\"text\":\"",
    "\"structuredContent\":",
    "{\"type\":\"about:blank\",\"status\":503,\"detail\":\"d\"}",
];

/// Characters that stress escaping and UTF-8 handling.
pub const SPECIAL_CHARS: &[char] = &[
    '\0',
    '\u{1}',
    '\u{8}',
    '\t',
    '\n',
    '\r',
    '\u{1f}',
    '"',
    '\\',
    '/',
    '\u{7f}',
    '\u{80}',
    '\u{a0}',
    'é',
    '\u{2028}',
    '\u{2029}',
    '漢',
    '\u{fffd}',
    '\u{feff}',
    '🦀',
    '\u{10ffff}',
    '{',
    '}',
    '[',
    ']',
    ':',
    ',',
    'a',
    'Z',
    '_',
    '0',
];
