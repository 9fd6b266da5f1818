//! Strategy specs as the command line writes them, read with the call
//! syntax of [`grammar`](super::grammar) into a [`Spec`] that is resolved
//! against a rule set into a table.

use std::fmt;
use std::path::PathBuf;

use crate::dice::MAX_DICE;
use crate::error::HogError;

use super::bind::bind;
use super::grammar::{self, Arg, Expr, FileRef, Value};

/// A parsed strategy spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spec {
    /// `always_roll(N)`.
    AlwaysRoll(u8),
    /// A course strategy by name, with the arguments as written.
    Course {
        /// The strategy's name.
        name: String,
        /// Arguments in order, each with its keyword if it had one.
        args: Vec<(Option<String>, u32)>,
    },
    /// `optimal`: the minimax table.
    Optimal,
    /// `best_response(SPEC)`.
    BestResponse(Box<Spec>),
    /// A CSV strategy table.
    Table(PathBuf),
    /// `PATH/hog.py:function`: a student's Python function.
    Python {
        /// The Python file.
        path: PathBuf,
        /// The function to tabulate.
        function: String,
    },
}

impl Spec {
    /// Whether `self` against `other` is a solution's own value: the
    /// optimum against itself, or a best response against the spec it
    /// answers (either way round).
    pub fn answers(&self, other: &Spec) -> bool {
        match (self, other) {
            (Spec::Optimal, Spec::Optimal) => true,
            (Spec::BestResponse(answered), other) | (other, Spec::BestResponse(answered)) => {
                **answered == *other
            }
            _ => false,
        }
    }

    /// Parse a spec. A spec that is the name of an existing file as a whole
    /// (`final_strategy (1).csv`, `my project/hog.py:final_strategy`) names
    /// that file even where the call syntax would read it otherwise.
    pub fn parse(text: &str) -> Result<Spec, HogError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(HogError::spec(text, "the spec is empty"));
        }
        grammar::parse(trimmed)
            .and_then(|expr| Spec::from_expr(&expr))
            .or_else(|reason| existing_file(trimmed).ok_or(reason))
            .map_err(|reason| HogError::spec(trimmed, reason))
    }

    /// The spec an expression of the call syntax stands for.
    pub fn from_expr(expr: &Expr) -> Result<Spec, String> {
        let (name, args) = match expr {
            Expr::File(FileRef::Table(path)) => return Ok(Spec::Table(path.clone())),
            Expr::File(FileRef::Python { path, function }) => {
                return Ok(Spec::Python {
                    path: path.clone(),
                    function: function.clone(),
                })
            }
            Expr::Call { name, args } => (name.as_str(), args.as_deref()),
        };
        match name {
            "optimal" => match args {
                None | Some([]) => Ok(Spec::Optimal),
                Some(_) => Err("optimal takes no arguments".into()),
            },
            "best_response" => {
                let needs = "best_response needs a strategy: best_response(SPEC)";
                let args = args.ok_or(needs)?;
                match bind(name, &["strategy"], keyed(args))?[0] {
                    None => Err(needs.into()),
                    Some(Value::Expr(inner)) => {
                        Ok(Spec::BestResponse(Box::new(Spec::from_expr(inner)?)))
                    }
                    Some(other) => Err(format!(
                        "best_response needs a strategy, not '{other}': best_response(SPEC)"
                    )),
                }
            }
            "always_roll" => {
                let exactly = "always_roll takes exactly one argument: always_roll(N)";
                let args = args.ok_or(exactly)?;
                // `num_rolls=` reads as naturally as the course's `n=`.
                let renamed = keyed(args).into_iter().map(|(k, v)| match k {
                    Some("num_rolls") => (Some("n"), v),
                    other => (other, v),
                });
                let value = bind(name, &["n"], renamed)?[0].ok_or(exactly)?;
                let n = number(value)?;
                if n > MAX_DICE as u64 {
                    return Err(format!(
                        "always_roll({n}): the number of dice must be 0..=10"
                    ));
                }
                Ok(Spec::AlwaysRoll(n as u8))
            }
            _ => {
                let args = args
                    .unwrap_or_default()
                    .iter()
                    .map(|a| {
                        let n = number(&a.value)?;
                        let n = u32::try_from(n).map_err(|_| format!("{n} is too large"))?;
                        Ok((a.keyword.clone(), n))
                    })
                    .collect::<Result<_, String>>()?;
                Ok(Spec::Course {
                    name: name.to_string(),
                    args,
                })
            }
        }
    }
}

/// Each argument as `(keyword, value)`, the shape [`bind`] takes.
pub(super) fn keyed(args: &[Arg]) -> Vec<(Option<&str>, &Value)> {
    args.iter()
        .map(|a| (a.keyword.as_deref(), &a.value))
        .collect()
}

/// A number argument, or what is wrong with the value given instead.
fn number(value: &Value) -> Result<u64, String> {
    match value {
        Value::Number(n) => Ok(*n),
        Value::Range { .. } => Err(format!("'{value}' is a range; ranges are for `hog sweep`")),
        Value::Expr(Expr::Call { name, args: None }) => Err(format!(
            "'{name}' is not a non-negative integer (a keyword argument is written {name}=N)"
        )),
        Value::Expr(other) => Err(format!(
            "'{}' is not a non-negative integer",
            grammar::clip(&other.to_string(), 40)
        )),
    }
}

/// The whole text as the name of an existing file: a table, or a Python
/// file with `:function` after it.
fn existing_file(text: &str) -> Option<Spec> {
    let as_file = grammar::file_ref(text).ok()?;
    let file = match &as_file {
        FileRef::Table(path) => path.as_path(),
        FileRef::Python { path, .. } => path.as_path(),
    };
    if !file.is_file() {
        return None;
    }
    Spec::from_expr(&Expr::File(as_file)).ok()
}

impl fmt::Display for Spec {
    /// The spec as the grammar reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::AlwaysRoll(n) => write!(f, "always_roll({n})"),
            Spec::Course { name, args } if args.is_empty() => write!(f, "{name}"),
            Spec::Course { name, args } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|(k, v)| match k {
                        Some(k) => format!("{k}={v}"),
                        None => v.to_string(),
                    })
                    .collect();
                write!(f, "{name}({})", args.join(", "))
            }
            Spec::Optimal => write!(f, "optimal"),
            Spec::BestResponse(inner) => write!(f, "best_response({inner})"),
            Spec::Table(path) => write!(f, "{}", FileRef::Table(path.clone())),
            Spec::Python { path, function } => write!(
                f,
                "{}",
                FileRef::Python {
                    path: path.clone(),
                    function: function.clone()
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course(name: &str, args: &[(Option<&str>, u32)]) -> Spec {
        Spec::Course {
            name: name.to_string(),
            args: args
                .iter()
                .map(|(k, v)| (k.map(String::from), *v))
                .collect(),
        }
    }

    #[test]
    fn parses_every_form_of_cli_md() {
        assert_eq!(Spec::parse("always_roll(6)").unwrap(), Spec::AlwaysRoll(6));
        assert_eq!(
            Spec::parse(" always_roll( 0 ) ").unwrap(),
            Spec::AlwaysRoll(0)
        );
        assert_eq!(
            Spec::parse("boar_strategy").unwrap(),
            course("boar_strategy", &[])
        );
        assert_eq!(
            Spec::parse("boar_strategy(10, 5)").unwrap(),
            course("boar_strategy", &[(None, 10), (None, 5)])
        );
        assert_eq!(
            Spec::parse("sus_strategy(threshold=12, num_rolls=6)").unwrap(),
            course(
                "sus_strategy",
                &[(Some("threshold"), 12), (Some("num_rolls"), 6)]
            )
        );
        assert_eq!(Spec::parse("optimal").unwrap(), Spec::Optimal);
        assert_eq!(
            Spec::parse("best_response(always_roll(6))").unwrap(),
            Spec::BestResponse(Box::new(Spec::AlwaysRoll(6)))
        );
        assert_eq!(
            Spec::parse("best_response(output/fa24/final_strategy.csv)").unwrap(),
            Spec::BestResponse(Box::new(Spec::Table(
                "output/fa24/final_strategy.csv".into()
            )))
        );
        assert_eq!(
            Spec::parse("mine.csv").unwrap(),
            Spec::Table("mine.csv".into())
        );
        assert_eq!(
            Spec::parse("best_response(hog/hog.py:final_strategy)").unwrap(),
            Spec::BestResponse(Box::new(Spec::Python {
                path: "hog/hog.py".into(),
                function: "final_strategy".into()
            }))
        );
        assert_eq!(
            Spec::parse("hog/hog.py:final_strategy").unwrap(),
            Spec::Python {
                path: "hog/hog.py".into(),
                function: "final_strategy".into()
            }
        );
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "always_roll(6)",
            "boar_strategy",
            "boar_strategy(10, 5)",
            "sus_strategy(threshold=12, num_rolls=6)",
            "best_response(best_response(optimal))",
        ] {
            assert_eq!(Spec::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn malformed_specs_say_what_is_wrong() {
        let err = |text: &str| Spec::parse(text).unwrap_err().to_string();
        assert!(
            err("always_roll(11)").contains("0..=10"),
            "{}",
            err("always_roll(11)")
        );
        assert!(err("always_roll()").contains("exactly one argument"));
        assert!(err("always_roll(x)").contains("'x' is not a non-negative integer"));
        assert!(err("always_roll(-1)").contains("'-1' is not a non-negative integer"));
        assert!(err("boar_strategy(10").contains("missing ')'"));
        assert!(err("boar_strategy(10 5)").contains("expected ',' or ')'"));
        assert!(err("boar_strategy(threshold)").contains("written threshold=N"));
        assert!(err("best_response").contains("needs a strategy"));
        assert!(err("optimal(3)").contains("no arguments"));
        assert!(err("").contains("empty"));
        assert!(err("optimal optimal").contains("unexpected"));
    }

    #[test]
    fn nested_specs_take_paths_python_files_and_quoted_names() {
        let table = |p: &str| Spec::Table(p.into());
        let br = |s: Spec| Spec::BestResponse(Box::new(s));
        assert_eq!(
            Spec::parse("best_response(best_response(t.csv))").unwrap(),
            br(br(table("t.csv")))
        );
        assert_eq!(
            Spec::parse("best_response(best_response(hog.py:final_strategy))").unwrap(),
            br(br(Spec::Python {
                path: "hog.py".into(),
                function: "final_strategy".into()
            }))
        );
        assert_eq!(
            Spec::parse("best_response(\"final_strategy (1).csv\")").unwrap(),
            br(table("final_strategy (1).csv"))
        );
        assert_eq!(
            Spec::parse("best_response('my project/hog.py:f')").unwrap(),
            br(Spec::Python {
                path: "my project/hog.py".into(),
                function: "f".into()
            })
        );
        for text in [
            "best_response(\"final_strategy (1).csv\")",
            "best_response(best_response(a/b.csv))",
        ] {
            assert_eq!(Spec::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn a_whole_spec_naming_an_existing_file_is_that_file() {
        let dir = tempfile::tempdir().unwrap();
        let awkward = dir.path().join("final_strategy (1).csv");
        std::fs::write(&awkward, "").unwrap();
        let text = awkward.display().to_string();
        assert_eq!(Spec::parse(&text).unwrap(), Spec::Table(awkward.clone()));
        // Without the file the same text is a malformed spec.
        std::fs::remove_file(&awkward).unwrap();
        assert!(Spec::parse(&text).is_err());
        let py = dir.path().join("my hog (2).py");
        std::fs::write(&py, "").unwrap();
        let text = format!("{}:final_strategy", py.display());
        assert_eq!(
            Spec::parse(&text).unwrap(),
            Spec::Python {
                path: py,
                function: "final_strategy".into()
            }
        );
        // A name that parses as a strategy stays the strategy.
        assert_eq!(Spec::parse("optimal").unwrap(), Spec::Optimal);
    }

    #[test]
    fn unicode_spaces_are_spaces_and_other_symbols_are_named() {
        for space in ['\u{a0}', '\u{2003}', '\u{3000}'] {
            let text = format!("always_roll({space}6{space}){space}");
            assert_eq!(Spec::parse(&text).unwrap(), Spec::AlwaysRoll(6), "{text:?}");
        }
        let err = Spec::parse("always_roll(\u{17f}6)")
            .unwrap_err()
            .to_string();
        assert!(err.contains("'\u{17f}6' is not a strategy name"), "{err}");
    }

    #[test]
    fn python_files_need_a_function_and_ranges_belong_to_sweeps() {
        let err = |text: &str| Spec::parse(text).unwrap_err().to_string();
        assert!(
            err("hog.py").contains("name the function to call, as in hog.py:final_strategy"),
            "{}",
            err("hog.py")
        );
        assert!(err("boar_strategy(1..=3)").contains("ranges are for `hog sweep`"));
        assert!(err("best_response(6)").contains("needs a strategy, not '6'"));
        assert!(err("always_roll(99999999999999)").contains("0..=10"));
        assert!(err("boar_strategy(99999999999999)").contains("too large"));
    }

    #[test]
    fn a_solution_answers_itself_and_what_it_answers() {
        let spec = |text: &str| Spec::parse(text).unwrap();
        assert!(spec("optimal").answers(&spec("optimal")));
        let br = spec("best_response( always_roll(6) )");
        assert!(br.answers(&spec("always_roll(6)")));
        assert!(spec("always_roll(6)").answers(&br));
        assert!(!br.answers(&spec("always_roll(5)")));
        assert!(!spec("optimal").answers(&spec("always_roll(6)")));
        assert!(!spec("always_roll(6)").answers(&spec("always_roll(6)")));
    }

    #[test]
    fn deep_and_huge_specs_are_refused_quickly_with_a_short_message() {
        let deep = "best_response(".repeat(20_000) + "optimal" + &")".repeat(20_000);
        let err = err_line(&deep);
        assert!(err.contains("nested more than 32 deep"), "{err}");
        assert!(err.len() < 300, "{} characters", err.len());
        let huge = "x".repeat(1 << 20) + "(";
        assert!(err_line(&huge).len() < 300);
    }

    fn err_line(text: &str) -> String {
        Spec::parse(text).unwrap_err().to_string()
    }
}
