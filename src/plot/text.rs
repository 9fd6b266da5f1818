//! Words: the embedded DejaVu Sans, so that pictures never depend on the
//! fonts installed, laid out and rasterized here for the bitmap. plotters'
//! own ab_glyph path puts each glyph's coverage at the truncated pen
//! position and drops the glyph's left side bearing (`px_bounds().min.x`),
//! so letters with a bearing of a pixel or more ("h", "b") shift left and
//! "the" reads "th e". Here advances and kerning stay in f32 and each glyph
//! is rasterized at its own sub-pixel position. The SVG keeps `<text>`
//! elements for the viewer to lay out.

use std::sync::OnceLock;

use ab_glyph::{point, Font, FontRef, Glyph, OutlinedGlyph, PxScale, ScaleFont};
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontStyle;

use super::DrawError;

/// The family the SVG asks for: DejaVu Sans where the viewer has it.
pub(super) const FONT: &str = "DejaVu Sans, sans-serif";

/// plotters' SVG backend writes `font-size` as a style's size / 1.24; the
/// bitmap takes its em the same way so that both formats agree.
const SIZE_PER_EM: f32 = 1.24;

/// DejaVu Sans Bold for bold text, DejaVu Sans for everything else.
fn face(style: FontStyle) -> Result<&'static FontRef<'static>, DrawError> {
    static REGULAR: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    static BOLD: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    let (cell, bytes) = match style {
        FontStyle::Bold => (&BOLD, dejavu::sans::bold()),
        _ => (&REGULAR, dejavu::sans::regular()),
    };
    cell.get_or_init(|| FontRef::try_from_slice(bytes).ok())
        .as_ref()
        .ok_or_else(|| DrawError("the embedded DejaVu font did not load".into()))
}

/// One line of text set in a face at a size: its glyphs on the baseline
/// `y = 0`, the first at pen position `x = 0`.
pub(super) struct Line {
    font: &'static FontRef<'static>,
    glyphs: Vec<Glyph>,
    /// Pixels per em.
    em: f32,
    /// The advance width: the pen position after the last glyph.
    pub(super) width: f32,
}

impl Line {
    /// `text` in `style` at plotters' font size `size`.
    pub(super) fn new(text: &str, style: FontStyle, size: f64) -> Result<Line, DrawError> {
        let font = face(style)?;
        let em = size as f32 / SIZE_PER_EM;
        // ab_glyph scales by the line height (ascent - descent), not the em.
        let scale = PxScale::from(em * font.height_unscaled() / units_per_em(font));
        let scaled = font.as_scaled(scale);
        let mut glyphs = Vec::with_capacity(text.len());
        let mut pen = 0.0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id);
            }
            glyphs.push(id.with_scale_and_position(scale, point(pen, 0.0)));
            pen += scaled.h_advance(id);
            previous = Some(id);
        }
        Ok(Line {
            font,
            glyphs,
            em,
            width: pen,
        })
    }

    /// How far below a point anchored at `v` the baseline lies: as the SVG
    /// backend's `dy` puts it for the top (0.76 em) and the bottom (half an
    /// x-height up), and half the height of the digits for the centre, so
    /// that tick labels and legend rows sit level with their marks.
    fn baseline(&self, v: VPos) -> f32 {
        let height = |c| {
            // The glyph's top in font units (y up; ab_glyph keeps it in min.y).
            let outline = self.font.outline(self.font.glyph_id(c));
            let top = outline.map_or(0.5 * units_per_em(self.font), |o| {
                o.bounds.min.y.max(o.bounds.max.y)
            });
            top / units_per_em(self.font) * self.em
        };
        match v {
            VPos::Top => 0.76 * self.em,
            VPos::Center => 0.5 * height('0'),
            VPos::Bottom => -0.5 * height('x'),
        }
    }

    /// The glyphs placed for the anchor `pos` at the origin. The line's
    /// start and baseline are rounded to whole pixels, so a word looks the
    /// same wherever it is drawn; the glyphs within keep their fractions.
    fn placed(&self, pos: Pos) -> Vec<OutlinedGlyph> {
        let dx = match pos.h_pos {
            HPos::Left => 0.0,
            HPos::Center => -0.5 * self.width,
            HPos::Right => -self.width,
        }
        .round();
        let dy = self.baseline(pos.v_pos).round();
        self.glyphs
            .iter()
            .filter_map(|g| {
                let mut g = g.clone();
                g.position = point(g.position.x + dx, g.position.y + dy);
                self.font.outline_glyph(g)
            })
            .collect()
    }

    /// The line's anti-aliased coverage for the anchor `pos` at the origin.
    pub(super) fn coverage(&self, pos: Pos) -> Coverage {
        let glyphs = self.placed(pos);
        let Some(first) = glyphs.first() else {
            return Coverage::default();
        };
        let mut b = first.px_bounds();
        for g in &glyphs {
            let r = g.px_bounds();
            b.min = point(b.min.x.min(r.min.x), b.min.y.min(r.min.y));
            b.max = point(b.max.x.max(r.max.x), b.max.y.max(r.max.y));
        }
        let (left, top) = (b.min.x as i32, b.min.y as i32);
        let width = (b.max.x - b.min.x) as usize;
        let height = (b.max.y - b.min.y) as usize;
        let mut alpha = vec![0f32; width * height];
        for g in &glyphs {
            let r = g.px_bounds();
            let (x0, y0) = (
                (r.min.x as i32 - left) as usize,
                (r.min.y as i32 - top) as usize,
            );
            // Neighbours may overlap (kerning): add, but never past full ink.
            g.draw(|x, y, c| {
                let a = &mut alpha[(y0 + y as usize) * width + x0 + x as usize];
                *a = (*a + c).min(1.0);
            });
        }
        Coverage {
            left,
            top,
            width,
            alpha,
        }
    }
}

fn units_per_em(font: &FontRef<'_>) -> f32 {
    font.units_per_em().unwrap_or(2048.0)
}

/// Ink per pixel of a line of text, relative to its anchor.
#[derive(Debug, Default)]
pub(super) struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    /// Row by row, 0 (paper) to 1 (full ink).
    alpha: Vec<f32>,
}

impl Coverage {
    /// `(x, y, alpha)` of every pixel with some ink, row by row.
    pub(super) fn pixels(&self) -> impl Iterator<Item = (i32, i32, f32)> + '_ {
        self.alpha
            .iter()
            .enumerate()
            .filter(|(_, &a)| a > 0.0)
            .map(|(i, &a)| {
                let (x, y) = (i % self.width, i / self.width);
                (self.left + x as i32, self.top + y as i32, a)
            })
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
