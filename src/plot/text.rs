//! The font and the fitting of words into it: the font is embedded and
//! registered here so that pictures never depend on the fonts installed.

use std::sync::OnceLock;

use plotters::style::{register_font, FontStyle};

use super::DrawError;

/// The family name the embedded DejaVu Sans is registered under.
pub(super) const FONT: &str = "sans-serif";

/// Register DejaVu Sans with plotters, once per process.
pub(super) fn fonts_ready() -> Result<(), DrawError> {
    static READY: OnceLock<bool> = OnceLock::new();
    let ok = *READY.get_or_init(|| {
        register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
            && register_font(FONT, FontStyle::Bold, dejavu::sans::bold()).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(DrawError("the embedded DejaVu font did not load".into()))
    }
}

/// `1234567` as "1,234,567".
pub(super) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `text` cut to `max` characters with an ellipsis, for narrow legends.
pub(super) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max - 1).collect();
        kept + "\u{2026}"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_and_clip() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcdef", 4), "abc\u{2026}");
    }
}
