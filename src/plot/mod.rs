//! Heatmaps over the states `(own score, opponent score)`: the dice a
//! strategy rolls, the mover's win probability, or where two strategies
//! disagree. Drawn with plotters into memory (an RGB buffer, PNG bytes or
//! SVG text); the bitmap's words are set in the embedded DejaVu Sans by
//! `text`, so no system font library is involved and the same inputs give
//! the same bytes.
//!
//! Layout: the opponent's score runs left to right along x, the mover's own
//! score bottom to top along y, so the origin `(0, 0)` is the bottom-left
//! cell. [`Layout`] says which pixels each cell covers.

mod draw;
mod layout;
mod legend;
mod paint;
mod palette;
mod pixels;
mod render;
mod text;

pub use layout::{Layout, DEFAULT_SIZE, MAX_SIDE, MIN_SIZE};
pub use palette::{dice_color, diff_color, win_color};
pub use render::{render_png, render_rgb, render_svg};

use ndarray::Array2;
use plotters::style::RGBColor;

use crate::rules::Rules;
use crate::table::StrategyTable;
use text::clip;

/// The longest strategy name a title shows in full (a table's path can be long).
const TITLE_NAME: usize = 56;

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

impl Plot {
    fn new(rules: &Rules, heatmap: Heatmap, title: String, names: (String, String)) -> Plot {
        // Names come from files and specs: no control character is drawn
        // (nor written into an SVG, where XML forbids most of them).
        let shown = crate::text::one_line;
        Plot {
            heatmap,
            title: shown(&title),
            subtitle: shown(&rules.caption()),
            zero_dice: match rules.origin() {
                Some(_) => "Zero dice".to_string(),
                None => rules.components().zero_dice.title().to_string(),
            },
            names: (shown(&names.0), shown(&names.1)),
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
