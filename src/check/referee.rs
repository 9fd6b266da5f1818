//! The student's own `play` beside hog's game loop: the GUI as a debugger
//! (`hog serve --student`, `hog play --student`). After each turn the game
//! so far is replayed through their `play` in a Python process of its own
//! (as the course's hog_gui.py replays it: the moves fed by the strategies,
//! the faces rolled by the dice), every strategy call written down, then
//! their update alone on each turn; the first turn where their game leaves
//! hog's is named, and why the rules say otherwise.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use serde_json::{json, Value};

use super::run::{run, Driver};
use super::Project;
use crate::error::HogError;
use crate::play::{Event, Player, Turn};
use crate::rules::digits::{divisor_count, ones, tens};
use crate::rules::Rules;

/// The program `python3 -c` runs: the drivers' shared helpers, then the
/// referee driver.
const DRIVER: &str = concat!(
    include_str!("../student_file.py"),
    include_str!("scripted.py"),
    include_str!("referee.py")
);

/// A student's `hog.py` replaying hog's games.
#[derive(Debug, Clone)]
pub struct Referee {
    /// The path as given, for messages.
    file: PathBuf,
    goal: u32,
    /// The semester's project: how its `play` is called and which of its
    /// functions plays one turn.
    project: Project,
    timeout: Duration,
    /// What the person and the other player are called in messages.
    names: [String; 2],
}

/// Their game beside hog's, after the turns played so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replay {
    /// Player 0's and player 1's scores after each turn as their `play`
    /// has them (`None` where it never got there). Player 0 moved first.
    pub scores: Vec<Option<[u32; 2]>>,
    /// The first turn where their game differs from the rules', if any.
    pub differs: Option<Difference>,
    /// The first line their code printed, if it printed.
    pub printed: Option<String>,
}

/// Why a student's file could not replay a game: it does not import,
/// lacks `play` or its function of one turn, hung or died.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The file, as given.
    pub file: PathBuf,
    /// Why, in words to follow the file's name ("its play did not finish
    /// within 5 s").
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.reason)
    }
}

impl From<ReplayError> for HogError {
    fn from(error: ReplayError) -> HogError {
        HogError::BadArgument(error.to_string())
    }
}

/// Where and how a student's game first leaves the rules'.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    /// The turn (1 for the first; 0 before any turn: who moves first).
    pub turn: usize,
    /// What differs, and why the rules say what they say.
    pub message: String,
}

impl Referee {
    /// A referee from the file at `path`, the project of `rules`'
    /// semester; refused for rules no course project was written for, or
    /// a file that is not there. The file is first imported when a game is
    /// replayed.
    pub fn new(rules: &Rules, path: &Path, timeout: Duration) -> Result<Referee, HogError> {
        let project = Project::of(rules).ok_or_else(|| {
            HogError::BadRules(format!(
                "--student knows the course's projects of the rule sets fa24, fa19, \
                 double-swap (Spring 2014), reverse-swap (Summer 2015) and digit-swap, not one \
                 for {}",
                rules.name()
            ))
        })?;
        if let Some(problem) = super::not_a_file(path) {
            return Err(HogError::BadArgument(format!(
                "{}: {problem}",
                path.display()
            )));
        }
        Ok(Referee {
            file: path.to_path_buf(),
            goal: rules.goal(),
            project,
            timeout,
            names: ["you".into(), "the opponent".into()],
        })
    }

    /// What a replay that outlasts the timeout is said to have done.
    fn too_slow(&self) -> String {
        format!(
            "its play did not finish within {} s",
            self.timeout.as_secs_f64()
        )
    }

    /// Whether `reason`, a replay's error, says the file hung.
    pub fn hung(&self, reason: &str) -> bool {
        reason == self.too_slow()
    }

    /// Call the person `you` and the other player `other` in messages
    /// (beside the seat numbers of the student's `play`).
    pub fn with_names(mut self, you: &str, other: &str) -> Referee {
        self.names = [you.into(), other.into()];
        self
    }

    /// The file, as given.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The file's name without its folder (`hog.py`), as messages to the
    /// student call it.
    pub fn name(&self) -> String {
        self.file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// Replay `turns` (hog's game so far; `first` moved first) through
    /// the student's `play`; `next` is who moves now and the scores in
    /// seat order, or `None` once the game is over.
    pub fn replay(
        &self,
        turns: &[Turn],
        first: Player,
        next: Option<Player>,
    ) -> Result<Replay, ReplayError> {
        let bad = |reason: String| ReplayError {
            file: self.file.clone(),
            reason,
        };
        let step = Step::of(self.project);
        let request = json!({
            "goal": self.goal,
            "call": self.project.play_call(),
            "patch_dice": matches!(self.project, Project::HogWild(_)),
            "step": { "name": step.name(), "args": step.args() },
            "turns": turns.iter().map(|t| json!({
                "dice": t.dice,
                "rolls": t.rolls,
                "before": [t.before.0, t.before.1],
                // What the rules' function of one turn gives, and the
                // functions it calls (asked where theirs differs).
                "expected": step.expected(t),
                "raw": t.before.0 + t.points,
                "inner": Inner::Step.below(self.project, t).iter().map(|f| json!({
                    "name": f.name(self.project),
                    "args": f.args(self.project),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        });
        let driver = Driver {
            program: DRIVER,
            job: "the replay",
            needs: "--student needs",
            timeout: self.timeout,
            too_slow: self.too_slow(),
            cpu_clock: false,
            quiet: true,
        };
        let result = run(&driver, &self.file, request.to_string()).map_err(bad)?;
        if let Some(missing) = result["missing"].as_array() {
            let names: Vec<&str> = missing.iter().filter_map(Value::as_str).collect();
            return Err(bad(format!("it has no {}", names.join(" and no "))));
        }
        Ok(judge(
            turns,
            first,
            next,
            self.project,
            &self.names,
            &result,
        ))
    }
}

/// A strategy call: the seat asked, its score, the other's, dice rolled
/// before it.
type Call = (u8, u32, u32, usize);

/// Compare the driver's `result` with hog's `turns`.
fn judge(
    turns: &[Turn],
    first: Player,
    next: Option<Player>,
    project: Project,
    names: &[String; 2],
    result: &Value,
) -> Replay {
    let seat = |p: Player| u8::from(p != first);
    let mut calls: Vec<Call> = result["calls"]
        .as_array()
        .map(|calls| calls.iter().map_while(call).collect())
        .unwrap_or_default();
    // What the rules' game asks: turn i's mover at its scores, after the
    // dice of the turns before; then the next mover, if the game goes on.
    let mut expected: Vec<Call> = Vec::new();
    let mut rolled = 0;
    for t in turns {
        expected.push((seat(t.player), t.before.0, t.before.1, rolled));
        rolled += t.rolls.len();
    }
    let last = turns.last().map(|t| {
        let mut scores = [0; 2];
        scores[seat(t.player) as usize] = t.after.0;
        scores[1 - seat(t.player) as usize] = t.after.1;
        scores
    });
    if let Some(p) = next {
        let scores = last.unwrap_or([0, 0]);
        let s = seat(p) as usize;
        expected.push((s as u8, scores[s], scores[1 - s], rolled));
    }
    // A play that hands a strategy the two scores the other way round
    // plays the rules' game: its scores are read the right way round, and
    // that is what is said.
    let swapped = swapped_seats(&expected, &calls);
    let first_swap = swapped.iter().any(|&s| s).then(|| {
        let at = (0..calls.len().min(expected.len()))
            .find(|&i| swapped[calls[i].0 as usize] && calls[i] != expected[i]);
        for c in calls.iter_mut().filter(|c| swapped[c.0 as usize]) {
            (c.1, c.2) = (c.2, c.1);
        }
        at
    });
    let returned = returned_scores(&result["returned"]);
    let scores: Vec<Option<[u32; 2]>> = (0..turns.len())
        .map(|i| match calls.get(i + 1) {
            Some(&c) => Some(in_seats(c)),
            None if i + 1 == calls.len() => returned,
            None => None,
        })
        .collect();
    let printed = result["printed"].as_str().map(crate::text::one_line);
    let steps = result["steps"].as_array().cloned().unwrap_or_default();
    let inner = result["inner"].as_array().cloned().unwrap_or_default();
    let mut differs = None;
    for i in 0..=expected.len() {
        let message = match (expected.get(i), calls.get(i)) {
            (Some(&want), Some(_)) if first_swap == Some(Some(i)) => {
                Some(swapped_scores(swapped, want))
            }
            (Some(want), Some(got)) if want == got => continue,
            (Some(&want), Some(&got)) => Some(if i == 0 {
                format!(
                    "your play asks player {} to move first at {}-{}; player 0 moves first at 0-0",
                    got.0, got.1, got.2
                )
            } else {
                turn_differs(
                    &turns[i - 1],
                    seat,
                    names,
                    (want, got),
                    calls[i - 1].3,
                    (steps.get(i - 1), inner.get(i - 1)),
                    project,
                )
            }),
            (Some(_), None) => Some(stopped_early(result, i, turns)),
            (None, Some(&got)) => {
                let [a, b] = in_seats(got);
                Some(format!(
                    "your play kept going after the game was over at {a}-{b}: it asks player {} \
                     for a move",
                    got.0
                ))
            }
            // The game goes on: every call so far was compared.
            (None, None) if next.is_some() => None,
            (None, None) => match (returned, last) {
                (Some(got), Some(want)) if got != want => Some(format!(
                    "your play returns ({}, {}); the game ends at ({}, {})",
                    got[0], got[1], want[0], want[1]
                )),
                (None, Some(_)) => Some(stopped_early(result, i, turns)),
                _ => None,
            },
        };
        if let Some(message) = message {
            // Their exception text and values are in it: one line, no
            // control characters, wherever it is shown.
            differs = Some(Difference {
                turn: i.min(turns.len()),
                message: crate::text::one_line(&message),
            });
            break;
        }
    }
    Replay {
        scores,
        differs,
        printed,
    }
}

/// A call's scores in seat order (player 0's first).
fn in_seats((p, s, o, _): Call) -> [u32; 2] {
    if p == 0 {
        [s, o]
    } else {
        [o, s]
    }
}

/// Which seats' strategies the student's play calls with the two scores
/// the other way round (the opponent's first): every call of that seat
/// before the game first leaves the rules' otherwise is the rules' call
/// with its scores exchanged, or has equal scores, and one at least is
/// exchanged.
fn swapped_seats(expected: &[Call], calls: &[Call]) -> [bool; 2] {
    // Per seat: a call seen the rules' way, and one the other way round.
    let (mut straight, mut swapped) = ([false; 2], [false; 2]);
    for (want, got) in expected.iter().zip(calls) {
        let s = usize::from(want.0.min(1));
        if (got.0, got.3) != (want.0, want.3) {
            break;
        }
        if want.1 == want.2 {
            if got != want {
                break;
            }
        } else if got == want {
            straight[s] = true;
        } else if (got.1, got.2) == (want.2, want.1) {
            swapped[s] = true;
        } else {
            break;
        }
    }
    [swapped[0] && !straight[0], swapped[1] && !straight[1]]
}

/// "your play calls strategy1 with (score0, score1): the opponent's score
/// first", with the call where it first shows (`want`, the rules' call).
fn swapped_scores(swapped: [bool; 2], (p, s, o, _): Call) -> String {
    let named: Vec<&str> = [
        (swapped[0], "strategy0 with (score1, score0)"),
        (swapped[1], "strategy1 with (score0, score1)"),
    ]
    .iter()
    .filter(|(yes, _)| *yes)
    .map(|(_, words)| *words)
    .collect();
    format!(
        "your play calls {}: the opponent's score first (it calls strategy{p}({o}, {s}) where \
         player {p} has {s} and the opponent {o}; a strategy takes its own player's score \
         first)",
        named.join(" and ")
    )
}

/// A call from the driver: `[player, score, opponent_score, dice used]`.
fn call(value: &Value) -> Option<Call> {
    let n = |i: usize| value.get(i)?.as_u64();
    Some((
        u8::try_from(n(0)?).ok()?,
        u32::try_from(n(1)?).ok()?,
        u32::try_from(n(2)?).ok()?,
        n(3)? as usize,
    ))
}

/// `play`'s return value as two scores, when it is that.
fn returned_scores(value: &Value) -> Option<[u32; 2]> {
    let items = value.as_array()?;
    match items.as_slice() {
        [a, b] => Some([
            u32::try_from(a.as_u64()?).ok()?,
            u32::try_from(b.as_u64()?).ok()?,
        ]),
        _ => None,
    }
}

/// Why the student's game stopped before call `i` of the rules' game.
fn stopped_early(result: &Value, i: usize, turns: &[Turn]) -> String {
    let during = if i == 0 {
        "before the first turn".to_string()
    } else {
        format!("in turn {i}")
    };
    if let Some(misuse) = result["misuse"].as_str() {
        // What their play did to a strategy, in hog's words for it.
        return crate::text::one_line(misuse);
    }
    if let Some(error) = result["raised"].as_str() {
        return format!("your play raised {} {during}", crate::text::one_line(error));
    }
    if result["out_of_dice"] == json!(true) {
        return format!(
            "your play rolled more dice than were chosen {during} ({})",
            turns
                .get(i.saturating_sub(1))
                .map(chose)
                .unwrap_or_else(|| "no dice were chosen".into())
        );
    }
    // Call i of hog's game comes after turn i: the student's play stopped
    // there.
    if let Some(said) = not_whole_scores(result, i) {
        return said;
    }
    match returned_scores(&result["returned"]) {
        Some([a, b]) => format!(
            "your play ends the game after turn {i} at {a}-{b}; the rules go on (nobody has \
             reached the goal)"
        ),
        None => format!(
            "your play returns {} after turn {i}",
            super::report::shown_value(&result["returned"], None)
        ),
    }
}

/// What the student's game did at call `i` when its scores are numbers
/// but not whole ones (a score made with `/`, `(100.0, 21.0)`): the call
/// it made, or what it returned.
fn not_whole_scores(result: &Value, i: usize) -> Option<String> {
    let number = |v: &Value| v.as_f64().map(|_| super::report::shown_value(v, None));
    if let Some(c) = result["calls"].get(i).filter(|c| call(c).is_none()) {
        let (p, s, o) = (c.get(0)?.as_u64()?, number(c.get(1)?)?, number(c.get(2)?)?);
        return Some(format!(
            "your play asks player {p} for a move at {s}-{o} after turn {i}: scores that are \
             not ints"
        ));
    }
    if returned_scores(&result["returned"]).is_some() {
        return None;
    }
    match result["returned"].as_array()?.as_slice() {
        [a, b] => Some(format!(
            "your play returns ({}, {}) after turn {i}: scores that are not ints",
            number(a)?,
            number(b)?
        )),
        _ => None,
    }
}

/// "3 dice were chosen, rolling [4, 2, 6]".
fn chose(turn: &Turn) -> String {
    format!("{} dice were chosen, rolling {:?}", turn.dice, turn.rolls)
}

/// After `turn` hog's game asks for the move `want` (the mover, the
/// scores, the dice rolled so far) where the student's asks `got`: say
/// how they differ, and blame the innermost of their functions of the turn
/// (their function of one turn, then what it calls: `step_value` and
/// `inner`, each alone on the turn's inputs) that alone gives another
/// answer.
fn turn_differs(
    turn: &Turn,
    seat: impl Fn(Player) -> u8,
    names: &[String; 2],
    (want, got): (Call, Call),
    rolled_before: usize,
    (step_value, inner): (Option<&Value>, Option<&Value>),
    project: Project,
) -> String {
    let step = Step::of(project);
    let name = match turn.player {
        Player::Human => &names[0],
        Player::Bot => &names[1],
    };
    let mover = format!("player {} ({name})", seat(turn.player));
    let faces: Vec<String> = turn.rolls.iter().map(u32::to_string).collect();
    let what = if turn.dice == 0 {
        format!("{mover} rolled 0 dice")
    } else {
        format!("{mover} rolled {} dice: {}", turn.dice, faces.join(" "))
    };
    let their_rolls = got.3.saturating_sub(rolled_before);
    if got.3 != want.3 {
        return format!(
            "{what}; your play rolled {their_rolls} {} in that turn",
            if their_rolls == 1 { "die" } else { "dice" }
        );
    }
    let rules_give = step.expected(turn);
    let name = step.name();
    let at = format!("{what} at {}-{}", turn.before.0, turn.before.1);
    if let Some(value) = step_value.filter(|v| answer_differs(v, rules_give)) {
        // The innermost of the functions it calls that differs too.
        let mut blamed = (Inner::Step, value);
        'down: loop {
            for f in blamed.0.present_below(project, turn, inner) {
                let theirs = inner.and_then(|v| v.get(f.name(project)));
                if let Some(theirs) =
                    theirs.filter(|v| answer_differs(v, f.expected(project, turn)))
                {
                    blamed = (f, theirs);
                    continue 'down;
                }
            }
            break;
        }
        let (f, theirs) = blamed;
        let call = f.call(project, turn);
        let said = match theirs["raised"].as_str() {
            Some(error) => format!("{at}: your {call} raised {}", crate::text::one_line(error)),
            None => format!(
                "{at}: your {call} gives {}; the rules give {}",
                super::report::shown_value(theirs, None),
                f.rules_give(project, turn)
            ),
        };
        if f == Inner::Step {
            return said;
        }
        return match value.as_u64() {
            Some(n) => format!("{said}; so your {name} gives {n}, not {rules_give}"),
            None => said,
        };
    }
    if got.0 != want.0 {
        return format!(
            "{what}; then your play gives the move to player {}, the rules to player {}",
            got.0, want.0
        );
    }
    let (got, want) = (in_seats(got), in_seats(want));
    format!(
        "{what}; your play then has player 0 at {} and player 1 at {}, the rules {} and {} \
         (your {name} gives {rules_give} for that turn, as the rules do: look at play)",
        got[0], got[1], want[0], want[1]
    )
}

/// Whether a function's answer from the driver (a number, what it raised,
/// another value) is not the rules' `want` (a function that did not
/// return in its time says nothing).
fn answer_differs(value: &Value, want: u32) -> bool {
    match value {
        Value::Number(n) => n.as_f64() != Some(f64::from(want)),
        Value::Object(o) => !o.contains_key("slow"),
        _ => true,
    }
}

/// A function of the student's that one turn calls (the function of one
/// turn itself first), each called alone on the turn's inputs where their
/// game first differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inner {
    /// Their function of one turn ([`Step`]).
    Step,
    /// Fall 2024's `simple_update`: the score plus the turn's points.
    SimpleUpdate,
    /// Fall 2024's `take_turn` (below `simple_update`; the older
    /// projects' is their [`Step`]).
    TakeTurn,
    /// `roll_dice(num_rolls, dice)`.
    RollDice,
    /// The zero-dice rule's own function: `boar_brawl(player_score,
    /// opponent_score)`, or Fall 2019's and digit-swap's
    /// `free_bacon(score)` (Hog Wild's is inside `take_turn`).
    ZeroDice,
    /// Fall 2024's `sus_points(score)`.
    SusPoints,
    /// Fall 2024's `num_factors(n)`.
    NumFactors,
}

impl Inner {
    fn name(self, project: Project) -> &'static str {
        match (self, project) {
            (Inner::Step, _) => Step::of(project).name(),
            (Inner::SimpleUpdate, _) => "simple_update",
            (Inner::TakeTurn, _) => "take_turn",
            (Inner::RollDice, _) => "roll_dice",
            (Inner::ZeroDice, Project::Fa24) => "boar_brawl",
            (Inner::ZeroDice, _) => "free_bacon",
            (Inner::SusPoints, _) => "sus_points",
            (Inner::NumFactors, _) => "num_factors",
        }
    }

    /// Its arguments, as the driver names what it knows of a turn (`raw`:
    /// the mover's score plus the turn's points).
    fn args(self, project: Project) -> &'static [&'static str] {
        match (self, project) {
            (Inner::Step, _) => Step::of(project).args(),
            (Inner::SimpleUpdate | Inner::TakeTurn, _) => &["dice", "score", "opponent", "rolls"],
            (Inner::RollDice, _) => &["dice", "rolls"],
            (Inner::ZeroDice, Project::Fa24) => &["score", "opponent"],
            (Inner::ZeroDice, _) => &["opponent"],
            (Inner::SusPoints | Inner::NumFactors, _) => &["raw"],
        }
    }

    /// The functions it calls and they call on `turn`, in the course's
    /// solution: what the driver is asked to call where theirs differs.
    fn below(self, project: Project, turn: &Turn) -> Vec<Inner> {
        self.calls(project, turn)
            .into_iter()
            .flat_map(|f| std::iter::once(f).chain(f.below(project, turn)))
            .collect()
    }

    /// Of the functions it calls, those their file has (in `values`, the
    /// driver's answers by name), looking through one their file lacks to
    /// what it would call.
    fn present_below(self, project: Project, turn: &Turn, values: Option<&Value>) -> Vec<Inner> {
        self.calls(project, turn)
            .into_iter()
            .flat_map(|f| match values.and_then(|v| v.get(f.name(project))) {
                Some(_) => vec![f],
                None => f.present_below(project, turn, values),
            })
            .collect()
    }

    /// The functions it calls on `turn`, in the course's solution.
    fn calls(self, project: Project, turn: &Turn) -> Vec<Inner> {
        let points = if turn.dice == 0 {
            match project {
                Project::HogWild(_) => vec![],
                _ => vec![Inner::ZeroDice],
            }
        } else {
            vec![Inner::RollDice]
        };
        match (self, project) {
            (Inner::Step, Project::Fa24) => vec![Inner::SimpleUpdate, Inner::SusPoints],
            (Inner::Step, _) | (Inner::TakeTurn, _) => points,
            (Inner::SimpleUpdate, _) => vec![Inner::TakeTurn],
            (Inner::SusPoints, _) => vec![Inner::NumFactors],
            _ => vec![],
        }
    }

    /// What the rules say it gives on `turn`'s inputs.
    fn expected(self, project: Project, turn: &Turn) -> u32 {
        let points = turn.points - turn.bonus();
        match self {
            Inner::Step => Step::of(project).expected(turn),
            Inner::SimpleUpdate => turn.before.0 + points,
            Inner::TakeTurn | Inner::RollDice | Inner::ZeroDice => points,
            Inner::SusPoints => turn.after.0,
            Inner::NumFactors => divisor_count(turn.before.0 + points),
        }
    }

    /// The call, as the student would write it: `boar_brawl(83, 97)`,
    /// `roll_dice(3, make_test_dice(4, 1, 6))`.
    fn call(self, project: Project, turn: &Turn) -> String {
        let (s, o, n) = (turn.before.0, turn.before.1, turn.dice);
        let dice = if turn.rolls.is_empty() {
            "dice".to_string()
        } else {
            format!("make_test_dice{}", super::inputs::tuple(&turn.rolls))
        };
        let args = match (self, project) {
            (Inner::Step, _) => return Step::of(project).name().to_string(),
            (Inner::SimpleUpdate | Inner::TakeTurn, _) => format!("{n}, {s}, {o}, {dice}"),
            (Inner::RollDice, _) => format!("{n}, {dice}"),
            (Inner::ZeroDice, Project::Fa24) => format!("{s}, {o}"),
            (Inner::ZeroDice, _) => format!("{o}"),
            (Inner::SusPoints | Inner::NumFactors, _) => format!("{}", s + turn.points),
        };
        format!("{}({args})", self.name(project))
    }

    /// What the rules give, and why, in the rules' words: "3 × |9 − 3| =
    /// 18 (Boar Brawl: ...)", "11, because the dice sum to 11".
    fn rules_give(self, project: Project, turn: &Turn) -> String {
        let want = self.expected(project, turn);
        let points = turn.points - turn.bonus();
        let raw = turn.before.0 + points;
        let why = match self {
            Inner::Step => Step::of(project).because(project, turn),
            Inner::SimpleUpdate => format!(
                "{}; {} + {points} = {raw}",
                points_reason(project, turn, points),
                turn.before.0
            ),
            Inner::TakeTurn | Inner::RollDice => points_reason(project, turn, points),
            Inner::ZeroDice => match zero_dice_sum(project, turn.before, points) {
                Some((sum, digits, rule)) => return format!("{sum} ({rule}: {digits})"),
                None => points_reason(project, turn, points),
            },
            Inner::SusPoints => sus_fuss(raw, want),
            Inner::NumFactors => {
                let d: Vec<String> = (1..=raw)
                    .filter(|d| raw.is_multiple_of(*d))
                    .map(|d| d.to_string())
                    .collect();
                match d.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last} divide {raw}", rest.join(", "))
                    }
                    _ => format!("only {raw} divides {raw}"),
                }
            }
        };
        format!("{want}, because {why}")
    }
}

/// A zero-dice rule's arithmetic on the scores `(mover, opponent)`, where
/// it gives `points`: the sum (`3 × |9 − 3| = 18`), the digits it reads
/// (`9 is the tens digit of 97, 3 the ones digit of 83`) and the rule's
/// name.
fn zero_dice_sum(
    project: Project,
    (s, o): (u32, u32),
    points: u32,
) -> Option<(String, String, &'static str)> {
    let (t, u) = (tens(o), ones(o));
    let bacon = format!("{t} and {u} are the tens and ones digits of {o}");
    let (sum, value, digits, rule) = match project {
        Project::Fa24 => {
            let (a, b) = (tens(o), ones(s));
            let v = 3 * a.abs_diff(b);
            let digits = format!("{a} is the tens digit of {o}, {b} the ones digit of {s}");
            if v == 0 {
                (format!("max(3 × |{a} − {b}|, 1)"), 1, digits, "Boar Brawl")
            } else {
                (format!("3 × |{a} − {b}|"), v, digits, "Boar Brawl")
            }
        }
        Project::Fa19 => (
            format!("10 − min({t}, {u})"),
            10 - t.min(u),
            bacon,
            "Free Bacon",
        ),
        Project::DigitSwap => (
            format!("1 + ({t} × {u}) % 10"),
            1 + (t * u) % 10,
            bacon,
            "Free Bacon",
        ),
        Project::HogWild(_) => (
            format!("1 + max({t}, {u})"),
            1 + t.max(u),
            bacon,
            "Free Bacon",
        ),
    };
    (value == points).then(|| (format!("{sum} = {value}"), digits, rule))
}

/// Why Sus Fuss takes `raw` to `to`: its factors, and the next prime.
fn sus_fuss(raw: u32, to: u32) -> String {
    let factors = divisor_count(raw);
    if to == raw {
        format!("{raw} has {factors} factors: only 3 or 4 factors make a score sus (Sus Fuss)")
    } else {
        format!("{raw} has {factors} factors (Sus Fuss), so it becomes {to}, the next prime")
    }
}

/// The student's function of one turn that a difference is first put
/// down to: Fall 2024's `sus_update` (the mover's score after the turn),
/// or the older projects' `take_turn` (the turn's points, before a
/// memory's bonus and the swap, which their `play` applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    SusUpdate,
    TakeTurn,
}

impl Step {
    fn of(project: Project) -> Step {
        match project {
            Project::Fa24 => Step::SusUpdate,
            _ => Step::TakeTurn,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Step::SusUpdate => "sus_update",
            Step::TakeTurn => "take_turn",
        }
    }

    /// Its arguments, as the driver names what it knows of a turn.
    fn args(self) -> &'static [&'static str] {
        match self {
            Step::SusUpdate => &["dice", "score", "opponent", "rolls"],
            Step::TakeTurn => &["dice", "opponent", "rolls"],
        }
    }

    /// What the rules say it gives for `turn`.
    fn expected(self, turn: &Turn) -> u32 {
        match self {
            Step::SusUpdate => turn.after.0,
            Step::TakeTurn => turn.points - turn.bonus(),
        }
    }

    /// Why, in the rules' words.
    fn because(self, project: Project, turn: &Turn) -> String {
        match self {
            Step::SusUpdate => because(project, turn),
            Step::TakeTurn => points_reason(project, turn, turn.points - turn.bonus()),
        }
    }
}

/// Why a turn scored `points`: a 1 among the dice, the zero-dice rule
/// (with its arithmetic), or the dice's sum.
fn points_reason(project: Project, turn: &Turn, points: u32) -> String {
    for event in &turn.events {
        match event {
            Event::SowSad { name } => {
                return format!("a die shows 1 ({name}), so the turn scores {points}")
            }
            Event::PigOut { .. } => {
                return format!("a die shows 1 (Pig Out), so the turn scores {points}")
            }
            Event::ZeroDice { name, points } => {
                return match zero_dice_sum(project, turn.before, *points) {
                    Some((sum, digits, _)) => format!("{name} gives {sum} for 0 dice ({digits})"),
                    None => format!("{name} gives {points} for 0 dice"),
                }
            }
            _ => {}
        }
    }
    format!("the dice sum to {points}")
}

/// Why a turn ends where it does, in the rules' words: its points, then
/// what the after-turn rule did.
fn because(project: Project, turn: &Turn) -> String {
    let (score, points) = (turn.before.0, turn.points);
    let mut parts = vec![points_reason(project, turn, points)];
    let raw = score + points;
    parts.push(format!("{score} + {points} = {raw}"));
    for event in &turn.events {
        match event {
            Event::SusFuss { from, to } => parts.push(format!(
                "{from} has {} factors (Sus Fuss), so it becomes {to}, the next prime",
                divisor_count(*from)
            )),
            Event::SwineSwap { mover, other } => {
                parts.push(format!("Swine Swap exchanges {mover} and {other}"))
            }
            Event::AfterTurn {
                before,
                after,
                part,
                ..
            } => parts.push(format!(
                "{} makes {}-{} into {}-{}",
                part.as_deref().unwrap_or("after_turn"),
                before.0,
                before.1,
                after.0,
                after.1
            )),
            _ => {}
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(player: Player, before: (u32, u32), dice: u8, rolls: &[u32], after: u32) -> Turn {
        let points = if rolls.contains(&1) {
            1
        } else if dice == 0 {
            after - before.0
        } else {
            rolls.iter().sum()
        };
        let mut events = Vec::new();
        if before.0 + points != after {
            events.push(Event::SusFuss {
                from: before.0 + points,
                to: after,
            });
        }
        Turn {
            player,
            before,
            dice,
            sides: 6,
            rolls: rolls.to_vec(),
            points,
            after: (after, before.1),
            events,
        }
    }

    fn names() -> [String; 2] {
        ["you".into(), "the bot".into()]
    }

    /// The game of two turns: player 0 (the bot, first) rolls 2 dice
    /// (4 and 4: 8, which has 4 factors, so 11); the person rolls 1 (6).
    /// [`two_turns`] (the bot first, and next) judged against `result`.
    fn judge_two_turns(result: &Value) -> Replay {
        judge(
            &two_turns(),
            Player::Bot,
            Some(Player::Bot),
            Project::Fa24,
            &names(),
            result,
        )
    }

    fn two_turns() -> Vec<Turn> {
        vec![
            turn(Player::Bot, (0, 0), 2, &[4, 4], 11),
            turn(Player::Human, (0, 11), 1, &[6], 6),
        ]
    }

    #[test]
    fn a_game_like_the_rules_differs_nowhere() {
        let result = json!({
            "calls": [[0, 0, 0, 0], [1, 0, 11, 2], [0, 11, 6, 3]],
            "steps": [11, 6],
        });
        let replay = judge_two_turns(&result);
        assert_eq!(replay.differs, None);
        assert_eq!(replay.scores, vec![Some([11, 0]), Some([11, 6])]);
    }

    #[test]
    fn a_forgotten_sus_fuss_is_blamed_on_the_update_with_the_reason() {
        let result = json!({
            "calls": [[0, 0, 0, 0], [1, 0, 8, 2], [0, 8, 6, 3]],
            "steps": [8, 6],
        });
        let replay = judge_two_turns(&result);
        let differs = replay.differs.unwrap();
        assert_eq!(differs.turn, 1);
        assert_eq!(
            differs.message,
            "player 0 (the bot) rolled 2 dice: 4 4 at 0-0: your sus_update gives 8; the rules \
             give 11, because the dice sum to 8; 0 + 8 = 8; 8 has 4 factors (Sus Fuss), so it \
             becomes 11, the next prime"
        );
    }

    #[test]
    fn scores_handed_the_other_way_round_are_named_and_read_right() {
        // Player 1's strategy is called with (score0, score1) every time.
        let result = json!({
            "calls": [[0, 0, 0, 0], [1, 11, 0, 2], [0, 11, 6, 3]],
            "steps": [11, 6],
        });
        let replay = judge_two_turns(&result);
        assert_eq!(replay.scores, vec![Some([11, 0]), Some([11, 6])]);
        let differs = replay.differs.unwrap();
        assert_eq!(differs.turn, 1);
        assert_eq!(
            differs.message,
            "your play calls strategy1 with (score0, score1): the opponent's score first (it \
             calls strategy1(11, 0) where player 1 has 0 and the opponent 11; a strategy takes \
             its own player's score first)"
        );
        // Once the rules' way round, once the other: not that.
        let calls = [(0, 5, 7, 0), (1, 7, 5, 1), (0, 9, 8, 2)];
        let expected = [(0, 5, 7, 0), (1, 7, 5, 1), (0, 8, 9, 2)];
        assert_eq!(swapped_seats(&expected, &calls), [false, false]);
    }

    #[test]
    fn the_wrong_player_first_is_turn_zero() {
        let result = json!({ "calls": [[1, 0, 0, 0]], "raised": "Stop" });
        let replay = judge_two_turns(&result);
        let differs = replay.differs.unwrap();
        assert_eq!(differs.turn, 0);
        assert!(differs
            .message
            .starts_with("your play asks player 1 to move first"));
    }

    #[test]
    fn play_applying_a_right_update_wrongly_is_blamed_on_play() {
        // Their update is right (11), but play adds the turn twice.
        let result = json!({
            "calls": [[0, 0, 0, 0], [1, 0, 22, 2], [0, 22, 12, 3]],
            "steps": [11, 6],
        });
        let replay = judge_two_turns(&result);
        let differs = replay.differs.unwrap();
        assert_eq!(differs.turn, 1);
        assert!(
            differs.message.ends_with("look at play)"),
            "{}",
            differs.message
        );
        assert!(differs
            .message
            .contains("player 0 at 22 and player 1 at 0, the rules 11 and 0"));
    }

    #[test]
    fn a_play_that_ends_too_soon_is_named_after_the_last_turn_it_played() {
        // Two turns played, the game goes on, but their play returns.
        let result = json!({
            "calls": [[0, 0, 0, 0], [1, 0, 11, 2]],
            "returned": [11, 6],
            "steps": [11, 6],
        });
        let replay = judge_two_turns(&result);
        let differs = replay.differs.unwrap();
        assert_eq!(differs.turn, 2);
        assert_eq!(
            differs.message,
            "your play ends the game after turn 2 at 11-6; the rules go on (nobody has reached \
             the goal)"
        );
    }

    #[test]
    fn scores_that_are_floats_are_said_as_they_are() {
        let turns = vec![
            turn(Player::Bot, (0, 0), 2, &[4, 4], 11),
            turn(Player::Human, (0, 11), 1, &[6], 6),
        ];
        // Play asks for the second move at a float score.
        let asked = json!({ "calls": [[0, 0, 0, 0], [1, 0, 11.0, 2]], "steps": [11, 6] });
        let replay = judge(
            &turns,
            Player::Bot,
            Some(Player::Bot),
            Project::Fa24,
            &names(),
            &asked,
        );
        assert_eq!(
            replay.differs.unwrap().message,
            "your play asks player 1 for a move at 0-11.0 after turn 1: scores that are not ints"
        );
        // The game over, play returns floats.
        let turns = vec![turn(Player::Human, (95, 50), 1, &[6], 101)];
        let returned =
            json!({ "calls": [[0, 95, 50, 0]], "returned": [101.0, 50.0], "steps": [101] });
        let replay = judge(
            &turns,
            Player::Human,
            None,
            Project::Fa24,
            &names(),
            &returned,
        );
        assert_eq!(
            replay.differs.unwrap().message,
            "your play returns (101.0, 50.0) after turn 1: scores that are not ints"
        );
    }

    #[test]
    fn a_game_over_is_checked_by_what_play_returns() {
        let turns = vec![turn(Player::Human, (95, 50), 1, &[6], 101)];
        let ok = json!({ "calls": [[0, 95, 50, 0]], "returned": [101, 50], "steps": [101] });
        assert_eq!(
            judge(&turns, Player::Human, None, Project::Fa24, &names(), &ok).differs,
            None
        );
        let on = json!({ "calls": [[0, 95, 50, 0], [1, 50, 101, 1]], "steps": [101] });
        let differs = judge(&turns, Player::Human, None, Project::Fa24, &names(), &on)
            .differs
            .unwrap();
        assert_eq!(
            differs.message,
            "your play kept going after the game was over at 101-50: it asks player 1 for a move"
        );
    }
}
