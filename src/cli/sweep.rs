//! `hog sweep 'NAME(param=A..=B, ...)'`: exact win rates over a grid of a
//! course strategy's parameters.

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Map, Value};

use hog::eval::{win_rates, WinRates};
use hog::rules::Rules;
use hog::strategy::CourseStrategy;
use hog::sweep::SweepOptions;
use hog::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{Config, Format, Printer};

/// More combinations than this is almost surely a typo in a range.
const MAX_ROWS: u64 = 100_000;

#[derive(Debug, Args)]
#[command(after_help = "\
GRID: a course strategy of the active rules (fa24: boar_strategy, sus_strategy; \
double-swap, reverse-swap and digit-swap: bacon_strategy, swap_strategy) with \
each parameter, by keyword or position, one of
  N       a single value
  A..=B   every value from A to B, both included
  A..B    every value from A to B - 1
At least one parameter must be a range; parameters not given take the course \
defaults. Rows run over the strategy's parameters in order, the first outermost.

Examples:
  hog sweep 'boar_strategy(threshold=0..=20, num_rolls=1..=10)'
  hog sweep 'sus_strategy(threshold=5..=15)' --vs optimal
  hog --rules double-swap sweep 'bacon_strategy(margin=0..=12, num_rolls=3..=7)'")]
pub struct SweepArgs {
    /// The grid, e.g. 'boar_strategy(threshold=0..=20, num_rolls=1..=10)' (see below).
    pub grid: String,
    /// The opponent (default: the rule set's course baseline).
    #[arg(long)]
    pub vs: Option<String>,
}

/// The values one parameter takes: `start..=end`, written as a range or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Values {
    start: u32,
    end: u32,
    is_range: bool,
}

impl Values {
    fn len(self) -> u64 {
        u64::from(self.end - self.start) + 1
    }
}

/// A parsed, validated grid: the strategy and the values of each parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Grid {
    strategy: CourseStrategy,
    values: [Values; 2],
}

impl Grid {
    /// Every combination, the first parameter outermost.
    fn combinations(&self) -> Vec<[u32; 2]> {
        let [a, b] = self.values;
        (a.start..=a.end)
            .flat_map(|x| (b.start..=b.end).map(move |y| [x, y]))
            .collect()
    }

    /// The spec `hog eval` takes for one combination.
    fn spec(&self, args: [u32; 2]) -> String {
        let [p, q] = self.strategy.params();
        format!("{}({p}={}, {q}={})", self.strategy.name(), args[0], args[1])
    }
}

/// Parse `NAME(arg, ...)` and check it against the rules.
fn parse_grid(text: &str, rules: &Rules) -> Result<Grid, HogError> {
    let err = |reason: String| HogError::spec(text.trim(), reason);
    let trimmed = text.trim();
    let (name, inner) = match trimmed.split_once('(') {
        Some((name, rest)) => {
            let inner = rest
                .strip_suffix(')')
                .ok_or_else(|| err("missing ')' at the end".into()))?;
            (name.trim(), inner)
        }
        None => (trimmed, ""),
    };
    let strategy = find_strategy(name, rules).map_err(err)?;
    let params = strategy.params();
    let mut given: [Option<Values>; 2] = [None, None];
    let mut seen_keyword = false;
    let args: Vec<&str> = if inner.trim().is_empty() {
        Vec::new()
    } else {
        inner.split(',').map(str::trim).collect()
    };
    for (i, arg) in args.iter().enumerate() {
        let (slot, value) = match arg.split_once('=') {
            // `A..=B` has an '=' too: a keyword starts with a letter.
            Some((key, value))
                if key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') =>
            {
                seen_keyword = true;
                let key = key.trim();
                let slot = params.iter().position(|p| *p == key).ok_or_else(|| {
                    err(format!(
                        "{name} has no parameter '{key}'; it takes {}",
                        params.join(", ")
                    ))
                })?;
                (slot, value)
            }
            _ if seen_keyword => {
                return Err(err(
                    "a positional argument cannot follow a keyword argument".into(),
                ))
            }
            _ if i >= params.len() => {
                return Err(err(format!(
                    "{name} takes at most {} arguments",
                    params.len()
                )))
            }
            _ => (i, *arg),
        };
        if given[slot].is_some() {
            return Err(err(format!("{} is given twice", params[slot])));
        }
        given[slot] = Some(parse_values(params[slot], value.trim()).map_err(err)?);
    }
    if !given.iter().flatten().any(|v| v.is_range) {
        return Err(err(format!(
            "nothing to sweep: give at least one parameter a range, e.g. {name}({}=0..=20)",
            params[0]
        )));
    }
    let defaults = strategy.defaults(rules.base());
    let values = [0, 1].map(|i| {
        given[i].unwrap_or(Values {
            start: defaults[i],
            end: defaults[i],
            is_range: false,
        })
    });
    check_grid(&values, params).map_err(err)?;
    Ok(Grid { strategy, values })
}

/// The course strategy called `name` under these rules.
fn find_strategy(name: &str, rules: &Rules) -> Result<CourseStrategy, String> {
    let preset = rules.base();
    let names: Vec<&str> = CourseStrategy::of(preset)
        .iter()
        .map(|c| c.name())
        .collect();
    let strategy = CourseStrategy::find(preset, name).ok_or_else(|| {
        let hint = match name {
            "always_roll" => "; to compare always_roll(0..=10) use `hog rates`",
            "optimal" | "best_response" => "; a solved strategy has no parameters to sweep",
            _ => "",
        };
        format!(
            "'{name}' is not a course strategy of the {} rules; sweep one of {}{hint}",
            preset.name(),
            names.join(", ")
        )
    })?;
    strategy.applies_to(rules)?;
    Ok(strategy)
}

/// `N`, `A..=B` or `A..B` for the parameter `param`.
fn parse_values(param: &str, text: &str) -> Result<Values, String> {
    let number = |t: &str| -> Result<u32, String> {
        let t = t.trim();
        t.parse().map_err(|_| {
            format!("{param}: '{t}' is not a non-negative integer (write N, A..=B or A..B)")
        })
    };
    if let Some((a, b)) = text.split_once("..=") {
        let (start, end) = (number(a)?, number(b)?);
        if start > end {
            return Err(format!("{param}={text} is an empty range"));
        }
        return Ok(Values {
            start,
            end,
            is_range: true,
        });
    }
    if let Some((a, b)) = text.split_once("..") {
        let (start, end) = (number(a)?, number(b)?);
        if start >= end {
            return Err(format!("{param}={text} is an empty range"));
        }
        return Ok(Values {
            start,
            end: end - 1,
            is_range: true,
        });
    }
    let n = number(text)?;
    Ok(Values {
        start: n,
        end: n,
        is_range: false,
    })
}

/// Dice counts must be 0..=10, and the grid must be of a sane size.
fn check_grid(values: &[Values; 2], params: [&str; 2]) -> Result<(), String> {
    if values[1].end > 10 {
        return Err(format!(
            "{}={} is outside 0..=10",
            params[1],
            if values[1].is_range {
                format!("{}..={}", values[1].start, values[1].end)
            } else {
                values[1].end.to_string()
            }
        ));
    }
    let rows = values[0].len() * values[1].len();
    if rows > MAX_ROWS {
        return Err(format!(
            "the grid has {rows} combinations; at most {MAX_ROWS} are allowed"
        ));
    }
    Ok(())
}

/// One evaluated combination.
struct Row {
    args: [u32; 2],
    rates: WinRates,
}

/// The first row with the highest average.
fn best_row(rows: &[Row]) -> usize {
    let mut best = 0;
    for (i, row) in rows.iter().enumerate() {
        if row.rates.average > rows[best].rates.average {
            best = i;
        }
    }
    best
}

pub fn run(config: &Config, args: &SweepArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let grid = parse_grid(&args.grid, rules)?;
    let vs = config.opponent_spec(args.vs.as_deref());
    let opponent = config.resolver().resolve_str(&vs)?;
    config.progress.finish();
    let combinations = grid.combinations();
    let bar = config.progress.list(combinations.len() as u64, "sweeping");
    // Each row is its own sweep, exactly as `hog eval` runs it.
    let rows: Vec<Row> = combinations
        .par_iter()
        .map(|&a| {
            let table = grid.strategy.table(rules, a);
            let rates = win_rates(rules, &table, &opponent, &SweepOptions::default());
            bar.inc(1);
            Row { args: a, rates }
        })
        .collect();
    bar.finish_and_clear();
    let best = best_row(&rows);
    match config.format {
        Format::Json => printer.json(&json_output(rules, &grid, vs.trim(), &rows, best))?,
        format => printer.text(&table_output(format, rules, &grid, vs.trim(), &rows, best))?,
    }
    Ok(())
}

fn row_json(grid: &Grid, row: &Row) -> Value {
    let params: Map<String, Value> = grid
        .strategy
        .params()
        .iter()
        .zip(row.args)
        .map(|(p, v)| (p.to_string(), json!(v)))
        .collect();
    json!({
        "params": params,
        "strategy": grid.spec(row.args),
        "first": row.rates.first,
        "second": row.rates.second,
        "average": row.rates.average,
    })
}

fn json_output(rules: &Rules, grid: &Grid, vs: &str, rows: &[Row], best: usize) -> Value {
    let mut map = rules_json(rules);
    map.insert("strategy".into(), json!(grid.strategy.name()));
    map.insert("opponent".into(), json!(vs));
    let rows_json: Vec<Value> = rows.iter().map(|r| row_json(grid, r)).collect();
    map.insert("best".into(), rows_json[best].clone());
    map.insert("rows".into(), Value::Array(rows_json));
    Value::Object(map)
}

fn table_output(
    format: Format,
    rules: &Rules,
    grid: &Grid,
    vs: &str,
    rows: &[Row],
    best: usize,
) -> String {
    // Text and Markdown are for reading: six decimals. CSV keeps every digit.
    let cell = |x: f64| match format {
        Format::Csv => x.to_string(),
        _ => format!("{x:.6}"),
    };
    let [p, q] = grid.strategy.params();
    let header = [p, q, "first", "second", "average", "best"];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mark = match (i == best, format) {
                (true, Format::Csv) => "true",
                (false, Format::Csv) => "false",
                (true, _) => "*",
                (false, _) => "",
            };
            vec![
                r.args[0].to_string(),
                r.args[1].to_string(),
                cell(r.rates.first),
                cell(r.rates.second),
                cell(r.rates.average),
                mark.to_string(),
            ]
        })
        .collect();
    if format == Format::Csv {
        return render_table(format, &header, &cells);
    }
    let b = &rows[best];
    format!(
        "{} against {vs} ({}): {} combinations\n\n{}\nbest: {} with average {:.6} (first {:.6}, second {:.6})\n",
        grid.strategy.name(),
        rules_line(rules),
        rows.len(),
        render_table(format, &header, &cells),
        grid.spec(b.args),
        b.rates.average,
        b.rates.first,
        b.rates.second,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hog::rules::Preset;

    fn fa24() -> Rules {
        Rules::preset(Preset::Fa24, 100).unwrap()
    }

    fn grid(text: &str) -> Result<Grid, String> {
        parse_grid(text, &fa24()).map_err(|e| e.to_string())
    }

    #[test]
    fn ranges_defaults_and_positions() {
        let g = grid("boar_strategy(threshold=0..=20, num_rolls=1..=10)").unwrap();
        assert_eq!(g.combinations().len(), 21 * 10);
        assert_eq!(g.combinations()[..2], [[0, 1], [0, 2]]);
        let g = grid(" sus_strategy( num_rolls = 4..7 ) ").unwrap();
        assert_eq!(g.combinations(), vec![[11, 4], [11, 5], [11, 6]]);
        let g = grid("boar_strategy(3..=4, 5)").unwrap();
        assert_eq!(g.combinations(), vec![[3, 5], [4, 5]]);
        assert_eq!(g.spec([3, 5]), "boar_strategy(threshold=3, num_rolls=5)");
    }

    #[test]
    fn bad_grids_say_what_is_wrong() {
        let e = |t: &str| grid(t).unwrap_err();
        assert!(e("boar_strategy(threshold=5..=3)").contains("empty range"));
        assert!(e("boar_strategy(threshold=5..5)").contains("empty range"));
        assert!(e("boar_strategy").contains("nothing to sweep"));
        assert!(e("boar_strategy()").contains("nothing to sweep"));
        assert!(e("boar_strategy(threshold=5)").contains("nothing to sweep"));
        assert!(e("boar_strategy(margin=0..=3)")
            .contains("no parameter 'margin'; it takes threshold, num_rolls"));
        assert!(
            e("bacon_strategy(margin=0..=3)").contains("not a course strategy of the fa24 rules")
        );
        assert!(e("always_roll(0..=10)").contains("hog rates"));
        assert!(e("boar_strategy(num_rolls=0..=11)").contains("outside 0..=10"));
        assert!(e("boar_strategy(threshold=a..=3)").contains("'a' is not a non-negative integer"));
        assert!(e("boar_strategy(threshold=-1..=3)").contains("'-1'"));
        assert!(e("boar_strategy(threshold=0..=3").contains("missing ')'"));
        assert!(e("boar_strategy(1..=2, 3, 4)").contains("at most 2"));
        assert!(e("boar_strategy(threshold=1..=2, threshold=3)").contains("given twice"));
        assert!(e("boar_strategy(threshold=0..=1000000)").contains("at most"));
    }
}
