//! Rules written both ways, shared by the test binaries and the benches
//! (each includes this file with `#[path]`): the Rust twins of rules files,
//! and a rules file with every feature.

#![allow(dead_code)]

/// Rules with every feature of rules as functions, in Python for `hog`
/// and in Rust ([`EveryFeature`]) for the library.
pub const EVERY_FEATURE_PY: &str = r#"
GOAL = 30
PIG_OUT = "ones"

def zero_dice(score, opponent_score):
    return 1 + opponent_score % 10

def dice_sides(score, opponent_score):
    return 8 if (score + opponent_score) % 2 else 6

def turn_points(points, num_rolls, score, opponent_score):
    return min(points, 25 - num_rolls)

def after_turn(score, opponent_score):
    if score == 2 * opponent_score:
        return opponent_score, score
    return score, opponent_score

def extra_turn(score, opponent_score):
    return score % 10 == 0
"#;

pub struct EveryFeature;

impl hog::general::ScoreRules for EveryFeature {
    fn goal(&self) -> u32 {
        30
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + o % 10
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        if !(s + o).is_multiple_of(2) {
            8
        } else {
            6
        }
    }
    fn pig_out(&self) -> hog::general::PigOut {
        hog::general::PigOut::Ones
    }
    fn has_turn_points(&self) -> bool {
        true
    }
    fn turn_points(&self, points: u32, dice: u32, _: u32, _: u32) -> u32 {
        points.min(25 - dice)
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s == 2 * o {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, _: u32) -> bool {
        s.is_multiple_of(10)
    }
}

/// `examples/rules/variant.py` written again in Rust.
pub struct Variant;

impl hog::general::ScoreRules for Variant {
    fn goal(&self) -> u32 {
        100
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + o / 10 % 10
    }
    fn pig_out(&self) -> hog::general::PigOut {
        hog::general::PigOut::Points(0)
    }
    fn has_turn_points(&self) -> bool {
        true
    }
    fn turn_points(&self, points: u32, dice: u32, _: u32, _: u32) -> u32 {
        points.min(25 - dice)
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        let (low, high) = (s.min(o), s.max(o));
        if low > 1 && high % low == 0 && low != high {
            (o, s)
        } else {
            (s, o)
        }
    }
}
