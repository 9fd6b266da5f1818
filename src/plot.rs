//! Heatmaps over the states `(own score, opponent score)`: the dice a
//! strategy rolls, the mover's win probability, or where two strategies
//! disagree. Drawn with plotters into memory (an RGB buffer, PNG bytes or
//! SVG text) with the embedded DejaVu Sans font, so no system font library
//! is involved and the same inputs give the same bytes.
//!
//! Layout: the opponent's score runs left to right along x, the mover's own
//! score bottom to top along y, so the origin `(0, 0)` is the bottom-left
//! cell. [`Layout`] says which pixels each cell covers.

use std::ops::Range;
use std::sync::OnceLock;

use ndarray::Array2;
use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle, FontTransform, RGBColor};

use crate::dice::MAX_DICE;
use crate::error::HogError;
use crate::rules::Rules;
use crate::strategy::StrategyTable;

/// The default picture size in pixels, `(width, height)`.
pub const DEFAULT_SIZE: (u32, u32) = (900, 800);

/// The smallest picture size that still leaves room for the legend.
pub const MIN_SIZE: (u32, u32) = (400, 300);

/// The largest width or height accepted (an RGB buffer of 5000 x 5000 is 75 MB).
pub const MAX_SIDE: u32 = 5000;

/// The family name the embedded DejaVu Sans is registered under.
const FONT: &str = "sans-serif";

/// Background of the picture.
const PAPER: RGBColor = RGBColor(255, 255, 255);

/// Text and outlines.
const INK: RGBColor = RGBColor(20, 20, 20);

/// The longest strategy name a title shows in full (a table's path can be long).
const TITLE_NAME: usize = 56;

/// Secondary text.
const MUTED: RGBColor = RGBColor(100, 100, 100);

/// Drawing failed inside plotters or the PNG encoder (not a problem with the input).
#[derive(Debug, thiserror::Error)]
#[error("drawing the plot failed: {0}")]
pub struct DrawError(String);

/// What a heatmap shows at each state.
#[derive(Debug, Clone)]
pub enum Heatmap {
    /// The dice count a strategy rolls.
    Policy(StrategyTable),
    /// The mover's win probability, indexed `[score, opponent]`.
    Win(Array2<f64>),
    /// Two strategies' dice counts (the first is the one named first).
    Diff(StrategyTable, StrategyTable),
}

/// A heatmap with the words around it.
#[derive(Debug, Clone)]
pub struct Plot {
    /// The values drawn.
    pub heatmap: Heatmap,
    /// First title line: what is drawn, naming the strategy.
    pub title: String,
    /// Second title line: the rules and the goal.
    pub subtitle: String,
    /// The course's name for what rolling zero scores ("Boar Brawl", "Free Bacon").
    pub zero_dice: String,
    /// The two strategies of a diff, for its legend.
    pub names: (String, String),
}

/// "rules fa24 (boar-brawl, six-sided, sus-fuss), goal 100".
pub fn rules_caption(rules: &Rules) -> String {
    let c = rules.components();
    format!(
        "rules {} ({}, {}, {}), goal {}",
        rules.name(),
        c.zero_dice.name(),
        c.dice.name(),
        c.after_turn.name(),
        rules.goal()
    )
}

impl Plot {
    fn new(rules: &Rules, heatmap: Heatmap, title: String, names: (String, String)) -> Plot {
        Plot {
            heatmap,
            title,
            subtitle: rules_caption(rules),
            zero_dice: rules.components().zero_dice.title().to_string(),
            names,
        }
    }

    /// The dice `strategy` (its table `table`) rolls at every state.
    pub fn policy(rules: &Rules, strategy: &str, table: StrategyTable) -> Plot {
        let title = format!("Dice rolled by {}", clip(strategy, TITLE_NAME));
        Plot::new(
            rules,
            Heatmap::Policy(table),
            title,
            (strategy.into(), String::new()),
        )
    }

    /// The win probability of `strategy` against `opponent` when it is to move.
    pub fn win(rules: &Rules, strategy: &str, opponent: &str, values: Array2<f64>) -> Plot {
        let title = format!(
            "Win probability of {} (to move) against {}",
            clip(strategy, TITLE_NAME / 2),
            clip(opponent, TITLE_NAME / 2)
        );
        Plot::new(
            rules,
            Heatmap::Win(values),
            title,
            (strategy.into(), opponent.into()),
        )
    }

    /// Where `strategy` (table `a`) and `opponent` (table `b`) roll different dice.
    pub fn diff(
        rules: &Rules,
        strategy: &str,
        opponent: &str,
        a: StrategyTable,
        b: StrategyTable,
    ) -> Plot {
        let title = format!(
            "Where {} and {} choose differently",
            clip(strategy, TITLE_NAME / 2),
            clip(opponent, TITLE_NAME / 2)
        );
        Plot::new(
            rules,
            Heatmap::Diff(a, b),
            title,
            (strategy.into(), opponent.into()),
        )
    }

    /// The goal of the game drawn (the heatmap is goal x goal).
    pub fn goal(&self) -> u32 {
        match &self.heatmap {
            Heatmap::Policy(t) | Heatmap::Diff(t, _) => t.goal(),
            Heatmap::Win(v) => v.nrows() as u32,
        }
    }

    /// The colour of the cell at `(score, opponent)`.
    pub fn cell_color(&self, score: u32, opponent: u32) -> RGBColor {
        match &self.heatmap {
            Heatmap::Policy(t) => dice_color(t.get(score, opponent)),
            Heatmap::Win(v) => win_color(v[[score as usize, opponent as usize]]),
            Heatmap::Diff(a, b) => diff_color(a.get(score, opponent), b.get(score, opponent)),
        }
    }
}

/// The colour of a dice count in a policy plot: rolling zero (the Boar
/// Brawl / Free Bacon choice) is black, far from the light part of viridis
/// (blue-green to yellow) that 1..=10 dice follow.
pub fn dice_color(dice: u8) -> RGBColor {
    if dice == 0 {
        return RGBColor(0, 0, 0);
    }
    // Only the lighter part of viridis (blue-green to yellow), so that even
    // 1 die is far from the black of zero dice.
    let t = 0.3 + 0.7 * f64::from(dice.min(MAX_DICE as u8) - 1) / (MAX_DICE - 1) as f64;
    ViridisRGB::get_color(t)
}

/// The colour of a win probability (viridis, 0 dark purple to 1 yellow);
/// values outside `[0, 1]` (there are none) are clamped.
pub fn win_color(p: f64) -> RGBColor {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    ViridisRGB::get_color(p)
}

/// The kinds of cell in a diff plot, in legend order.
const DIFF_KINDS: [(RGBColor, &str); 3] = [
    (RGBColor(228, 228, 228), "same choice"),
    (RGBColor(230, 97, 1), "rolls more"),
    (RGBColor(94, 60, 153), "rolls fewer"),
];

/// The index in [`DIFF_KINDS`] for dice counts `a` (the strategy) and `b`.
fn diff_kind(a: u8, b: u8) -> usize {
    match a.cmp(&b) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => 2,
    }
}

/// The colour of a diff cell: grey where both agree, orange where the
/// strategy rolls more dice than the other, purple where it rolls fewer.
pub fn diff_color(a: u8, b: u8) -> RGBColor {
    DIFF_KINDS[diff_kind(a, b)].0
}

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
        let scale = (f64::from(width) / f64::from(DEFAULT_SIZE.0))
            .min(f64::from(height) / f64::from(DEFAULT_SIZE.1));
        let px = |v: f64| (v * scale).round() as i32;
        let left = px(MARGIN + Y_LABELS);
        let top = px(TITLE_HEIGHT);
        let across = width as i32 - left - px(LEGEND_WIDTH + MARGIN);
        let down = height as i32 - top - px(X_LABELS + MARGIN);
        Ok(Layout {
            width,
            height,
            goal,
            left,
            top,
            side: across.min(down),
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
    fn samples(&self) -> Vec<(u32, Range<i32>)> {
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
    fn px(&self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }

    /// A font of `size` points at the default size, scaled.
    fn font(&self, size: f64, style: FontStyle) -> TextStyle<'static> {
        TextStyle::from((FONT, size * self.scale, style).into_font()).color(&INK)
    }
}

// Sizes at the default picture size, in pixels.
const MARGIN: f64 = 14.0;
const TITLE_HEIGHT: f64 = 78.0;
const Y_LABELS: f64 = 62.0;
const X_LABELS: f64 = 56.0;
const LEGEND_WIDTH: f64 = 205.0;
const LEGEND_ROW: f64 = 24.0;
const SWATCH: f64 = 18.0;

/// Register DejaVu Sans with plotters, once per process.
fn fonts_ready() -> Result<(), DrawError> {
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

fn draw_error<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> DrawError {
    DrawError(e.to_string())
}

/// Draw `plot` into an RGB buffer of `layout.width x layout.height` pixels.
pub fn render_rgb(plot: &Plot, layout: &Layout) -> Result<Vec<u8>, DrawError> {
    check_goal(plot, layout)?;
    fonts_ready()?;
    let mut buffer = vec![0u8; layout.width as usize * layout.height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (layout.width, layout.height))
            .into_drawing_area();
        draw(&root, plot, layout).map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(buffer)
}

/// Draw `plot` as PNG bytes.
pub fn render_png(plot: &Plot, layout: &Layout) -> Result<Vec<u8>, DrawError> {
    let rgb = render_rgb(plot, layout)?;
    encode_png(&rgb, layout.width, layout.height)
}

/// Draw `plot` as an SVG document.
pub fn render_svg(plot: &Plot, layout: &Layout) -> Result<String, DrawError> {
    check_goal(plot, layout)?;
    fonts_ready()?;
    let mut text = String::new();
    {
        let root =
            SVGBackend::with_string(&mut text, (layout.width, layout.height)).into_drawing_area();
        draw(&root, plot, layout).map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(text)
}

fn check_goal(plot: &Plot, layout: &Layout) -> Result<(), DrawError> {
    if plot.goal() == layout.goal {
        Ok(())
    } else {
        Err(DrawError(format!(
            "the layout is for goal {} but the plot for goal {}",
            layout.goal,
            plot.goal()
        )))
    }
}

/// RGB pixels to PNG; the encoder writes no timestamps, so equal pixels
/// give equal files.
fn encode_png(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, DrawError> {
    let fail = |e: png::EncodingError| DrawError(format!("PNG encoding: {e}"));
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(rgb).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The whole picture: titles, cells, axes, then the legend of the kind.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    layout: &Layout,
) -> Drawn<DB> {
    root.fill(&PAPER)?;
    draw_titles(root, plot, layout)?;
    draw_cells(root, plot, layout)?;
    draw_axes(root, layout)?;
    match &plot.heatmap {
        Heatmap::Policy(table) => draw_policy_legend(root, plot, table, layout),
        Heatmap::Win(_) => draw_color_bar(root, layout),
        Heatmap::Diff(a, b) => draw_diff_legend(root, plot, a, b, layout),
    }
}

fn draw_titles<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    layout: &Layout,
) -> Drawn<DB> {
    let top_left = Pos::new(HPos::Left, VPos::Top);
    let x = layout.px(MARGIN);
    let title = layout.font(21.0, FontStyle::Bold).pos(top_left);
    root.draw(&Text::new(plot.title.clone(), (x, layout.px(12.0)), title))?;
    let subtitle = layout.font(15.0, FontStyle::Normal).pos(top_left);
    root.draw(&Text::new(
        plot.subtitle.clone(),
        (x, layout.px(44.0)),
        subtitle,
    ))
}

/// One rectangle per run of equal colour along each row: the SVG stays
/// small where the policy is flat, and the bitmap is the same either way.
fn draw_cells<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    layout: &Layout,
) -> Drawn<DB> {
    let samples = layout.samples();
    let bottom = layout.top + layout.side;
    for (score, rows) in &samples {
        let y = bottom - rows.end..bottom - rows.start;
        let mut run: Option<(RGBColor, i32, i32)> = None;
        for (opponent, cols) in &samples {
            let color = plot.cell_color(*score, *opponent);
            let (x0, x1) = (layout.left + cols.start, layout.left + cols.end);
            run = match run {
                Some((c, start, _)) if c == color => Some((c, start, x1)),
                Some(done) => {
                    fill(root, done, &y)?;
                    Some((color, x0, x1))
                }
                None => Some((color, x0, x1)),
            };
        }
        if let Some(done) = run {
            fill(root, done, &y)?;
        }
    }
    Ok(())
}

/// Fill the pixels `x0..x1` by `y` (end-exclusive, as the backends fill).
fn fill<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (color, x0, x1): (RGBColor, i32, i32),
    y: &Range<i32>,
) -> Drawn<DB> {
    if x0 >= x1 || y.start >= y.end {
        return Ok(());
    }
    root.draw(&Rectangle::new(
        [(x0, y.start), (x1, y.end)],
        color.filled(),
    ))
}

/// The spacing of labelled scores: the smallest of 1, 2, 5, 10, 20, 50, ...
/// that labels at most 10 scores below the goal.
fn tick_step(goal: u32) -> u32 {
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

/// Axis lines, ticks at the centres of every `tick_step`-th cell, their
/// scores, and the axis titles. Drawn by hand rather than by a plotters
/// chart so ticks sit exactly on the cells and small goals get whole numbers.
fn draw_axes<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, layout: &Layout) -> Drawn<DB> {
    let (left, top, side) = (layout.left, layout.top, layout.side);
    let bottom = top + side;
    let (x_axis, y_axis) = (bottom, left - 1);
    root.draw(&PathElement::new(
        vec![(y_axis, top), (y_axis, x_axis), (left + side, x_axis)],
        INK,
    ))?;
    let tick = layout.px(6.0);
    let labels = layout.font(13.0, FontStyle::Normal);
    let below = labels.pos(Pos::new(HPos::Center, VPos::Top));
    let beside = labels.pos(Pos::new(HPos::Right, VPos::Center));
    let step = tick_step(layout.goal) as usize;
    for score in (0..layout.goal).step_by(step) {
        let (x, y) = layout.cell_center(score, score);
        root.draw(&PathElement::new(
            vec![(x, x_axis), (x, x_axis + tick)],
            INK,
        ))?;
        root.draw(&PathElement::new(
            vec![(y_axis - tick, y), (y_axis, y)],
            INK,
        ))?;
        let text = score.to_string();
        let gap = tick + layout.px(3.0);
        root.draw(&Text::new(text.clone(), (x, x_axis + gap), below.clone()))?;
        root.draw(&Text::new(text, (y_axis - gap, y), beside.clone()))?;
    }
    let titles = layout.font(15.0, FontStyle::Normal);
    root.draw(&Text::new(
        "opponent's score (0 at the left) \u{2192}",
        (
            left + side / 2,
            bottom + layout.px(X_LABELS) - layout.px(8.0),
        ),
        titles.pos(Pos::new(HPos::Center, VPos::Bottom)),
    ))?;
    root.draw(&Text::new(
        "own score, player to move (0 at the bottom) \u{2192}",
        (layout.px(MARGIN), top + side / 2),
        titles
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))
}

/// `1234567` as "1,234,567".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Where the legend starts: right of the heatmap, level with its top.
fn legend_origin(layout: &Layout) -> (i32, i32) {
    (layout.left + layout.side + layout.px(26.0), layout.top)
}

/// One legend row: a swatch, a label, and a count aligned on the right.
fn legend_row<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    layout: &Layout,
    row: usize,
    color: RGBColor,
    label: &str,
    count: usize,
    bold: bool,
) -> Drawn<DB> {
    let (x, top) = legend_origin(layout);
    let y = top + layout.px(34.0) + row as i32 * layout.px(LEGEND_ROW);
    let swatch = layout.px(SWATCH);
    root.draw(&Rectangle::new(
        [(x, y), (x + swatch, y + swatch)],
        color.filled(),
    ))?;
    root.draw(&Rectangle::new(
        [(x, y), (x + swatch, y + swatch)],
        INK.stroke_width(1),
    ))?;
    let style = if bold {
        FontStyle::Bold
    } else {
        FontStyle::Normal
    };
    let middle = y + swatch / 2;
    let text = layout
        .font(13.5, style)
        .pos(Pos::new(HPos::Left, VPos::Center));
    root.draw(&Text::new(
        label.to_string(),
        (x + swatch + layout.px(8.0), middle),
        text,
    ))?;
    // Counts in grey: secondary to the colours they explain.
    let right = layout
        .font(12.0, FontStyle::Normal)
        .color(&MUTED)
        .pos(Pos::new(HPos::Right, VPos::Center));
    let end = x + layout.px(LEGEND_WIDTH - 26.0);
    root.draw(&Text::new(thousands(count), (end, middle), right))
}

fn legend_title<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    layout: &Layout,
    title: &str,
) -> Drawn<DB> {
    let (x, y) = legend_origin(layout);
    let style = layout
        .font(15.0, FontStyle::Bold)
        .pos(Pos::new(HPos::Left, VPos::Top));
    root.draw(&Text::new(title.to_string(), (x, y), style))
}

/// Swatches for 0..=10 dice with how many states roll each; zero dice is
/// named for its rule and set in bold.
fn draw_policy_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    table: &StrategyTable,
    layout: &Layout,
) -> Drawn<DB> {
    let mut counts = [0usize; MAX_DICE + 1];
    for &d in table.as_array() {
        counts[d as usize] += 1;
    }
    legend_title(root, layout, "dice rolled (states)")?;
    for (dice, &count) in counts.iter().enumerate() {
        let label = if dice == 0 {
            format!("0: {}", plot.zero_dice)
        } else {
            dice.to_string()
        };
        legend_row(
            root,
            layout,
            dice,
            dice_color(dice as u8),
            &label,
            count,
            dice == 0,
        )?;
    }
    Ok(())
}

/// Grey, orange and purple swatches with how many states fall in each.
fn draw_diff_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    a: &StrategyTable,
    b: &StrategyTable,
    layout: &Layout,
) -> Drawn<DB> {
    let mut counts = [0usize; DIFF_KINDS.len()];
    for (x, y) in a.as_array().iter().zip(b.as_array()) {
        counts[diff_kind(*x, *y)] += 1;
    }
    legend_title(root, layout, "states")?;
    for (row, ((color, label), count)) in DIFF_KINDS.iter().zip(counts).enumerate() {
        legend_row(root, layout, row, *color, label, count, row > 0)?;
    }
    // Say whose choice "more" and "fewer" describe, below the swatches.
    let (x, top) = legend_origin(layout);
    let style = layout
        .font(13.0, FontStyle::Normal)
        .pos(Pos::new(HPos::Left, VPos::Top));
    let y = top + layout.px(34.0 + 3.5 * LEGEND_ROW);
    let lines = [
        "more / fewer: dice rolled by".to_string(),
        clip(&plot.names.0, 28),
        format!("than by {}", clip(&plot.names.1, 20)),
    ];
    for (i, line) in lines.iter().enumerate() {
        let at = (x, y + i as i32 * layout.px(18.0));
        root.draw(&Text::new(line.clone(), at, style.clone()))?;
    }
    Ok(())
}

/// `text` cut to `max` characters with an ellipsis, for narrow legends.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max - 1).collect();
        kept + "\u{2026}"
    }
}

/// A vertical gradient from 0 (bottom) to 1 (top) with labelled ticks.
fn draw_color_bar<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, layout: &Layout) -> Drawn<DB> {
    legend_title(root, layout, "mover wins")?;
    let (x, top) = legend_origin(layout);
    let y0 = top + layout.px(34.0);
    let height = (layout.side - layout.px(34.0)).max(2);
    let width = layout.px(26.0);
    for i in 0..height {
        let p = f64::from(height - 1 - i) / f64::from(height - 1);
        fill(root, (win_color(p), x, x + width), &(y0 + i..y0 + i + 1))?;
    }
    root.draw(&Rectangle::new(
        [(x, y0), (x + width, y0 + height)],
        INK.stroke_width(1),
    ))?;
    let style = layout
        .font(13.0, FontStyle::Normal)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for tick in 0..=4 {
        let p = f64::from(tick) / 4.0;
        let y = y0 + ((1.0 - p) * f64::from(height - 1)).round() as i32;
        root.draw(&PathElement::new(
            vec![(x + width, y), (x + width + layout.px(6.0), y)],
            INK,
        ))?;
        root.draw(&Text::new(
            format!("{:.0}%", p * 100.0),
            (x + width + layout.px(10.0), y),
            style.clone(),
        ))?;
    }
    Ok(())
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
    fn zero_dice_stands_apart_from_every_other_count() {
        let zero = dice_color(0);
        for d in 1..=10 {
            let c = dice_color(d);
            let distance = [c.0, c.1, c.2]
                .iter()
                .zip([zero.0, zero.1, zero.2])
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).abs())
                .sum::<i32>();
            assert!(distance >= 150, "{d} dice {c:?} is too close to black");
        }
        let all: std::collections::HashSet<_> = (0..=10).map(dice_color).collect();
        assert_eq!(all.len(), 11, "every dice count has its own colour");
    }

    #[test]
    fn win_colours_run_from_purple_to_yellow() {
        assert_eq!(win_color(0.0), RGBColor(68, 1, 84));
        assert_eq!(win_color(1.0), RGBColor(254, 232, 37));
        assert_eq!(win_color(2.0), win_color(1.0));
        assert_eq!(win_color(f64::NAN), win_color(0.0));
    }

    #[test]
    fn diff_colours_say_which_way() {
        assert_eq!(diff_color(3, 3), DIFF_KINDS[0].0);
        assert_eq!(diff_color(5, 0), DIFF_KINDS[1].0);
        assert_eq!(diff_color(0, 5), DIFF_KINDS[2].0);
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

    #[test]
    fn thousands_and_clip() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcdef", 4), "abc\u{2026}");
    }

    #[test]
    fn a_plot_for_another_goal_is_refused() {
        let rules = Rules::preset(crate::rules::Preset::Fa24, 10).unwrap();
        let plot = Plot::policy(&rules, "always_roll(3)", StrategyTable::constant(10, 3));
        let layout = Layout::default_for(11);
        assert!(render_rgb(&plot, &layout).is_err());
        let layout = Layout::default_for(10);
        let rgb = render_rgb(&plot, &layout).unwrap();
        let (x, y) = layout.cell_center(4, 7);
        let i = (y as usize * layout.width as usize + x as usize) * 3;
        let c = dice_color(3);
        assert_eq!(&rgb[i..i + 3], &[c.0, c.1, c.2]);
    }
}
