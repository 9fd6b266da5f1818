//! The rules of a request, from the same names the command line takes:
//! `rules`, `goal`, `zero_dice`, `hog_wild`, `after_turn`.

use serde::Deserialize;

use crate::rules::{AfterTurn, BuiltIn, Components, DiceRule, Preset, Rules, ZeroDice};

use super::error::ApiError;

/// The rules options of a request, every one optional.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RulesQuery {
    /// A preset name (default: the server's rules).
    pub rules: Option<String>,
    /// The goal (default: the server's goal).
    pub goal: Option<String>,
    /// A zero-dice rule overriding the preset's.
    pub zero_dice: Option<String>,
    /// `true` for Hog Wild, `false` for six-sided dice.
    pub hog_wild: Option<String>,
    /// An after-turn rule overriding the preset's.
    pub after_turn: Option<String>,
}

/// `value` as one of `options` by name, or a 400 listing them.
fn named<T: Copy>(
    what: &str,
    value: &str,
    options: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, ApiError> {
    crate::rules::by_name(what, value, options, name).map_err(ApiError::bad)
}

impl RulesQuery {
    /// The validated rules, with a goal of at most `max_goal`; what the
    /// query leaves out comes from `default` (the server's rules: their
    /// preset and components where they have them, and their goal).
    pub fn to_rules(&self, max_goal: u32, default: &Rules) -> Result<Rules, ApiError> {
        // A rule set built into hog (fa19) by name; a request never names
        // a file (nothing a request does reads one).
        if let Some(built_in) = self
            .rules
            .as_deref()
            .and_then(|r| BuiltIn::from_name(r.trim()))
        {
            if let Some(key) = [
                ("zero_dice", &self.zero_dice),
                ("hog_wild", &self.hog_wild),
                ("after_turn", &self.after_turn),
            ]
            .into_iter()
            .find_map(|(key, value)| value.is_some().then_some(key))
            {
                return Err(ApiError::bad(format!(
                    "bad rules: {} is a rules file; a request cannot change its {key}",
                    built_in.name
                )));
            }
            let goal = self.goal(max_goal, 100)?;
            return Ok(built_in.rules(Some(goal), None)?);
        }
        let own = default.origin().is_none();
        let (preset, mut c): (Preset, Components) = match &self.rules {
            None if own => (default.base(), default.components()),
            None => (Preset::Fa24, Preset::Fa24.components()),
            Some(name) => {
                let preset = named("rule set", name, &Preset::ALL, Preset::name)?;
                (preset, preset.components())
            }
        };
        if let Some(z) = &self.zero_dice {
            c.zero_dice = named("zero-dice rule", z, &ZeroDice::ALL, ZeroDice::name)?;
        }
        if let Some(a) = &self.after_turn {
            c.after_turn = named("after-turn rule", a, &AfterTurn::ALL, AfterTurn::name)?;
        }
        match self.hog_wild.as_deref().map(str::trim) {
            None => {}
            Some("true" | "1") => c.dice = DiceRule::HogWild,
            Some("false" | "0") => c.dice = DiceRule::SixSided,
            Some(other) => {
                return Err(ApiError::bad(format!(
                    "bad rules: hog_wild is true or false, not '{}'",
                    crate::text::clip(other, 40)
                )))
            }
        }
        let goal = self.goal(max_goal, default.goal())?;
        Ok(Rules::new(preset, c, goal)?)
    }
}

impl RulesQuery {
    /// The goal asked for (`default` if none), at most `max_goal`.
    fn goal(&self, max_goal: u32, default: u32) -> Result<u32, ApiError> {
        let goal = match self.goal.as_deref().map(str::trim) {
            None => default,
            Some(text) => text.parse::<u32>().map_err(|_| {
                ApiError::bad(format!(
                    "bad goal: '{}' is not a goal from 1 to {max_goal}",
                    crate::text::clip(text, 40)
                ))
            })?,
        };
        if goal > max_goal {
            return Err(ApiError::bad(format!(
                "bad goal: goal {goal} is more than this server solves for a request ({max_goal}); \
                 the command line takes larger goals"
            )));
        }
        Ok(goal)
    }
}

/// `rules` as the query parameters that ask for them: the preset and goal,
/// and each component that differs from the preset's. The page starts with
/// these, so `hog serve --rules digit-swap --goal 50` opens on that game.
pub fn query_of(rules: &Rules) -> String {
    if rules.origin().is_some() {
        return format!(
            "rules={}&goal={}",
            percent_encoded(&rules.name()),
            rules.goal()
        );
    }
    let mut query = format!("rules={}&goal={}", rules.base().name(), rules.goal());
    let (c, base) = (rules.components(), rules.base().components());
    if c.zero_dice != base.zero_dice {
        query.push_str(&format!("&zero_dice={}", c.zero_dice.name()));
    }
    if c.dice != base.dice {
        query.push_str(&format!("&hog_wild={}", c.dice == DiceRule::HogWild));
    }
    if c.after_turn != base.after_turn {
        query.push_str(&format!("&after_turn={}", c.after_turn.name()));
    }
    query
}

/// `text` safe in a query string and in an HTML attribute: every byte but
/// letters, digits and `-._~` as `%XX` (a file's name may hold anything).
fn percent_encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fa24() -> Rules {
        Rules::preset(Preset::Fa24, 100).unwrap()
    }

    fn query(pairs: &[(&str, &str)]) -> RulesQuery {
        let get = |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        };
        RulesQuery {
            rules: get("rules"),
            goal: get("goal"),
            zero_dice: get("zero_dice"),
            hog_wild: get("hog_wild"),
            after_turn: get("after_turn"),
        }
    }

    #[test]
    fn names_and_goals_as_on_the_command_line() {
        let r = query(&[("rules", "double-swap"), ("goal", "50")])
            .to_rules(1000, &fa24())
            .unwrap();
        assert_eq!((r.name(), r.goal()), ("double-swap".to_string(), 50));
        let r = query(&[("hog_wild", "true"), ("after_turn", "swap-double")])
            .to_rules(1000, &fa24())
            .unwrap();
        assert_eq!(r.name(), "boar-brawl+hog-wild+swap-double");
        let e = |pairs: &[(&str, &str)]| query(pairs).to_rules(1000, &fa24()).unwrap_err().message;
        assert!(e(&[("rules", "fa99")]).contains("unknown rule set 'fa99'; it is one of fa24"));
        assert!(e(&[("goal", "1001")]).contains("more than this server solves"));
        assert!(e(&[("goal", "0")]).contains("at least 1"));
        assert!(e(&[("goal", "x")]).contains("'x' is not a goal"));
        assert!(e(&[("hog_wild", "maybe")]).contains("true or false"));
    }

    /// What a request leaves out comes from the server's rules: their
    /// components and goal; a preset named starts from its own components.
    #[test]
    fn a_request_naming_nothing_gets_the_servers_rules() {
        let mut c = Preset::DigitSwap.components();
        c.dice = DiceRule::HogWild;
        let server = Rules::new(Preset::DigitSwap, c, 50).unwrap();
        let r = query(&[]).to_rules(1000, &server).unwrap();
        assert_eq!(r.identity(), server.identity());
        let r = query(&[("goal", "60")]).to_rules(1000, &server).unwrap();
        assert_eq!((r.components(), r.goal()), (c, 60));
        let r = query(&[("rules", "fa24")]).to_rules(1000, &server).unwrap();
        assert_eq!((r.components(), r.goal()), (Preset::Fa24.components(), 50));
    }

    #[test]
    fn query_of_reads_back_as_the_same_rules() {
        let plain = Rules::preset(Preset::DigitSwap, 50).unwrap();
        assert_eq!(query_of(&plain), "rules=digit-swap&goal=50");
        let mut c = Preset::Fa24.components();
        c.dice = DiceRule::HogWild;
        c.after_turn = AfterTurn::None;
        let custom = Rules::new(Preset::Fa24, c, 77).unwrap();
        let text = query_of(&custom);
        assert_eq!(text, "rules=fa24&goal=77&hog_wild=true&after_turn=none");
        let pairs: Vec<(&str, &str)> = text
            .split('&')
            .map(|kv| kv.split_once('=').unwrap())
            .collect();
        let back = query(&pairs).to_rules(1000, &fa24()).unwrap();
        assert_eq!(
            (back.base(), back.components(), back.goal()),
            (custom.base(), custom.components(), custom.goal())
        );
    }
}
