//! `hog plot SPEC --out FILE.png|FILE.svg [--kind policy|win|diff] [--vs SPEC] [--size WxH]`.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use crate::engine;
use crate::plot::{render_png, render_svg, Layout, Plot, DEFAULT_SIZE};
use crate::table::StrategyTable;
use crate::HogError;

use super::output::{render_table, rules_json};
use super::{file_extension, solve_seats, Config, Format, Need, Printer};

/// What the heatmap shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// The dice count SPEC rolls at each state.
    Policy,
    /// The win probability of SPEC, when it is to move, against --vs
    /// (default: optimal play; `hog plot optimal --kind win` is the
    /// minimax value of every state).
    Win,
    /// Where SPEC and --vs (required) roll different dice.
    Diff,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Policy => "policy",
            Kind::Win => "win",
            Kind::Diff => "diff",
        }
    }
}

#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The strategy to draw.
    pub strategy: String,
    /// The picture to write; its extension (.png or .svg) picks the format.
    /// Its folder must exist.
    #[arg(long)]
    pub out: PathBuf,
    /// What to draw.
    #[arg(long, value_enum, default_value_t = Kind::Policy)]
    pub kind: Kind,
    /// The other strategy: the opponent for --kind win (default optimal),
    /// the one to compare with for --kind diff (required).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
    /// Picture size in pixels, WIDTHxHEIGHT (default 900x750).
    #[arg(long)]
    pub size: Option<String>,
}

/// The picture formats, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Picture {
    Png,
    Svg,
}

/// The format named by the extension of `out`.
fn picture_format(out: &Path) -> Result<Picture, HogError> {
    match file_extension(out).as_deref() {
        Some("png") => Ok(Picture::Png),
        Some("svg") => Ok(Picture::Svg),
        _ => Err(HogError::BadArgument(format!(
            "--out {}: the file name must end in .png or .svg",
            out.display()
        ))),
    }
}

/// Refuse an output folder that does not exist: a typo should not create
/// a tree of folders for one picture.
fn check_folder(out: &Path) -> Result<(), HogError> {
    let folder = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => return Ok(()),
    };
    if folder.is_dir() {
        Ok(())
    } else {
        Err(HogError::BadArgument(format!(
            "--out {}: the folder {} does not exist (hog plot does not create folders)",
            out.display(),
            folder.display()
        )))
    }
}

/// "900x800" as `(900, 800)`.
fn parse_size(text: &str) -> Result<(u32, u32), HogError> {
    let bad = || {
        HogError::BadArgument(format!(
            "--size '{text}': expected WIDTHxHEIGHT in pixels, like 900x800"
        ))
    };
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w = w.trim().parse().map_err(|_| bad())?;
    let h = h.trim().parse().map_err(|_| bad())?;
    Ok((w, h))
}

/// The `--vs` spec the kind needs, or an error where it does not fit.
fn opponent_spec(kind: Kind, vs: Option<&str>) -> Result<Option<String>, HogError> {
    match (kind, vs) {
        (Kind::Policy, Some(_)) => Err(HogError::BadArgument(
            "--vs does not apply to --kind policy, which draws one strategy; \
             use --kind win or --kind diff to involve a second one"
                .into(),
        )),
        (Kind::Policy, None) => Ok(None),
        (Kind::Win, vs) => Ok(Some(vs.unwrap_or("optimal").trim().to_string())),
        (Kind::Diff, Some(vs)) => Ok(Some(vs.trim().to_string())),
        (Kind::Diff, None) => Err(HogError::BadArgument(
            "--kind diff needs --vs SPEC, the strategy to compare with".into(),
        )),
    }
}

/// The win probability of `a` (to move) against `b` at every state.
fn win_values(config: &Config, a: &StrategyTable, b: &StrategyTable) -> ndarray::Array2<f64> {
    let result = engine::evaluate(&config.rules, a, b, &config.sweep_options());
    let n = config.rules.size();
    ndarray::Array2::from_shape_vec((n, n), result.values(0)).expect("a value for every state")
}

pub fn run(config: &Config, args: &PlotArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    // Every check on the arguments comes before any solving.
    let format = picture_format(&args.out)?;
    check_folder(&args.out)?;
    let opponent = opponent_spec(args.kind, args.vs.as_deref())?;
    let size = match &args.size {
        Some(text) => parse_size(text)?,
        None => DEFAULT_SIZE,
    };
    let layout = Layout::new(size, rules.goal())?;
    let win = args.kind == Kind::Win;
    if let (true, Some(memory)) = (win, rules.memory()) {
        return Err(HogError::BadArgument(format!(
            "--kind win under {} draws one value a state, but with {} a state's value \
             depends on {}: hog explain {} gives one",
            rules.name(),
            memory.name(),
            memory.context_words(),
            memory.context_options()
        ))
        .into());
    }
    let goal = u64::from(rules.goal());
    config.check_memory(
        "hog plot",
        Need {
            seats: solve_seats(&args.strategy)
                .max(opponent.as_deref().map_or(0, solve_seats))
                .max(if win { 2 } else { 0 }),
            tables: 2,
            // The values drawn (a copy in row order) and the picture itself.
            extra: if win { 8 * goal * goal } else { 0 }
                + 4 * u64::from(size.0) * u64::from(size.1),
        },
    )?;
    let name = args.strategy.trim();
    let resolver = config.resolver();
    let table = resolver.resolve_str(name)?;
    let other = match &opponent {
        Some(spec) => Some(resolver.resolve_str(spec)?),
        None => None,
    };
    let plot = match (args.kind, &opponent, other) {
        (Kind::Win, Some(vs), Some(b)) => {
            let values = win_values(config, &table, &b);
            Plot::win(rules, name, vs, values)
        }
        (Kind::Diff, Some(vs), Some(b)) => Plot::diff(rules, name, vs, table, b),
        _ => Plot::policy(rules, name, table),
    };
    config.progress.finish();
    let bytes = match format {
        Picture::Png => render_png(&plot, &layout)?,
        Picture::Svg => render_svg(&plot, &layout)?.into_bytes(),
    };
    let mut files = config.atomic_files();
    files.write(&args.out, |out| out.write_all(&bytes))?;
    files.commit()?;
    report(config, args, opponent.as_deref(), size, printer)
}

fn report(
    config: &Config,
    args: &PlotArgs,
    opponent: Option<&str>,
    (width, height): (u32, u32),
    printer: &mut Printer,
) -> anyhow::Result<()> {
    let rules = &config.rules;
    let file = args.out.display().to_string();
    match config.format {
        Format::Text => printer.text(&format!("wrote {file}\n"))?,
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("strategy".into(), json!(args.strategy.trim()));
            map.insert("kind".into(), json!(args.kind.name()));
            map.insert("opponent".into(), json!(opponent));
            map.insert("file".into(), json!(file));
            map.insert("width".into(), json!(width));
            map.insert("height".into(), json!(height));
            printer.json(&Value::Object(map))?
        }
        format => printer.text(&render_table(
            format,
            &["rules", "goal", "strategy", "kind", "opponent", "file"],
            &[vec![
                rules.name(),
                rules.goal().to_string(),
                args.strategy.trim().to_string(),
                args.kind.name().to_string(),
                opponent.unwrap_or("").to_string(),
                file,
            ]],
        ))?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_or_name_the_problem() {
        assert_eq!(parse_size("900x800").unwrap(), (900, 800));
        assert_eq!(parse_size(" 1200X1000 ").unwrap(), (1200, 1000));
        for bad in ["900", "x800", "900x", "ax3", "-1x5", "900x800x2"] {
            let err = parse_size(bad).unwrap_err().to_string();
            assert!(err.contains("WIDTHxHEIGHT"), "{bad}: {err}");
        }
    }

    #[test]
    fn extensions_pick_the_format() {
        assert_eq!(picture_format(Path::new("a/b.png")).unwrap(), Picture::Png);
        assert_eq!(picture_format(Path::new("b.SVG")).unwrap(), Picture::Svg);
        assert!(picture_format(Path::new("b.jpg")).is_err());
        assert!(picture_format(Path::new("png")).is_err());
    }

    #[test]
    fn vs_fits_win_and_diff_only() {
        assert!(opponent_spec(Kind::Policy, Some("optimal")).is_err());
        assert_eq!(opponent_spec(Kind::Policy, None).unwrap(), None);
        assert_eq!(
            opponent_spec(Kind::Win, None).unwrap().as_deref(),
            Some("optimal")
        );
        assert!(opponent_spec(Kind::Diff, None).is_err());
        assert_eq!(
            opponent_spec(Kind::Diff, Some(" always_roll(4) "))
                .unwrap()
                .as_deref(),
            Some("always_roll(4)")
        );
    }
}
