//! The one call syntax behind strategy specs and sweep grids:
//!
//! ```text
//! expr  := NAME [ '(' [ arg { ',' arg } ] ')' ] | FILE
//! arg   := [ NAME '=' ] value
//! value := NUMBER | NUMBER '..' NUMBER | NUMBER '..=' NUMBER | expr
//! FILE  := a word with '/', '\' or '.' in it (`my/table.csv`, `hog.py:f`),
//!          or any text in "double" or 'single' quotes
//! ```
//!
//! Words run until whitespace or one of `( ) , = " '`, so a path with those
//! in it is quoted inside a nested spec: `best_response("final_strategy (1).csv")`.
//! The parser reads each character once and nests at most [`MAX_DEPTH`]
//! calls, so no input can make it slow or overflow the stack.

use std::fmt;
use std::path::PathBuf;

/// Calls nested deeper than this are refused (each level of
/// `best_response` is a solve: real specs nest two or three deep).
pub const MAX_DEPTH: usize = 32;

/// A parsed expression: a call or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `name` (no parentheses: `args` is `None`) or `name(args)`.
    Call {
        /// The name called.
        name: String,
        /// The arguments, if there were parentheses.
        args: Option<Vec<Arg>>,
    },
    /// A strategy table or a Python function.
    File(FileRef),
}

/// A file named in a spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRef {
    /// A CSV strategy table.
    Table(PathBuf),
    /// `PATH.py:function`.
    Python {
        /// The Python file.
        path: PathBuf,
        /// The function in it.
        function: String,
    },
}

/// One argument of a call, with its keyword if it had one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// `name=` before the value.
    pub keyword: Option<String>,
    /// The value.
    pub value: Value,
}

/// What an argument can be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A non-negative integer.
    Number(u64),
    /// `start..=end` (`inclusive`) or `start..end`.
    Range {
        /// First value.
        start: u64,
        /// Last value (`inclusive`) or one past it.
        end: u64,
        /// Written with `..=`.
        inclusive: bool,
    },
    /// A nested expression (a strategy).
    Expr(Expr),
}

/// Parse a whole expression; the error is the reason, for the caller to
/// attach to the text.
pub fn parse(text: &str) -> Result<Expr, String> {
    let mut p = Parser {
        text,
        pos: 0,
        depth: 0,
    };
    let expr = p.expr()?;
    match p.token()? {
        None => Ok(expr),
        Some((start, _)) => Err(format!("unexpected '{}'", clip(&text[start..], 40))),
    }
}

pub use crate::text::clip;

/// Characters that end a word.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '(' | ')' | ',' | '=' | '"' | '\'')
}

/// `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_identifier(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The file a path word or a quoted string names: `PATH.py:function` is a
/// Python function; a `.py` file without `:function` is refused.
pub fn file_ref(text: &str) -> Result<FileRef, String> {
    if let Some((path, function)) = text.rsplit_once(':') {
        if is_python_path(path) && is_identifier(function) {
            return Ok(FileRef::Python {
                path: PathBuf::from(path),
                function: function.to_string(),
            });
        }
    }
    if is_python_path(text) {
        return Err(format!(
            "{} is a Python file: name the function to call, as in {}:final_strategy",
            clip(text, 80),
            clip(text, 80)
        ));
    }
    Ok(FileRef::Table(PathBuf::from(text)))
}

fn is_python_path(path: &str) -> bool {
    path.len() > 3
        && path
            .get(path.len() - 3..)
            .is_some_and(|ext| ext.eq_ignore_ascii_case(".py"))
}

/// A word that names a file rather than a strategy.
fn looks_like_path(word: &str) -> bool {
    word.contains(['/', '\\', '.'])
}

/// The length of the word at the start of `text`. An `=` right after `..`
/// stays in the word, so that a malformed range (`a..=3`) is quoted whole.
fn word_length(text: &str) -> usize {
    text.char_indices()
        .find(|&(i, c)| is_delimiter(c) && !(c == '=' && text[..i].ends_with("..")))
        .map_or(text.len(), |(i, _)| i)
}

/// A lexical token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Comma,
    Equals,
    Number(u64),
    Range(u64, u64, bool),
    Word(&'a str),
    Quoted(&'a str),
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The next token and where it starts, consuming it.
    fn token(&mut self) -> Result<Option<(usize, Token<'a>)>, String> {
        self.skip_space();
        let start = self.pos;
        let rest = self.rest();
        let Some(c) = rest.chars().next() else {
            return Ok(None);
        };
        let single = match c {
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            ',' => Some(Token::Comma),
            '=' => Some(Token::Equals),
            _ => None,
        };
        if let Some(token) = single {
            self.pos += 1;
            return Ok(Some((start, token)));
        }
        if c == '"' || c == '\'' {
            let body = &rest[1..];
            let Some(end) = body.find(c) else {
                return Err(format!("missing the closing {c} of {}", clip(rest, 40)));
            };
            self.pos += end + 2;
            return Ok(Some((start, Token::Quoted(&body[..end]))));
        }
        if let Some((len, token)) = number_or_range(rest)? {
            self.pos += len;
            return Ok(Some((start, token)));
        }
        let len = word_length(rest);
        self.pos += len;
        Ok(Some((start, Token::Word(&rest[..len]))))
    }

    /// Look at the next token without consuming it.
    fn peek(&mut self) -> Result<Option<Token<'a>>, String> {
        let saved = self.pos;
        let token = self.token()?.map(|(_, t)| t);
        self.pos = saved;
        Ok(token)
    }

    fn expr(&mut self) -> Result<Expr, String> {
        match self.token()? {
            None => Err("expected a strategy".into()),
            Some((_, token)) => self.expr_from(token),
        }
    }

    /// The expression that starts with `token`.
    fn expr_from(&mut self, token: Token<'a>) -> Result<Expr, String> {
        match token {
            Token::Word(word) if is_identifier(word) => {
                let args = if self.peek()? == Some(Token::Open) {
                    self.token()?;
                    Some(self.arguments(word)?)
                } else {
                    None
                };
                Ok(Expr::Call {
                    name: word.to_string(),
                    args,
                })
            }
            Token::Word(word) if word.starts_with(['-', '+']) => Err(format!(
                "'{}' is not a non-negative integer",
                clip(word, 40)
            )),
            Token::Word(word) if looks_like_path(word) => Ok(Expr::File(file_ref(word)?)),
            Token::Quoted(text) => Ok(Expr::File(file_ref(text)?)),
            Token::Word(word) => Err(format!(
                "'{}' is not a strategy name or a file path",
                clip(word, 40)
            )),
            other => Err(format!("expected a strategy name at {}", describe(&other))),
        }
    }

    /// The arguments after `name(`, through the closing `)`.
    fn arguments(&mut self, name: &str) -> Result<Vec<Arg>, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("calls nested more than {MAX_DEPTH} deep"));
        }
        let mut args = Vec::new();
        if self.peek()? == Some(Token::Close) {
            self.token()?;
            self.depth -= 1;
            return Ok(args);
        }
        loop {
            let first = self.token()?;
            let keyword = match (&first, self.peek()?) {
                (Some((_, Token::Word(word))), Some(Token::Equals)) if is_identifier(word) => {
                    self.token()?;
                    Some(word.to_string())
                }
                _ => None,
            };
            let token = if keyword.is_some() {
                self.token()?
            } else {
                first
            };
            let value = match token {
                None => return Err(missing_close(name)),
                Some((_, Token::Number(n))) => Value::Number(n),
                Some((_, Token::Range(start, end, inclusive))) => Value::Range {
                    start,
                    end,
                    inclusive,
                },
                Some((_, token)) => Value::Expr(self.expr_from(token)?),
            };
            args.push(Arg { keyword, value });
            match self.token()? {
                Some((_, Token::Close)) => break,
                Some((_, Token::Comma)) => {
                    // A trailing comma, as Python allows.
                    if self.peek()? == Some(Token::Close) {
                        self.token()?;
                        break;
                    }
                }
                None => return Err(missing_close(name)),
                Some((_, other)) => {
                    return Err(format!("expected ',' or ')' at {}", describe(&other)))
                }
            }
        }
        self.depth -= 1;
        Ok(args)
    }
}

fn missing_close(name: &str) -> String {
    format!("missing ')' after the arguments of {}", clip(name, 40))
}

/// A token quoted back in an error.
fn describe(token: &Token<'_>) -> String {
    match token {
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::Comma => "','".into(),
        Token::Equals => "'='".into(),
        Token::Number(n) => format!("'{n}'"),
        Token::Range(a, b, true) => format!("'{a}..={b}'"),
        Token::Range(a, b, false) => format!("'{a}..{b}'"),
        Token::Word(w) => format!("'{}'", clip(w, 40)),
        Token::Quoted(q) => format!("'\"{}\"'", clip(q, 40)),
    }
}

/// A number or a range at the start of `text`, with its length in bytes;
/// `None` when the text starts otherwise (or digits run into a word, as in
/// `2024/table.csv`).
fn number_or_range(text: &str) -> Result<Option<(usize, Token<'_>)>, String> {
    let digits = |t: &str| t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let first = digits(text);
    if first == 0 {
        return Ok(None);
    }
    let after = &text[first..];
    let (op, inclusive) = if after.starts_with("..=") {
        (3, true)
    } else if after.starts_with("..") {
        (2, false)
    } else {
        (0, false)
    };
    let ends_here = |t: &str| t.chars().next().is_none_or(is_delimiter);
    if op > 0 {
        let second = digits(&after[op..]);
        if second > 0 && ends_here(&after[op + second..]) {
            let start = number(&text[..first])?;
            let end = number(&after[op..op + second])?;
            return Ok(Some((
                first + op + second,
                Token::Range(start, end, inclusive),
            )));
        }
    } else if ends_here(after) {
        return Ok(Some((first, Token::Number(number(&text[..first])?))));
    }
    Ok(None)
}

fn number(digits: &str) -> Result<u64, String> {
    digits
        .parse()
        .map_err(|_| format!("{} is too large", clip(digits, 40)))
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::Range {
                start,
                end,
                inclusive: true,
            } => write!(f, "{start}..={end}"),
            Value::Range { start, end, .. } => write!(f, "{start}..{end}"),
            Value::Expr(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Call { name, args: None } => write!(f, "{name}"),
            Expr::Call {
                name,
                args: Some(args),
            } => {
                write!(f, "{name}(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    if let Some(k) = &arg.keyword {
                        write!(f, "{k}=")?;
                    }
                    write!(f, "{}", arg.value)?;
                }
                write!(f, ")")
            }
            Expr::File(file) => write!(f, "{file}"),
        }
    }
}

impl fmt::Display for FileRef {
    /// As the grammar reads it back: quoted when the path is not a plain word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            FileRef::Table(path) => path.display().to_string(),
            FileRef::Python { path, function } => format!("{}:{function}", path.display()),
        };
        let plain = looks_like_path(&text)
            && word_length(&text) == text.len()
            && !text.starts_with(['-', '+'])
            && number_or_range(&text).ok().flatten().is_none();
        if plain {
            write!(f, "{text}")
        } else if text.contains('"') {
            write!(f, "'{text}'")
        } else {
            write!(f, "\"{text}\"")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, args: Option<Vec<Arg>>) -> Expr {
        Expr::Call {
            name: name.into(),
            args,
        }
    }

    fn arg(keyword: Option<&str>, value: Value) -> Arg {
        Arg {
            keyword: keyword.map(String::from),
            value,
        }
    }

    #[test]
    fn calls_numbers_ranges_and_files() {
        assert_eq!(parse("optimal").unwrap(), call("optimal", None));
        assert_eq!(
            parse(" optimal ( ) ").unwrap(),
            call("optimal", Some(vec![]))
        );
        assert_eq!(
            parse("s(threshold=0..=20, 1..4, 7,)").unwrap(),
            call(
                "s",
                Some(vec![
                    arg(
                        Some("threshold"),
                        Value::Range {
                            start: 0,
                            end: 20,
                            inclusive: true
                        }
                    ),
                    arg(
                        None,
                        Value::Range {
                            start: 1,
                            end: 4,
                            inclusive: false
                        }
                    ),
                    arg(None, Value::Number(7)),
                ])
            )
        );
        assert_eq!(
            parse("best_response(best_response(t.csv))").unwrap(),
            call(
                "best_response",
                Some(vec![arg(
                    None,
                    Value::Expr(call(
                        "best_response",
                        Some(vec![arg(
                            None,
                            Value::Expr(Expr::File(FileRef::Table("t.csv".into())))
                        )])
                    ))
                )])
            )
        );
        assert_eq!(
            parse("best_response(\"final_strategy (1).csv\")").unwrap(),
            call(
                "best_response",
                Some(vec![arg(
                    None,
                    Value::Expr(Expr::File(FileRef::Table("final_strategy (1).csv".into())))
                )])
            )
        );
        assert_eq!(
            parse("2024/hog.py:final_strategy").unwrap(),
            Expr::File(FileRef::Python {
                path: "2024/hog.py".into(),
                function: "final_strategy".into()
            })
        );
        assert_eq!(
            parse("'it''s'").unwrap_err(),
            "unexpected ''s''",
            "quotes do not nest or escape"
        );
    }

    #[test]
    fn display_reads_back_the_same() {
        for text in [
            "optimal",
            "f(1, k=2..=3, 4..5)",
            "best_response(best_response(my/t.csv))",
            "best_response(\"final_strategy (1).csv\")",
            "best_response('say \"hi\".csv')",
            "\"dir with space/hog.py:final_strategy\"",
            "\"12\"",
        ] {
            let expr = parse(text).unwrap();
            assert_eq!(expr.to_string(), text);
            assert_eq!(parse(&expr.to_string()).unwrap(), expr);
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let err = |t: &str| parse(t).unwrap_err();
        assert_eq!(err(""), "expected a strategy");
        assert_eq!(err("f(1"), "missing ')' after the arguments of f");
        assert_eq!(err("f(1 2)"), "expected ',' or ')' at '2'");
        assert_eq!(err("f(-1)"), "'-1' is not a non-negative integer");
        assert_eq!(err("f g"), "unexpected 'g'");
        assert_eq!(err("(("), "expected a strategy name at '('");
        assert_eq!(err("a-b"), "'a-b' is not a strategy name or a file path");
        assert_eq!(err("f('x"), "missing the closing ' of 'x");
        assert_eq!(
            err("f(99999999999999999999999)"),
            "99999999999999999999999 is too large"
        );
        assert!(err("hog.py").contains("name the function to call, as in hog.py:final_strategy"));
    }

    #[test]
    fn unicode_whitespace_and_symbols_never_split_a_character() {
        assert_eq!(
            parse("always_roll(\u{a0}6\u{2003})\u{3000}").unwrap(),
            call("always_roll", Some(vec![arg(None, Value::Number(6))]))
        );
        assert_eq!(
            err_of("f(\u{e9})"),
            "'\u{e9}' is not a strategy name or a file path"
        );
        assert_eq!(
            err_of("\u{1f40e}"),
            "'\u{1f40e}' is not a strategy name or a file path"
        );
    }

    fn err_of(t: &str) -> String {
        parse(t).unwrap_err()
    }

    #[test]
    fn depth_is_limited_and_parsing_is_linear() {
        let nest = |n: usize| "f(".repeat(n) + "1" + &")".repeat(n);
        assert!(parse(&nest(MAX_DEPTH)).is_ok());
        assert_eq!(
            parse(&nest(MAX_DEPTH + 1)).unwrap_err(),
            format!("calls nested more than {MAX_DEPTH} deep")
        );
        // A million levels stop at the limit, long before the stack would;
        // half a million arguments are read in one pass.
        assert!(parse(&nest(1_000_000)).is_err());
        let long = "f(".to_string() + &"1,".repeat(500_000) + "1)";
        match parse(&long).unwrap() {
            Expr::Call {
                args: Some(args), ..
            } => assert_eq!(args.len(), 500_001),
            other => panic!("{other:?}"),
        }
    }
}
