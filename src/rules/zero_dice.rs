//! Zero-dice rules: the points for choosing to roll no dice.

use super::digits::{ones, tens};

/// How a turn of zero dice scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZeroDice {
    /// `max(3 * |tens(opponent) - ones(mover)|, 1)` (fa24).
    BoarBrawl,
    /// `1 + max(tens(opponent), ones(opponent))`.
    BaconMax,
    /// `1 + (tens(opponent) * ones(opponent)) % 10`.
    BaconProduct,
}

impl ZeroDice {
    /// Every zero-dice rule, in CLI order.
    pub const ALL: [ZeroDice; 3] = [
        ZeroDice::BoarBrawl,
        ZeroDice::BaconMax,
        ZeroDice::BaconProduct,
    ];

    /// The most points any zero-dice rule can give (Boar Brawl: 3 * 9).
    pub const MAX_POINTS: u32 = 27;

    /// Points for rolling zero dice with score `mover` against `opponent`.
    pub fn points(self, mover: u32, opponent: u32) -> u32 {
        match self {
            ZeroDice::BoarBrawl => (3 * tens(opponent).abs_diff(ones(mover))).max(1),
            ZeroDice::BaconMax => 1 + tens(opponent).max(ones(opponent)),
            ZeroDice::BaconProduct => 1 + (tens(opponent) * ones(opponent)) % 10,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ZeroDice::BoarBrawl => "boar-brawl",
            ZeroDice::BaconMax => "bacon-max",
            ZeroDice::BaconProduct => "bacon-product",
        }
    }

    /// The rule's name in the course's own words, for transcripts.
    pub fn title(self) -> &'static str {
        match self {
            ZeroDice::BoarBrawl => "Boar Brawl",
            ZeroDice::BaconMax | ZeroDice::BaconProduct => "Free Bacon",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_md_boar_brawl() {
        let cases = [
            ((21, 46), 9),
            ((45, 52), 1),
            ((2, 5), 6),
            ((52, 79), 15),
            ((0, 0), 1),
            ((7, 2), 21),
            ((6, 10), 15),
            ((16, 27), 12),
            ((39, 71), 6),
            ((72, 29), 1),
            ((82, 115), 3),
            ((99, 121), 21),
            ((727, 939), 12),
        ];
        for ((mover, opponent), points) in cases {
            assert_eq!(
                ZeroDice::BoarBrawl.points(mover, opponent),
                points,
                "({mover}, {opponent})"
            );
        }
    }

    #[test]
    fn rules_md_bacon_max() {
        for (opponent, points) in [(42, 5), (48, 9), (7, 8)] {
            assert_eq!(
                ZeroDice::BaconMax.points(0, opponent),
                points,
                "opponent {opponent}"
            );
            assert_eq!(
                ZeroDice::BaconMax.points(55, opponent),
                points,
                "ignores the mover"
            );
        }
    }

    #[test]
    fn rules_md_bacon_product() {
        for (opponent, points) in [(46, 5), (28, 7), (5, 1)] {
            assert_eq!(
                ZeroDice::BaconProduct.points(0, opponent),
                points,
                "opponent {opponent}"
            );
        }
    }

    #[test]
    fn points_stay_within_bounds() {
        for rule in ZeroDice::ALL {
            for mover in 0..200 {
                for opponent in 0..200 {
                    let p = rule.points(mover, opponent);
                    assert!(
                        (1..=ZeroDice::MAX_POINTS).contains(&p),
                        "{rule:?} ({mover}, {opponent}) = {p}"
                    );
                }
            }
        }
    }
}
