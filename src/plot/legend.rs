//! The keys right of the heatmap, one per kind of plot; each counts the
//! states under its swatches, so a reader can tell a rare choice from a
//! common one at a glance.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, RGBColor};

use super::layout::{LEGEND_ROW, LEGEND_WIDTH, SWATCH};
use super::paint::{fill, Drawn};
use super::palette::{dice_color, diff_kind, win_color, DIFF_KINDS, INK, MUTED};
use super::text::{clip, thousands};
use super::{Layout, Plot};
use crate::dice::MAX_DICE;
use crate::table::{StrategyTable, MINUS_ONE};

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
        .font(14.5, style)
        .pos(Pos::new(HPos::Left, VPos::Center));
    root.draw(&Text::new(
        label.to_string(),
        (x + swatch + layout.px(8.0), middle),
        text,
    ))?;
    // Counts in grey: secondary to the colours they explain.
    let right = layout
        .font(13.0, FontStyle::Normal)
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
        .font(16.0, FontStyle::Bold)
        .pos(Pos::new(HPos::Left, VPos::Top));
    root.draw(&Text::new(title.to_string(), (x, y), style))
}

/// Swatches for 0..=10 dice with how many states roll each, and -1 where
/// the table rolls it (rules with that move); zero dice is named for its
/// rule and set in bold.
pub(super) fn draw_policy_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &Plot,
    table: &StrategyTable,
    layout: &Layout,
) -> Drawn<DB> {
    let mut counts = [0usize; MAX_DICE + 2];
    for &d in table.as_array() {
        counts[d as usize] += 1;
    }
    legend_title(root, layout, "dice rolled (states)")?;
    let rows = if counts[usize::from(MINUS_ONE)] > 0 {
        MAX_DICE + 2
    } else {
        MAX_DICE + 1
    };
    for (dice, &count) in counts.iter().enumerate().take(rows) {
        let label = if dice == 0 {
            format!("0: {}", plot.zero_dice)
        } else if dice == usize::from(MINUS_ONE) {
            "-1".to_string()
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
pub(super) fn draw_diff_legend<DB: DrawingBackend>(
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
        .font(14.0, FontStyle::Normal)
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

/// A vertical gradient from 0 (bottom) to 1 (top) with labelled ticks.
pub(super) fn draw_color_bar<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    layout: &Layout,
) -> Drawn<DB> {
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
        .font(14.0, FontStyle::Normal)
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
