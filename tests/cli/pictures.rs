#![cfg(feature = "plot")]
//! Pictures: every kind of heatmap rendered in memory as PNG and SVG, the
//! colours of known cells against the palettes, `hog plot`'s refusals, and
//! the freshness of the committed `docs/src/images/<preset>-*.png`
//! (`cargo test --release --test cli pictures::`).

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use hog::engine::SweepOptions;
use hog::engine::{solve as optimal, Solution};
use hog::plot::{
    dice_color, diff_color, render_png, render_rgb, render_svg, win_color, Layout, Plot,
    DEFAULT_SIZE, MAX_SIDE, MIN_SIZE,
};
use hog::rules::{Preset, Rules};
use hog::strategy::{Resolver, StrategyTable};
use plotters::style::RGBColor;

fn fa24() -> Rules {
    Rules::preset(Preset::Fa24, 100).unwrap()
}

fn solve(rules: &Rules) -> Solution<'_> {
    optimal(rules, &SweepOptions::default())
}

fn resolve(rules: &Rules, spec: &str) -> StrategyTable {
    Resolver::new(rules, SweepOptions::default())
        .resolve_str(spec)
        .unwrap()
}

/// A decoded RGB picture.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn decode(bytes: &[u8]) -> Picture {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
        let mut reader = png::Decoder::new(bytes).read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgb).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        rgb.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn pixel(&self, (x, y): (i32, i32)) -> RGBColor {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        RGBColor(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    fn distinct_colours(&self) -> usize {
        self.rgb.chunks(3).collect::<HashSet<_>>().len()
    }

    /// Blank (white) rows at the top and the bottom, and blank columns at
    /// the left and the right.
    fn blank_margins(&self) -> (u32, u32, u32, u32) {
        let inked = |x: u32, y: u32| self.pixel((x as i32, y as i32)) != RGBColor(255, 255, 255);
        let row = |y| (0..self.width).any(|x| inked(x, y));
        let column = |x| (0..self.height).any(|y| inked(x, y));
        let top = (0..self.height).position(row).unwrap() as u32;
        let bottom = (0..self.height).rev().position(row).unwrap() as u32;
        let left = (0..self.width).position(column).unwrap() as u32;
        let right = (0..self.width).rev().position(column).unwrap() as u32;
        (top, bottom, left, right)
    }

    fn white_share(&self) -> f64 {
        let white = self.rgb.chunks(3).filter(|c| c == &[255, 255, 255]).count();
        white as f64 / (self.width * self.height) as f64
    }
}

/// Every 7th score on both axes: 225 cells spread over the whole square.
fn sample_cells() -> Vec<(u32, u32)> {
    let scores: Vec<u32> = (0..100).step_by(7).chain([99]).collect();
    scores
        .iter()
        .flat_map(|&s| scores.iter().map(move |&o| (s, o)))
        .collect()
}

/// Render `plot` as PNG at the default size; every sampled cell's centre
/// pixel must have `expected(s, o)`. Returns the picture for more checks.
fn check_cells(plot: &Plot, expected: impl Fn(u32, u32) -> RGBColor) -> Picture {
    let layout = Layout::default_for(100);
    let picture = Picture::decode(&render_png(plot, &layout).unwrap());
    assert_eq!((picture.width, picture.height), DEFAULT_SIZE);
    for (s, o) in sample_cells() {
        let at = layout.cell_center(s, o);
        assert_eq!(
            picture.pixel(at),
            expected(s, o),
            "cell (score {s}, opponent {o}) at pixel {at:?}"
        );
    }
    assert!(
        picture.white_share() < 0.6,
        "mostly blank: {}",
        picture.white_share()
    );
    picture
}

#[test]
fn policy_cells_have_the_colour_of_their_dice_count() {
    let rules = fa24();
    let table = solve(&rules).table();
    let plot = Plot::policy(&rules, "optimal", table.clone());
    let picture = check_cells(&plot, |s, o| dice_color(table.get(s, o)));
    // The samples must cover zero dice and several other counts, or the
    // check above proves little.
    let counts: HashSet<u8> = sample_cells()
        .into_iter()
        .map(|(s, o)| table.get(s, o))
        .collect();
    assert!(counts.contains(&0) && counts.len() >= 6, "{counts:?}");
    // Black (zero dice) is on the picture; the origin is the bottom-left.
    assert_eq!(dice_color(0), RGBColor(0, 0, 0));
    let layout = Layout::default_for(100);
    let (x0, y0) = layout.cell_center(0, 0);
    let (x1, y1) = layout.cell_center(99, 99);
    assert!(x0 < x1 && y0 > y1, "score 0 bottom-left, 99 top-right");
    assert!(picture.distinct_colours() >= 11 + 2);
    // Every count has its swatch, in the cells' colour, right of the heatmap.
    let legend: HashSet<RGBColor> = (0..picture.height as i32)
        .flat_map(|y| (layout.left + layout.side + 1..picture.width as i32).map(move |x| (x, y)))
        .map(|at| picture.pixel(at))
        .collect();
    for dice in 0..=10 {
        assert!(
            legend.contains(&dice_color(dice)),
            "no swatch for {dice} dice"
        );
    }
}

#[test]
fn win_cells_have_the_colour_of_their_probability() {
    let rules = fa24();
    let solution = solve(&rules);
    let values = ndarray::Array2::from_shape_fn((100, 100), |(s, o)| {
        solution.value(0, (s as u32, o as u32))
    });
    let plot = Plot::win(&rules, "optimal", "optimal", values.clone());
    let picture = check_cells(&plot, |s, o| win_color(values[[s as usize, o as usize]]));
    assert!(picture.distinct_colours() > 200, "a continuous scale");
    // The colour bar spans the whole scale: both ends appear.
    let all: HashSet<RGBColor> = picture
        .rgb
        .chunks(3)
        .map(|c| RGBColor(c[0], c[1], c[2]))
        .collect();
    assert!(all.contains(&win_color(0.0)) && all.contains(&win_color(1.0)));
}

#[test]
fn diff_cells_say_which_strategy_rolls_more() {
    let rules = fa24();
    let a = resolve(&rules, "boar_strategy");
    let b = solve(&rules).table();
    let plot = Plot::diff(&rules, "boar_strategy", "optimal", a.clone(), b.clone());
    check_cells(&plot, |s, o| diff_color(a.get(s, o), b.get(s, o)));
    let kinds: HashSet<RGBColor> = sample_cells()
        .into_iter()
        .map(|(s, o)| diff_color(a.get(s, o), b.get(s, o)))
        .collect();
    assert_eq!(kinds.len(), 3, "same, more and fewer all sampled");
}

/// SVG text with XML's five escapes undone.
fn unescape(svg: &str) -> String {
    svg.replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

#[test]
fn svgs_carry_their_titles_and_legends() {
    let rules = fa24();
    let table = solve(&rules).table();
    let layout = Layout::default_for(100);
    let values = ndarray::Array2::from_elem((100, 100), 0.5);
    let plots = [
        Plot::policy(&rules, "optimal", table.clone()),
        Plot::win(&rules, "always_roll(6)", "optimal", values),
        Plot::diff(
            &rules,
            "always_roll(6)",
            "optimal",
            StrategyTable::constant(100, 6),
            table,
        ),
    ];
    let needles = [
        vec!["Dice rolled by optimal", "0: Boar Brawl", "4,614"],
        vec!["Win probability of always_roll(6)", "mover wins", "100%"],
        vec!["Where always_roll(6) and optimal choose differently"],
    ];
    for (plot, needles) in plots.iter().zip(needles) {
        let svg = unescape(&render_svg(plot, &layout).unwrap());
        let (w, h) = DEFAULT_SIZE;
        assert!(svg.starts_with(&format!("<svg width=\"{w}\" height=\"{h}\"")));
        assert!(svg.trim_end().ends_with("</svg>"));
        for needle in needles.iter().copied().chain([
            "rules fa24 (boar-brawl, six-sided, sus-fuss), goal 100",
            "opponent's score (0 at the left)",
            "own score, player to move (0 at the bottom)",
        ]) {
            assert!(svg.contains(needle), "{}: no {needle:?}", plot.title);
        }
        // Thousands of cells, merged into runs of one colour per row.
        let rects = svg.matches("<rect").count();
        assert!((100..=10_100).contains(&rects), "{rects} rectangles");
    }
}

#[test]
fn other_sizes_and_goals_render() {
    let rules = Rules::preset(Preset::DoubleSwap, 7).unwrap();
    let plot = Plot::policy(&rules, "always_roll(3)", StrategyTable::constant(7, 3));
    for size in [(400, 300), (1800, 1600), (1200, 500)] {
        let layout = Layout::new(size, 7).unwrap();
        let picture = Picture::decode(&render_png(&plot, &layout).unwrap());
        assert_eq!((picture.width, picture.height), size);
        assert_eq!(picture.pixel(layout.cell_center(6, 0)), dice_color(3));
        assert!(layout.side > 100, "{layout:?}");
    }
}

/// How much two opposite blank margins may differ in a picture of `size`:
/// margins scale with the picture (words no smaller than 0.65 of the
/// default), and the title sits nearer the top than the axis title to the
/// bottom by about 10 px at the default size.
fn slack((width, height): (u32, u32)) -> u32 {
    let scale = (f64::from(width) / f64::from(DEFAULT_SIZE.0))
        .min(f64::from(height) / f64::from(DEFAULT_SIZE.1));
    (16.0 * scale.max(0.65)).ceil() as u32 + 2
}

#[test]
fn pictures_use_their_space_at_any_size() {
    let rules = fa24();
    let table = solve(&rules).table();
    let values = ndarray::Array2::from_elem((100, 100), 0.5);
    let plots = [
        Plot::policy(&rules, "optimal", table.clone()),
        Plot::win(&rules, "optimal", "optimal", values),
        Plot::diff(
            &rules,
            "boar_strategy",
            "optimal",
            resolve(&rules, "boar_strategy"),
            table,
        ),
    ];
    let sizes = [
        DEFAULT_SIZE,
        MIN_SIZE,
        (900, 800),
        (1200, 500),
        (600, 1000),
        (MIN_SIZE.0, MAX_SIDE),
        (MAX_SIDE, MIN_SIZE.1),
    ];
    for (width, height) in sizes {
        let layout = Layout::new((width, height), 100).unwrap();
        for plot in &plots {
            let rgb = render_rgb(plot, &layout).unwrap();
            let picture = Picture { width, height, rgb };
            let (top, bottom, left, right) = picture.blank_margins();
            let at = format!(
                "{}, {width}x{height}: blank top {top}, bottom {bottom}, left {left}, right {right}",
                plot.title
            );
            // Nothing runs off the picture...
            assert!(top.min(bottom).min(left).min(right) >= 2, "{at}");
            // ...and no blank band is left at the bottom.
            let slack = slack((width, height));
            assert!(bottom <= top + slack && top <= bottom + slack, "{at}");
            if (width, height) == DEFAULT_SIZE {
                assert!(bottom <= 30, "{at}");
            }
        }
        // The policy legend is the widest: it spans the room kept for legends.
        let rgb = render_rgb(&plots[0], &layout).unwrap();
        let (_, _, left, right) = Picture { width, height, rgb }.blank_margins();
        let at = format!("{width}x{height}: blank left {left}, right {right}");
        let slack = slack((width, height));
        assert!(right <= left + slack && left <= right + slack, "{at}");
    }
}

// ---- the binary ----

fn hog(dir: &Path) -> Command {
    let mut cmd = crate::util::hog_command();
    cmd.current_dir(dir).arg("--quiet");
    cmd
}

fn temp() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("hog-pictures-")
        .tempdir()
        .unwrap()
}

/// Run `hog plot ARGS` in `dir`; it must succeed.
fn plot(dir: &Path, args: &[&str]) -> String {
    let out = hog(dir).arg("plot").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hog plot {args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut names: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    names
}

#[test]
fn the_binary_writes_png_and_svg() {
    let dir = temp();
    let out = plot(dir.path(), &["optimal", "--out", "p.svg"]);
    assert_eq!(out, "wrote p.svg\n");
    let svg = fs::read_to_string(dir.path().join("p.svg")).unwrap();
    assert!(svg.contains("Dice rolled by optimal"));
    plot(
        dir.path(),
        &[
            "boar_strategy",
            "--kind",
            "win",
            "--vs",
            "always_roll(6)",
            "--size",
            "600x500",
            "--out",
            "w.png",
        ],
    );
    let picture = Picture::decode(&fs::read(dir.path().join("w.png")).unwrap());
    assert_eq!((picture.width, picture.height), (600, 500));
    let json = plot(
        dir.path(),
        &[
            "optimal",
            "--kind",
            "diff",
            "--vs",
            "boar_strategy",
            "--out",
            "d.png",
            "--format",
            "json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["kind"], "diff");
    assert_eq!(v["opponent"], "boar_strategy");
    assert_eq!(v["file"], "d.png");
    assert_eq!(v["rules"], "fa24");
    // Only the three pictures: no temporary file is left behind.
    let names: Vec<String> = files_in(dir.path())
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["d.png", "p.svg", "w.png"]);
}

#[test]
fn win_plots_default_to_the_optimal_opponent() {
    let dir = temp();
    plot(
        dir.path(),
        &["always_roll(5)", "--kind", "win", "--out", "a.png"],
    );
    plot(
        dir.path(),
        &[
            "always_roll(5)",
            "--kind",
            "win",
            "--vs",
            "optimal",
            "--out",
            "b.png",
        ],
    );
    let a = fs::read(dir.path().join("a.png")).unwrap();
    assert_eq!(a, fs::read(dir.path().join("b.png")).unwrap());
}

#[test]
fn bad_arguments_are_one_line_errors_with_status_2() {
    let dir = temp();
    fs::write(dir.path().join("keep.txt"), "x").unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["optimal", "--out", "x.jpg"], "must end in .png or .svg"),
        (&["optimal", "--out", "x"], "must end in .png or .svg"),
        (&["optimal", "--out", "nope/x.png"], "does not exist"),
        (
            &["optimal", "--out", "x.png", "--vs", "always_roll(3)"],
            "--vs does not apply to --kind policy",
        ),
        (
            &["optimal", "--out", "x.png", "--kind", "diff"],
            "--kind diff needs --vs",
        ),
        (&["optimal", "--out", "x.png", "--size", "90x80"], "90x80"),
        (&["pig_strategy", "--out", "x.png"], "pig_strategy"),
    ];
    for (args, needle) in cases {
        let out = hog(dir.path()).arg("plot").args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    assert_eq!(files_in(dir.path()), [dir.path().join("keep.txt")]);
    assert!(!dir.path().join("nope").exists(), "no folder is created");
}

/// The committed pictures and the command that makes each.
fn committed() -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for preset in ["fa24", "double-swap", "reverse-swap", "digit-swap"] {
        for (kind, file) in [("policy", "policy.png"), ("win", "win.png")] {
            let path = format!("docs/src/images/{preset}-{file}");
            let args = ["optimal", "--rules", preset, "--kind", kind, "--out"];
            all.push((path, args.iter().map(|s| s.to_string()).collect()));
        }
    }
    all
}

#[test]
fn committed_pictures_are_fresh_and_rendering_is_deterministic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = temp();
    for (i, (path, mut args)) in committed().into_iter().enumerate() {
        let fresh = dir.path().join(format!("{i}.png"));
        args.push(fresh.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        plot(dir.path(), &args);
        let bytes = fs::read(&fresh).unwrap();
        let again = dir.path().join(format!("{i}-again.png"));
        let mut second = args.clone();
        let last = second.len() - 1;
        let again_arg = again.display().to_string();
        second[last] = &again_arg;
        plot(dir.path(), &second);
        assert_eq!(
            bytes,
            fs::read(&again).unwrap(),
            "{path} differs run to run"
        );
        let committed = fs::read(root.join(&path))
            .unwrap_or_else(|e| panic!("{path}: {e}; make it with hog plot {}", args.join(" ")));
        assert!(
            committed == bytes,
            "{path} is stale: regenerate it with `hog plot {} {path}`",
            args[..args.len() - 1].join(" ")
        );
    }
}

#[test]
fn the_optimal_win_plot_shows_the_minimax_values() {
    // The binary evaluates optimal against optimal as two fixed tables; the
    // picture must be the one of the solver's own values.
    let dir = temp();
    plot(dir.path(), &["optimal", "--kind", "win", "--out", "w.png"]);
    let from_binary = fs::read(dir.path().join("w.png")).unwrap();
    let rules = fa24();
    let solution = solve(&rules);
    let values = ndarray::Array2::from_shape_fn((100, 100), |(s, o)| {
        solution.value(0, (s as u32, o as u32))
    });
    let plot = Plot::win(&rules, "optimal", "optimal", values);
    let from_library = render_png(&plot, &Layout::default_for(100)).unwrap();
    assert!(from_binary == from_library, "the two pictures differ");
}
