//! The bitmap backend with our own text: plotters' `BitMapBackend` for
//! every shape, and [`Line`] for every word, blended onto the same pixels.

use plotters::backend::BitMapBackend;
use plotters::style::FontTransform;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

use super::text::Line;

/// A [`BitMapBackend`] whose text is set by [`Line`].
pub(super) struct Pixels<'a>(pub(super) BitMapBackend<'a>);

type Error<'a> = DrawingErrorKind<<BitMapBackend<'a> as DrawingBackend>::ErrorType>;

fn line<S: BackendTextStyle>(text: &str, style: &S) -> Result<Line, Error<'static>> {
    Line::new(text, style.style(), style.size()).map_err(|e| DrawingErrorKind::FontError(e.into()))
}

impl<'a> DrawingBackend for Pixels<'a> {
    type ErrorType = <BitMapBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), Error<'a>> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), Error<'a>> {
        self.0.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error<'a>> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error<'a>> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error<'a>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error<'a>> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error<'a>> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error<'a>> {
        self.0.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), Error<'a>> {
        self.0.blit_bitmap(pos, size, src)
    }

    /// The text's coverage turned by the style's transform (quarter turns
    /// map pixels to pixels) and blended in the text's colour.
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        (x, y): BackendCoord,
    ) -> Result<(), Error<'a>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let coverage = line(text, style)?.coverage(style.anchor());
        let turn = style.transform();
        for (u, v, alpha) in coverage.pixels() {
            // Pixel (u, v) of the upright text covers [u, u+1) x [v, v+1).
            let at = match turn {
                FontTransform::None => (x + u, y + v),
                FontTransform::Rotate90 => (x - v - 1, y + u),
                FontTransform::Rotate180 => (x - u - 1, y - v - 1),
                FontTransform::Rotate270 => (x + v, y - u - 1),
            };
            let ink = BackendColor {
                alpha: color.alpha * f64::from(alpha),
                rgb: color.rgb,
            };
            self.0.draw_pixel(at, ink)?;
        }
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), Error<'a>> {
        let line = line(text, style)?;
        Ok((line.width.ceil() as u32, style.size().ceil() as u32))
    }
}

#[cfg(test)]
mod tests {
    use ab_glyph::{Font, FontRef};
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use plotters::style::FontStyle;

    use super::*;
    use crate::plot::text::FONT;

    const SIZE: f64 = 40.0;
    const W: u32 = 400;
    const H: u32 = 400;

    /// `text` in black on white, anchored top-left at `at`, turned by `turn`.
    fn render(text: &str, at: (i32, i32), turn: FontTransform) -> Vec<u8> {
        render_at(text, at, turn, Pos::new(HPos::Left, VPos::Top))
    }

    fn render_at(text: &str, at: (i32, i32), turn: FontTransform, anchor: Pos) -> Vec<u8> {
        let mut rgb = vec![255u8; (W * H * 3) as usize];
        {
            let root = Pixels(BitMapBackend::with_buffer(&mut rgb, (W, H))).into_drawing_area();
            let style = TextStyle::from((FONT, SIZE, FontStyle::Normal).into_font())
                .color(&BLACK)
                .transform(turn)
                .pos(anchor);
            root.draw(&Text::new(text, at, style)).unwrap();
            root.present().unwrap();
        }
        rgb
    }

    /// The ink (0 paper to 255 black) of pixel `(x, y)`.
    fn ink(rgb: &[u8], (x, y): (u32, u32)) -> u8 {
        255 - rgb[((y * W + x) * 3) as usize]
    }

    /// Runs of columns in which some pixel is at least half inked.
    fn ink_runs(rgb: &[u8]) -> Vec<(u32, u32)> {
        let inked = |x| (0..H).any(|y| ink(rgb, (x, y)) >= 128);
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for x in 0..W {
            if inked(x) {
                match runs.last_mut() {
                    Some(run) if run.1 + 1 == x => run.1 = x,
                    _ => runs.push((x, x)),
                }
            }
        }
        runs
    }

    /// Where the font itself puts each glyph's ink along x, from its
    /// advances, kerning and outline bounds, with the pen starting at `x0`.
    fn font_ink_spans(text: &str, x0: f32) -> Vec<(f32, f32)> {
        let font = FontRef::try_from_slice(dejavu::sans::regular()).unwrap();
        let px = (SIZE as f32 / 1.24) / font.units_per_em().unwrap();
        let mut pen = 0.0;
        let mut previous = None;
        let mut spans = Vec::new();
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = previous {
                pen += font.kern_unscaled(p, id);
            }
            if let Some(outline) = font.outline(id) {
                let b = outline.bounds;
                spans.push((x0 + (pen + b.min.x) * px, x0 + (pen + b.max.x) * px));
            }
            pen += font.h_advance_unscaled(id);
            previous = Some(id);
        }
        spans
    }

    #[test]
    fn every_glyph_sits_where_the_font_advances_put_it() {
        // "h" and "b" have a left side bearing of 2.9 px here; plotters'
        // own text path dropped the whole pixels of it ("th e", "b ottom").
        for text in ["the bottom", "opponent's"] {
            let runs = ink_runs(&render(text, (20, 20), FontTransform::None));
            let spans = font_ink_spans(text, 20.0);
            assert_eq!(runs.len(), spans.len(), "{text}: {runs:?}");
            for (i, (&(first, last), &(left, right))) in runs.iter().zip(&spans).enumerate() {
                // Half-inked columns lie within a pixel of the outline's edges.
                assert!(
                    (first as f32 - left).abs() <= 1.0 && (last as f32 + 1.0 - right).abs() <= 1.0,
                    "{text}, glyph {i}: ink {first}..={last}, font {left:.2}..{right:.2}"
                );
            }
        }
    }

    #[test]
    fn turned_text_is_the_upright_text_turned() {
        let upright = render("the bottom", (20, 100), FontTransform::None);
        // Rotate270 reads bottom to top: upright (x, y) lands at
        // (y - 100 + 20, 20 + 350 - 1 - (x - 20)) for an anchor at (20, 350).
        let turned = render("the bottom", (20, 350), FontTransform::Rotate270);
        let mut inked = 0;
        for y in 0..H {
            for x in 0..W {
                let a = ink(&upright, (x, y));
                if a == 0 {
                    continue;
                }
                inked += 1;
                let (tx, ty) = (y + 20 - 100, 20 + 350 - 1 - x);
                assert_eq!(ink(&turned, (tx, ty)), a, "upright ({x}, {y})");
            }
        }
        assert!(inked > 200, "{inked} inked pixels");
        let count = |rgb: &[u8]| rgb.chunks(3).filter(|p| p[0] < 255).count();
        assert_eq!(count(&turned), inked, "nothing else is drawn");
    }

    #[test]
    fn centred_digits_straddle_their_anchor() {
        // Tick labels: the digits' middle on the tick, their middle column
        // on the anchor for a centred label.
        let anchor = Pos::new(HPos::Center, VPos::Center);
        let rgb = render_at("90", (200, 200), FontTransform::None, anchor);
        let rows: Vec<u32> = (0..H)
            .filter(|&y| (0..W).any(|x| ink(&rgb, (x, y)) >= 128))
            .collect();
        let middle = (rows[0] + rows[rows.len() - 1] + 1) as f32 / 2.0;
        assert!((middle - 200.0).abs() <= 1.5, "rows {rows:?}");
        let runs = ink_runs(&rgb);
        let centre = (runs[0].0 + runs[runs.len() - 1].1 + 1) as f32 / 2.0;
        assert!((centre - 200.0).abs() <= 1.5, "columns {runs:?}");
    }

    #[test]
    fn text_is_drawn_the_same_way_every_time() {
        let a = render(
            "Dice rolled by optimal \u{2192}",
            (5, 50),
            FontTransform::None,
        );
        let b = render(
            "Dice rolled by optimal \u{2192}",
            (5, 50),
            FontTransform::None,
        );
        assert!(a == b);
    }
}
