//! One resolver for every surface: a rule set named as the command line's
//! `--rules` names it (a preset, a built-in rule set such as `fa19`, or the
//! path of a rules file, `.toml` for components or `.py` for functions),
//! turned into [`Rules`]. The command line, the server and the Python
//! package all call [`resolve`], so each takes every rule set.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::{BuiltIn, ComposedRules, Origin, Preset, Rules};
use crate::error::HogError;
use crate::recall::FeralHogs;
use crate::rules::python::PythonRules;

/// What [`resolve`] may change of the rule set it is given.
#[derive(Debug, Clone, Copy, Default)]
pub struct Overrides {
    /// The goal, where the rule set's own is not wanted.
    pub goal: Option<u32>,
    /// For a rules file of components or a built-in rule set: the memory
    /// in place of its own (`Some(None)`: no memory).
    pub memory: Option<Option<FeralHogs>>,
    /// How long a Python rules file may take to tabulate.
    pub python_timeout: Option<Duration>,
}

/// The default time a Python rules file may take to tabulate.
pub const PYTHON_TIMEOUT: Duration = Duration::from_secs(60);

/// What a `--rules` value names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSetName<'a> {
    /// A preset of components.
    Preset(Preset),
    /// A rule set built into hog as a rules file.
    BuiltIn(BuiltIn),
    /// A rules file of components.
    Toml(&'a Path),
    /// Rules written in Python.
    Python(&'a Path),
}

impl<'a> RuleSetName<'a> {
    /// Read `text`: a preset's or a built-in rule set's name, else the path
    /// of a `.toml` or `.py` rules file.
    pub fn parse(text: &'a str) -> Result<RuleSetName<'a>, HogError> {
        RuleSetName::parse_as(text, "")
    }

    /// [`RuleSetName::parse`], its refusal naming where the text came from
    /// (`--rules`, a request's `rules`).
    pub fn parse_as(text: &'a str, label: &str) -> Result<RuleSetName<'a>, HogError> {
        let name = text.trim();
        if let Some(preset) = Preset::ALL.into_iter().find(|p| p.name() == name) {
            return Ok(RuleSetName::Preset(preset));
        }
        if let Some(built_in) = BuiltIn::from_name(name) {
            return Ok(RuleSetName::BuiltIn(built_in));
        }
        let path = Path::new(text);
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("toml") => Ok(RuleSetName::Toml(path)),
            Some("py") => Ok(RuleSetName::Python(path)),
            _ => Err(HogError::BadRules(unknown(text, label))),
        }
    }
}

/// The message for a `--rules` value that names nothing.
fn unknown(text: &str, label: &str) -> String {
    let label = if label.is_empty() {
        String::new()
    } else {
        format!("{label} ")
    };
    let shown = crate::text::one_line(&crate::text::clip(text, 60));
    let names: Vec<&str> = super::named_rule_sets().iter().map(|r| r.name).collect();
    let file = if Path::new(text).is_file() {
        format!(
            "{label}{shown} is a file, but a rules file ends in .toml (components) or .py \
             (functions)"
        )
    } else {
        format!("{label}'{shown}' is neither a rule set nor a rules file (FILE.toml or FILE.py)")
    };
    // A hint for a name misspelt, not for a path.
    let near = names
        .iter()
        .filter(|_| !text.contains(['/', '\\', '.']))
        .filter(|n| edits(n, text.trim()) <= 2)
        .min_by_key(|n| edits(n, text.trim()));
    let hint = near.map_or(String::new(), |n| format!(" (did you mean {n}?)"));
    let presets: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    let built_in = super::BUILT_IN;
    format!(
        "{file}; the rule sets are {} and {} semesters and contests from {} to {} (hog rules \
         lists them){hint}",
        presets.join(", "),
        built_in.len(),
        built_in[0].name,
        built_in[built_in.len() - 1].name
    )
}

/// The edit distance between two short words (insertions, deletions and
/// substitutions of characters), for a spelling hint.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The rules `text` names (see [`RuleSetName::parse`]), with `overrides`.
pub fn resolve(text: &str, overrides: Overrides) -> Result<Rules, HogError> {
    match RuleSetName::parse(text)? {
        RuleSetName::Preset(preset) => {
            if overrides.memory.is_some_and(|m| m.is_some()) {
                return Err(HogError::BadRules(format!(
                    "--memory takes rules from a file (--rules fa19, a .toml rules file); {} \
                     remembers nothing",
                    preset.name()
                )));
            }
            Rules::preset(preset, overrides.goal.unwrap_or(100))
        }
        RuleSetName::BuiltIn(built_in) => built_in.rules(overrides.goal, overrides.memory),
        RuleSetName::Toml(path) => from_toml(path, overrides),
        RuleSetName::Python(path) => from_python(path, overrides),
    }
}

/// A rules file of components.
pub fn from_toml(path: &Path, overrides: Overrides) -> Result<Rules, HogError> {
    let mut functions = ComposedRules::load(path, overrides.goal)?;
    if let Some(memory) = overrides.memory {
        functions = functions.with_memory(memory);
    }
    let memory = functions.memory().map(|m| Arc::new(m) as _);
    let clock = functions.clock().map(|c| Arc::new(c) as _);
    Rules::from_functions(file_name(path), Origin::RulesFile, Arc::new(functions))?
        .remembering(memory, clock)
}

/// Rules written in Python, tabulated in a process of their own.
pub fn from_python(path: &Path, overrides: Overrides) -> Result<Rules, HogError> {
    if overrides.memory.is_some() {
        return Err(HogError::BadRules(format!(
            "{}: --memory changes a rules file of components; a Python rules file says \
             what its players remember itself (MEMORY and remember)",
            path.display()
        )));
    }
    let timeout = overrides.python_timeout.unwrap_or(PYTHON_TIMEOUT);
    let functions = PythonRules::load(path, overrides.goal, timeout)?;
    let name = functions.name().to_string();
    let memory = functions.memory().cloned().map(|m| Arc::new(m) as _);
    let clock = functions.clock().cloned().map(|c| Arc::new(c) as _);
    Rules::from_functions(name, Origin::Python, Arc::new(functions))?.remembering(memory, clock)
}

/// A rules file's name in reports: its file name.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_presets_built_ins_and_files() {
        assert_eq!(
            RuleSetName::parse("digit-swap").unwrap(),
            RuleSetName::Preset(Preset::DigitSwap)
        );
        assert!(matches!(
            RuleSetName::parse(" fa19 ").unwrap(),
            RuleSetName::BuiltIn(b) if b.name == "fa19"
        ));
        assert_eq!(
            RuleSetName::parse("my/rules.TOML").unwrap(),
            RuleSetName::Toml(Path::new("my/rules.TOML"))
        );
        assert_eq!(
            RuleSetName::parse("hog.py").unwrap(),
            RuleSetName::Python(Path::new("hog.py"))
        );
        let err = RuleSetName::parse_as("fa99", "--rules")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "bad rules: --rules 'fa99' is neither a rule set nor a rules file (FILE.toml or \
             FILE.py); the rule sets are fa24, double-swap, reverse-swap, digit-swap and 31 \
             semesters and contests from fa14 to su23 (hog rules lists them) (did you mean fa19?)"
        );
        let err = RuleSetName::parse("nope").unwrap_err().to_string();
        assert!(
            err.ends_with("from fa14 to su23 (hog rules lists them)"),
            "no hint for a word far from all: {err}"
        );
        // Every semester by name.
        for name in ["fa22", "sp15", "su17", "fa21-contest"] {
            assert!(matches!(
                RuleSetName::parse(name).unwrap(),
                RuleSetName::BuiltIn(b) if b.name == name
            ));
        }
        assert_eq!(
            (edits("fa19", "fa99"), edits("double-swap", "duble-swap")),
            (1, 1)
        );
        assert_eq!(edits("", "abc"), 3);
    }

    #[test]
    fn every_kind_resolves() {
        let fa24 = resolve("fa24", Overrides::default()).unwrap();
        assert!(fa24.is_preset() && fa24.goal() == 100);
        let fa19 = resolve(
            "fa19",
            Overrides {
                goal: Some(40),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!((fa19.name(), fa19.goal()), ("fa19".to_string(), 40));
        assert!(fa19.memory().is_some());
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules");
        let toml = resolve(
            root.join("variant.toml").to_str().unwrap(),
            Overrides::default(),
        );
        assert_eq!(toml.unwrap().name(), "variant.toml");
        let missing = resolve("no/such/rules.toml", Overrides::default()).unwrap_err();
        assert!(
            missing.to_string().contains("no/such/rules.toml"),
            "{missing}"
        );
        let refused = resolve(
            "fa24",
            Overrides {
                memory: Some(Some(FeralHogs::Dice)),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert!(
            refused.to_string().contains("fa24 remembers nothing"),
            "{refused}"
        );
    }
}
