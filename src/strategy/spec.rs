//! Strategy specs as the command line writes them (see CLI.md), parsed into
//! a [`Spec`] that is resolved against a rule set into a table.

use std::fmt;
use std::path::PathBuf;

use crate::error::HogError;

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
    /// Parse a spec.
    pub fn parse(text: &str) -> Result<Spec, HogError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(HogError::spec(text, "the spec is empty"));
        }
        if let Some(spec) = python_spec(trimmed) {
            return Ok(spec);
        }
        if looks_like_path(trimmed) {
            return Ok(Spec::Table(PathBuf::from(trimmed)));
        }
        let mut parser = Parser {
            text: trimmed,
            pos: 0,
            whole: text,
        };
        let spec = parser.spec()?;
        parser.skip_space();
        if parser.pos != trimmed.len() {
            return Err(parser.error(format!("unexpected '{}'", &trimmed[parser.pos..])));
        }
        Ok(spec)
    }
}

/// `something.py:function`.
fn python_spec(text: &str) -> Option<Spec> {
    let (path, function) = text.rsplit_once(':')?;
    let identifier = function
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        && function.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    if !path.ends_with(".py") || path.contains('(') || !identifier {
        return None;
    }
    Some(Spec::Python {
        path: PathBuf::from(path),
        function: function.to_string(),
    })
}

/// Anything with a path separator or a file extension is a table file, so a
/// table in the current folder needs no `./`.
fn looks_like_path(text: &str) -> bool {
    !text.contains('(') && (text.contains('/') || text.contains('\\') || text.contains('.'))
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    whole: &'a str,
}

impl Parser<'_> {
    fn error(&self, reason: impl Into<String>) -> HogError {
        HogError::spec(self.whole.trim(), reason)
    }

    fn skip_space(&mut self) {
        while self.text[self.pos..].starts_with(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn identifier(&mut self) -> Result<&str, HogError> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if len == 0 || rest.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(self.error(match rest.chars().next() {
                Some(c) => format!("expected a strategy name at '{c}'"),
                None => "expected a strategy name".to_string(),
            }));
        }
        self.pos += len;
        Ok(&rest[..len])
    }

    fn number(&mut self) -> Result<u32, HogError> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let digits = &rest[..len];
        if digits.is_empty() {
            let token: String = rest
                .chars()
                .take_while(|c| !matches!(c, ',' | ')'))
                .collect();
            return Err(self.error(format!("'{}' is not a non-negative integer", token.trim())));
        }
        self.pos += len;
        digits
            .parse()
            .map_err(|_| self.error(format!("{digits} is too large")))
    }

    fn spec(&mut self) -> Result<Spec, HogError> {
        let name = self.identifier()?.to_string();
        match name.as_str() {
            "optimal" => {
                if self.eat('(') && !self.eat(')') {
                    return Err(self.error("optimal takes no arguments"));
                }
                Ok(Spec::Optimal)
            }
            "best_response" => {
                if !self.eat('(') {
                    return Err(self.error("best_response needs a strategy: best_response(SPEC)"));
                }
                let inner = self.inner_spec()?;
                if !self.eat(')') {
                    return Err(self.error("missing ')' after best_response's strategy"));
                }
                Ok(Spec::BestResponse(Box::new(inner)))
            }
            _ => {
                let args = if self.eat('(') {
                    self.arguments()?
                } else {
                    Vec::new()
                };
                if name == "always_roll" {
                    return self.always_roll(args);
                }
                Ok(Spec::Course { name, args })
            }
        }
    }

    /// The argument of `best_response(...)`: a nested spec or a file path.
    fn inner_spec(&mut self) -> Result<Spec, HogError> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        // A path runs to the last ')' of the whole spec.
        let end = rest.rfind(')').unwrap_or(rest.len());
        let candidate = rest[..end].trim();
        if let Some(spec) = python_spec(candidate) {
            self.pos += end;
            return Ok(spec);
        }
        if looks_like_path(candidate) {
            self.pos += end;
            return Ok(Spec::Table(PathBuf::from(candidate)));
        }
        self.spec()
    }

    fn arguments(&mut self) -> Result<Vec<(Option<String>, u32)>, HogError> {
        let mut args = Vec::new();
        if self.eat(')') {
            return Ok(args);
        }
        loop {
            let start = self.pos;
            let keyword = if self
                .peek()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            {
                let key = self.identifier()?.to_string();
                if !self.eat('=') {
                    self.pos = start;
                    return Err(self.error(format!(
                        "'{key}' is not a non-negative integer (a keyword argument is written {key}=N)"
                    )));
                }
                Some(key)
            } else {
                None
            };
            let value = self.number()?;
            args.push((keyword, value));
            if self.eat(')') {
                return Ok(args);
            }
            if !self.eat(',') {
                return Err(match self.peek() {
                    None => self.error("missing ')'"),
                    Some(c) => self.error(format!("expected ',' or ')' at '{c}'")),
                });
            }
        }
    }

    fn always_roll(&self, args: Vec<(Option<String>, u32)>) -> Result<Spec, HogError> {
        let n = match args.as_slice() {
            [(None, n)] => *n,
            [(Some(key), n)] if key == "n" || key == "num_rolls" => *n,
            [(Some(key), _)] => {
                return Err(self.error(format!("always_roll has no parameter '{key}'; it takes n")))
            }
            _ => return Err(self.error("always_roll takes exactly one argument: always_roll(N)")),
        };
        if n > 10 {
            return Err(self.error(format!(
                "always_roll({n}): the number of dice must be 0..=10"
            )));
        }
        Ok(Spec::AlwaysRoll(n as u8))
    }
}

impl fmt::Display for Spec {
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
            Spec::Table(path) => write!(f, "{}", path.display()),
            Spec::Python { path, function } => write!(f, "{}:{function}", path.display()),
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
}
