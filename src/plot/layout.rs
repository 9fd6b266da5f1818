//! Pixel geometry, kept apart from drawing so that tests (and callers
//! checking a cell's colour) can find a cell's pixels without drawing.

use std::ops::Range;

use plotters::prelude::*;
use plotters::style::FontStyle;

use super::palette::INK;
use super::text::FONT;
use crate::error::HogError;

/// The default picture size in pixels, `(width, height)`: the heatmap,
/// its labels and the legend fill it with nothing left over.
pub const DEFAULT_SIZE: (u32, u32) = (900, 750);

/// The smallest picture size that still leaves room for the legend.
pub const MIN_SIZE: (u32, u32) = (400, 300);

/// The largest width or height accepted (an RGB buffer of 5000 x 5000 is 75 MB).
pub const MAX_SIDE: u32 = 5000;

/// Where everything goes in a picture of a given size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
    /// The goal: the heatmap has `goal x goal` cells.
    pub goal: u32,
    /// Left edge of the heatmap square.
    pub left: i32,
    /// Top edge of the heatmap square.
    pub top: i32,
    /// Side of the heatmap square in pixels.
    pub side: i32,
    /// Top-left corner of everything drawn: more than `(0, 0)` when the
    /// picture is wider or taller than the square needs.
    origin: (i32, i32),
    /// Font and margin scale relative to the default size.
    scale: f64,
}

impl Layout {
    /// The layout of a `width x height` picture of a game to `goal`.
    pub fn new((width, height): (u32, u32), goal: u32) -> Result<Layout, HogError> {
        let in_range = |v: u32, min: u32| (min..=MAX_SIDE).contains(&v);
        if !in_range(width, MIN_SIZE.0) || !in_range(height, MIN_SIZE.1) {
            return Err(HogError::BadArgument(format!(
                "plot size {width}x{height} must be between {}x{} and {MAX_SIDE}x{MAX_SIDE}",
                MIN_SIZE.0, MIN_SIZE.1
            )));
        }
        if goal == 0 {
            return Err(HogError::BadGoal("goal must be at least 1".into()));
        }
        // Below MIN_SCALE the words get too small to read; the heatmap gives
        // up the room instead (MIN_SIZE still fits everything at it).
        let scale = (f64::from(width) / f64::from(DEFAULT_SIZE.0))
            .min(f64::from(height) / f64::from(DEFAULT_SIZE.1))
            .max(MIN_SCALE);
        let px = |v: f64| (v * scale).round() as i32;
        let left = px(MARGIN + Y_LABELS);
        let top = px(TITLE_HEIGHT);
        let across = width as i32 - left - px(LEGEND_WIDTH + MARGIN);
        let down = height as i32 - top - px(X_LABELS + MARGIN);
        let side = across.min(down);
        // The square leaves room over one way: centre the whole picture in
        // it rather than leave a blank band at the bottom or the right.
        let origin = ((across - side) / 2, (down - side) / 2);
        Ok(Layout {
            width,
            height,
            goal,
            left: origin.0 + left,
            top: origin.1 + top,
            side,
            origin,
            scale,
        })
    }

    /// The default layout for a game to `goal`.
    pub fn default_for(goal: u32) -> Layout {
        Layout::new(DEFAULT_SIZE, goal).expect("the default size is valid")
    }

    /// Pixels `start..end` along one axis covered by cell `i` of `goal`,
    /// counted from the axis origin. Cells tile the side exactly; with more
    /// cells than pixels some cells get no pixel (see [`Layout::samples`]).
    fn span(&self, i: u32) -> Range<i32> {
        let at = |i: u32| (i64::from(i) * i64::from(self.side) / i64::from(self.goal)) as i32;
        at(i)..at(i + 1)
    }

    /// The pixel columns covered by the cells with opponent score `opponent`.
    pub fn x_span(&self, opponent: u32) -> Range<i32> {
        let r = self.span(opponent);
        self.left + r.start..self.left + r.end
    }

    /// The pixel rows covered by the cells with own score `score` (score 0
    /// at the bottom).
    pub fn y_span(&self, score: u32) -> Range<i32> {
        let r = self.span(score);
        let bottom = self.top + self.side;
        bottom - r.end..bottom - r.start
    }

    /// The pixel at the centre of the cell `(score, opponent)`.
    pub fn cell_center(&self, score: u32, opponent: u32) -> (i32, i32) {
        let (x, y) = (self.x_span(opponent), self.y_span(score));
        ((x.start + x.end) / 2, (y.start + y.end) / 2)
    }

    /// The cells drawn along one axis with their pixel offsets: every cell
    /// when each gets at least one pixel, else the cell under each pixel's
    /// centre, so drawing costs at most one rectangle per pixel.
    pub(super) fn samples(&self) -> Vec<(u32, Range<i32>)> {
        if self.goal as i32 <= self.side {
            (0..self.goal).map(|i| (i, self.span(i))).collect()
        } else {
            let (n, side) = (i64::from(self.goal), i64::from(self.side));
            (0..self.side)
                .map(|p| (((2 * i64::from(p) + 1) * n / (2 * side)) as u32, p..p + 1))
                .collect()
        }
    }

    /// A length of `v` pixels at the default size, scaled to this picture.
    pub(super) fn px(&self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }

    /// The point `(x, y)` pixels from the top-left of the drawing at the
    /// default size, scaled and placed in this picture.
    pub(super) fn at(&self, x: f64, y: f64) -> (i32, i32) {
        (self.origin.0 + self.px(x), self.origin.1 + self.px(y))
    }

    /// A font of `size` points at the default size, scaled.
    pub(super) fn font(&self, size: f64, style: FontStyle) -> TextStyle<'static> {
        TextStyle::from((FONT, size * self.scale, style).into_font()).color(&INK)
    }
}

/// The smallest scale of words and margins relative to the default size.
const MIN_SCALE: f64 = 0.65;

// Sizes at the default picture size, in pixels.
pub(super) const MARGIN: f64 = 14.0;
const TITLE_HEIGHT: f64 = 75.0;
const Y_LABELS: f64 = 62.0;
pub(super) const X_LABELS: f64 = 56.0;
pub(super) const LEGEND_WIDTH: f64 = 205.0;
pub(super) const LEGEND_ROW: f64 = 24.0;
pub(super) const SWATCH: f64 = 18.0;

/// The spacing of labelled scores: the smallest of 1, 2, 5, 10, 20, 50, ...
/// that labels at most 10 scores below the goal.
pub(super) fn tick_step(goal: u32) -> u32 {
    let mut step = 1u32;
    loop {
        for m in [1, 2, 5] {
            if goal.div_ceil(step.saturating_mul(m)) <= 10 {
                return step.saturating_mul(m);
            }
        }
        step = step.saturating_mul(10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_tile_the_square_from_the_bottom_left() {
        let layout = Layout::default_for(100);
        assert!(layout.side >= 500, "{layout:?}");
        let mut x = layout.left;
        for o in 0..100 {
            let span = layout.x_span(o);
            assert_eq!(span.start, x, "no gap before column {o}");
            assert!(span.end - span.start >= 5, "column {o} is {span:?}");
            x = span.end;
        }
        assert_eq!(x, layout.left + layout.side);
        // Score 0 is the bottom row, score 99 the top one.
        assert_eq!(layout.y_span(0).end, layout.top + layout.side);
        assert_eq!(layout.y_span(99).start, layout.top);
        assert_eq!(layout.y_span(1).end, layout.y_span(0).start);
    }

    #[test]
    fn the_drawing_is_centred_in_what_the_square_leaves_over() {
        let sizes = [
            DEFAULT_SIZE,
            MIN_SIZE,
            (900, 800),
            (1200, 500),
            (600, 1000),
            (MIN_SIZE.0, MAX_SIDE),
            (MAX_SIDE, MIN_SIZE.1),
            (MAX_SIDE, MAX_SIDE),
        ];
        for size in sizes {
            let l = Layout::new(size, 100).unwrap();
            let right = l.width as i32 - (l.left + l.side + l.px(LEGEND_WIDTH + MARGIN));
            let bottom = l.height as i32 - (l.top + l.side + l.px(X_LABELS + MARGIN));
            let (x0, y0) = l.at(0.0, 0.0);
            assert!((x0 - right).abs() <= 1 && (y0 - bottom).abs() <= 1, "{l:?}");
            assert!(x0.min(y0) == 0, "one way the square fits exactly: {l:?}");
            assert_eq!(l.at(0.0, TITLE_HEIGHT).1, l.top, "{l:?}");
        }
        let default = Layout::default_for(100);
        assert_eq!(
            default.at(0.0, 0.0),
            (0, 0),
            "nothing left over: {default:?}"
        );
        let small = Layout::new(MIN_SIZE, 100).unwrap();
        assert_eq!(small.scale, MIN_SCALE, "words stay readable: {small:?}");
        assert!(small.side >= 200, "{small:?}");
        let bottom = default.top + default.side + default.px(X_LABELS + MARGIN);
        assert!((bottom - default.height as i32).abs() <= 1, "{default:?}");
    }

    #[test]
    fn more_cells_than_pixels_are_sampled_one_per_pixel() {
        let layout = Layout::new((400, 300), 1000).unwrap();
        let samples = layout.samples();
        assert_eq!(samples.len(), layout.side as usize);
        assert!(samples.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(samples.last().unwrap().0 < 1000);
        let small = Layout::new((400, 300), 3).unwrap().samples();
        assert_eq!(small.len(), 3);
    }

    #[test]
    fn sizes_outside_the_limits_are_refused() {
        assert!(Layout::new((399, 800), 100).is_err());
        assert!(Layout::new((900, 299), 100).is_err());
        assert!(Layout::new((5001, 800), 100).is_err());
        assert!(Layout::new((900, 800), 0).is_err());
        assert!(Layout::new((400, 300), 100).is_ok());
    }

    #[test]
    fn ticks_label_at_most_ten_round_scores() {
        let cases = [
            (1, 1),
            (3, 1),
            (10, 1),
            (11, 2),
            (30, 5),
            (100, 10),
            (101, 20),
            (700, 100),
        ];
        for (goal, step) in cases {
            assert_eq!(tick_step(goal), step, "goal {goal}");
        }
        assert_eq!(tick_step(1_000_000), 100_000);
    }
}
