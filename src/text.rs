//! Text from outside hog (a submission's `PLAYER_NAME`, an exception's
//! message, whatever a student's code prints, a file's name) made safe to
//! show: control characters written out as escapes, so that none reaches a
//! terminal as a command (an escape sequence that sets the title, clears
//! the screen or colours the rest) and none hides text (a carriage return
//! or a right-to-left override that draws later text over earlier).

use std::fmt::Write as _;

/// Whether `c` is shown as an escape: C0 controls but tab and line feed,
/// DEL, C1 controls, and the bidirectional overrides and isolates.
fn hidden(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape(c: char, out: &mut String) {
    let code = u32::from(c);
    if code < 0x100 {
        let _ = write!(out, "\\x{code:02x}");
    } else {
        let _ = write!(out, "\\u{{{code:x}}}");
    }
}

/// `text` with every control character but tab and line feed written as
/// an escape (`\x1b`, `\u{202e}`); a carriage return before a line feed is
/// kept (Windows line ends).
pub fn visible_lines(text: &str) -> String {
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            out.push(c);
        } else if hidden(c) {
            escape(c, &mut out);
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` cut to `max` characters with an ellipsis, for quoting input back.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}...", &text[..cut]),
    }
}

/// `text` as one line: line ends and tabs become spaces, every other
/// control character an escape. For error lines and names.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\t' => out.push(' '),
            c if hidden(c) => escape(c, &mut out),
            c => out.push(c),
        }
    }
    out
}

/// JSON text with the control characters JSON leaves raw (DEL, C1, the
/// bidirectional ones; it escapes C0 itself) as `\uXXXX` escapes, which
/// read back as the same characters: they can only be inside strings.
pub fn json_visible(json: &str) -> String {
    if !json.chars().any(hidden) {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if hidden(c) {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_written_out() {
        // Set the title, clear the screen, colour red: all shown, none run.
        let name = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{1b}[31mEve";
        assert_eq!(
            visible_lines(name),
            "\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mEve"
        );
        assert_eq!(one_line(name), visible_lines(name));
    }

    #[test]
    fn text_that_would_hide_other_text_is_shown() {
        assert_eq!(visible_lines("Bob\rAlice"), "Bob\\x0dAlice");
        assert_eq!(visible_lines("a\r\nb\tc\n"), "a\r\nb\tc\n");
        assert_eq!(one_line("a\r\nb\tc\n"), "a b c ");
        assert_eq!(visible_lines("x\u{202e}fdp.exe"), "x\\u{202e}fdp.exe");
        assert_eq!(visible_lines("\u{9b}31m"), "\\x9b31m");
        assert_eq!(visible_lines("\u{7f}"), "\\x7f");
    }

    #[test]
    fn json_keeps_its_meaning() {
        let value = serde_json::json!({"name": "\u{1b}[2J\u{9b}\u{202e}\u{7f}x"});
        let text = json_visible(&serde_json::to_string(&value).unwrap());
        assert!(!text.chars().any(hidden), "{text}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }

    #[test]
    fn ordinary_text_is_unchanged() {
        for text in ["", "Hog — Boar Brawl", "Ann \"A\" 🐷", "0.5692403452159005"] {
            assert_eq!(visible_lines(text), text);
            assert_eq!(one_line(text), text);
        }
    }
}
