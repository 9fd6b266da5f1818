//! Every example of the README and the book (`docs/src`) is a test: each
//! ```` ```console ```` block's `$ ` lines are run by `sh` in a scratch
//! folder of the page's own (every block of a page in order, in one
//! folder, so a page can build on its earlier examples) with this build's
//! `hog` first on the `PATH`, and what they print (stdout and stderr, as a
//! terminal shows them) must be the lines after them:
//!
//! - a line `? N` right after the command: its exit status (else 0);
//! - `...` on a line of its own: any number of lines;
//! - `[..]` inside a line: any text (a time, a path);
//! - a command ending in `\` goes on on the next line.
//!
//! Every link between the pages, and from the README into them, must land
//! on a file that exists and, with `#anchor`, a heading in it; every page
//! of `docs/src` must be in `SUMMARY.md`, and every page there must exist.
//!
//! `HOG_BLESS=1 cargo test --release --test book` writes what the
//! commands printed into the blocks whose output differs (then put back
//! the `[..]` and `...` that the new output needs).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of the book.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![repo().join("README.md")];
    let mut stack = vec![repo().join("docs/src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// One command of an example and what it must print.
#[derive(Debug, Clone)]
struct Example {
    /// The line of the `$ ` in the page (1-based).
    line: usize,
    command: String,
    status: i32,
    expected: Vec<String>,
    /// The lines of the page the expected output takes (for blessing).
    output_lines: std::ops::Range<usize>,
}

/// The examples of a page, in order (`name` for messages).
fn examples(name: &str, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        i += 1;
        while i < lines.len() && !lines[i].starts_with("```") {
            let Some(first) = lines[i].strip_prefix("$ ") else {
                panic!(
                    "{name}:{}: a console block holds `$ ` commands and their output, not {:?} \
                     (a block that is not run is `sh` or `text`)",
                    i + 1,
                    lines[i]
                );
            };
            let line = i + 1;
            let mut command = first.to_string();
            while command.ends_with('\\') && i + 1 < lines.len() {
                command.pop();
                i += 1;
                command.push('\n');
                command.push_str(lines[i]);
            }
            i += 1;
            let mut status = 0;
            if let Some(code) = lines.get(i).and_then(|l| l.strip_prefix("? ")) {
                status = code.trim().parse().expect("`? N`: an exit status");
                i += 1;
            }
            let start = i;
            while i < lines.len() && !lines[i].starts_with("$ ") && !lines[i].starts_with("```") {
                i += 1;
            }
            out.push(Example {
                line,
                command,
                status,
                expected: lines[start..i].iter().map(|l| l.to_string()).collect(),
                output_lines: start..i,
            });
        }
        i += 1;
    }
    out
}

/// Whether `line` matches `pattern` (`[..]`: any text).
fn line_matches(pattern: &str, line: &str) -> bool {
    let pattern = pattern.trim_end();
    let line = line.trim_end();
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &line[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether `lines` match `patterns` (`...` alone: any lines).
fn matches(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p.trim() == "..." => {
            (0..=lines.len()).any(|skip| matches(rest, &lines[skip..]))
        }
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, lines[0]) && matches(rest, &lines[1..])
        }
    }
}

/// The folder the commands of a page run in: links to what examples read
/// from the repository (rules files, the contest fixture, pictures).
fn scratch(page: &Path) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!(
            "book-{}-",
            page.file_stem().unwrap().to_string_lossy()
        ))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap();
    for name in ["examples", "tests", "docs", "benches"] {
        std::os::unix::fs::symlink(repo().join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// Run `command` in `dir`: its exit status and what it printed.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_hog")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (mut reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .env_remove("HOG_PYTHON")
        .env_remove("RAYON_NUM_THREADS")
        .stdin(Stdio::null())
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = reader.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("`{command}` ran for more than 300 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let text = reading.join().unwrap();
    (status.code().unwrap_or(-1), text)
}

/// A page's failures in words, and what the failing commands printed.
type Checked = (Vec<String>, Vec<(Example, String)>);

/// Run every example of `page`: the failures, in words, and the outputs to
/// write back when blessing.
fn check_page(page: &Path) -> Checked {
    let text = std::fs::read_to_string(page).unwrap();
    let name = page.strip_prefix(repo()).unwrap().display().to_string();
    let examples = examples(&name, &text);
    let mut failures = Vec::new();
    let mut blessed = Vec::new();
    if examples.is_empty() {
        return (failures, blessed);
    }
    let dir = scratch(page);
    for example in examples {
        let (status, output) = run(&example.command, dir.path());
        let lines: Vec<&str> = output.lines().collect();
        let ok = status == example.status && matches(&example.expected, &lines);
        if !ok {
            failures.push(format!(
                "{name}:{}: $ {}\n  exit status {status} (expected {})\n--- expected\n{}\n--- got\n{}",
                example.line,
                example.command,
                example.status,
                example.expected.join("\n"),
                output.trim_end()
            ));
            blessed.push((example, output));
        }
    }
    (failures, blessed)
}

/// Write what the failing commands printed into their pages.
fn bless(page: &Path, outputs: &[(Example, String)]) {
    let text = std::fs::read_to_string(page).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // From the last, so earlier line numbers stay right.
    for (example, output) in outputs.iter().rev() {
        let new: Vec<String> = output.trim_end().lines().map(str::to_string).collect();
        lines.splice(example.output_lines.clone(), new);
    }
    std::fs::write(page, lines.join("\n") + "\n").unwrap();
}

#[test]
fn every_console_example_prints_what_the_page_shows() {
    let pages = pages();
    let results: Vec<(PathBuf, Checked)> = std::thread::scope(|scope| {
        let handles: Vec<_> = pages
            .iter()
            .map(|page| scope.spawn(move || (page.clone(), check_page(page))))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let blessing = std::env::var("HOG_BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut count = 0;
    for (page, (failed, blessed)) in &results {
        count += examples("", &std::fs::read_to_string(page).unwrap()).len();
        if blessing && !blessed.is_empty() {
            bless(page, blessed);
        }
        failures.extend(failed.iter().cloned());
    }
    assert!(count >= 40, "only {count} examples");
    assert!(
        failures.is_empty(),
        "{} of {count} examples print something else:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// mdBook's anchor for a heading: lowercase, spaces as `-`, only letters,
/// digits, `-` and `_` kept.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of a page's Markdown links `[text](target)` outside code.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code is not a link.
        let mut plain = String::new();
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                plain.push_str(part);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else {
                break;
            };
            out.push((i + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_link_lands_and_every_page_is_in_the_summary() {
    let pages = pages();
    let texts: BTreeMap<PathBuf, String> = pages
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let src = repo().join("docs/src").canonicalize().unwrap();
    let mut broken = Vec::new();
    for (page, text) in &texts {
        for (line, target) in links(text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let Ok(file) = file.canonicalize() else {
                broken.push(format!("{}:{line}: {target}: no such file", page.display()));
                continue;
            };
            // mdBook copies only docs/src: a page's link to a file of the
            // repository outside it lands nowhere in the built book.
            if page.starts_with(&src) && !file.starts_with(&src) {
                broken.push(format!(
                    "{}:{line}: {target}: outside docs/src, so not in the built book \
                     (name the file as code instead)",
                    page.display()
                ));
                continue;
            }
            if !anchor.is_empty() {
                let text = texts
                    .get(&file)
                    .cloned()
                    .unwrap_or_else(|| std::fs::read_to_string(&file).unwrap_or_default());
                if !anchors(&text).iter().any(|a| a == anchor) {
                    broken.push(format!(
                        "{}:{line}: {target}: no heading #{anchor} there",
                        page.display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    // The summary lists every page, and every page it lists exists.
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: Vec<PathBuf> = links(&summary)
        .into_iter()
        .map(|(_, target)| src.join(target))
        .collect();
    for page in pages.iter().filter(|p| p.starts_with(&src)) {
        if page.ends_with("SUMMARY.md") {
            continue;
        }
        assert!(
            listed.contains(page),
            "{} is not in SUMMARY.md",
            page.display()
        );
    }
    for page in &listed {
        assert!(
            page.is_file(),
            "SUMMARY.md lists {}, which is missing",
            page.display()
        );
    }
}

#[test]
fn the_readme_is_short() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; the book holds the rest"
    );
}

#[test]
fn the_matchers_mean_what_the_pages_say() {
    let lines = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&lines("a\n...\nd"), &["a", "d"]));
    assert!(!matches(&lines("a\n...\nd"), &["a", "b"]));
    assert!(matches(&lines("in [..] s"), &["in 0.008 s"]));
    assert!(!matches(&lines("in [..] s"), &["in 0.008 ms"]));
    assert!(matches(&lines("[..]/x/[..]/y"), &["/tmp/x/z/y"]));
    assert!(!matches(&lines("a"), &["a", "b"]));
    let text = "```console\n$ hog x \\\n  --y\n? 2\nerror: no\n$ true\n```\n";
    let found = examples("test", text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].command, "hog x \n  --y");
    assert_eq!(
        (found[0].status, found[0].expected.clone()),
        (2, vec!["error: no".to_string()])
    );
    assert_eq!(
        slug("`hog solve`: the optimal table"),
        "hog-solve-the-optimal-table"
    );
}
