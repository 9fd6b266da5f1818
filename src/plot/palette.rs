//! Every colour of a picture, in one place so that a cell and the legend
//! swatch that explains it cannot drift apart.

use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::RGBColor;

use crate::dice::MAX_DICE;
use crate::table::{shown, MINUS_ONE};

/// Background of the picture.
pub(super) const PAPER: RGBColor = RGBColor(255, 255, 255);

/// Text and outlines.
pub(super) const INK: RGBColor = RGBColor(20, 20, 20);

/// Secondary text.
pub(super) const MUTED: RGBColor = RGBColor(100, 100, 100);

/// The colours of 0..=10 dice in a policy plot. Rolling zero (Boar Brawl /
/// Free Bacon) is black; 1..=10 run through the rainbow, indigo to crimson,
/// with lightness stepping up and down as well as hue, so that any two
/// counts (not only neighbours) are at least 30 apart in CIELAB and
/// neighbours stay apart with red-green colour blindness (see the tests).
/// Rolling -1 dice (Pork Chop's move, in the rules that have it) is a
/// light pink, last.
const DICE: [RGBColor; MAX_DICE + 2] = [
    RGBColor(0, 0, 0),
    RGBColor(50, 40, 150),
    RGBColor(25, 110, 230),
    RGBColor(110, 195, 255),
    RGBColor(25, 185, 165),
    RGBColor(30, 130, 70),
    RGBColor(150, 210, 60),
    RGBColor(255, 240, 120),
    RGBColor(250, 155, 50),
    RGBColor(215, 50, 40),
    RGBColor(175, 30, 90),
    RGBColor(255, 190, 225),
];

/// The colour of a dice count in a policy plot, the legend's swatches
/// included ([`MINUS_ONE`] for rolling -1 dice); codes above it (there are
/// none) take its colour.
pub fn dice_color(dice: u8) -> RGBColor {
    DICE[usize::from(dice.min(MINUS_ONE))]
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

/// The index in [`DIFF_KINDS`] for dice counts `a` (the strategy) and `b`,
/// as tables keep them: rolling -1 dice ([`MINUS_ONE`]) is fewer than
/// rolling none.
pub(super) fn diff_kind(a: u8, b: u8) -> usize {
    match shown(a).cmp(&shown(b)) {
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

    /// An sRGB channel (0 to 255) as linear light (0 to 1).
    fn linear(c: f64) -> f64 {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// sRGB to CIELAB (D65), as `[L*, a*, b*]`.
    fn lab(rgb: [f64; 3]) -> [f64; 3] {
        let [r, g, b] = rgb.map(linear);
        let xyz = [
            (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
        ];
        let [fx, fy, fz] = xyz.map(|t| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        });
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    fn rgb(c: RGBColor) -> [f64; 3] {
        [c.0, c.1, c.2].map(f64::from)
    }

    /// CIE76 colour difference: about 2.3 is just noticeable, 20 and more
    /// is plainly another colour.
    fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
        let (a, b) = (lab(a), lab(b));
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
    }

    /// `rgb` as seen with full protanopia or deuteranopia (Machado, Oliveira
    /// and Fernandes 2009, severity 1, on linear RGB).
    fn seen_by(matrix: [[f64; 3]; 3], rgb: [f64; 3]) -> [f64; 3] {
        let to_srgb = |v: f64| {
            let v = v.clamp(0.0, 1.0);
            255.0
                * if v <= 0.0031308 {
                    12.92 * v
                } else {
                    1.055 * v.powf(1.0 / 2.4) - 0.055
                }
        };
        let l = rgb.map(linear);
        matrix.map(|row| to_srgb(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]))
    }

    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];

    #[test]
    fn any_two_dice_counts_look_different() {
        // 0 to 10 dice, and -1 (kept as 11).
        let colours: Vec<[f64; 3]> = (0..=11).map(|d| rgb(dice_color(d))).collect();
        for d in 1..=11 {
            let from_zero = delta_e(colours[0], colours[d]);
            assert!(
                from_zero >= 60.0,
                "{d} dice is {from_zero:.1} from zero dice"
            );
            for e in d + 1..=11 {
                let apart = delta_e(colours[d], colours[e]);
                assert!(apart >= 30.0, "{d} and {e} dice are {apart:.1} apart");
            }
        }
        assert_eq!(dice_color(12), dice_color(MINUS_ONE));
        assert_eq!(dice_color(0), RGBColor(0, 0, 0));
    }

    #[test]
    fn neighbouring_dice_counts_stay_apart_for_red_green_colour_blindness() {
        for (name, matrix) in [("protanopia", PROTANOPIA), ("deuteranopia", DEUTERANOPIA)] {
            let seen: Vec<[f64; 3]> = (0..=10)
                .map(|d| seen_by(matrix, rgb(dice_color(d))))
                .collect();
            for d in 1..10 {
                let apart = delta_e(seen[d], seen[d + 1]);
                assert!(
                    apart >= 15.0,
                    "{name}: {d} and {} are {apart:.1} apart",
                    d + 1
                );
            }
            for (d, c) in seen.iter().enumerate().skip(1) {
                let from_zero = delta_e(seen[0], *c);
                assert!(from_zero >= 30.0, "{name}: {d} is {from_zero:.1} from zero");
            }
        }
    }

    #[test]
    fn the_colour_difference_is_cie76() {
        // Reference values: white is L* 100, pure red L* 53.2 a* 80.1 b* 67.2.
        let white = lab([255.0, 255.0, 255.0]);
        assert!((white[0] - 100.0).abs() < 0.01 && white[1].abs() < 0.01);
        let red = lab([255.0, 0.0, 0.0]);
        let expected = [53.24, 80.09, 67.20];
        assert!(
            (0..3).all(|i| (red[i] - expected[i]).abs() < 0.1),
            "{red:?}"
        );
        assert!((delta_e([0.0; 3], [255.0; 3]) - 100.0).abs() < 0.01);
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
        // -1 dice (kept as 11) is fewer than any count, none included.
        assert_eq!(diff_color(MINUS_ONE, 0), DIFF_KINDS[2].0);
        assert_eq!(diff_color(3, MINUS_ONE), DIFF_KINDS[1].0);
        assert_eq!(diff_color(MINUS_ONE, MINUS_ONE), DIFF_KINDS[0].0);
    }
}
