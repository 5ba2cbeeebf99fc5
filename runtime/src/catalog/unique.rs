//! The uniqueness check: no two variants of a crate may share a code. It runs at
//! compile time, in constant evaluation, behind [`assert_unique_codes!`] and
//! [`crate_catalog!`](crate::crate_catalog).

use super::model::{Catalog, Entry, MAX_NESTING};

/// How many leaves (code-carrying entries, reached through `transparent` nesting as
/// [`Catalog::leaves`] reaches them) the catalogs have; the size of the table the
/// compile-time uniqueness check sorts.
pub const fn leaf_count(catalogs: &[&'static Catalog]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < catalogs.len() {
        count += leaves_in(catalogs[i], 0);
        i += 1;
    }
    count
}

const fn leaves_in(catalog: &'static Catalog, depth: usize) -> usize {
    let mut count = 0;
    let mut e = 0;
    while e < catalog.entries.len() {
        match catalog.entries[e].transparent {
            Some(inner) if depth + 1 < MAX_NESTING => count += leaves_in(inner, depth + 1),
            Some(_) => {}
            None => count += 1,
        }
        e += 1;
    }
    count
}

/// The first code that two different variants share, as text: the same search as
/// the check `assert_unique_codes!`, `crate_catalog!` and the derive's check of
/// `transparent` nesting run (`first_duplicate_in`, through
/// `__private::assert_unique`), for code that wants the code rather than a failed
/// build. `N` is
/// [`leaf_count`] of the same list; leaves past `N` are not looked at. The leaves are sorted by a hash of
/// their code, so the cost grows as `N log N` with a small constant: thousands of
/// codes stay well within the compiler's budget for constant evaluation, where
/// comparing every pair of codes would not.
pub const fn first_duplicate_code_in<const N: usize>(
    catalogs: &[&'static Catalog],
) -> Option<&'static str> {
    match first_duplicate_in::<N>(catalogs) {
        Some((first, _)) => Some(first.code),
        None => None,
    }
}

/// The first two leaves of different variants that share a code, as
/// [`first_duplicate_code_in`] finds them; the compile-time check names both.
pub(crate) const fn first_duplicate_in<const N: usize>(
    catalogs: &[&'static Catalog],
) -> Option<(Leaf, Leaf)> {
    let mut leaves = [Leaf::EMPTY; N];
    let mut len = 0;
    let mut i = 0;
    while i < catalogs.len() {
        collect_leaves(catalogs[i], &mut leaves, &mut len, 0);
        i += 1;
    }
    // (hash of the code, leaf index), sorted: equal codes become neighbours.
    let mut keys: [(u64, usize); N] = [(0, 0); N];
    let mut k = 0;
    while k < len {
        keys[k] = (fnv1a(leaves[k].code), k);
        k += 1;
    }
    sort_keys(&mut keys, len);
    // Within a run of equal hashes (almost always one code), any two leaves with the
    // same code but different variants are a duplicate.
    let mut start = 0;
    while start < len {
        let mut end = start + 1;
        while end < len && keys[end].0 == keys[start].0 {
            end += 1;
        }
        let mut a = start;
        while a < end {
            let first = &leaves[keys[a].1];
            let mut b = a + 1;
            while b < end {
                let other = &leaves[keys[b].1];
                if str_eq(first.code, other.code) && !first.same_variant(other) {
                    // In declaration order, so the message names them as listed.
                    return Some(if keys[a].1 < keys[b].1 {
                        (*first, *other)
                    } else {
                        (*other, *first)
                    });
                }
                b += 1;
            }
            a += 1;
        }
        start = end;
    }
    None
}

/// A leaf: its code and the variant that declares it.
#[derive(Clone, Copy)]
pub(crate) struct Leaf {
    pub(crate) code: &'static str,
    pub(crate) module_path: &'static str,
    pub(crate) type_name: &'static str,
    pub(crate) variant: &'static str,
}

impl Leaf {
    /// Fills the unused slots of the constant-evaluation table.
    const EMPTY: Leaf = Leaf {
        code: "",
        module_path: "",
        type_name: "",
        variant: "",
    };

    const fn new(catalog: &'static Catalog, entry: &'static Entry) -> Leaf {
        Leaf {
            code: entry.code,
            module_path: catalog.module_path,
            type_name: catalog.type_name,
            variant: entry.variant,
        }
    }

    const fn same_variant(&self, other: &Leaf) -> bool {
        str_eq(self.module_path, other.module_path)
            && str_eq(self.type_name, other.type_name)
            && str_eq(self.variant, other.variant)
    }
}

/// Appends the leaves of `catalog` to `leaves[len..]`, as many as fit.
const fn collect_leaves<const N: usize>(
    catalog: &'static Catalog,
    leaves: &mut [Leaf; N],
    len: &mut usize,
    depth: usize,
) {
    let mut e = 0;
    while e < catalog.entries.len() {
        let entry = &catalog.entries[e];
        match entry.transparent {
            Some(inner) if depth + 1 < MAX_NESTING => collect_leaves(inner, leaves, len, depth + 1),
            Some(_) => {}
            None if *len < N => {
                leaves[*len] = Leaf::new(catalog, entry);
                *len += 1;
            }
            None => {}
        }
        e += 1;
    }
}

/// 64-bit FNV-1a: a few steps per byte, which matters in constant evaluation.
const fn fnv1a(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// Heapsort of `keys[..len]`: `N log N` comparisons and no allocation, as constant
/// evaluation requires.
const fn sort_keys<const N: usize>(keys: &mut [(u64, usize); N], len: usize) {
    let mut start = len / 2;
    while start > 0 {
        start -= 1;
        sift_down(keys, start, len);
    }
    let mut end = len;
    while end > 1 {
        end -= 1;
        let held = keys[0];
        keys[0] = keys[end];
        keys[end] = held;
        sift_down(keys, 0, end);
    }
}

const fn sift_down<const N: usize>(keys: &mut [(u64, usize); N], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && keys[child].0 < keys[child + 1].0 {
            child += 1;
        }
        if keys[root].0 >= keys[child].0 {
            return;
        }
        let held = keys[root];
        keys[root] = keys[child];
        keys[child] = held;
        root = child;
    }
}

pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Fails the build when two of the listed error types (or the types they wrap with
/// `transparent`) share a code.
///
/// ```
/// use tool_error::{assert_unique_codes, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "USER_MISSING", kind = not_found)]
/// struct UserMissing;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "ORDER_MISSING", kind = not_found)]
/// struct OrderMissing;
///
/// assert_unique_codes!(UserMissing, OrderMissing);
/// ```
///
/// With a shared code the build stops in constant evaluation with a message that
/// names the code and both variants, such as ``error code `MISSING` is used by both
/// `UserMissing` and `OrderMissing` ``, and says to give one of them another
/// `code = "..."`.
#[macro_export]
macro_rules! assert_unique_codes {
    ($($ty:ty),+ $(,)?) => {
        const _: () = {
            const CATALOGS: &[&$crate::__private::Catalog] =
                &[$(<$ty as $crate::__private::StaticCatalog>::CATALOG),+];
            $crate::__private::assert_unique::<{ $crate::__private::leaf_count(CATALOGS) }>(CATALOGS)
        };
    };
}

/// Fails compilation (in const evaluation) when a code appears twice, with the
/// message "error code `CODE` is used by both `Type::Variant` and
/// `Other::Variant`: ...", the module paths added when the type names are equal.
#[allow(clippy::panic)] // a const-evaluation panic is how a build is failed
pub const fn assert_unique<const N: usize>(catalogs: &[&'static Catalog]) {
    if let Some((first, second)) = first_duplicate_in::<N>(catalogs) {
        // Const panics take one `&str` argument, so the message is assembled in a buffer.
        let mut message = ConstMessage::new();
        message.push("error code `");
        message.push(first.code);
        message.push("` is used by both `");
        let qualify = str_eq(first.type_name, second.type_name);
        message.push_variant(&first, qualify);
        message.push("` and `");
        message.push_variant(&second, qualify);
        message.push("`: give one of them another `code = \"...\"` (codes must be unique across the checked types, nested ones included)");
        panic!("{}", message.as_str());
    }
}

/// A message built in constant evaluation: whole pieces, as many as fit.
struct ConstMessage {
    buffer: [u8; 512],
    len: usize,
    full: bool,
}

impl ConstMessage {
    const fn new() -> Self {
        ConstMessage {
            buffer: [0; 512],
            len: 0,
            full: false,
        }
    }

    /// Appends `piece` if it fits whole (so the text stays valid UTF-8), else stops
    /// appending.
    const fn push(&mut self, piece: &str) {
        let bytes = piece.as_bytes();
        if self.full || self.len + bytes.len() > self.buffer.len() {
            self.full = true;
            return;
        }
        let mut i = 0;
        while i < bytes.len() {
            self.buffer[self.len + i] = bytes[i];
            i += 1;
        }
        self.len += bytes.len();
    }

    /// `Type::Variant`, or `Type` for a struct (whose one entry is named after it),
    /// after the module path when `qualify`.
    const fn push_variant(&mut self, leaf: &Leaf, qualify: bool) {
        if qualify {
            self.push(leaf.module_path);
            self.push("::");
        }
        self.push(leaf.type_name);
        if !str_eq(leaf.type_name, leaf.variant) {
            self.push("::");
            self.push(leaf.variant);
        }
    }

    const fn as_str(&self) -> &str {
        let (kept, _) = self.buffer.split_at(self.len);
        match core::str::from_utf8(kept) {
            Ok(text) => text,
            Err(_) => "error code used more than once",
        }
    }
}
