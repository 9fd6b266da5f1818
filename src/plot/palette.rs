//! Every colour of a picture, in one place so that a cell and the legend
//! swatch that explains it cannot drift apart.

use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::RGBColor;

use crate::dice::MAX_DICE;

/// Background of the picture.
pub(super) const PAPER: RGBColor = RGBColor(255, 255, 255);

/// Text and outlines.
pub(super) const INK: RGBColor = RGBColor(20, 20, 20);

/// Secondary text.
pub(super) const MUTED: RGBColor = RGBColor(100, 100, 100);

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
pub(super) const DIFF_KINDS: [(RGBColor, &str); 3] = [
    (RGBColor(228, 228, 228), "same choice"),
    (RGBColor(230, 97, 1), "rolls more"),
    (RGBColor(94, 60, 153), "rolls fewer"),
];

/// The index in [`DIFF_KINDS`] for dice counts `a` (the strategy) and `b`.
pub(super) fn diff_kind(a: u8, b: u8) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
