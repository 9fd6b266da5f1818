//! The house's layers: no module of `src/` imports one on a layer above
//! its own (so there is no circle among them), and only the engine asks
//! which of its backends a rule set takes. Test code is left out: a test
//! may reach anywhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The top-level modules, ground first; a module may import its own layer's
/// neighbours only where the graph stays without a circle (checked too).
const LAYERS: &[&[&str]] = &[
    &["dice", "text", "hash", "rng", "alloc", "descendants"],
    &["table", "error", "cleanup"],
    &["input", "child"],
    // The game: rules as functions, memory and clocks, the rule sets.
    &["general"],
    &["recall"],
    &["rules"],
    // solve / evaluate / best_response and their private backends.
    &["engine"],
    // The game loop's turn, then analysis and output.
    &["turn"],
    &[
        "simulate",
        "tournament",
        "explain",
        "export",
        "plot",
        "memory",
    ],
    &["play", "report"],
    &["strategy"],
    &["rates", "contest", "check"],
    // Adapters.
    &["serve"],
    &["cli"],
    &["python"],
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` without its tests (`#[cfg(test)] mod tests { ... }` at the end,
/// where this project keeps them) and without comments.
fn code(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at]);
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each top-level module and the top-level modules its code names.
fn graph() -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        if relative.file_name().is_some_and(|f| f == "tests.rs")
            || relative.components().any(|c| c.as_os_str() == "tests")
        {
            continue;
        }
        let top = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if ["lib", "main"].contains(&top.as_str()) {
            continue;
        }
        let text = code(&std::fs::read_to_string(&file).unwrap());
        let uses = graph.entry(top.clone()).or_default();
        for (at, _) in text.match_indices("crate::") {
            let name: String = text[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() && name != top {
                uses.entry(name).or_insert_with(|| relative.to_path_buf());
            }
        }
    }
    graph
}

fn layer(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&module))
        .unwrap_or_else(|| panic!("src/{module} has no layer: put it in LAYERS"))
}

#[test]
fn no_module_imports_one_above_it_and_there_is_no_circle() {
    let graph = graph();
    let mut upward = Vec::new();
    for (module, uses) in &graph {
        for (used, file) in uses {
            if layer(used) > layer(module) {
                upward.push(format!(
                    "src/{} ({module}, layer {}) imports {used} (layer {})",
                    file.display(),
                    layer(module),
                    layer(used)
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up:\n{}",
        upward.join("\n")
    );
    // Within a layer, no circle: a depth-first walk meets no module twice
    // on one path.
    fn walk<'a>(
        graph: &'a BTreeMap<String, BTreeMap<String, PathBuf>>,
        module: &'a str,
        path: &mut Vec<&'a str>,
    ) {
        if let Some(at) = path.iter().position(|m| *m == module) {
            panic!("a circle: {} -> {module}", path[at..].join(" -> "));
        }
        path.push(module);
        for used in graph.get(module).into_iter().flat_map(|u| u.keys()) {
            walk(graph, used, path);
        }
        path.pop();
    }
    for module in graph.keys() {
        walk(&graph, module, &mut Vec::new());
    }
}

#[test]
fn only_the_engine_asks_which_backend_runs() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut asked = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        // The rules answer for themselves; the engine asks.
        let inside = relative.starts_with("engine") || relative.starts_with("rules");
        let text = code(&std::fs::read_to_string(file).unwrap());
        for question in [
            ".general()",
            ".functions()",
            "Backend::Fast",
            "Backend::Functions",
            "Backend::Contexts",
        ] {
            if !inside && text.contains(question) {
                asked.push(format!("src/{}: {question}", relative.display()));
            }
        }
    }
    assert!(
        asked.is_empty(),
        "backend questions outside the engine:\n{}",
        asked.join("\n")
    );
}

#[test]
fn the_checks_see_what_they_check() {
    let graph = graph();
    // The walk finds real imports: the engine reads the rules, the command
    // line the engine.
    assert!(
        graph["engine"].contains_key("rules"),
        "{:?}",
        graph["engine"]
    );
    assert!(graph["cli"].contains_key("engine"));
    assert!(layer("rules") < layer("engine"));
    assert_eq!(
        code("use crate::x;\n// crate::y\n#[cfg(test)]\nmod tests {}\n"),
        "use crate::x;"
    );
}
