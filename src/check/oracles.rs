//! The rules' own versions of a project's building blocks, sent to the
//! driver: while one function is checked, the helpers it calls (roll_dice,
//! boar_brawl, take_turn, is_swap, ...) are the rules' own, so a bug in a
//! helper is named once, at the helper, and a correct `play` is judged
//! correct whatever its `take_turn` does. The student's whole program is
//! still played as it is, in the whole games.

use serde_json::{json, Map, Value};

use super::inputs::{Check, Expected};

/// The answers of the helpers among `checks`, by name, as the driver's
/// `oracle` reads them.
pub(super) fn oracles(checks: &[Check]) -> Value {
    let mut out = Map::new();
    for check in checks {
        let spec = match check.name {
            "roll_dice" => json!({ "kind": "roll" }),
            "make_averaged" => json!({ "kind": "averaged" }),
            // Fall 2024's updates, by the rules' tables the plan sends.
            "simple_update" => json!({ "kind": "update", "after": "after_simple" }),
            "sus_update" => json!({ "kind": "update", "after": "after_sus" }),
            // Zero dice by the scores the turn is given; dice are rolled.
            "take_turn" => {
                let (keys, values) = answers(check, |case| {
                    // Only the calls of 0 dice (their text is short to test).
                    case.starts_with("[0,").then_some(1)
                });
                json!({ "kind": "turn", "keys": keys, "values": values })
            }
            "boar_brawl" | "num_factors" | "sus_points" | "free_bacon" | "is_swap" | "other"
            | "select_dice" => {
                let (keys, values) = answers(check, |_| Some(0));
                json!({
                    "kind": "lookup",
                    "keys": keys,
                    "values": values,
                    "dice_names": check.name == "select_dice",
                })
            }
            _ => continue,
        };
        out.insert(check.name.to_string(), spec);
    }
    Value::Object(out)
}

/// The check's answers at the calls `skip` picks, by the whole numbers of
/// their arguments after the first `skip` (scripted dice and other
/// arguments left out).
fn answers(check: &Check, skip: impl Fn(&str) -> Option<usize>) -> (Vec<Value>, Vec<Value>) {
    let mut keys = Vec::new();
    let mut values = Vec::new();
    for (case, expected) in check.cases.iter().zip(&check.expected) {
        let (Some(skip), Expected::Exact(value)) = (skip(case), expected) else {
            continue;
        };
        let Ok(args) = serde_json::from_str::<Vec<Value>>(case) else {
            continue;
        };
        let numbers: Vec<Value> = args
            .into_iter()
            .skip(skip)
            .filter(Value::is_number)
            .collect();
        keys.push(Value::Array(numbers));
        values.push(value.clone());
    }
    (keys, values)
}
