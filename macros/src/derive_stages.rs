//! The derive's files in stages ([`STAGES`]), and the test that keeps them there:
//! each file under `src/derive/` names only files of its own stage or earlier ones,
//! and no file reaches itself again through the files it names.
//!
//! A file names another through a path in its code: a `use` or any other path
//! through `self`, `super`, `crate::derive` or a module the file declares
//! (`code::check` in `check/mod.rs`). Unit-test modules count; comments, strings and
//! the code inside `quote!` (which names the user's crate, not this one) do not.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// The stages in order, each with its files (paths under `src/derive/`). A file may
/// name files of its own stage and of earlier ones.
const STAGES: &[(&str, &[&str])] = &[
    // What every stage uses: the error list, names, `rename_all` rules, word lists.
    ("support", &["ctxt.rs", "name.rs", "case.rs", "spelling.rs"]),
    // The keys as data: names, places, examples, aliases, the kinds and channels.
    ("keys", &["keys.rs", "keys/tests.rs"]),
    // The readers of values: a key's value, a next call, a template, a doc comment,
    // what a `Display` attribute shows.
    (
        "readers",
        &[
            "value.rs",
            "next_call.rs",
            "template.rs",
            "doc.rs",
            "shown.rs",
        ],
    ),
    // The typed attributes of one item, each key read into its slot.
    ("attributes", &["attr.rs"]),
    // The typed view of the whole input.
    ("ast", &["ast.rs"]),
    // Every rule the derive enforces.
    (
        "checks",
        &[
            "check/mod.rs",
            "check/code.rs",
            "check/field.rs",
            "check/reveal.rs",
        ],
    ),
    // The generated code, and the placeholder impls written after errors.
    (
        "expansion",
        &[
            "bound.rs",
            "expand/mod.rs",
            "expand/text.rs",
            "expand/next_call.rs",
            "expand/entry.rs",
            "expand/arms.rs",
            "fallback.rs",
        ],
    ),
    // The pipeline: read, check, expand or fall back.
    ("pipeline", &["mod.rs"]),
];

/// A module inside `derive`, as the names of its path (`["check", "code"]`); empty
/// for `derive` itself.
type Module = Vec<String>;

#[test]
fn every_file_names_only_its_own_and_earlier_stages_and_no_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/derive");
    let on_disk = rust_files(&root, "");
    let mut stage_of: BTreeMap<&str, usize> = BTreeMap::new();
    let mut problems = String::new();
    for (index, (stage, files)) in STAGES.iter().enumerate() {
        for file in *files {
            if stage_of.insert(file, index).is_some() {
                let _ = writeln!(problems, "{file} is listed twice in STAGES");
            }
            if !on_disk.contains(*file) {
                let _ = writeln!(problems, "{file} (stage {stage}) does not exist");
            }
        }
    }
    for file in &on_disk {
        if !stage_of.contains_key(file.as_str()) {
            let _ = writeln!(problems, "{file} has no stage: add it to STAGES");
        }
    }
    let files: BTreeMap<Module, &str> = stage_of
        .keys()
        .filter(|file| on_disk.contains(**file))
        .map(|file| (module_of(file), *file))
        .collect();
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (module, file) in &files {
        let source = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|error| panic!("{file}: {error}"));
        let named =
            named_modules(module, &source).unwrap_or_else(|error| panic!("{file}: {error}"));
        let targets: BTreeSet<&str> = named
            .iter()
            .filter_map(|named| file_of(&files, named))
            .filter(|target| target != file)
            .collect();
        for target in &targets {
            let (from, to) = (stage_of[file], stage_of[target]);
            if to > from {
                let _ = writeln!(
                    problems,
                    "{file} (stage {}) names {target}, of the later stage {}",
                    STAGES[from].0, STAGES[to].0
                );
            }
        }
        graph.insert(file, targets);
    }
    for cycle in cycles(&graph) {
        let _ = writeln!(problems, "a cycle: {}", cycle.join(" -> "));
    }
    // The pipeline names the stages it runs: a scanner that resolved nothing would
    // find no edge to judge and pass.
    let pipeline = graph.get("mod.rs").cloned().unwrap_or_default();
    for named in ["ast.rs", "check/mod.rs", "expand/mod.rs", "fallback.rs"] {
        if !pipeline.contains(named) {
            let _ = writeln!(
                problems,
                "mod.rs was not found naming {named}: is the scanner broken?"
            );
        }
    }
    assert!(
        problems.is_empty(),
        "the derive's files break their stage order (src/derive_stages.rs):\n{problems}"
    );
}

/// The `.rs` files under `dir`, as paths from the derive's folder (`check/code.rs`).
fn rust_files(dir: &Path, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            found.extend(rust_files(&path, &format!("{prefix}{name}/")));
        } else if name.ends_with(".rs") {
            found.insert(format!("{prefix}{name}"));
        }
    }
    found
}

/// The module a file holds: `check/mod.rs` is `check`, `check/code.rs` is
/// `check::code`, `mod.rs` the derive itself.
fn module_of(file: &str) -> Module {
    let mut names: Module = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if names.last().is_some_and(|last| last == "mod") {
        names.pop();
    }
    names
}

/// The file that holds `module` or, for an item or an inline module, the module
/// around it: the longest start of its path that is a file's module.
fn file_of<'a>(files: &BTreeMap<Module, &'a str>, module: &Module) -> Option<&'a str> {
    (0..=module.len())
        .rev()
        .find_map(|len| files.get(&module[..len]).copied())
}

/// Every module the code of the file holding `module` names, resolved from where
/// each path is written.
fn named_modules(module: &Module, source: &str) -> Result<Vec<Module>, String> {
    let tokens: TokenStream = source.parse().map_err(|error| format!("{error:?}"))?;
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let children = declared_modules(&tokens);
    let mut scan = Scan {
        file_module: module.clone(),
        children,
        named: Vec::new(),
    };
    scan.tokens(&tokens, module);
    Ok(scan.named)
}

/// The modules a file declares in files of their own (`mod code;`).
fn declared_modules(tokens: &[TokenTree]) -> Vec<String> {
    tokens
        .windows(3)
        .filter_map(|window| match window {
            [
                TokenTree::Ident(keyword),
                TokenTree::Ident(name),
                TokenTree::Punct(end),
            ] if keyword == "mod" && end.as_char() == ';' => Some(name.to_string()),
            _ => None,
        })
        .collect()
}

/// The state of one file's scan.
struct Scan {
    /// The module of the file.
    file_module: Module,
    /// The modules it declares in files of their own.
    children: Vec<String>,
    /// Every module named so far.
    named: Vec<Module>,
}

impl Scan {
    /// Scans `tokens`, written inside `scope` (the file's module, or an inline module
    /// in it).
    fn tokens(&mut self, tokens: &[TokenTree], scope: &Module) {
        let mut at = 0;
        while at < tokens.len() {
            match &tokens[at] {
                // Generated code: its paths are the user's crate's.
                TokenTree::Ident(ident)
                    if (ident == "quote" || ident == "quote_spanned")
                        && is_punct(tokens.get(at + 1), '!') =>
                {
                    at += 3;
                }
                TokenTree::Ident(ident) if ident == "mod" => {
                    if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(body))) =
                        (tokens.get(at + 1), tokens.get(at + 2))
                    {
                        let mut inner = scope.clone();
                        inner.push(name.to_string());
                        let body: Vec<TokenTree> = body.stream().into_iter().collect();
                        self.tokens(&body, &inner);
                        at += 3;
                    } else {
                        at += 1;
                    }
                }
                TokenTree::Ident(ident) if ident == "use" => {
                    let end = tokens[at..]
                        .iter()
                        .position(|token| is_punct(Some(token), ';'))
                        .map_or(tokens.len(), |end| at + end);
                    self.use_tree(&tokens[at + 1..end], Vec::new(), scope);
                    at = end + 1;
                }
                TokenTree::Ident(_) => {
                    // A path: the names followed by `::` are modules (or types, whose
                    // module is the one around them); the last names an item.
                    let mut segments = Vec::new();
                    while let Some(TokenTree::Ident(segment)) = tokens.get(at) {
                        segments.push(segment.to_string());
                        at += 1;
                        if !is_path_separator(tokens, at) {
                            segments.pop();
                            break;
                        }
                        at += 2;
                    }
                    self.name(scope, &segments);
                }
                TokenTree::Group(group) => {
                    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                    self.tokens(&inner, scope);
                    at += 1;
                }
                _ => at += 1,
            }
        }
    }

    /// One `use` tree, after `prefix`: every name in it may be a module, the last
    /// included (`use super::spelling;`).
    fn use_tree(&mut self, tokens: &[TokenTree], mut prefix: Vec<String>, scope: &Module) {
        let mut at = 0;
        while let Some(token) = tokens.get(at) {
            match token {
                TokenTree::Ident(ident) if ident == "as" => break,
                TokenTree::Ident(ident) => {
                    prefix.push(ident.to_string());
                    at += 1;
                    if !is_path_separator(tokens, at) {
                        break;
                    }
                    at += 2;
                }
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                    for tree in inner.split(|token| is_punct(Some(token), ',')) {
                        self.use_tree(tree, prefix.clone(), scope);
                    }
                    return;
                }
                // `*`, or the `::` of a path from the root (another crate's).
                _ => break,
            }
        }
        if !is_path_separator(tokens, 0) {
            self.name(scope, &prefix);
        }
    }

    /// Records the module `path` reaches, written inside `scope`, if it starts in the
    /// derive: `self`, `super`, `crate::derive` or a module the file declares.
    fn name(&mut self, scope: &Module, path: &[String]) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        let mut module = match first.as_str() {
            "self" => scope.clone(),
            "super" => match scope.split_last() {
                Some((_, parent)) => parent.to_vec(),
                // Above the derive: another part of the crate.
                None => return,
            },
            "crate" if rest.first().is_some_and(|name| name == "derive") => {
                let mut module = Vec::new();
                if rest[1..].iter().all(|name| step(&mut module, name)) {
                    self.named.push(module);
                }
                return;
            }
            name if *scope == self.file_module && self.children.iter().any(|c| c == name) => {
                let mut module = scope.clone();
                module.push(name.to_owned());
                module
            }
            _ => return,
        };
        if rest.iter().all(|name| step(&mut module, name)) {
            self.named.push(module);
        }
    }
}

/// One name of a path after its first: `super` goes up, `self` stays. False when
/// the path leaves the derive.
fn step(module: &mut Module, name: &str) -> bool {
    match name {
        "super" => module.pop().is_some(),
        "self" => true,
        name => {
            module.push(name.to_owned());
            true
        }
    }
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(punct)) if punct.as_char() == c)
}

/// Whether `::` starts at `at`.
fn is_path_separator(tokens: &[TokenTree], at: usize) -> bool {
    matches!(
        (tokens.get(at), tokens.get(at + 1)),
        (Some(TokenTree::Punct(first)), Some(TokenTree::Punct(second)))
            if first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':'
    )
}

/// Cycles of `graph`, each as the files around it with the first repeated at the
/// end: at least one whenever the graph has a cycle.
fn cycles<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Vec<Vec<&'a str>> {
    fn visit<'a>(
        file: &'a str,
        graph: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
        found: &mut Vec<Vec<&'a str>>,
    ) {
        if let Some(start) = path.iter().position(|seen| *seen == file) {
            let mut cycle = path[start..].to_vec();
            cycle.push(file);
            found.push(cycle);
            return;
        }
        if done.contains(file) {
            return;
        }
        path.push(file);
        for next in graph.get(file).into_iter().flatten() {
            visit(next, graph, path, done, found);
        }
        path.pop();
        done.insert(file);
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for file in graph.keys() {
        visit(file, graph, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

/// The scan itself: `use` trees, paths in code, inline modules, declared modules and
/// generated code.
#[test]
fn paths_are_resolved_from_where_they_are_written() {
    let source = r#"
        //! `super::in_a_comment` names nothing.
        mod code;
        use super::attr::{self, Written};
        use super::{keys, value::Int as Number};
        use super::super::outside;
        use std::collections::HashMap;
        fn run() {
            code::rule();
            let _ = quote!(super::generated::Item);
            let _ = super::name::unraw("super::in_a_string");
            crate::derive::expand(HashMap::new());
            keys::Place::Enum;
        }
        mod tests {
            use super::*;
            fn pipeline() { super::super::expand(); }
        }
    "#;
    let check: Module = vec!["check".to_owned()];
    let named = named_modules(&check, source).unwrap();
    let names: Vec<String> = named.iter().map(|module| module.join("::")).collect();
    assert_eq!(
        names,
        [
            "attr",
            "attr::Written",
            "keys",
            "value::Int",
            "check::code",
            "name",
            "",
            "check",
            "",
        ]
    );
}

/// Cycles are found and reported once each.
#[test]
fn cycles_are_found() {
    let graph: BTreeMap<&str, BTreeSet<&str>> = [
        ("a.rs", BTreeSet::from(["b.rs"])),
        ("b.rs", BTreeSet::from(["a.rs", "c.rs"])),
        ("c.rs", BTreeSet::new()),
    ]
    .into_iter()
    .collect();
    assert_eq!(cycles(&graph), [vec!["a.rs", "b.rs", "a.rs"]]);
}
