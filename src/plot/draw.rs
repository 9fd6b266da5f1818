//! The picture itself, written once against any plotters backend so that
//! the bitmap and the SVG cannot disagree; the legends are in `legend`.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, FontTransform, RGBColor};

use super::layout::{tick_step, MARGIN, X_LABELS};
use super::legend::{draw_color_bar, draw_diff_legend, draw_policy_legend};
use super::paint::{fill, Drawn};
use super::palette::{INK, PAPER};
use super::{Heatmap, Layout, Plot};

/// The whole picture: titles, cells, axes, then the legend of the kind.
pub(super) fn draw<DB: DrawingBackend>(
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
    let title = layout.font(22.0, FontStyle::Bold).pos(top_left);
    root.draw(&Text::new(
        plot.title.clone(),
        layout.at(MARGIN, 12.0),
        title,
    ))?;
    let subtitle = layout.font(16.0, FontStyle::Normal).pos(top_left);
    root.draw(&Text::new(
        plot.subtitle.clone(),
        layout.at(MARGIN, 44.0),
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
    let labels = layout.font(14.0, FontStyle::Normal);
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
    let titles = layout.font(16.0, FontStyle::Normal);
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
        (layout.at(MARGIN, 0.0).0, top + side / 2),
        titles
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))
}
