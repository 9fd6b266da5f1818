//! The check's request as JSON text: the plan's head (its tables, the
//! games) and every function's inputs, each call's arguments already text
//! (a few hundred thousand calls at goal 100: as `serde_json::Value`s
//! they took over a gigabyte).

use serde_json::Value;

use super::inputs::Check;

/// `head` (a JSON object) with `"checks"`: each check's own fields and its
/// `"cases"`, the calls' texts in order.
pub(super) fn text(head: &Value, checks: &[Check]) -> String {
    let size: usize = checks
        .iter()
        .flat_map(|c| c.cases.iter())
        .map(|case| case.len() + 1)
        .sum();
    let mut out = String::with_capacity(size + (1 << 20));
    out += open(&head.to_string());
    out += ",\"checks\":[";
    for (i, check) in checks.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out += open(&check.json().to_string());
        out += ",\"cases\":[";
        for (j, case) in check.cases.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out += case;
        }
        out += "]}";
    }
    out += "]}";
    out
}

/// An object's text without its closing brace, for more keys to follow.
fn open(object: &str) -> &str {
    object
        .strip_suffix('}')
        .expect("a JSON object's text ends with '}'")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::inputs::Expected;
    use serde_json::json;

    #[test]
    fn the_text_is_the_head_and_every_case() {
        let mut c = Check::new("f");
        c.add(
            vec![json!(1), json!({ "dice": [1, 2] })],
            Expected::Exact(json!(3)),
            "f(1)".into(),
        );
        c.add(vec![], Expected::Exact(json!(0)), "f()".into());
        let text = text(&json!({ "seconds": 2.0 }), &[c]);
        let read: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(read["seconds"], json!(2.0));
        assert_eq!(read["checks"][0]["name"], json!("f"));
        assert_eq!(
            read["checks"][0]["cases"],
            json!([[1, { "dice": [1, 2] }], []])
        );
    }
}
