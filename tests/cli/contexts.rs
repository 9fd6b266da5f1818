//! Rules whose states hold more than the two scores (what each player
//! remembers, a clock), table-driven: for each rule set, `hog solve` writes
//! the library's optimum at every state and context (its bits), `hog eval`
//! gives the library's rates and `hog explain` its values at a context.
//! What only one rule set does is tested in its own file (memory.rs,
//! perfect_piggy.rs, pork_chop.rs).

use std::collections::HashMap;

use hog::engine::{self, Solution, State};
use hog::recall::{Context, FeralHogs};
use hog::rules::{resolve, Overrides, Rules};
use hog::table::{shown, StrategyTable};

use crate::util::{example, num, Scratch};

/// A rule set with memory or a clock, as `--rules` names it, at goal 40.
struct Case {
    name: &'static str,
    rules: String,
    memory: Option<FeralHogs>,
    /// The header of the optimum's long table.
    header: &'static str,
    /// A context to explain at: what both remember and the clock.
    context: Context,
}

fn cases() -> Vec<Case> {
    let file = |name: &str| example(name).display().to_string();
    vec![
        Case {
            name: "fa19",
            rules: "fa19".into(),
            memory: None,
            header: "score,opponent_score,memory,opponent_memory,dice,win_probability",
            context: Context::remembering(4, 6),
        },
        Case {
            name: "fa19 on the points",
            rules: "fa19".into(),
            memory: Some(FeralHogs::Points),
            header: "score,opponent_score,memory,opponent_memory,dice,win_probability",
            context: Context::remembering(9, 2),
        },
        Case {
            name: "time trot",
            rules: file("time-trot.toml"),
            memory: None,
            header: "score,opponent_score,turn_mod,extra_turn,dice,win_probability",
            context: Context {
                clock: 11,
                ..Context::START
            },
        },
        Case {
            name: "perfect piggy",
            rules: file("perfect-piggy.toml"),
            memory: None,
            header: "score,opponent_score,dice_swapped,dice,win_probability",
            context: Context {
                clock: 1,
                ..Context::START
            },
        },
        Case {
            name: "pork chop",
            rules: file("pork-chop.toml"),
            memory: None,
            header: "score,opponent_score,dice_swapped,dice,win_probability",
            context: Context {
                clock: 1,
                ..Context::START
            },
        },
    ]
}

impl Case {
    /// The command line's rules arguments.
    fn args(&self) -> Vec<String> {
        let mut args = vec![
            "--rules".into(),
            self.rules.clone(),
            "--goal".into(),
            "40".into(),
        ];
        if let Some(memory) = self.memory {
            args.push("--memory".into());
            args.push(hog::recall::PlayerMemory::name(&memory).into());
        }
        args
    }

    /// The same rules from the library, kept for the test's life.
    fn library(&self) -> &'static Rules {
        let overrides = Overrides {
            goal: Some(40),
            memory: self.memory.map(Some),
            ..Overrides::default()
        };
        Box::leak(Box::new(resolve(&self.rules, overrides).unwrap()))
    }
}

/// Every context of `rules` by the columns a long table writes for it
/// (both memories where players remember, then the clock's own).
fn contexts_by_columns(rules: &Rules) -> HashMap<Vec<u32>, Context> {
    let memory = rules.memory().unwrap();
    let mut by_columns = HashMap::new();
    for clock in 0..memory.clocks() {
        for mine in 0..memory.size() {
            for theirs in 0..memory.size() {
                let mut columns = Vec::new();
                if memory.size() > 1 {
                    columns.extend([mine, theirs]);
                }
                columns.extend(memory.clock().read(clock));
                let x = Context {
                    mine,
                    theirs,
                    clock,
                };
                by_columns.insert(columns, x);
            }
        }
    }
    by_columns
}

#[test]
fn every_command_gives_the_librarys_bits_at_every_context() {
    let dir = Scratch::new();
    for case in cases() {
        let (name, rules) = (case.name, case.library());
        let with = |command: &[&str]| {
            let mut all = case.args();
            all.extend(command.iter().map(|s| s.to_string()));
            all
        };
        let json = |command: &[&str]| {
            let all = with(command);
            dir.json(&all.iter().map(String::as_str).collect::<Vec<_>>())
        };
        // The optimum: its value, then one row per state and context.
        let out = format!("out-{}", name.replace(' ', "-"));
        let s = json(&["solve", "--out", &out]);
        let best: Solution<'static> = engine::solve(rules, &Default::default());
        assert_eq!(
            num(&s, "first_player_win_probability").to_bits(),
            best.value(0, (0, 0)).to_bits(),
            "{name}"
        );
        let text = std::fs::read_to_string(dir.join(&out).join("final_strategy.csv")).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(case.header), "{name}");
        let by_columns = contexts_by_columns(rules);
        assert_eq!(lines.clone().count(), 40 * 40 * by_columns.len(), "{name}");
        let mut checked = 0;
        for line in lines.step_by(37) {
            let fields: Vec<&str> = line.split(',').collect();
            let n = fields.len();
            let number = |f: &str| f.parse::<u32>().unwrap();
            let (s, o) = (number(fields[0]), number(fields[1]));
            let columns: Vec<u32> = fields[2..n - 2].iter().map(|f| number(f)).collect();
            let at = State::new(s, o, by_columns[&columns]);
            assert_eq!(
                fields[n - 2].parse::<i32>().unwrap(),
                shown(best.choice(0, at)),
                "{name}: {line}"
            );
            let value: f64 = fields[n - 1].parse().unwrap();
            assert_eq!(
                value.to_bits(),
                best.value(0, at).to_bits(),
                "{name}: {line}"
            );
            checked += 1;
        }
        assert!(checked > 40, "{name}: {checked} lines");
        assert!(
            !dir.join(&out).join("win_probabilities.csv").exists(),
            "{name}"
        );

        // Two tables: the library's rates, in both seats.
        let v = json(&["eval", "always_roll(2)", "--vs", "always_roll(4)"]);
        let (two, four) = (
            StrategyTable::constant(40, 2),
            StrategyTable::constant(40, 4),
        );
        let rates = engine::win_rates(rules, &two, &four, &Default::default());
        for (field, exact) in [("first", rates.first), ("second", rates.second)] {
            assert_eq!(num(&v, field).to_bits(), exact.to_bits(), "{name}: {field}");
        }

        // One state explained at a context: every move's value there.
        let x = case.context;
        let (remembered, clock) = (format!("{},{}", x.mine, x.theirs), x.clock.to_string());
        let mut explain = vec!["explain", "17", "23"];
        if rules.memory().unwrap().size() > 1 {
            explain.extend(["--remembered", &remembered]);
        } else {
            explain.extend(["--clock", &clock]);
        }
        let e = json(&explain);
        let at = State::new(17, 23, x);
        let values: Vec<u64> = e["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| num(c, "win_probability").to_bits())
            .collect();
        let exact: Vec<u64> = best
            .choice_values(0, at)
            .iter()
            .map(|v| v.to_bits())
            .collect();
        assert_eq!(values, exact, "{name}");
        assert_eq!(e["best"], shown(best.choice(0, at)), "{name}");
    }
}
