//! What the server keeps between requests: the strategies named when it
//! started, uploaded tables, and solved tables, each bounded.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::check::Referee;
use crate::engine;
use crate::engine::SweepOptions;
use crate::report::RulesHeader;
use crate::rules::{Rules, RulesId};
use crate::strategy::{table_from_csv, Resolver, Spec, StrategyTable};

use super::budget::Budget;
use super::cache::Lru;
use super::error::ApiError;
use super::listen::ConnectionLimits;
use super::responses::Responses;

/// What one request may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest goal a request may ask for.
    pub max_goal: u32,
    /// The largest request body (an uploaded table), in bytes.
    pub max_body: usize,
    /// Uploaded tables kept (the oldest go first).
    pub max_uploads: usize,
    /// Solved tables kept (the least recently used go first).
    pub max_cached: usize,
    /// Combinations in one sweep.
    pub max_sweep: usize,
    /// Characters in one spec.
    pub max_spec: usize,
    /// `best_response(...)` nested in one spec (each is a solve).
    pub max_nesting: usize,
    /// Moves in one game.
    pub max_moves: usize,
    /// Memory the computations under way may hold together, in bytes.
    pub memory_budget: u64,
    /// Computations at once.
    pub computations: usize,
    /// Requests waiting for room at once; more are refused busy (503).
    pub queue: usize,
    /// How long a request waits for room before it is refused busy.
    pub queue_wait: std::time::Duration,
    /// Bytes of whole answers kept for the next requests.
    pub kept_answers: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_goal: 1000,
            max_body: 4 << 20,
            max_uploads: 64,
            max_cached: 64,
            max_sweep: 400,
            max_spec: 1000,
            max_nesting: 3,
            max_moves: 2000,
            memory_budget: super::budget::default_memory_budget(),
            computations: std::thread::available_parallelism().map_or(2, |n| n.get().max(2)),
            queue: 256,
            queue_wait: std::time::Duration::from_secs(20),
            kept_answers: 256 << 20,
        }
    }
}

/// A strategy named when the server started (`--strategy`), tabulated then
/// for the rules it started with: requests refer to it by its spec.
#[derive(Debug, Clone)]
pub struct NamedStrategy {
    /// The spec as the grammar reads it back (`hog.py:final_strategy`).
    pub spec: String,
    /// The rule set it was tabulated for.
    pub rules: RulesId,
    /// Their name, for messages.
    pub rules_name: String,
    /// Its table.
    pub table: Arc<StrategyTable>,
}

/// An uploaded table.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The name requests use: `upload_1`, `upload_2`, ...
    pub id: String,
    /// The file name the browser gave, for people.
    pub name: String,
    /// Its table (its goal is the table's).
    pub table: Arc<StrategyTable>,
}

/// Solved tables by rule set (its identity: content and goal) and spec.
type TableKey = (RulesId, String);

/// The server's state, shared by every request.
pub struct ServerState {
    /// The bounds on requests.
    pub limits: Limits,
    /// `Host` header values that name this server.
    hosts: Vec<String>,
    /// Any host given as an IP address is accepted (the server listens on
    /// every interface).
    any_ip_host: bool,
    named: Vec<NamedStrategy>,
    /// The rules the page starts with, as query parameters.
    page_rules: String,
    /// The rules the server started with: a request that names none gets
    /// these (and their goal when it names no goal).
    rules: Arc<Rules>,
    /// Rules given as functions when the server started (`--rules-py`,
    /// `--rules-file`): requests name them, never give them.
    house: Option<Arc<Rules>>,
    uploads: Mutex<(u64, Lru<String, Upload>)>,
    solved: Mutex<Lru<TableKey, StrategyTable>>,
    /// The submissions of `hog serve --contest DIR`, entered at start.
    contest: Option<ContestFolder>,
    /// Contest pairs evaluated so far, by the hashes of their tables.
    pairs: Mutex<crate::contest::PairCache>,
    /// What computations may hold at once.
    pub budget: Budget,
    /// Whole answers kept.
    pub responses: Responses,
    /// How connections are held.
    pub connections: ConnectionLimits,
    /// `hog serve --student FILE`: the student's hog.py replays each game,
    /// under the rules it was given for (their identity, and their name
    /// and goal for the page).
    student: Option<(Arc<Referee>, RulesId, RulesHeader)>,
    /// The replays of the student's file, beside the compute slots.
    pub replays: super::student::Replays,
}

/// A contest folder entered when the server started.
#[derive(Debug, Clone)]
pub struct ContestFolder {
    /// The rule set it was tabulated for (its goal included).
    pub rules: RulesId,
    /// Their name, for messages.
    pub rules_name: String,
    /// Its goal.
    pub goal: u32,
    /// The entries.
    pub entries: Vec<crate::contest::Entry>,
    /// The submissions left out, and why.
    pub rejected: Vec<crate::contest::Rejected>,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl ServerState {
    /// The state of a server listening at `addr`, with `named` strategies.
    pub fn new(addr: SocketAddr, named: Vec<NamedStrategy>, limits: Limits) -> ServerState {
        let port = addr.port();
        let ip = addr.ip();
        let mut hosts = vec![match ip {
            std::net::IpAddr::V6(v6) => format!("[{v6}]:{port}"),
            v4 => format!("{v4}:{port}"),
        }];
        if ip.is_loopback() || ip.is_unspecified() {
            hosts.push(format!("localhost:{port}"));
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        }
        let rules = Rules::preset(crate::rules::Preset::Fa24, 100).expect("fa24 at goal 100");
        ServerState {
            limits,
            hosts,
            any_ip_host: ip.is_unspecified(),
            named,
            page_rules: super::query::query_of(&rules),
            rules: Arc::new(rules),
            house: None,
            uploads: Mutex::new((0, Lru::new(limits.max_uploads))),
            solved: Mutex::new(Lru::new(limits.max_cached)),
            contest: None,
            pairs: Mutex::new(crate::contest::PairCache::new()),
            budget: Budget::new(
                limits.memory_budget,
                limits.computations,
                limits.queue,
                limits.queue_wait,
            ),
            responses: Responses::new(limits.kept_answers),
            connections: ConnectionLimits::default(),
            student: None,
            replays: Default::default(),
        }
    }

    /// Games under `rules` are replayed through a student's hog.py too
    /// (`hog serve --student`; the file is the operator's, never a
    /// request's).
    pub fn with_student(mut self, referee: Referee, rules: &Rules) -> ServerState {
        self.student = Some((Arc::new(referee), rules.identity(), RulesHeader::of(rules)));
        self
    }

    /// The student's referee for games under `rules`, if the server has
    /// one for those rules.
    pub fn student_for(&self, rules: &Rules) -> Option<Arc<Referee>> {
        self.student
            .as_ref()
            .filter(|(_, id, _)| *id == rules.identity())
            .map(|(referee, _, _)| Arc::clone(referee))
    }

    /// The student's file (`hog.py`) and the rules it is checked under,
    /// when the server has one.
    pub fn student_rules(&self) -> Option<(String, &RulesHeader)> {
        self.student
            .as_ref()
            .map(|(referee, _, rules)| (referee.name(), rules))
    }

    /// Connections held as `connections` says.
    pub fn with_connections(mut self, connections: ConnectionLimits) -> ServerState {
        self.connections = connections;
        self
    }

    /// The rules a request gets when it names none.
    pub fn default_rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The page's contest includes the submissions of a folder.
    pub fn with_contest(mut self, folder: ContestFolder) -> ServerState {
        self.contest = Some(folder);
        self
    }

    /// The contest folder entered at start, if any.
    pub fn contest(&self) -> Option<&ContestFolder> {
        self.contest.as_ref()
    }

    /// The contest pairs evaluated so far.
    pub fn contest_pairs(&self) -> crate::contest::PairCache {
        locked(&self.pairs).clone()
    }

    /// Keep the pairs of the latest contest.
    pub fn keep_contest_pairs(&self, pairs: crate::contest::PairCache) {
        *locked(&self.pairs) = pairs;
    }

    /// The page opens on `rules` (by default fa24 with goal 100), and a
    /// request that names no rules gets them.
    pub fn with_page_rules(mut self, rules: &crate::rules::Rules) -> ServerState {
        self.page_rules = super::query::query_of(rules);
        self.rules = Arc::new(rules.clone());
        self
    }

    /// Requests may name `rules`, rules given as functions on the command
    /// line (a request cannot run Python or read files), and the page
    /// starts with them. They keep the goal they were tabulated for.
    pub fn with_house_rules(mut self, rules: Rules) -> ServerState {
        self.page_rules = super::query::query_of(&rules);
        let rules = Arc::new(rules);
        self.rules = Arc::clone(&rules);
        self.house = Some(rules);
        self
    }

    /// The rules given as functions when the server started, if any.
    pub fn house_rules(&self) -> Option<&Arc<Rules>> {
        self.house.as_ref()
    }

    /// The rules the page starts with, as query parameters.
    pub fn page_rules(&self) -> &str {
        &self.page_rules
    }

    /// Whether a `Host` header names this server. A name that is not ours
    /// (DNS rebinding: a web page's own domain resolved to 127.0.0.1) is not.
    pub fn is_our_host(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        if self.hosts.contains(&host) {
            return true;
        }
        let name = host
            .rsplit_once(':')
            .map_or(host.as_str(), |(name, _)| name)
            .trim_start_matches('[')
            .trim_end_matches(']');
        self.any_ip_host && name.parse::<std::net::IpAddr>().is_ok()
    }

    /// Whether an `Origin` header is this server's own page.
    pub fn is_our_origin(&self, origin: &str) -> bool {
        origin
            .trim()
            .strip_prefix("http://")
            .is_some_and(|host| self.is_our_host(host))
    }

    /// The strategies named at start, for the page's menus.
    pub fn named(&self) -> &[NamedStrategy] {
        &self.named
    }

    /// The uploads kept, oldest first.
    pub fn uploads(&self) -> Vec<Upload> {
        locked(&self.uploads)
            .1
            .values()
            .map(|(_, u)| (**u).clone())
            .collect()
    }

    /// Keep an uploaded table (CSV, or a JSON array of rows) for a game
    /// under `rules` (a table of the scores for their goal, or one of
    /// their contexts too); its id.
    pub fn upload(&self, name: &str, body: &str, rules: &Rules) -> Result<Upload, ApiError> {
        let goal = rules.goal();
        let name = crate::text::clip(
            Path::new(name.trim())
                .file_name()
                .map_or("table", |n| n.to_str().unwrap_or("table")),
            60,
        );
        let table = if body.trim_start().starts_with('[') {
            table_from_json(body, goal).map_err(|e| ApiError::bad(format!("{name}: {e}")))?
        } else {
            table_from_csv(body, rules).map_err(|p| ApiError::from(p.at(Path::new(&name))))?
        };
        let mut guard = locked(&self.uploads);
        guard.0 += 1;
        let upload = Upload {
            id: format!("upload_{}", guard.0),
            name,
            table: Arc::new(table),
        };
        guard.1.insert(upload.id.clone(), Arc::new(upload.clone()));
        Ok(upload)
    }

    /// The table a spec stands for under `rules`: an upload or a named
    /// strategy, a solve (cached), or a built-in. Files and Python are
    /// refused: only the command line that started the server names them.
    pub fn table(&self, rules: &Rules, text: &str) -> Result<Arc<StrategyTable>, ApiError> {
        let spec = self.spec(text)?;
        let table = self.resolve(rules, &spec)?;
        // An upload may roll -1 dice; only some rules have that move.
        rules.check_table(&table, text)?;
        Ok(table)
    }

    /// A spec of a request, within the request's bounds (its length, the
    /// nesting of `best_response`).
    pub fn spec(&self, text: &str) -> Result<Spec, ApiError> {
        if text.chars().count() > self.limits.max_spec {
            return Err(ApiError::bad(format!(
                "a spec in a request is at most {} characters",
                self.limits.max_spec
            )));
        }
        let spec = Spec::parse(text)?;
        let nesting = nesting(&spec);
        if nesting > self.limits.max_nesting {
            return Err(ApiError::bad(format!(
                "bad strategy spec '{}': best_response nested {nesting} deep; a request may nest {}",
                crate::text::clip(text.trim(), 80),
                self.limits.max_nesting
            )));
        }
        Ok(spec)
    }

    fn resolve(&self, rules: &Rules, spec: &Spec) -> Result<Arc<StrategyTable>, ApiError> {
        let text = spec.to_string();
        if let Some(table) = self.by_name(rules, &text)? {
            return Ok(table);
        }
        let key = (rules.identity(), text);
        if let Some(table) = locked(&self.solved).get(&key) {
            return Ok(table);
        }
        let options = SweepOptions::default();
        let solution = match spec {
            Spec::Optimal => engine::solve(rules, &options),
            Spec::BestResponse(inner) => {
                let opponent = self.resolve(rules, inner)?;
                engine::best_response(rules, &opponent, &options)
            }
            other => {
                let none = |_: &str| None;
                let resolver = Resolver::new(rules, options).with_names_only(&none);
                return Ok(Arc::new(resolver.resolve(other)?));
            }
        };
        let table = Arc::new(solution.table());
        locked(&self.solved).insert(key, Arc::clone(&table));
        Ok(table)
    }

    /// An upload or a named strategy called `text`, if it is one, checked
    /// against the request's goal and rules.
    fn by_name(&self, rules: &Rules, text: &str) -> Result<Option<Arc<StrategyTable>>, ApiError> {
        let goal = rules.goal();
        if let Some(upload) = locked(&self.uploads).1.get(&text.to_string()) {
            if upload.table.goal() != goal {
                return Err(ApiError::bad(format!(
                    "{text} ({}) is a table for goal {}, not {goal}",
                    upload.name,
                    upload.table.goal()
                )));
            }
            return Ok(Some(Arc::clone(&upload.table)));
        }
        if text.starts_with("upload_") {
            return Err(ApiError::bad(format!(
                "{text} is not an upload this server keeps (it keeps the last {}); upload it again",
                self.limits.max_uploads
            )));
        }
        match self.named.iter().find(|n| n.spec == text) {
            None => Ok(None),
            Some(n) if n.table.goal() != goal || n.rules != rules.identity() => {
                Err(ApiError::bad(format!(
                    "{text} was tabulated for {} at goal {} when the server started; \
                     a request cannot run Python or read files",
                    n.rules_name,
                    n.table.goal()
                )))
            }
            Some(n) => Ok(Some(Arc::clone(&n.table))),
        }
    }
}

/// How deep `best_response` nests in a spec.
fn nesting(spec: &Spec) -> usize {
    match spec {
        Spec::BestResponse(inner) => 1 + nesting(inner),
        _ => 0,
    }
}

/// A table from a JSON array of `goal` rows of `goal` dice counts.
pub fn table_from_json(body: &str, goal: u32) -> Result<StrategyTable, String> {
    let rows: Vec<Vec<serde_json::Value>> = serde_json::from_str(body)
        .map_err(|e| format!("not a JSON array of rows of dice counts: {e}"))?;
    let n = goal as usize;
    if rows.len() != n {
        return Err(format!("{} rows, but goal {n} needs {n}", rows.len()));
    }
    let mut dice = ndarray::Array2::<u8>::zeros((n, n));
    for (s, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "row {s} has {} values, goal {n} needs {n}",
                row.len()
            ));
        }
        for (o, v) in row.iter().enumerate() {
            // -1 is rolling -1 dice, which only some rules have (checked
            // where the table is played).
            match v.as_i64().and_then(crate::table::kept) {
                Some(d) => dice[[s, o]] = d,
                None => {
                    return Err(format!(
                        "score {s}, opponent score {o}: {} is not a dice count 0..=10",
                        crate::text::clip(&v.to_string(), 30)
                    ))
                }
            }
        }
    }
    Ok(StrategyTable::from_array(dice))
}
