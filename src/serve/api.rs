//! The JSON API. Each handler reads its parameters, computes off the async
//! threads with the same library calls as the command line, and answers
//! with the same typed reports, so `GET /api/eval` and `hog eval --format
//! json` agree bit for bit.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use serde::Serialize;

use crate::engine;
use crate::engine::win_rates;
use crate::engine::{Solution, State as At, SweepOptions};
use crate::explain::{
    context_asked, explain, explain_remembering, explain_strategy, explain_strategy_remembering,
    parse_remembered, ContextAsked,
};
use crate::play::Player;
use crate::recall::Context;
use crate::report::{EvalReport, ExplainReport, RatesReport, RulesHeader, SweepReport};
use crate::rules::{BuiltIn, Preset, Rules};
use crate::strategy::{find_course_strategy, CourseStrategy, Grid, Resolver, Spec};

use super::error::ApiError;
use super::game::{replay, GameReport, Opponent};
use super::query::RulesQuery;
use super::state::ServerState;

/// The state every handler gets.
pub type AppState = State<Arc<ServerState>>;

/// A request's query parameters, each read at most once by name.
pub struct Params {
    map: HashMap<String, String>,
    allowed: &'static [&'static str],
}

/// The rules parameters every endpoint takes.
const RULES: [&str; 5] = ["rules", "goal", "zero_dice", "hog_wild", "after_turn"];

impl Params {
    /// The parameters of a request to an endpoint that takes `allowed`
    /// (besides the rules); any other name is refused, so a typo is not
    /// silently ignored.
    pub fn new(
        map: HashMap<String, String>,
        allowed: &'static [&'static str],
    ) -> Result<Params, ApiError> {
        for key in map.keys() {
            if !RULES.contains(&key.as_str()) && !allowed.contains(&key.as_str()) {
                let mut names: Vec<&str> = allowed.to_vec();
                names.extend(RULES);
                return Err(ApiError::bad(format!(
                    "unknown parameter '{}'; this endpoint takes {}",
                    crate::text::clip(key, 40),
                    names.join(", ")
                )));
            }
        }
        Ok(Params { map, allowed })
    }

    /// An optional parameter.
    pub fn get(&self, name: &str) -> Option<&str> {
        debug_assert!(self.allowed.contains(&name) || RULES.contains(&name));
        self.map.get(name).map(String::as_str)
    }

    /// A parameter the request must give.
    pub fn need(&self, name: &str) -> Result<&str, ApiError> {
        self.get(name)
            .ok_or_else(|| ApiError::bad(format!("missing parameter '{name}'")))
    }

    /// The rules of the request: a preset with its components and goal,
    /// or the rules the server started with, by name; what the request
    /// leaves out is the server's.
    pub fn rules(&self, state: &ServerState) -> Result<Arc<Rules>, ApiError> {
        let get = |k: &str| self.map.get(k).cloned();
        if let Some(house) = state.house_rules() {
            let name = house.name();
            match self.map.get("rules").map(|r| r.trim()) {
                None => return house_rules(house, &self.map, state.limits.max_goal),
                Some(asked) if asked == name => {
                    return house_rules(house, &self.map, state.limits.max_goal)
                }
                Some(asked)
                    if Preset::from_name(asked).is_none()
                        && BuiltIn::from_name(asked).is_none() =>
                {
                    let names: Vec<&str> = crate::rules::named_rule_sets()
                        .iter()
                        .map(|r| r.name)
                        .collect();
                    return Err(ApiError::bad(format!(
                        "unknown rule set '{}'; it is one of {name}, {}",
                        crate::text::clip(asked, 40),
                        names.join(", ")
                    )));
                }
                _ => {}
            }
        }
        let max_goal = state.limits.max_goal;
        RulesQuery {
            rules: get("rules"),
            goal: get("goal"),
            zero_dice: get("zero_dice"),
            hog_wild: get("hog_wild"),
            after_turn: get("after_turn"),
        }
        .to_rules(max_goal, state.default_rules())
        .map(Arc::new)
    }
}

/// The server's rules given as functions, for a request that names them:
/// their functions were tabulated for one goal and cannot change here.
fn house_rules(
    house: &Arc<Rules>,
    query: &HashMap<String, String>,
    max_goal: u32,
) -> Result<Arc<Rules>, ApiError> {
    let name = house.name();
    if let Some(key) = ["zero_dice", "hog_wild", "after_turn"]
        .into_iter()
        .find(|k| query.contains_key(*k))
    {
        return Err(ApiError::bad(format!(
            "bad rules: {name} are rules given as functions; a request cannot change \
             their {key}"
        )));
    }
    // The goal as a number, as for presets ("030" is 30).
    let asked = query.get("goal").map(|g| g.trim());
    // A rule set built into hog is read again for another goal (unless the
    // server changed it, with --memory say: then its goal is fixed too).
    let goal = asked.and_then(|g| g.parse::<u32>().ok());
    if let (Some(goal), Some(built_in)) = (goal, BuiltIn::from_name(&name)) {
        let same = built_in
            .rules(Some(house.goal()), None)
            .is_ok_and(|own| own.identity() == house.identity());
        if same && goal != house.goal() {
            if goal > max_goal {
                return Err(ApiError::bad(format!(
                    "bad goal: goal {goal} is more than this server solves for a request \
                     ({max_goal}); the command line takes larger goals"
                )));
            }
            return Ok(Arc::new(built_in.rules(Some(goal), None)?));
        }
    }
    match asked {
        Some(goal) if goal.parse::<u32>().ok() != Some(house.goal()) => {
            Err(ApiError::bad(format!(
                "bad goal: {name} was tabulated for goal {} when the server started, not '{}'; \
             start hog serve with --goal for another",
                house.goal(),
                crate::text::clip(goal, 40)
            )))
        }
        _ => Ok(Arc::clone(house)),
    }
}

/// The context a request names (`remembered=A,B`, `clock=C`, `turn=N`,
/// `extra_turn=true`), checked against its rules: the start's by default
/// under rules with memory or a clock, none without.
fn context_of(params: &Params, rules: &Rules) -> Result<Option<Context>, ApiError> {
    let number = |key: &str| -> Result<Option<u32>, ApiError> {
        params
            .get(key)
            .map(|text| {
                text.trim().parse::<u32>().map_err(|_| {
                    ApiError::bad(format!(
                        "{key} is a whole number, not '{}'",
                        crate::text::clip(text, 40)
                    ))
                })
            })
            .transpose()
    };
    let asked = ContextAsked {
        remembered: params
            .get("remembered")
            .map(|text| parse_remembered("remembered", text))
            .transpose()?,
        turn: number("turn")?,
        extra_turn: matches!(params.get("extra_turn").map(str::trim), Some("true" | "1")),
        clock: number("clock")?,
    };
    Ok(context_asked(rules, &asked)?)
}

/// What a request computes, for its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Sweeps of two seats (eval, explain, a game's bot, a sweep's rows).
    Sweep,
    /// A sweep packed whole for the page (solve, map).
    Map,
}

/// The memory `work` needs under `rules`, about: a sweep holds a few
/// numbers a state (values, choices and lookups for two seats, solved
/// tables on the way), a map its answer besides (64 bytes of base64 a
/// state, twice while it is written as JSON). Measured at goal 1000 (see
/// the server's load test), with room to spare.
pub fn cost(rules: &Rules, work: Work) -> u64 {
    let states = u64::from(rules.goal()).pow(2);
    let sweep = 96 * states;
    // Memory and clocks multiply the states by their contexts.
    let contexts = rules
        .memory()
        .map_or(1, |m| u64::from(m.size()).pow(2) * u64::from(m.clocks()));
    let base = (sweep * contexts).max(1 << 20);
    match work {
        Work::Sweep => base,
        Work::Map => base + 160 * states,
    }
}

/// Run `work` on a thread for blocking work, once the server's budget has
/// room for `bytes`: solves never hold up the threads that answer
/// requests, and never take more memory than the budget together.
pub(super) async fn compute<T: Send + 'static>(
    state: &ServerState,
    bytes: u64,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let admitted = state.budget.admit(bytes).await?;
    let answer = tokio::task::spawn_blocking(move || {
        // The memory admitted must be there: if the system cannot give it
        // now, the request is refused before it starts, not halfway.
        let answer = match crate::alloc::room_for(bytes as usize) {
            true => work(),
            false => Err(out_of_memory()),
        };
        drop(admitted);
        answer
    })
    .await;
    answer.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the computation failed: {e}"),
        )
    })?
}

/// The baseline or the given opponent.
fn opponent_spec(rules: &Rules, vs: Option<&str>) -> String {
    vs.map_or_else(
        || format!("always_roll({})", rules.baseline_dice()),
        |v| v.trim().to_string(),
    )
}

/// `GET /api/eval?strategy=SPEC&vs=SPEC`: as `hog eval --format json`.
pub async fn eval(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<EvalReport>, ApiError> {
    let params = Params::new(query, &["strategy", "vs"])?;
    let rules = params.rules(&state)?;
    let strategy = params.need("strategy")?.trim().to_string();
    let vs = opponent_spec(&rules, params.get("vs"));
    compute(&Arc::clone(&state), cost(&rules, Work::Sweep), move || {
        // A solution's own value (the optimum against itself, ...) from the
        // solution, as the command line gives it; any other pair as tables.
        let (a, b) = (state.spec(&strategy)?, state.spec(&vs)?);
        let rates = if a.answers(&b) {
            let lookup = |text: &str| state.table(&rules, text).ok().map(|t| (*t).clone());
            let resolver = Resolver::new(&rules, SweepOptions::default()).with_names_only(&lookup);
            resolver.rates(&a, &b)?
        } else {
            let a = state.table(&rules, &strategy)?;
            let b = state.table(&rules, &vs)?;
            win_rates(&rules, &a, &b, &SweepOptions::default())
        };
        Ok(EvalReport::new(&rules, &strategy, &vs, rates))
    })
    .await
    .map(Json)
}

/// `GET /api/explain?score=S&opponent=O[&strategy=SPEC][&vs=SPEC]`: as
/// `hog explain S O --format json`.
pub async fn explain_state(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<ExplainReport>, ApiError> {
    let params = Params::new(
        query,
        &[
            "score",
            "opponent",
            "strategy",
            "vs",
            "remembered",
            "turn",
            "extra_turn",
            "clock",
        ],
    )?;
    let rules = params.rules(&state)?;
    let score = score_of(&params, "score", rules.goal())?;
    let opponent = score_of(&params, "opponent", rules.goal())?;
    let strategy = params.get("strategy").map(|s| s.trim().to_string());
    let vs = params.get("vs").map(|s| s.trim().to_string());
    let context = context_of(&params, &rules)?;
    compute(&Arc::clone(&state), cost(&rules, Work::Sweep), move || {
        let options = SweepOptions::default();
        let e = match &strategy {
            Some(spec) => {
                let a = state.table(&rules, spec)?;
                let b = state.table(&rules, vs.as_deref().unwrap_or("optimal"))?;
                let result = engine::evaluate(&rules, &a, &b, &options);
                match context {
                    Some(x) => explain_strategy_remembering(&result, score, opponent, x)?,
                    None => explain_strategy(&result, score, opponent)?,
                }
            }
            None => {
                let solution = match &vs {
                    None => engine::solve(&rules, &options),
                    Some(vs) => engine::best_response(&rules, &*state.table(&rules, vs)?, &options),
                };
                match context {
                    Some(x) => explain_remembering(&solution, score, opponent, x)?,
                    None => explain(&solution, score, opponent)?,
                }
            }
        };
        Ok(ExplainReport::new(
            &rules,
            vs.as_deref(),
            strategy.as_deref(),
            &e,
        ))
    })
    .await
    .map(Json)
}

/// A score parameter below the goal (named as the command line names it).
fn score_of(params: &Params, name: &str, goal: u32) -> Result<u32, ApiError> {
    let text = params.need(name)?;
    let label = if name == "score" { "SCORE" } else { "OPPONENT" };
    let value: u32 = text.trim().parse().map_err(|_| {
        ApiError::bad(format!(
            "bad argument: {label} '{}' is not a non-negative integer",
            crate::text::clip(text, 40)
        ))
    })?;
    if value >= goal {
        return Err(ApiError::bad(format!(
            "bad argument: {label} {value} is not below the goal {goal}"
        )));
    }
    Ok(value)
}

/// `GET /api/rates?vs=SPEC`: as `hog rates --format json`, then a row for
/// each table the server keeps that plays these rules (the uploads for this
/// goal, the `--strategy` names tabulated for these rules): a person who
/// uploaded a table wants to see where it ranks among the standard ones.
pub async fn rates(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<RatesReport>, ApiError> {
    let params = Params::new(query, &["vs"])?;
    let rules = params.rules(&state)?;
    let vs = opponent_spec(&rules, params.get("vs"));
    compute(&Arc::clone(&state), cost(&rules, Work::Sweep), move || {
        state.table(&rules, &vs)?;
        // Every spec rated is a built-in, optimal or the best response to
        // `vs`: the server's resolver gives them (and caches the solves).
        let lookup = |text: &str| state.table(&rules, text).ok().map(|t| (*t).clone());
        let resolver = Resolver::new(&rules, SweepOptions::default()).with_names_only(&lookup);
        let mut specs = crate::rates::standard_specs(&rules, &vs);
        specs.extend(kept_tables(&state, &rules));
        Ok(crate::rates::rates_of(
            &rules,
            &vs,
            &specs,
            &resolver,
            &|| {},
        )?)
    })
    .await
    .map(Json)
}

/// The uploads and `--strategy` names that play `rules` (the goal, the
/// rules a name was tabulated for, the moves), oldest upload first: others
/// are left out of the rates table rather than failing it.
fn kept_tables(state: &ServerState, rules: &Rules) -> Vec<String> {
    let uploads = state.uploads().into_iter().map(|u| u.id);
    let named = state.named().iter().map(|n| n.spec.clone());
    uploads
        .chain(named)
        .filter(|spec| state.table(rules, spec).is_ok())
        .collect()
}

/// `GET /api/sweep?grid=GRID&vs=SPEC`: as `hog sweep GRID --format json`.
pub async fn sweep_grid(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<SweepReport>, ApiError> {
    let params = Params::new(query, &["grid", "vs"])?;
    let rules = params.rules(&state)?;
    let grid = Grid::parse(params.need("grid")?, &rules)?;
    let combinations = grid.combinations().len();
    if combinations > state.limits.max_sweep {
        return Err(ApiError::bad(format!(
            "the grid has {combinations} combinations; a request may sweep {} \
             (the command line sweeps more)",
            state.limits.max_sweep
        )));
    }
    let vs = opponent_spec(&rules, params.get("vs"));
    compute(&Arc::clone(&state), cost(&rules, Work::Sweep), move || {
        let opponent = state.table(&rules, &vs)?;
        Ok(grid.evaluate(&rules, &vs, &opponent, &SweepOptions::default(), &|| {}))
    })
    .await
    .map(Json)
}

/// A strategy's table and values at every state, packed for the page.
#[derive(Debug, Clone, Serialize)]
pub struct MapReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The strategy mapped.
    pub strategy: String,
    /// Its opponent.
    pub vs: String,
    /// The strategy's win probability moving first against `vs`.
    pub first_player_win_probability: f64,
    /// Under rules with memory or a clock, the context every state is
    /// drawn at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<MapContext>,
    /// How `dice` and `values` are packed.
    pub encoding: &'static str,
    /// The moves whose values follow each state's own, as people write
    /// them: 0 to 10, then -1 under rules with that move.
    pub moves: Vec<i32>,
    /// One byte per state: the dice count, states in order `[score][opponent_score]`.
    pub dice: String,
    /// `1 + moves` little-endian f32 per state, in the same order: the win
    /// probability with the strategy's choice, then with each move.
    pub values: String,
}

/// What both players remember and the clock, where a map is drawn.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MapContext {
    /// What the mover and the other remember.
    pub remembered: [u32; 2],
    /// The clock.
    pub clock: u32,
}

/// The encoding of [`MapReport`] in words, for whoever reads the JSON.
const ENCODING: &str = "base64; dice: one byte per state (11 for -1 dice); values: 1 + \
                        moves little-endian f32 per state (win_probability, then each move's \
                        in the order of moves); states in order [score][opponent_score]";

/// Rows of states packed at a time: 4 bytes a value, so a chunk's bytes
/// are a multiple of 3 and its base64 joins the next one's seamlessly.
const PACKED_ROWS: u32 = 48;

/// `result`'s seat 0 packed for the page, the values encoded a few rows at
/// a time (at goal 1000 the raw values alone are 48 MB). The JSON as bytes.
fn pack(
    rules: &Rules,
    result: &Solution<'_>,
    strategy: &str,
    vs: &str,
    context: Context,
) -> Result<Bytes, ApiError> {
    let n = rules.goal();
    let states = (n as usize).pow(2);
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut dice = Vec::new();
    let mut values = String::new();
    reserve(&mut dice, states)?;
    reserve_text(&mut values, states * 64)?;
    // Every move's value: the dice counts' a block at a time, the -1
    // move's (where the rules have it) state by state.
    let minus_one = rules.has_minus_one();
    let moves: Vec<i32> = rules.description().moves.iter().map(|m| m.dice).collect();
    let stride = 1 + moves.len();
    let mut raw = Vec::with_capacity(PACKED_ROWS as usize * n as usize * stride * 4);
    for first in (0..n).step_by(PACKED_ROWS as usize) {
        let rows = first..(first + PACKED_ROWS).min(n);
        let block = result.choice_values_block_at(0, rows.clone(), context);
        raw.clear();
        for (j, s) in rows.enumerate() {
            for o in 0..n {
                let at = At::new(s, o, context);
                dice.push(result.choice(0, at));
                let value = result.value(0, at) as f32;
                raw.extend_from_slice(&value.to_le_bytes());
                for p in block[j * n as usize + o as usize] {
                    raw.extend_from_slice(&(p as f32).to_le_bytes());
                }
                if minus_one {
                    let p = result.choice_values(0, at)[usize::from(crate::table::MINUS_ONE)];
                    raw.extend_from_slice(&(p as f32).to_le_bytes());
                }
            }
        }
        b64.encode_string(&raw, &mut values);
    }
    let report = MapReport {
        rules: RulesHeader::of(rules),
        strategy: strategy.to_string(),
        vs: vs.to_string(),
        first_player_win_probability: result.value(0, (0, 0)),
        context: rules.memory().map(|_| MapContext {
            remembered: [context.mine, context.theirs],
            clock: context.clock,
        }),
        encoding: ENCODING,
        moves,
        dice: b64.encode(dice),
        values,
    };
    json_bytes(&report, report.values.len() + report.dice.len())
}

/// Room for `more` items, or a 503 if the memory is not there: the
/// request fails, the server goes on.
fn reserve<T>(v: &mut Vec<T>, more: usize) -> Result<(), ApiError> {
    crate::alloc::fallibly(|| v.try_reserve_exact(more)).map_err(|_| out_of_memory())
}

fn reserve_text(s: &mut String, more: usize) -> Result<(), ApiError> {
    crate::alloc::fallibly(|| s.try_reserve_exact(more)).map_err(|_| out_of_memory())
}

fn out_of_memory() -> ApiError {
    ApiError::busy(
        "the server is out of memory for this request; try again shortly, or ask for a \
         smaller goal",
        10,
    )
}

/// `value` as JSON bytes, `size` its rough length.
fn json_bytes<T: Serialize>(value: &T, size: usize) -> Result<Bytes, ApiError> {
    let mut out = Vec::new();
    reserve(&mut out, size + 4096)?;
    serde_json::to_writer(&mut out, value).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the answer could not be written: {e}"),
        )
    })?;
    Ok(Bytes::from(out))
}

/// A JSON answer already written.
fn json_response(body: Bytes) -> Response {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            axum::http::HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

/// `GET /api/solve[?against=SPEC]`: the optimal table (or the best response
/// to SPEC) with every state's win probability and the value of every
/// choice, for the page to load once. Computed once for every request
/// asking at once, and kept.
pub async fn solve_map(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let params = Params::new(
        query,
        &["against", "remembered", "turn", "extra_turn", "clock"],
    )?;
    let rules = params.rules(&state)?;
    let against = params.get("against").map(|s| s.trim().to_string());
    let context = context_of(&params, &rules)?.unwrap_or_default();
    let at = format!("{context:?}");
    let key = answer_key("solve", &rules, &[against.as_deref().unwrap_or(""), &at]);
    let work = compute(&state, cost(&rules, Work::Map), {
        let state = Arc::clone(&state);
        move || {
            let options = SweepOptions::default();
            match &against {
                None => {
                    let solution = engine::solve(&rules, &options);
                    pack(&rules, &solution, "optimal", "optimal", context)
                }
                Some(vs) => {
                    let opponent = state.table(&rules, vs)?;
                    let solution = engine::best_response(&rules, &opponent, &options);
                    pack(
                        &rules,
                        &solution,
                        &format!("best_response({vs})"),
                        vs,
                        context,
                    )
                }
            }
        }
    });
    let body = state.responses.get_or_compute(key, work).await?;
    Ok(json_response(body))
}

/// The key of a whole answer: the endpoint, the rules' identity (never
/// their name) and the parameters, each ended so none runs into the next.
fn answer_key(endpoint: &str, rules: &Rules, params: &[&str]) -> String {
    let mut key = format!("{endpoint}\u{0}{:?}", rules.identity());
    if let Some(id) = rules.identity().persistent() {
        key = format!("{endpoint}\u{0}{id}");
    }
    for p in params {
        key.push('\u{0}');
        key.push_str(&p.len().to_string());
        key.push(':');
        key.push_str(p);
    }
    key
}

/// `GET /api/map?strategy=SPEC[&vs=SPEC]`: any strategy's table, its win
/// probability against `vs` (default optimal) at every state and the value
/// of every choice when both then keep to their tables.
pub async fn strategy_map(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let params = Params::new(
        query,
        &[
            "strategy",
            "vs",
            "remembered",
            "turn",
            "extra_turn",
            "clock",
        ],
    )?;
    let rules = params.rules(&state)?;
    let strategy = params.need("strategy")?.trim().to_string();
    let vs = params.get("vs").unwrap_or("optimal").trim().to_string();
    let context = context_of(&params, &rules)?.unwrap_or_default();
    let at = format!("{context:?}");
    let key = answer_key("map", &rules, &[&strategy, &vs, &at]);
    let work = compute(&state, cost(&rules, Work::Map), {
        let state = Arc::clone(&state);
        move || {
            let a = state.table(&rules, &strategy)?;
            let b = state.table(&rules, &vs)?;
            let result = engine::evaluate(&rules, &a, &b, &SweepOptions::default());
            pack(&rules, &result, &strategy, &vs, context)
        }
    });
    let body = state.responses.get_or_compute(key, work).await?;
    Ok(json_response(body))
}

/// `GET /api/game?seed=S&vs=SPEC|person&first=you|opponent&moves=4,0,5`:
/// the game so far, replayed. Under `hog serve --student`, `student=no`
/// leaves out the student's replay (a Python process): the page asks for
/// it beside, so that hog's answer need not wait for it.
pub async fn game(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<GameReport>, ApiError> {
    let params = Params::new(query, &["seed", "vs", "first", "moves", "student"])?;
    let rules = params.rules(&state)?;
    let replayed = match params.get("student").map(str::trim) {
        None | Some("yes") => true,
        Some("no") => false,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "student is 'yes' or 'no', not '{}'",
                crate::text::clip(other, 40)
            )))
        }
    };
    let seed: u64 = match params.get("seed") {
        None => rand_seed(),
        Some(text) => text.trim().parse().map_err(|_| {
            ApiError::bad(format!(
                "the seed is a whole number from 0 to {}, not '{}'",
                u64::MAX,
                crate::text::clip(text, 40)
            ))
        })?,
    };
    let first = match params.get("first").map(str::trim) {
        None | Some("you") => Player::Human,
        Some("opponent") => Player::Bot,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "first is 'you' or 'opponent', not '{}'",
                crate::text::clip(other, 40)
            )))
        }
    };
    let minus_one = rules.has_minus_one();
    let moves: Vec<u8> = match params.get("moves").map(str::trim) {
        None | Some("") => Vec::new(),
        Some(text) => text
            .split(',')
            .map(|m| match crate::play::parse_dice(m, minus_one) {
                Some(d) => Ok(d),
                None => Err(ApiError::bad(format!(
                    "move '{}' is not a dice count 0..=10{}",
                    crate::text::clip(m, 40),
                    if minus_one { " or -1" } else { "" }
                ))),
            })
            .collect::<Result<_, _>>()?,
    };
    if moves.len() > state.limits.max_moves {
        return Err(ApiError::bad(format!(
            "{} moves; a game here has at most {}",
            moves.len(),
            state.limits.max_moves
        )));
    }
    let vs = params.get("vs").unwrap_or("optimal").trim().to_string();
    // The student's replay comes after the engine's answer, outside its
    // slots (see `super::student`).
    let referee = state.student_for(&rules).filter(|_| replayed);
    let student = referee.is_some();
    let key = (seed, first == Player::Human, vs.clone());
    let shared = Arc::clone(&state);
    let mut report = compute(&Arc::clone(&state), cost(&rules, Work::Sweep), move || {
        if vs == "person" {
            return replay(&rules, Opponent::Person, &vs, seed, first, &moves, student);
        }
        if Spec::parse(&vs).is_ok_and(|spec| spec == Spec::Optimal) {
            return replay(&rules, Opponent::Optimal, &vs, seed, first, &moves, student);
        }
        let bot = state.table(&rules, &vs)?;
        replay(
            &rules,
            Opponent::Bot(&bot),
            &vs,
            seed,
            first,
            &moves,
            student,
        )
    })
    .await?;
    if let (Some(referee), Some(game)) = (referee, report.student_game.take()) {
        report.student = Some(shared.replays.report(referee, key, game).await);
    }
    Ok(Json(report))
}

/// A seed for a game that did not give one.
fn rand_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // Each RandomState is seeded afresh by the standard library.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id().into());
    h.finish() >> 11
}

/// A course strategy as the page offers it.
#[derive(Debug, Clone, Serialize)]
pub struct CourseEntry {
    /// Its name.
    pub name: &'static str,
    /// Its parameters, in positional order.
    pub params: [&'static str; 2],
    /// The course's defaults for them.
    pub defaults: [u32; 2],
}

/// A table a spec can name: an upload or a strategy named at start.
#[derive(Debug, Clone, Serialize)]
pub struct NamedEntry {
    /// The spec that names it.
    pub spec: String,
    /// What people call it (the uploaded file's name).
    pub label: String,
    /// The goal it is for.
    pub goal: u32,
}

/// What strategies a rule set offers.
#[derive(Debug, Clone, Serialize)]
pub struct StrategiesReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The course baseline, `always_roll(n)`.
    pub baseline: String,
    /// The course strategies that mean something under these rules.
    pub course: Vec<CourseEntry>,
    /// Uploaded tables and strategies named when the server started.
    pub named: Vec<NamedEntry>,
    /// Every preset with its components.
    pub presets: Vec<PresetEntry>,
    /// Every rule set hog knows by name, for the rules menu: the same list
    /// as `hog rules` and `Rules.presets()`.
    pub rule_sets: Vec<crate::rules::NamedRuleSet>,
    /// The rules' account of themselves: the moves, the goals, the parts,
    /// what a state holds (as `hog rules NAME --format json`).
    pub game: crate::rules::Description,
    /// The largest goal a request may ask for.
    pub max_goal: u32,
    /// Rules given as functions when the server started, which requests
    /// name by `name` at their one goal.
    pub house: Option<HouseEntry>,
    /// Under rules with memory or a clock, what a state holds beside the
    /// scores: maps and explanations take `remembered` and `clock`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contexts: Option<ContextsEntry>,
    /// Under `hog serve --student FILE`: the file and the rules it is
    /// checked under, so the page can say why it is silent under others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub student: Option<StudentEntry>,
}

/// The student's file of `hog serve --student`.
#[derive(Debug, Clone, Serialize)]
pub struct StudentEntry {
    /// Its name (`hog.py`).
    pub file: String,
    /// The rules games are replayed through it under.
    pub rules: String,
    /// Their goal.
    pub goal: u32,
    /// Whether games under the rules asked for are replayed through it.
    pub checked: bool,
}

/// The server's rules given as functions.
#[derive(Debug, Clone, Serialize)]
pub struct HouseEntry {
    /// What requests call them (`rules=NAME`).
    pub name: String,
    /// The goal they were tabulated for.
    pub goal: u32,
    /// "from Python" or "rules file".
    pub origin: &'static str,
}

/// A preset and its components.
#[derive(Debug, Clone, Serialize)]
pub struct PresetEntry {
    /// Its name.
    pub name: &'static str,
    /// Its components.
    pub components: crate::report::ComponentNames,
}

/// `GET /api/strategies`: the names the page can offer.
pub async fn strategies(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<StrategiesReport>, ApiError> {
    let params = Params::new(query, &[])?;
    let rules = params.rules(&state)?;
    let course = CourseStrategy::of(rules.base())
        .iter()
        .filter(|c| find_course_strategy(&rules, c.name()).is_ok())
        .map(|c| CourseEntry {
            name: c.name(),
            params: c.params(),
            defaults: c.defaults(rules.base()),
        })
        .collect();
    let mut named: Vec<NamedEntry> = state
        .named()
        .iter()
        .filter(|n| n.rules == rules.identity())
        .map(|n| NamedEntry {
            spec: n.spec.clone(),
            label: n.spec.clone(),
            goal: n.table.goal(),
        })
        .collect();
    named.extend(
        state
            .uploads()
            .into_iter()
            .filter(|u| u.table.goal() == rules.goal())
            .map(|u| NamedEntry {
                spec: u.id.clone(),
                label: u.name.clone(),
                goal: u.table.goal(),
            }),
    );
    let presets = Preset::ALL
        .iter()
        .map(|&p| {
            let r = Rules::preset(p, 1).expect("goal 1 is valid");
            PresetEntry {
                name: p.name(),
                components: RulesHeader::of(&r).components,
            }
        })
        .collect();
    Ok(Json(StrategiesReport {
        rule_sets: crate::rules::named_rule_sets(),
        game: rules.description(),
        baseline: format!("always_roll({})", rules.baseline_dice()),
        rules: RulesHeader::of(&rules),
        course,
        named,
        presets,
        max_goal: state.limits.max_goal,
        house: state.house_rules().map(|house| HouseEntry {
            name: house.name(),
            goal: house.goal(),
            origin: house.origin().map_or("", |o| o.words()),
        }),
        contexts: rules.memory().map(|m| ContextsEntry {
            remembers: m.size(),
            clocks: m.clocks(),
            words: m.context_words(),
        }),
        student: state.student_rules().map(|(file, header)| StudentEntry {
            file,
            rules: header.rules.clone(),
            goal: header.goal,
            checked: state.student_for(&rules).is_some(),
        }),
    }))
}

/// `GET /api/rules`: the rules' account of themselves, as `hog rules
/// NAME --format json`.
pub async fn rules_description(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<crate::rules::Description>, ApiError> {
    let params = Params::new(query, &[])?;
    let rules = params.rules(&state)?;
    Ok(Json(rules.description()))
}

/// What a state holds beyond the scores under rules with memory or a
/// clock, for the page's context controls.
#[derive(Debug, Clone, Serialize)]
pub struct ContextsEntry {
    /// How many values each player remembers (1: nothing).
    pub remembers: u32,
    /// How many values the clock takes (1: no clock).
    pub clocks: u32,
    /// The same in words.
    pub words: &'static str,
}

/// What an upload gave.
#[derive(Debug, Clone, Serialize)]
pub struct UploadReport {
    /// The spec that names the table in later requests.
    pub id: String,
    /// The file name given.
    pub name: String,
    /// The goal the table is for.
    pub goal: u32,
}

/// `POST /api/upload?name=FILE&goal=N`: a table (CSV in either format, or a
/// JSON array of rows) kept under an id that later specs use.
pub async fn upload(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<UploadReport>, ApiError> {
    let params = Params::new(query, &["name"])?;
    let rules = params.rules(&state)?;
    let body = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the table is larger than this server takes ({} bytes at most)",
                    state.limits.max_body
                ),
            )
        } else {
            ApiError::bad(format!("the request body could not be read: {e}"))
        }
    })?;
    let text = std::str::from_utf8(&body)
        .map_err(|e| {
            ApiError::bad(format!(
                "the table is not UTF-8 text (byte {} is not)",
                e.valid_up_to()
            ))
        })?
        .to_string();
    let name = params.get("name").unwrap_or("table.csv").to_string();
    let bytes = text.len() as u64 * 8;
    let upload = compute(&Arc::clone(&state), bytes, move || {
        state.upload(&name, &text, &rules)
    })
    .await?;
    Ok(Json(UploadReport {
        id: upload.id,
        name: upload.name,
        goal: upload.table.goal(),
    }))
}
