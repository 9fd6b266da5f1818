//! The page in a real browser: headless Chromium driven through
//! chromedriver (`cargo test --release --test browser`). The test starts
//! `hog serve --port 0 --no-open`, plays a seeded game to its end by
//! clicking and checks every shown win probability against the API's, hovers
//! and pins a heatmap cell and checks its explanation, uploads a table and
//! checks its win rates, plays the defects a student met (two people,
//! a new game mid-game, a refused spec, the hover chart's scale, long
//! specs, a phone's tap on the map), plays games replayed through a
//! student's hog.py (`hog serve --student`: a buggy copy of the Fall 2024
//! fixture, the complete one, one that hangs) and checks what the page says
//! of them, and saves a screenshot of each screen (in `$HOG_SCREENSHOTS`,
//! else `target/tmp/browser`).
//!
//! Where chromedriver or Chromium is missing the test says so and passes,
//! unless `HOG_REQUIRE_BROWSER=1` (as in CI): then it fails.

mod faces;
mod webdriver;

#[path = "../support/rules.rs"]
mod support;

use std::io::{BufRead, BufReader, Read};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use webdriver::{request, Session};

/// The desktop window.
const DESKTOP: (u32, u32) = (1280, 800);
/// A phone's viewport.
const PHONE: (u32, u32) = (390, 844);

/// The seed of the game played.
const SEED: u64 = 2026;

/// JavaScript helpers every script starts with: `q(css)` and `vis(element)`.
const JS: &str = "const q = s => document.querySelector(s);
const vis = e => !!e && !e.closest('[hidden]') && getComputedStyle(e).display !== 'none'
  && getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length > 0;
";

/// A program on `PATH`, else at one of `fallbacks`.
fn find_program(names: &[&str], fallbacks: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    fallbacks.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// A child process killed (with whatever it started) when dropped, even
/// when the test panics; what it wrote on stderr is printed then.
struct Process {
    name: &'static str,
    child: Child,
    stderr: Arc<Mutex<String>>,
}

impl Process {
    fn spawn(name: &'static str, command: &mut Command) -> Process {
        command.stdin(Stdio::null()).stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // Its own process group, so that the browsers chromedriver
            // starts go with it.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().expect("stderr is piped");
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push_str(&text);
            }
        });
        Process {
            name,
            child,
            stderr,
        }
    }

    /// What it wrote on stderr so far.
    fn stderr(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            // SAFETY: a signal to the process group this test started.
            unsafe {
                libc::kill(-(self.child.id() as libc::pid_t), libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let stderr = self.stderr();
            if !stderr.trim().is_empty() {
                eprintln!("--- {} stderr ---\n{}", self.name, stderr.trim_end());
            }
        }
    }
}

/// `hog serve --port 0 --no-open ARGS`: the process and the address it printed.
fn start_server(args: &[&str]) -> (Process, String) {
    let mut server = Process::spawn(
        "hog serve",
        Command::new(env!("CARGO_BIN_EXE_hog"))
            .args(["serve", "--port", "0", "--no-open"])
            .args(args)
            .stdout(Stdio::piped()),
    );
    let mut stdout = BufReader::new(server.child.stdout.take().expect("stdout is piped"));
    let mut url = String::new();
    stdout.read_line(&mut url).expect("hog serve's first line");
    let url = url.trim().to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
        "hog serve's first line is not its address: {url:?}; stderr: {}",
        server.stderr()
    );
    // Whatever else it prints is read, so that it never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    (server, url)
}

/// chromedriver on a free port on loopback, answering: the process and its
/// `127.0.0.1:PORT`.
fn start_chromedriver(path: &Path) -> (Process, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut driver = Process::spawn(
        "chromedriver",
        Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null()),
    );
    let host = format!("127.0.0.1:{port}");
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(status) = request(&host, "GET", "/status", None) {
            if status["value"]["ready"] == json!(true) {
                return (driver, host);
            }
        }
        if let Ok(Some(status)) = driver.child.try_wait() {
            panic!("chromedriver exited ({status}): {}", driver.stderr());
        }
        assert!(
            Instant::now() < end,
            "chromedriver did not answer on {host} within 20 s: {}",
            driver.stderr()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A query value, percent-encoded.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The browser on the page, the server's API, and where screenshots go.
struct Page {
    session: Session,
    url: String,
    /// The server's `127.0.0.1:PORT`.
    api_host: String,
    shots: PathBuf,
}

impl Page {
    /// A JSON answer of the API (an `error` answer is an error).
    fn api(&self, path: &str) -> Result<Value, String> {
        let v = request(&self.api_host, "GET", path, None)?;
        match v.get("error") {
            Some(e) => Err(format!("GET {path}: {e}")),
            None => Ok(v),
        }
    }

    /// Run `body` (with the helpers of [`JS`] in scope) in the page.
    fn js(&self, body: &str, args: Vec<Value>) -> Result<Value, String> {
        self.session.script(&format!("{JS}{body}"), args)
    }

    /// Wait until the page is idle: no request and no animation in flight.
    fn idle(&self, after: &str) -> Result<(), String> {
        self.session.wait_for(
            "document.body && document.body.dataset.busy === '0'",
            &format!("the page to be idle (body[data-busy=0]) after {after}"),
        )
    }

    /// Retry `check` until it passes or 10 s pass; its last error then.
    fn eventually<T>(&self, mut check: impl FnMut() -> Result<T, String>) -> Result<T, String> {
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            match check() {
                Ok(v) => return Ok(v),
                Err(e) if Instant::now() >= end => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    /// An attribute of the element matching `css` (None: no such element
    /// or no such attribute).
    fn attr(&self, css: &str, name: &str) -> Result<Option<String>, String> {
        let v = self.js(
            "const e = q(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
            vec![json!(css), json!(name)],
        )?;
        Ok(v.as_str().map(str::to_string))
    }

    /// A `data-*` number with its full precision.
    fn number(&self, css: &str, name: &str) -> Result<f64, String> {
        let text = self
            .attr(css, name)?
            .ok_or_else(|| format!("{css} has no {name}"))?;
        text.parse()
            .map_err(|_| format!("{css}[{name}] = {text:?} is not a number"))
    }

    fn visible(&self, css: &str) -> Result<bool, String> {
        Ok(self.js("return vis(q(arguments[0]));", vec![json!(css)])? == json!(true))
    }

    /// Set a text input (cleared first, then typed, as a person does) or
    /// pick a select's option.
    fn set(&self, css: &str, value: &str) -> Result<(), String> {
        let tag = self.js(
            "const e = q(arguments[0]); return e ? e.tagName : null;",
            vec![json!(css)],
        )?;
        match tag.as_str() {
            None => Err(format!("no element {css}")),
            Some("SELECT") => self
                .session
                .click(&format!("{css} option[value=\"{value}\"]"))
                .map_err(|e| format!("{css} has no option {value:?}: {e}")),
            Some(_) => {
                self.js("q(arguments[0]).value = '';", vec![json!(css)])?;
                self.session.type_into(css, value)
            }
        }
    }

    /// Point the page at the server at `url`: its page and its API.
    fn point_at(&mut self, url: String) {
        self.api_host = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        self.url = url;
    }

    /// Click a header tab and check that its screen alone shows.
    fn open(&self, screen: &str) -> Result<(), String> {
        self.session.click(&format!("#tab-{screen}"))?;
        for other in ["play", "explore", "compare"] {
            let shown = self.visible(&format!("#screen-{other}"))?;
            let hidden = self.attr(&format!("#screen-{other}"), "hidden")?.is_some();
            if (other == screen) != shown || (other == screen) == hidden {
                return Err(format!(
                    "after clicking #tab-{screen}, #screen-{other} is {} with hidden {}",
                    if shown { "shown" } else { "not shown" },
                    if hidden { "set" } else { "unset" },
                ));
            }
        }
        Ok(())
    }

    /// The text of the error banner if it shows one.
    fn error_banner(&self) -> Result<Option<String>, String> {
        let v = self.js(
            "const e = q('#error'); if (!e) return null;
             const t = e.textContent.trim(); return vis(e) && t ? t : '';",
            vec![],
        )?;
        match v.as_str() {
            None => Err("the page has no #error element".into()),
            Some("") => Ok(None),
            Some(t) => Ok(Some(t.to_string())),
        }
    }

    /// Console errors since the last call.
    fn console_errors(&self) -> Result<Vec<String>, String> {
        Ok(self
            .session
            .console()?
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or("").to_string())
            .collect())
    }

    /// Save a screenshot of the viewport as `name`.
    fn shot(&self, name: &str) -> Result<(), String> {
        // Let transitions (a banner fading in) finish, for at most 2 s.
        let end = Instant::now() + Duration::from_secs(2);
        while Instant::now() < end
            && self.js(
                "return document.getAnimations().some(a => a.playState === 'running');",
                vec![],
            )? == json!(true)
        {
            std::thread::sleep(Duration::from_millis(50));
        }
        let png = self.session.screenshot()?;
        std::fs::write(self.shots.join(name), png).map_err(|e| format!("{name}: {e}"))
    }

    /// Make the viewport `width` x `height` CSS pixels (the window is
    /// larger by its frame), and wait until the page has that size.
    fn resize(&self, (width, height): (u32, u32)) -> Result<(), String> {
        self.session.resize(width, height)?;
        let inner = self.js("return [window.innerWidth, window.innerHeight];", vec![])?;
        let frame = |i: usize, want: u32| {
            let got = inner[i].as_u64().unwrap_or(u64::from(want)) as u32;
            (2 * want).saturating_sub(got)
        };
        self.session.resize(frame(0, width), frame(1, height))?;
        self.session.wait_for(
            &format!("window.innerWidth === {width} && window.innerHeight === {height}"),
            &format!("a viewport of {width} x {height}"),
        )
    }
}

// ---------------------------------------------------------------- the game

/// `/api/game` for the game played so far.
fn game_path(seed: u64, vs: &str, moves: &[u8]) -> String {
    game_path_first(seed, vs, "you", moves)
}

/// `/api/game` for a game in which `first` moved first.
fn game_path_first(seed: u64, vs: &str, first: &str, moves: &[u8]) -> String {
    let moves: Vec<String> = moves.iter().map(u8::to_string).collect();
    format!(
        "/api/game?seed={seed}&vs={}&first={first}&moves={}",
        enc(vs),
        moves.join(",")
    )
}

/// The page shows the API's game: the turns, the scores, the exact win
/// probabilities, the winner.
fn shows_game(page: &Page, game: &Value) -> Result<(), String> {
    let shown = page.js(
        "return {
           seed: q('#seed') && q('#seed').value,
           you: q('#score-you') && q('#score-you').textContent.trim(),
           opponent: q('#score-opponent') && q('#score-opponent').textContent.trim(),
           probYou: q('#prob-you') && q('#prob-you').dataset.value,
           probOpponent: q('#prob-opponent') && q('#prob-opponent').dataset.value,
           winnerShown: vis(q('#winner')),
           winner: q('#winner') && q('#winner').dataset.winner,
           turns: document.querySelectorAll('#log > li').length,
           toMove: q('#to-move') && q('#to-move').textContent.trim(),
         };",
        vec![],
    )?;
    let mut wrong = Vec::new();
    let text = |k: &str| shown[k].as_str().unwrap_or("(missing)").to_string();
    let seed = game["seed"].to_string();
    if text("seed") != seed {
        wrong.push(format!(
            "#seed is {:?}, the game's seed {}",
            text("seed"),
            game["seed"]
        ));
    }
    let turns = game["turns"].as_array().map_or(0, Vec::len);
    if shown["turns"] != json!(turns) {
        wrong.push(format!(
            "#log has {} <li>, the game {turns} turns",
            shown["turns"]
        ));
    }
    for (id, key, who) in [
        ("#score-you", "you", "you"),
        ("#score-opponent", "opponent", "opponent"),
    ] {
        let want = game["scores"][who].to_string();
        if text(key) != want {
            wrong.push(format!(
                "{id} shows {:?}, the API {}",
                text(key),
                game["scores"][who]
            ));
        }
    }
    for (id, key, who) in [
        ("#prob-you", "probYou", "you"),
        ("#prob-opponent", "probOpponent", "opponent"),
    ] {
        let want = game["win_probability"][who].as_f64();
        let got = shown[key].as_str().and_then(|t| t.parse::<f64>().ok());
        if got.is_none() || got != want {
            wrong.push(format!(
                "{id}[data-value] is {}, the API's win_probability.{who} {}",
                shown[key], game["win_probability"][who]
            ));
        }
    }
    match game["winner"].as_str() {
        None => {
            if shown["winnerShown"] == json!(true) {
                wrong.push("#winner shows before the game is over".into());
            }
            if text("toMove").is_empty() {
                wrong.push("#to-move is empty during the game".into());
            }
        }
        Some(winner) => {
            if shown["winnerShown"] != json!(true) || shown["winner"] != json!(winner) {
                wrong.push(format!(
                    "the game is over ({winner} won) but #winner is {} with data-winner {}",
                    if shown["winnerShown"] == json!(true) {
                        "shown"
                    } else {
                        "hidden"
                    },
                    shown["winner"]
                ));
            }
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "after moves {:?}: {}",
            game_moves(game),
            wrong.join("; ")
        ))
    }
}

/// The person's moves of a game report.
fn game_moves(game: &Value) -> Vec<u64> {
    game["turns"]
        .as_array()
        .map(|turns| {
            turns
                .iter()
                .filter(|t| t["player"] == "you")
                .filter_map(|t| t["dice"].as_u64())
                .collect()
        })
        .unwrap_or_default()
}

/// The hint table shows the API's value of every dice count.
fn shows_hints(page: &Page, game: &Value) -> Result<(), String> {
    if !page.visible("#hint-table")? {
        return Err("#hint-table is not shown with #hints checked".into());
    }
    let rows = page.js(
        "return [...document.querySelectorAll('#hint-table tr[data-dice][data-value]')]
           .map(r => [r.dataset.dice, r.dataset.value]);",
        vec![],
    )?;
    let rows = rows.as_array().cloned().unwrap_or_default();
    let choices = game["choices"].as_array().cloned().unwrap_or_default();
    if rows.len() != choices.len() {
        return Err(format!(
            "#hint-table has {} rows tr[data-dice][data-value], the API {} choices",
            rows.len(),
            choices.len()
        ));
    }
    for row in &rows {
        let dice: usize = row[0].as_str().and_then(|d| d.parse().ok()).unwrap_or(99);
        let value = row[1].as_str().and_then(|v| v.parse::<f64>().ok());
        let want = choices.get(dice).and_then(Value::as_f64);
        if want.is_none() || value != want {
            return Err(format!(
                "hint row {row} is not the API's choices[{}] = {}",
                row[0],
                choices.get(dice).unwrap_or(&Value::Null)
            ));
        }
    }
    // The bars start at zero: each is as long as its chance, on the scale
    // the column's header names.
    let bars = page.js(
        "const t = q('#hint-table');
         return {top: t.dataset.top, head: t.tHead.rows[0].cells[2].textContent,
           rows: [...t.tBodies[0].rows].map(r => {
             const bar = r.querySelector('.hint-bar');
             return [r.dataset.value, bar.getBoundingClientRect().width,
                     bar.parentElement.getBoundingClientRect().width];
           })};",
        vec![],
    )?;
    let top = bars["top"]
        .as_str()
        .and_then(|t| t.parse::<f64>().ok())
        .ok_or_else(|| format!("#hint-table has no data-top: {bars}"))?;
    if !bars["head"]
        .as_str()
        .is_some_and(|h| h.starts_with('0') && h.ends_with('%'))
    {
        return Err(format!(
            "the hint bars' header does not say their scale: {bars}"
        ));
    }
    for row in bars["rows"].as_array().into_iter().flatten() {
        let value: f64 = row[0].as_str().and_then(|v| v.parse().ok()).unwrap_or(-1.0);
        let (width, room) = (
            row[1].as_f64().unwrap_or(0.0),
            row[2].as_f64().unwrap_or(0.0),
        );
        // Cell padding aside, the bar's room is the scale.
        if value > top || (width - value / top * room).abs() > 0.02 * room + 1.0 {
            return Err(format!(
                "hint bar of {value} is {width:.1} px of {room:.1}, not from zero on a scale to \
                 {top}: {bars}"
            ));
        }
    }
    Ok(())
}

/// The play screen's game of [`SEED`] against the optimal strategy, the
/// person moving first, under the server's `rules`.
fn replay_against_optimal(page: &Page, rules: &str) -> Result<(), String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    page.set("#opponent", "optimal")?;
    page.set("#first", "you")?;
    page.set("#seed", &SEED.to_string())?;
    page.session.click("#replay")?;
    page.idle(&format!("#replay under {rules}"))
}

/// Under rules with a -1 move (Fall 2016's Pork Chop): the picker offers
/// -1 dice, rolling them gives the API's game, and the log says what the
/// move did in words.
fn minus_one_move(page: &Page) -> Result<(), String> {
    replay_against_optimal(page, "fa16.toml")?;
    let minus = "#dice button[data-dice=\"-1\"]";
    if !page.visible(minus)? {
        return Err("under fa16.toml the picker offers no -1 dice".into());
    }
    page.session.click(minus)?;
    let pressed = page.js(
        "return [...document.querySelectorAll('#dice [aria-pressed=true]')].map(b => b.dataset.dice);",
        vec![],
    )?;
    if pressed != json!(["-1"]) {
        return Err(format!(
            "after choosing -1 dice the pressed buttons are {pressed}"
        ));
    }
    page.session.click("#roll")?;
    page.idle("rolling -1 dice")?;
    let game = page.api(&format!(
        "/api/game?seed={SEED}&vs=optimal&first=you&moves=-1&rules=fa16.toml"
    ))?;
    page.eventually(|| shows_game(page, &game))?;
    let first = page.js("return q('#log li').textContent;", vec![])?;
    let first = first.as_str().unwrap_or("");
    for words in [
        "rolled -1 dice",
        "pork-chop: rolling -1 dice scores 1 point.",
        "pork-chop: every turn rolls 4-sided dice from now on.",
    ] {
        if !first.contains(words) {
            return Err(format!(
                "the log's first turn {first:?} does not say {words:?}"
            ));
        }
    }
    page.shot("play-minus-one.png")
}

/// Under the Fall 2015 contest's rules (a -1 that swaps the scores, once a
/// player): the first -1 swaps, the second rolls 10 dice, the page shows
/// the API's game, and the log says both in words.
fn score_swap(page: &Page) -> Result<(), String> {
    replay_against_optimal(page, "fa15-contest.toml")?;
    let minus = "#dice button[data-dice=\"-1\"]";
    for turn in ["the first -1", "the second -1"] {
        if !page.visible(minus)? {
            return Err(format!(
                "under fa15-contest.toml the picker offers no -1 for {turn}"
            ));
        }
        page.session.click(minus)?;
        page.session.click("#roll")?;
        page.idle(&format!("rolling {turn}"))?;
    }
    let game = page.api(&format!(
        "/api/game?seed={SEED}&vs=optimal&first=you&moves=-1,-1&rules=fa15-contest.toml"
    ))?;
    page.eventually(|| shows_game(page, &game))?;
    let log = page.js(
        "return [...document.querySelectorAll('#log li')].map(li => li.textContent).join(' | ');",
        vec![],
    )?;
    let log = log.as_str().unwrap_or("");
    for words in [
        "pork-chop-swap: rolling -1 dice scores nothing and swaps the two scores",
        "pork-chop-swap: this player has rolled -1 once already, so -1 rolls 10 dice.",
    ] {
        if !log.contains(words) {
            return Err(format!("the log {log:?} does not say {words:?}"));
        }
    }
    page.shot("play-score-swap.png")
}

/// Choose `dice` by its button, check it is the one pressed, and roll.
fn click_dice(page: &Page, dice: u8) -> Result<(), String> {
    page.session
        .click(&format!("#dice button[data-dice=\"{dice}\"]"))?;
    pressed_only(page, dice)?;
    page.session.click("#roll")
}

/// The dice button `dice` alone is pressed.
fn pressed_only(page: &Page, dice: u8) -> Result<(), String> {
    let pressed = page.js(
        "return [...document.querySelectorAll('#dice button[data-dice]')]
           .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.dice);",
        vec![],
    )?;
    if pressed != json!([dice.to_string()]) {
        return Err(format!(
            "after choosing {dice} dice the pressed buttons are {pressed}"
        ));
    }
    Ok(())
}

/// Play a seeded game to its end by clicking (and once by keys), checking
/// every state against the API; the hint table; a fresh game.
fn play(page: &Page) -> Result<(), String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    // The presets have no move of rolling -1 dice.
    if page.visible("#dice button[data-dice=\"-1\"]")? {
        return Err("under fa24 the picker offers -1 dice".into());
    }
    let start = page.js(
        "return [q('#opponent') && q('#opponent').value, q('#first') && q('#first').value];",
        vec![],
    )?;
    if start != json!(["optimal", "you"]) {
        return Err(format!(
            "the game starts with #opponent, #first = {start}, not optimal, you"
        ));
    }
    page.set("#seed", &SEED.to_string())?;
    page.session.click("#replay")?;
    page.idle("#replay")?;
    let mut moves: Vec<u8> = Vec::new();
    let mut hints = false;
    for step in 0.. {
        let game = page.api(&game_path(SEED, "optimal", &moves))?;
        page.eventually(|| shows_game(page, &game))?;
        if !game["winner"].is_null() {
            page.shot("play-end.png")?;
            eprintln!(
                "the game (seed {SEED}) ended after {} turns: {} won {}-{}",
                game["turns"].as_array().map_or(0, Vec::len),
                game["winner"],
                game["scores"]["you"],
                game["scores"]["opponent"]
            );
            break;
        }
        if step > 100 {
            return Err("the game did not end in 100 moves".into());
        }
        if step == 1 {
            page.session.click("#hints")?;
            page.idle("checking #hints")?;
            hints = true;
        }
        if hints {
            page.eventually(|| shows_hints(page, &game))?;
        }
        if step == 3 {
            page.shot("play.png")?;
            on_phone(page, "the play screen", "play-phone.png")?;
        }
        let dice = match step {
            1 => 0,
            2 => 3,
            4 => 10,
            5 => 10,
            _ => game["advice"].as_u64().ok_or("no advice in /api/game")? as u8,
        };
        match step {
            2 => {
                // A person's keys: a digit chooses, Enter rolls. The focus
                // is where the last click left it (the roll button).
                page.session.keys("3")?;
                page.eventually(|| pressed_only(page, 3))
                    .map_err(|e| format!("the 3 key: {e}"))?;
                page.session.keys("\u{E007}")?;
            }
            5 => {
                // A click on a dice button leaves the focus there; then 1
                // and 0 choose ten and Enter rolls them.
                page.session.click("#dice button[data-dice=\"2\"]")?;
                page.session.keys("10")?;
                page.eventually(|| pressed_only(page, 10))
                    .map_err(|e| format!("the keys 1 0 after a click on the 2 button: {e}"))?;
                page.session.keys("\u{E007}")?;
                let turns = game["turns"].as_array().map_or(0, Vec::len);
                page.idle("Enter")?;
                page.eventually(|| {
                    let shown = page.js(
                        "return document.querySelectorAll('#log > li').length;",
                        vec![],
                    )?;
                    if shown.as_u64() > Some(turns as u64) {
                        Ok(())
                    } else {
                        Err(format!(
                            "Enter did not roll: the focus on the dice button 2, the keys 1 0 \
                             chose {}, and after Enter the log still has {shown} turns",
                            page.js(
                                "return [...document.querySelectorAll('#dice [aria-pressed=true]')]
                                   .map(b => b.dataset.dice).join();",
                                vec![]
                            )?
                        ))
                    }
                })?;
            }
            _ => click_dice(page, dice)?,
        }
        moves.push(dice);
        page.idle(&format!("rolling {dice} dice"))?;
    }
    // A fresh game has a new seed, and the page shows that game.
    page.session.click("#restart")?;
    page.idle("#restart")?;
    let seed = page.eventually(|| {
        let seed = page.js("return q('#seed').value;", vec![])?;
        let seed = seed.as_str().unwrap_or("");
        match seed.parse::<u64>() {
            Ok(s) if s != SEED => Ok(s),
            _ => Err(format!("after #restart, #seed is {seed:?}, not a new seed")),
        }
    })?;
    let game = page.api(&game_path(seed, "optimal", &[]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("after #restart (seed {seed}): {e}"))?;
    variants(page)
}

/// A server started with rules from Python: the page opens on them with
/// their goal fixed, and seeded games played by the advice show what the
/// API says, turn by turn, with the functions' events in the log.
fn house_rules(page: &Page) -> Result<(), String> {
    let header = page.js(
        "return [q('#rules').value, q('#rules').selectedOptions[0].textContent,
                 q('#goal').value, q('#goal').disabled];",
        vec![],
    )?;
    if header != json!(["every.py", "every.py (from Python)", "30", true]) {
        return Err(format!(
            "the header shows rules, label, goal, goal disabled = {header}"
        ));
    }
    page.open("play")?;
    page.idle("opening the play screen")?;
    let mut fired: Vec<String> = Vec::new();
    let mut last = Value::Null;
    for seed in [SEED, SEED + 1, SEED + 2] {
        page.set("#seed", &seed.to_string())?;
        page.session.click("#replay")?;
        page.idle("#replay")?;
        let mut moves: Vec<u8> = Vec::new();
        loop {
            let game = page.api(&format!(
                "{}&rules=every.py",
                game_path(seed, "optimal", &moves)
            ))?;
            page.eventually(|| shows_game(page, &game))?;
            for turn in game["turns"].as_array().into_iter().flatten() {
                for event in turn["events"].as_array().into_iter().flatten() {
                    let rule = event["rule"].as_str().unwrap_or("").to_string();
                    if !fired.contains(&rule) {
                        fired.push(rule);
                    }
                }
            }
            if !game["winner"].is_null() {
                last = game;
                break;
            }
            if moves.len() > 60 {
                return Err(format!("the game of seed {seed} did not end in 60 moves"));
            }
            if seed == SEED && moves.len() == 1 {
                page.shot("house-rules.png")?;
            }
            let dice = game["advice"].as_u64().ok_or("no advice in /api/game")? as u8;
            click_dice(page, dice)?;
            moves.push(dice);
            page.idle(&format!("rolling {dice} dice"))?;
        }
    }
    // The log says each event of the last game in the rules' own sentence
    // (the API's `text`), the function named where the rules name none.
    let log = page.js("return q('#log').textContent;", vec![])?;
    let log = log.as_str().unwrap_or("");
    for turn in last["turns"].as_array().into_iter().flatten() {
        for event in turn["events"].as_array().into_iter().flatten() {
            let words = event["text"].as_str().unwrap_or_default();
            if words.is_empty() || !log.contains(words) {
                return Err(format!("the log does not say {event}: {log}"));
            }
            let named = match event["rule"].as_str() {
                Some("turn_points") => "turn_points: ",
                Some("extra_turn") => "extra_turn: the same player moves again.",
                Some("pig_out") => "Pig Out: ",
                _ => continue,
            };
            if !words.starts_with(named) {
                return Err(format!("{event} does not name its function: {words}"));
            }
        }
    }
    eprintln!("games under rules from Python showed the events {fired:?}");
    if !fired
        .iter()
        .any(|f| f == "turn_points" || f == "extra_turn" || f == "pig_out")
    {
        return Err(format!("three games showed only the events {fired:?}"));
    }
    // A preset at another goal, then the server's own rules again: the page
    // asks for their goal, not the preset's (which they would refuse).
    page.set("#rules", "fa24")?;
    page.idle("choosing fa24")?;
    page.js(
        "const g = q('#goal'); g.value = '50'; g.dispatchEvent(new Event('change'));",
        vec![],
    )?;
    page.idle("goal 50")?;
    page.set("#rules", "every.py")?;
    page.idle("choosing every.py again")?;
    if let Some(banner) = page.error_banner()? {
        return Err(format!(
            "back to every.py from fa24 at 50, the page shows {banner}"
        ));
    }
    let header = page.js("return [q('#goal').value, q('#goal').disabled];", vec![])?;
    if header != json!(["30", true]) {
        return Err(format!("back to every.py, the goal box is {header}"));
    }
    Ok(())
}

/// The opponents offered; a game the bot starts; a game between two people.
fn variants(page: &Page) -> Result<(), String> {
    let offered = page.js(
        "return [...document.querySelectorAll('#opponent option')].map(o => o.value);",
        vec![],
    )?;
    for spec in [
        "optimal",
        "always_roll(6)",
        "boar_strategy",
        "sus_strategy",
        "person",
    ] {
        if !offered.as_array().is_some_and(|o| o.contains(&json!(spec))) {
            return Err(format!(
                "#opponent does not offer {spec}: it offers {offered}"
            ));
        }
    }
    // The bot moves first.
    page.set("#first", "opponent")?;
    page.idle("choosing who starts")?;
    page.set("#seed", "9")?;
    page.session.click("#replay")?;
    page.idle("#replay with the opponent first")?;
    let game = page.api(&game_path_first(9, "optimal", "opponent", &[]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("the opponent moving first: {e}"))?;
    click_dice(page, 5)?;
    page.idle("rolling 5 dice")?;
    let game = page.api(&game_path_first(9, "optimal", "opponent", &[5]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("the opponent moving first: {e}"))?;
    // Two people at one screen: both moves come from the dice buttons. A
    // move has been made, so the page asks before it starts again.
    page.set("#first", "you")?;
    answer_new_game(page, true)?;
    page.set("#opponent", "person")?;
    page.idle("choosing a second person")?;
    page.set("#seed", "11")?;
    page.session.click("#replay")?;
    page.idle("#replay against a person")?;
    let mut moves = Vec::new();
    for dice in [4, 2, 6] {
        click_dice(page, dice)?;
        page.idle(&format!("rolling {dice} dice"))?;
        moves.push(dice);
        let game = page.api(&game_path(11, "person", &moves))?;
        page.eventually(|| shows_game(page, &game))
            .map_err(|e| format!("two people: {e}"))?;
    }
    Ok(())
}

/// Under rules with memory (fa19, from the rules menu): the game shows
/// what each player remembers, as the API's report says it, with the API's
/// exact chances; back under fa24 the line is gone.
fn memory(page: &Page) -> Result<(), String> {
    page.open("play")?;
    page.set("#rules", "fa19")?;
    page.idle("choosing fa19")?;
    page.set("#opponent", "optimal")?;
    page.set("#first", "you")?;
    page.set("#seed", "5")?;
    page.session.click("#replay")?;
    page.idle("#replay under fa19")?;
    click_dice(page, 4)?;
    page.idle("rolling 4 dice under fa19")?;
    let game = page.api(&format!(
        "{}&rules=fa19&goal=100",
        game_path(5, "optimal", &[4])
    ))?;
    let text = game["context"]["text"]
        .as_str()
        .ok_or_else(|| format!("the API's game under fa19 has no context: {game}"))?
        .to_string();
    if !text.starts_with("feral-hogs: you remember 4 dice") {
        return Err(format!("the context after rolling 4 dice: {text:?}"));
    }
    page.eventually(|| {
        let shown = page.js("return q('#context-line').textContent;", vec![])?;
        if shown != json!(text) || !page.visible("#context-line")? {
            return Err(format!("#context-line shows {shown}, not {text:?}"));
        }
        shows_game(page, &game)
    })?;
    page.shot("play-memory.png")?;

    // Explore draws the optimum at a context the person picks: hovering
    // shows its values there, pinning explains the state there.
    page.open("explore")?;
    page.idle("opening explore under fa19")?;
    if !page.visible("#map-remembered-field")? || page.visible("#map-clock-field")? {
        return Err("under fa19 explore offers what both remember, and no clock".into());
    }
    page.set("#map-mine", "4")?;
    page.idle("picking what the mover remembers")?;
    page.set("#map-theirs", "6")?;
    page.idle("picking what the other remembers")?;
    draw(page, "optimal", "optimal", "policy")?;
    let title = page.js("return q('#map-title').textContent;", vec![])?;
    if !title
        .as_str()
        .is_some_and(|t| t.contains("the mover remembers 4 dice, the other 6 dice"))
    {
        return Err(format!("the map's title does not say its context: {title}"));
    }
    let (score, opponent) = (17, 23);
    let there = page.api(&format!(
        "/api/explain?rules=fa19&goal=100&score={score}&opponent={opponent}&remembered=4,6"
    ))?;
    check_hover(page, score, opponent, &there, "best")
        .map_err(|e| format!("the fa19 map at 4,6: {e}"))?;
    page.session.click_here()?;
    page.idle("pinning a cell under fa19")?;
    check_pinned(page, score, opponent, &there).map_err(|e| format!("the fa19 map: {e}"))?;
    page.shot("explore-memory.png")?;

    page.set("#rules", "fa24")?;
    page.idle("back to fa24")?;
    if page.visible("#map-remembered-field")? {
        return Err("#map-remembered-field still shows under fa24".into());
    }
    page.open("play")?;
    page.eventually(|| match page.visible("#context-line")? {
        false => Ok(()),
        true => Err("#context-line still shows under fa24".to_string()),
    })
}

/// At a phone's width the page does not scroll sideways; a screenshot
/// `name` there; back to the desktop.
fn on_phone(page: &Page, what: &str, name: &str) -> Result<(), String> {
    page.resize(PHONE)?;
    page.idle("resizing to a phone")?;
    page.js("window.scrollTo(0, 0);", vec![])?;
    let result = no_sideways_scroll(page, what).and_then(|()| page.shot(name));
    page.resize(DESKTOP)?;
    page.idle("resizing back")?;
    result
}

/// The page is no wider than the window.
fn no_sideways_scroll(page: &Page, what: &str) -> Result<(), String> {
    let v = page.js(
        "return [document.documentElement.scrollWidth, window.innerWidth];",
        vec![],
    )?;
    if v[0].as_f64() > v[1].as_f64() {
        let wide = page.js(
            "return [...document.querySelectorAll('body *')]
               .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
               .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                 + (e.className && typeof e.className === 'string' ? '.' + e.className : '')
                 + ' ' + Math.round(e.getBoundingClientRect().right));",
            vec![],
        )?;
        return Err(format!(
            "{what} scrolls sideways at {} pixels: scrollWidth {}; too wide: {wide}",
            v[1], v[0]
        ));
    }
    Ok(())
}

// ------------------------------------------------------------- the heatmap

/// Hover the heatmap over state `(score, opponent)`; the cell's centre.
fn hover_cell(page: &Page, score: u32, opponent: u32) -> Result<(i64, i64), String> {
    let at = page.js(
        "const c = q('#heatmap');
         if (!window.hog || !window.hog.cellCenter) return 'window.hog.cellCenter is missing';
         const p = window.hog.cellCenter(arguments[0], arguments[1]);
         const r = c.getBoundingClientRect();
         window.scrollBy(0, r.top + p.y - window.innerHeight / 2);
         return [p.x, p.y];",
        vec![json!(score), json!(opponent)],
    )?;
    let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
        return Err(format!("cellCenter({score}, {opponent}): {at}"));
    };
    let (x, y) = (x.round() as i64, y.round() as i64);
    page.session.hover("#heatmap", x, y)?;
    Ok((x, y))
}

/// Hovering `(score, opponent)` shows the strategy's dice there and its
/// win probability (the map's f32, so within 1e-6 of the explanation's).
fn check_hover(
    page: &Page,
    score: u32,
    opponent: u32,
    explanation: &Value,
    dice_key: &str,
) -> Result<(), String> {
    let requests = "return performance.getEntriesByType('resource')
                      .filter(e => e.name.includes('/api/')).length;";
    let before = page.js(requests, vec![])?;
    hover_cell(page, score, opponent)?;
    page.eventually(|| {
        let info = page.js(
            "const e = q('#cell-info'); return e && {...e.dataset, shown: vis(e)};",
            vec![],
        )?;
        // The choice by its dice, -1 included.
        let dice = explanation[dice_key].as_i64().unwrap_or(99);
        let want = (explanation["choices"].as_array().into_iter().flatten())
            .find(|c| c["dice"] == json!(dice))
            .and_then(|c| c["win_probability"].as_f64())
            .unwrap_or(f64::NAN);
        let value = info["value"].as_str().and_then(|v| v.parse::<f64>().ok());
        if info["score"] != json!(score.to_string())
            || info["opponent"] != json!(opponent.to_string())
            || info["dice"] != json!(dice.to_string())
            || !value.is_some_and(|v| (v - want).abs() <= 1e-6)
            || info["shown"] != json!(true)
        {
            return Err(format!(
                "hovering ({score}, {opponent}): #cell-info is {info}, the explanation's \
                 dice {dice} with win probability {want}"
            ));
        }
        Ok(())
    })?;
    let after = page.js(requests, vec![])?;
    if after != before {
        return Err(format!(
            "hovering ({score}, {opponent}) made requests ({before} to the API before, {after} \
             after)"
        ));
    }
    Ok(())
}

/// The pinned explanation shows the API's win probability of every dice
/// count, exactly.
fn check_pinned(page: &Page, score: u32, opponent: u32, explanation: &Value) -> Result<(), String> {
    page.eventually(|| {
        let pinned = page.js(
            "const e = q('#cell-explain'); if (!e) return null;
             return {score: e.dataset.score, opponent: e.dataset.opponent, shown: vis(e),
               rows: [...e.querySelectorAll('tr[data-dice][data-value]')]
                 .map(r => [r.dataset.dice, r.dataset.value])};",
            vec![],
        )?;
        if pinned["score"] != json!(score.to_string())
            || pinned["opponent"] != json!(opponent.to_string())
            || pinned["shown"] != json!(true)
        {
            return Err(format!(
                "after a click on ({score}, {opponent}), #cell-explain shows state ({}, {}) \
                 and is {}",
                pinned["score"],
                pinned["opponent"],
                if pinned["shown"] == json!(true) {
                    "shown"
                } else {
                    "not shown"
                }
            ));
        }
        let rows = pinned["rows"].as_array().cloned().unwrap_or_default();
        let choices = explanation["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if rows.len() != choices.len() {
            return Err(format!(
                "#cell-explain has {} rows tr[data-dice][data-value], the API {} choices",
                rows.len(),
                choices.len()
            ));
        }
        for row in &rows {
            let dice: i64 = row[0].as_str().and_then(|d| d.parse().ok()).unwrap_or(99);
            let got = row[1].as_str().and_then(|v| v.parse::<f64>().ok());
            let want = choices
                .iter()
                .find(|c| c["dice"] == json!(dice))
                .and_then(|c| c["win_probability"].as_f64());
            if want.is_none() || got != want {
                return Err(format!(
                    "#cell-explain row {row} at ({score}, {opponent}): the API's \
                     win_probability for {} dice is {}",
                    row[0],
                    want.map_or("missing".into(), |w| w.to_string())
                ));
            }
        }
        Ok(())
    })
}

/// Draw the map of `strategy` against `vs` of `kind`.
fn draw(page: &Page, strategy: &str, vs: &str, kind: &str) -> Result<(), String> {
    page.set("#map-strategy", strategy)?;
    page.set("#map-vs", vs)?;
    page.set("#map-kind", kind)?;
    page.session.click("#map-draw")?;
    page.idle(&format!(
        "drawing the {kind} map of {strategy} against {vs}"
    ))
}

/// The heatmap: hover and pin cells of the optimal strategy's map and of a
/// course strategy's.
fn explore(page: &Page) -> Result<(), String> {
    page.open("explore")?;
    page.idle("opening the explore screen")?;
    let defaults = page.js(
        "return [q('#map-strategy').value, q('#map-vs').value, q('#map-kind').value];",
        vec![],
    )?;
    if defaults != json!(["optimal", "optimal", "policy"]) {
        return Err(format!(
            "the explore screen starts with map-strategy, map-vs, map-kind = {defaults}, \
             not optimal, optimal, policy"
        ));
    }
    page.eventually(|| {
        page.js(
            "return q('#heatmap').width > 0 && !!window.hog && !!window.hog.cellCenter;",
            vec![],
        )?
        .as_bool()
        .filter(|&b| b)
        .ok_or_else(|| {
            "no heatmap: #heatmap has no width or window.hog.cellCenter is missing".into()
        })
    })?;
    let (score, opponent) = (30, 50);
    let optimal = page.api(&format!("/api/explain?score={score}&opponent={opponent}"))?;
    check_hover(page, score, opponent, &optimal, "best")?;
    bars_from_zero(page)?;
    page.session.click_here()?;
    page.idle("pinning a cell")?;
    check_pinned(page, score, opponent, &optimal)?;
    page.js("window.scrollTo(0, 0);", vec![])?;
    page.shot("explore.png")?;
    on_phone(page, "the explore screen", "explore-phone.png")?;

    // The other kinds of map draw, and hovering still explains the state.
    for kind in ["win", "diff"] {
        draw(page, "optimal", "optimal", kind)?;
        check_hover(page, score, opponent, &optimal, "best")
            .map_err(|e| format!("the {kind} map: {e}"))?;
    }
    // A course strategy against optimal: at (20, 20) boar_strategy rolls 6
    // where 0 is best.
    let (score, opponent) = (20, 20);
    draw(page, "boar_strategy", "optimal", "policy")?;
    let boar = page.api(&format!(
        "/api/explain?score={score}&opponent={opponent}&strategy=boar_strategy&vs=optimal"
    ))?;
    check_hover(page, score, opponent, &boar, "chosen")
        .map_err(|e| format!("boar_strategy's map: {e}"))?;
    page.session.click_here()?;
    page.idle("pinning a cell")?;
    check_pinned(page, score, opponent, &boar).map_err(|e| format!("boar_strategy's map: {e}"))
}

// ------------------------------------------------------------- comparisons

/// Upload a table, compare it with `always_roll(6)`, play against it, and
/// run the rates table and a sweep.
fn compare(page: &Page) -> Result<(), String> {
    let dir = tempfile::Builder::new()
        .prefix("hog-browser-")
        .tempdir()
        .map_err(|e| e.to_string())?;
    let table = dir.path().join("best_vs_always_roll_4.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_hog"))
        .args([
            "export",
            "best_response(always_roll(4))",
            "--quiet",
            "--out",
        ])
        .arg(&table)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "hog export: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }

    page.open("compare")?;
    page.idle("opening the compare screen")?;
    page.session
        .type_into("#upload", &table.display().to_string())?;
    page.idle("uploading a table")?;
    let id = page.eventually(|| {
        page.attr("#upload-status", "data-id")?
            .filter(|id| !id.is_empty())
            .ok_or_else(|| {
                format!(
                    "after the upload #upload-status has no data-id (error banner: {:?})",
                    page.error_banner().ok().flatten()
                )
            })
    })?;
    let listed = page.api("/api/strategies")?;
    if !listed["named"]
        .as_array()
        .is_some_and(|n| n.iter().any(|e| e["spec"] == json!(id)))
    {
        return Err(format!(
            "the upload's id {id} is not in /api/strategies: {listed}"
        ));
    }

    // One against the other.
    page.set("#cmp-a", &id)?;
    page.set("#cmp-b", "always_roll(6)")?;
    page.session.click("#cmp-run")?;
    page.idle("#cmp-run")?;
    let eval = page.api(&format!(
        "/api/eval?strategy={}&vs={}",
        enc(&id),
        enc("always_roll(6)")
    ))?;
    page.eventually(|| {
        for key in ["first", "second", "average"] {
            let got = page.number("#cmp-result", &format!("data-{key}"))?;
            if Some(got) != eval[key].as_f64() {
                return Err(format!(
                    "#cmp-result[data-{key}] is {got}, /api/eval's {key} {}",
                    eval[key]
                ));
            }
        }
        Ok(())
    })?;

    // The rates table against the uploaded table.
    page.set("#rates-vs", &id)?;
    page.session.click("#rates-run")?;
    page.idle("#rates-run")?;
    let rates = page.api(&format!("/api/rates?vs={}", enc(&id)))?;
    page.eventually(|| {
        let rows = page.js(
            "return [...document.querySelectorAll('#rates-table tr[data-strategy][data-average]')]
               .map(r => [r.dataset.strategy, r.dataset.average]);",
            vec![],
        )?;
        let rows = rows.as_array().cloned().unwrap_or_default();
        let want = rates["rows"].as_array().cloned().unwrap_or_default();
        if rows.len() != want.len() || want.is_empty() {
            return Err(format!(
                "#rates-table has {} rows tr[data-strategy][data-average], /api/rates {}",
                rows.len(),
                want.len()
            ));
        }
        for w in &want {
            let row = rows.iter().find(|r| r[0] == w["strategy"]);
            let got = row.and_then(|r| r[1].as_str()?.parse::<f64>().ok());
            if got != w["average"].as_f64() {
                return Err(format!(
                    "#rates-table's row for {} is {:?}, /api/rates' average {}",
                    w["strategy"], row, w["average"]
                ));
            }
        }
        Ok(())
    })?;

    // The uploaded table has its own row, named by its file too; against
    // itself it wins half.
    let own = page.js(
        "const r = q(`#rates-table tr[data-strategy=\"${arguments[0]}\"]`);
         return r && [r.dataset.average, r.cells[0].textContent];",
        vec![json!(id)],
    )?;
    if own[0] != json!("0.5") || !own[1].as_str().is_some_and(|t| t.contains(".csv")) {
        return Err(format!(
            "#rates-table's row for the upload {id} is {own}, not 0.5 with its file's name"
        ));
    }

    // A sweep of a course strategy's parameters.
    let grid = "boar_strategy(threshold=8..=10, num_rolls=5..=6)";
    page.set("#sweep-grid", grid)?;
    page.set("#sweep-vs", "always_roll(6)")?;
    page.session.click("#sweep-run")?;
    page.idle("#sweep-run")?;
    let sweep = page.api(&format!(
        "/api/sweep?grid={}&vs={}",
        enc(grid),
        enc("always_roll(6)")
    ))?;
    // Laid out as the page likes (a grid of two parameters), every
    // combination's average is in a cell's data-average.
    let mut want: Vec<f64> = sweep["rows"]
        .as_array()
        .map(|rows| rows.iter().filter_map(|r| r["average"].as_f64()).collect())
        .unwrap_or_default();
    want.sort_by(f64::total_cmp);
    page.eventually(|| {
        let cells = page.js(
            "return [...document.querySelectorAll('#sweep-table [data-average]')]
               .map(c => c.dataset.average);",
            vec![],
        )?;
        let mut got: Vec<f64> = cells
            .as_array()
            .map(|c| c.iter().filter_map(|v| v.as_str()?.parse().ok()).collect())
            .unwrap_or_default();
        got.sort_by(f64::total_cmp);
        if got != want || want.is_empty() {
            return Err(format!(
                "#sweep-table's data-average values {got:?} are not /api/sweep's averages \
                 {want:?} for {grid}"
            ));
        }
        Ok(())
    })?;
    // A contest of the uploads: the same file again makes two entries.
    page.session
        .type_into("#upload", &table.display().to_string())?;
    page.idle("uploading the table again")?;
    page.session.click("#contest-run")?;
    page.idle("#contest-run")?;
    let contest = page.api("/api/contest")?;
    let want: Vec<(String, f64)> = contest["leaderboard"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|r| {
                    Some((
                        r["name"].as_str()?.to_string(),
                        r["mean_win_rate"].as_f64()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    page.eventually(|| {
        let rows = page.js(
            "return [...document.querySelectorAll('#contest-table tbody tr')]
               .map(r => [r.dataset.name, r.dataset.mean]);",
            vec![],
        )?;
        let got: Vec<(String, f64)> = rows
            .as_array()
            .map(|rows| {
                rows.iter()
                    .filter_map(|r| {
                        Some((r[0].as_str()?.to_string(), r[1].as_str()?.parse().ok()?))
                    })
                    .collect()
            })
            .unwrap_or_default();
        if got != want || want.len() != 2 {
            return Err(format!(
                "#contest-table rows {got:?} are not /api/contest's leaderboard {want:?}"
            ));
        }
        Ok(())
    })?;
    page.js("window.scrollTo(0, 0);", vec![])?;
    page.shot("compare.png")?;
    on_phone(page, "the compare screen", "compare-phone.png")?;

    // The uploaded table is an opponent on the play screen.
    page.open("play")?;
    page.idle("opening the play screen")?;
    page.set("#opponent", &id)?;
    page.idle("choosing the uploaded table as the opponent")?;
    page.set("#seed", "7")?;
    page.session.click("#replay")?;
    page.idle("#replay against the upload")?;
    let game = page.api(&game_path(7, &id, &[]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("against the uploaded table {id}: {e}"))?;
    click_dice(page, 5)?;
    page.idle("rolling 5 dice against the upload")?;
    let game = page.api(&game_path(7, &id, &[5]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("against the uploaded table {id}: {e}"))
}

/// First contentful paint of the page just loaded, in milliseconds.
fn first_paint(page: &Page) -> Result<f64, String> {
    page.session.wait_for(
        "performance.getEntriesByType('paint').some(e => e.name === 'first-contentful-paint')",
        "the first contentful paint",
    )?;
    let v = page.js(
        "const n = performance.getEntriesByType('navigation')[0] || {};
         return [performance.getEntriesByType('paint')
                   .find(e => e.name === 'first-contentful-paint').startTime,
                 n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd];",
        vec![],
    )?;
    let ms = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    eprintln!(
        "first contentful paint: {:.0} ms (response end {:.0} ms, DOMContentLoaded {:.0} ms, \
         load {:.0} ms)",
        ms(0),
        ms(1),
        ms(2),
        ms(3)
    );
    Ok(ms(0))
}

/// Run one screen's scenario from a fresh load of the page: its error, the
/// error banner's text, or console errors, in words.
fn scenario(page: &Page, name: &str, run: fn(&Page) -> Result<(), String>) -> Option<String> {
    // HOG_BROWSER_ONLY=a,b runs those scenarios alone (while working on them).
    if let Ok(only) = std::env::var("HOG_BROWSER_ONLY") {
        if !only.split(',').any(|n| n.trim() == name) {
            return None;
        }
    }
    let start = Instant::now();
    let result = page.session.goto(&page.url).and_then(|()| {
        page.idle("loading the page")?;
        page.console_errors()?;
        run(page)
    });
    let banner = page.error_banner().unwrap_or_else(Some);
    let console = page.console_errors().unwrap_or_else(|e| vec![e]);
    eprintln!("{name}: {:.1} s", start.elapsed().as_secs_f64());
    let mut problems = Vec::new();
    if let Err(e) = result {
        problems.push(e);
    }
    if let Some(banner) = banner {
        problems.push(format!("#error shows: {banner}"));
    }
    if !console.is_empty() {
        problems.push(format!("console errors: {}", console.join(" | ")));
    }
    if problems.is_empty() {
        None
    } else {
        if let Err(e) = page.shot(&format!("{name}-failed.png")) {
            problems.push(format!("no screenshot: {e}"));
        }
        Some(format!("{name}: {}", problems.join("; ")))
    }
}

#[test]
fn the_page_plays_explores_and_compares_in_headless_chromium() {
    let require = std::env::var("HOG_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    let driver = find_program(&["chromedriver"], &["/usr/bin/chromedriver"]);
    let chromium = find_program(
        &["chromium", "chromium-browser", "google-chrome"],
        &["/usr/bin/chromium"],
    );
    let (Some(driver), Some(chromium)) = (driver.clone(), chromium.clone()) else {
        let what = if driver.is_none() {
            "chromedriver"
        } else {
            "chromium"
        };
        let message = format!(
            "browser test skipped: {what} not found (install chromium and chromium-driver)"
        );
        assert!(!require, "{message}, and HOG_REQUIRE_BROWSER=1");
        eprintln!("{message}");
        return;
    };
    let start = Instant::now();
    let shots = std::env::var_os("HOG_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser"));
    std::fs::create_dir_all(&shots).expect("the screenshots' folder");
    for name in [
        "play",
        "explore",
        "compare",
        "memory",
        "house",
        "minus-one",
        "people",
        "confirm",
        "refused",
        "long-spec",
        "phone-map",
        "reload",
        "back",
        "keys-checkbox",
        "short-roll",
        "narrow",
        "student",
        "student-agrees",
        "student-stopped",
    ] {
        let _ = std::fs::remove_file(shots.join(format!("{name}-failed.png")));
    }

    let (server, url) = start_server(&[]);
    let (chromedriver, driver_host) = start_chromedriver(&driver);
    let session = Session::new(
        &driver_host,
        &chromium.display().to_string(),
        DESKTOP.0,
        DESKTOP.1,
    )
    .unwrap_or_else(|e| panic!("no browser session: {e}"));
    let page = Page {
        session,
        api_host: url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
        url,
        shots,
    };

    page.resize(DESKTOP).unwrap_or_else(|e| panic!("{e}"));
    // The first paint of a page the browser has never loaded.
    page.session.goto(&page.url).expect("the page loads");
    let paint = first_paint(&page).unwrap_or_else(|e| panic!("{e}"));

    let mut failures: Vec<String> = Vec::new();
    if paint >= 1000.0 {
        failures.push(format!(
            "first contentful paint took {paint:.0} ms, not under 1000"
        ));
    }
    for (name, run) in [
        ("play", play as fn(&Page) -> Result<(), String>),
        ("explore", explore),
        ("compare", compare),
        ("memory", memory),
        ("people", two_people),
        ("confirm", ask_before_new_game),
        ("refused", refused_spec),
        ("long-spec", long_spec),
        ("phone-map", phone_map),
        ("reload", reload_keeps_game),
        ("back", back_button),
        ("keys-checkbox", keys_on_checkbox),
        ("short-roll", short_roll),
        ("narrow", narrow_screens),
        ("contest-minus-one", faces::contest_minus_one),
        ("optimum-remembers", faces::optimum_that_remembers),
        ("sweep-ranges", faces::sweep_ranges),
        ("goal-each", faces::goal_each),
        ("every-rule-set", faces::every_rule_set),
    ] {
        failures.extend(scenario(&page, name, run));
    }
    // A second server, started with rules given as functions.
    let rules_py = Path::new(env!("CARGO_TARGET_TMPDIR")).join("every.py");
    std::fs::write(&rules_py, support::EVERY_FEATURE_PY).expect("the rules file");
    let (house_server, house_url) = start_server(&["--rules-py", rules_py.to_str().unwrap()]);
    let mut page = page;
    page.point_at(house_url);
    failures.extend(scenario(&page, "house", house_rules));
    drop(house_server);
    // A server with a -1 move: Fall 2016's rules file (Pork Chop).
    let fa16 = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/fa16.toml");
    let (pork_server, pork_url) = start_server(&["--rules", fa16.to_str().unwrap()]);
    page.point_at(pork_url);
    failures.extend(scenario(&page, "minus-one", minus_one_move));
    drop(pork_server);
    // The Fall 2015 contest's -1, which swaps the scores once a player.
    let contest = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/fa15-contest.toml");
    let (swap_server, swap_url) = start_server(&["--rules", contest.to_str().unwrap()]);
    page.point_at(swap_url);
    failures.extend(scenario(&page, "score-swap", score_swap));
    drop(swap_server);
    // The example files no built-in name covers, rules in Python (with a
    // clock), and Fall 2019's other readings: each server's own rules
    // played as the named ones are.
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules");
    for (name, args) in [
        ("file-variant", vec!["variant.toml"]),
        ("file-pork-chop", vec!["pork-chop.toml"]),
        ("file-fa19", vec!["fa19.toml"]),
        ("file-fa22-py", vec!["fa22.py"]),
        ("file-pork-chop-py", vec!["pork-chop.py"]),
        ("fa19-points", vec!["fa19", "--memory", "feral-hogs-points"]),
    ] {
        let rules = match examples.join(args[0]) {
            path if path.exists() => path.display().to_string(),
            _ => args[0].to_string(),
        };
        let mut server_args = vec!["--rules", rules.as_str()];
        server_args.extend(&args[1..]);
        let (server, url) = start_server(&server_args);
        page.point_at(url);
        failures.extend(scenario(&page, name, faces::house_rule_set));
        drop(server);
    }
    // Servers replaying each game through a student's hog.py.
    let buggy = student_project("buggy", &[FORGETS_FOUR, PRINTS]);
    let student_server = serve_student(&mut page, &buggy, &[]);
    failures.extend(scenario(&page, "student", student_differs));
    drop(student_server);
    let complete = student_project("complete", &[]);
    let student_server = serve_student(&mut page, &complete, &[]);
    failures.extend(scenario(&page, "student-agrees", student_agrees));
    drop(student_server);
    let hangs = student_project("hangs", &[HANGS]);
    let student_server = serve_student(&mut page, &hangs, &["--python-timeout", "1"]);
    failures.extend(scenario(&page, "student-stopped", student_hangs));
    drop(student_server);
    eprintln!(
        "screenshots in {} ({:.1} s in all)",
        page.shots.display(),
        start.elapsed().as_secs_f64()
    );
    drop(page);
    drop(chromedriver);
    drop(server);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------ what a student ran into

/// The page asks before a new game ends the one under way: wait for the
/// question, then start the new game (`yes`) or keep this one.
fn answer_new_game(page: &Page, yes: bool) -> Result<(), String> {
    page.eventually(|| match page.visible("#confirm-new")? {
        true => Ok(()),
        false => Err("a game is under way, and #confirm-new does not ask before a new one".into()),
    })?;
    page.session
        .click(if yes { "#confirm-yes" } else { "#confirm-no" })?;
    page.idle(if yes {
        "starting the new game"
    } else {
        "keeping the game"
    })?;
    if page.visible("#confirm-new")? {
        return Err("#confirm-new still shows after the answer".into());
    }
    Ok(())
}

/// What the game's controls call the players: the texts of `#first`'s
/// options and the chart's title.
fn side_names(page: &Page) -> Result<(Value, String), String> {
    let v = page.js(
        "return [[...q('#first').options].map(o => o.textContent),
                 q('#history-title') ? q('#history-title').textContent : '(no #history-title)'];",
        vec![],
    )?;
    Ok((v[0].clone(), v[1].as_str().unwrap_or("").to_string()))
}

/// Two people at one screen: "Who starts" and the chart name Player 1 and
/// Player 2, never "you" and "the opponent"; back against a bot they do.
fn two_people(page: &Page) -> Result<(), String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    let (first, title) = side_names(page)?;
    if first != json!(["you", "the opponent"]) || !title.starts_with("Your chance") {
        return Err(format!(
            "against the optimal bot #first offers {first} and the chart is {title:?}"
        ));
    }
    page.set("#opponent", "person")?;
    page.idle("choosing a second person")?;
    page.set("#seed", "11")?;
    page.session.click("#replay")?;
    page.idle("#replay against a person")?;
    for dice in [4, 2] {
        click_dice(page, dice)?;
        page.idle(&format!("rolling {dice} dice"))?;
    }
    page.shot("play-people.png")?;
    let (first, title) = side_names(page)?;
    if first != json!(["Player 1", "Player 2"]) {
        return Err(format!(
            "two people: #first offers {first}, not Player 1 and Player 2"
        ));
    }
    // The chart follows the first card's chance: Player 1's.
    if title != "Player 1's chance, turn by turn" {
        return Err(format!("two people: the chart is titled {title:?}"));
    }
    page.set("#opponent", "optimal")?;
    answer_new_game(page, true)?;
    let (first, title) = side_names(page)?;
    if first != json!(["you", "the opponent"]) || !title.starts_with("Your chance") {
        return Err(format!(
            "back against the bot #first offers {first} and the chart is {title:?}"
        ));
    }
    Ok(())
}

/// Changing the opponent or who starts in the middle of a game asks
/// first: declining keeps the game (and the menus as they were), accepting
/// starts the new one; with no move made nothing is lost and nothing asked.
fn ask_before_new_game(page: &Page) -> Result<(), String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    page.set("#seed", "9")?;
    page.session.click("#replay")?;
    page.idle("#replay")?;
    click_dice(page, 5)?;
    page.idle("rolling 5 dice")?;
    let game = page.api(&game_path(9, "optimal", &[5]))?;
    page.eventually(|| shows_game(page, &game))?;
    for (css, value, was) in [
        ("#first", "opponent", "you"),
        ("#opponent", "always_roll(6)", "optimal"),
    ] {
        page.set(css, value)?;
        page.eventually(|| match page.visible("#confirm-new")? {
            true => Ok(()),
            false => Err(format!(
                "choosing {value} in {css} mid-game does not ask (#confirm-new hidden)"
            )),
        })?;
        if css == "#first" {
            page.shot("play-confirm.png")?;
        }
        let asked = page.js(
            "return [q('#confirm-text').textContent, q('#roll').disabled];",
            vec![],
        )?;
        if !asked[0].as_str().is_some_and(|t| t.contains("lost")) || asked[1] != json!(true) {
            return Err(format!(
                "while asking, #confirm-text and #roll's disabled are {asked}"
            ));
        }
        answer_new_game(page, false)?;
        let shown = page.js("return q(arguments[0]).value;", vec![json!(css)])?;
        if shown != json!(was) {
            return Err(format!(
                "after keeping the game {css} shows {shown}, not {was}"
            ));
        }
        page.eventually(|| shows_game(page, &game))
            .map_err(|e| format!("after declining {value} in {css}: {e}"))?;
    }
    // The game kept goes on.
    click_dice(page, 4)?;
    page.idle("rolling 4 dice")?;
    let game = page.api(&game_path(9, "optimal", &[5, 4]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("the game kept: {e}"))?;
    // Accepting starts a game with the new choice.
    page.set("#first", "opponent")?;
    answer_new_game(page, true)?;
    let seed: u64 = page
        .js("return q('#seed').value;", vec![])?
        .as_str()
        .and_then(|s| s.parse().ok())
        .ok_or("no seed after the new game")?;
    let game = page.api(&game_path_first(seed, "optimal", "opponent", &[]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("the new game with the opponent first: {e}"))?;
    // No move of the person's yet: the change needs no question.
    page.set("#first", "you")?;
    page.idle("choosing who starts before any move")?;
    if page.visible("#confirm-new")? {
        return Err("#confirm-new asks with no move made".into());
    }
    let log = page.js(
        "return document.querySelectorAll('#log > li').length;",
        vec![],
    )?;
    if log != json!(0) {
        return Err(format!(
            "a new game with you first has {log} turns in the log"
        ));
    }
    Ok(())
}

/// The hover chart's bars start at zero on a labelled axis: each is as
/// tall as its chance on the scale the ticks name.
fn bars_from_zero(page: &Page) -> Result<(), String> {
    let chart = page.js(
        "const bars = q('#cell-bars'); const plot = bars.getBoundingClientRect();
         const mid = r => (r.top + r.bottom) / 2;
         return {top: bars.dataset.top, bottom: plot.bottom, height: plot.height,
           columns: [...bars.querySelectorAll('.column[data-value]')].map(c => {
             const r = c.querySelector('i').getBoundingClientRect();
             return [c.dataset.value, r.height, r.bottom];
           }),
           ticks: [...document.querySelectorAll('#cell-axis span')]
             .filter(t => vis(t)).map(t => [t.textContent, mid(t.getBoundingClientRect())])};",
        vec![],
    )?;
    let top = chart["top"]
        .as_str()
        .and_then(|t| t.parse::<f64>().ok())
        .ok_or_else(|| format!("#cell-bars has no data-top: {chart}"))?;
    let (bottom, height) = (
        chart["bottom"].as_f64().unwrap_or(0.0),
        chart["height"].as_f64().unwrap_or(0.0),
    );
    let columns = chart["columns"].as_array().cloned().unwrap_or_default();
    if columns.len() != 11 || height < 40.0 {
        return Err(format!("the hover chart has no 11 bars: {chart}"));
    }
    for c in &columns {
        let value: f64 = c[0].as_str().and_then(|v| v.parse().ok()).unwrap_or(-1.0);
        let (h, b) = (c[1].as_f64().unwrap_or(0.0), c[2].as_f64().unwrap_or(0.0));
        if value < 0.0
            || value > top
            || (h - value / top * height).abs() > 1.5
            || (b - bottom).abs() > 1.0
        {
            return Err(format!(
                "the bar of {value} is {h:.1} px tall (ending at {b:.1}) in a plot of \
                 {height:.1} px to {bottom:.1} scaled to {top}: not from zero"
            ));
        }
    }
    let ticks = chart["ticks"].as_array().cloned().unwrap_or_default();
    let at = |label: &str| {
        ticks
            .iter()
            .find(|t| t[0] == label)
            .and_then(|t| t[1].as_f64())
    };
    let top_label = format!("{}%", (100.0 * top).round());
    match (at("0%"), at(&top_label)) {
        (Some(zero), Some(high))
            if (zero - bottom).abs() <= 2.0 && (high - (bottom - height)).abs() <= 2.0 => {}
        _ => {
            return Err(format!(
                "the hover chart's axis does not mark 0% at its foot and {top_label} at its \
                 top: {chart}"
            ))
        }
    }
    Ok(())
}

/// A spec the server refuses leaves no map standing for it: the previous
/// map and title go, the title says why; a good spec draws again.
fn refused_spec(page: &Page) -> Result<(), String> {
    page.open("explore")?;
    page.idle("opening the explore screen")?;
    let title = page.js("return q('#map-title').textContent;", vec![])?;
    draw(page, "always_roll(", "optimal", "policy")?;
    page.shot("explore-refused.png")?;
    let Some(banner) = page.error_banner()? else {
        return Err("always_roll( is refused without a word in #error".into());
    };
    // The browser logs the server's 400 as a resource that failed to load:
    // that one is expected, anything else is an error.
    let logged = page.console_errors()?;
    if logged
        .iter()
        .any(|e| !(e.contains("/api/map?") && e.contains("status of 400")))
    {
        return Err(format!("console errors: {}", logged.join(" | ")));
    }
    let shown = page.js(
        "const c = q('#heatmap'), ctx = c.getContext('2d');
         const ratio = c.width / c.getBoundingClientRect().width;
         const px = (s, o) => { const p = window.hog.cellCenter(s, o);
           return p && [...ctx.getImageData(Math.round(p.x * ratio), Math.round(p.y * ratio), 1, 1).data]; };
         return {title: q('#map-title').textContent, state: q('#heatmap-wrap').dataset.state,
                 pixels: [px(30, 50), px(0, 0), px(90, 10), px(99, 99)],
                 legend: q('#map-legend').textContent};",
        vec![],
    )?;
    let new_title = shown["title"].as_str().unwrap_or("");
    if new_title == title || new_title.contains("against") || !new_title.starts_with("No map") {
        return Err(format!(
            "after {banner:?} the map's title is {new_title:?} (it was {title})"
        ));
    }
    if shown["state"] != json!("refused") || !shown["legend"].as_str().is_some_and(str::is_empty) {
        return Err(format!("after a refusal the map is not cleared: {shown}"));
    }
    // Every cell the same blank: no colour of the previous map.
    let pixels = shown["pixels"].as_array().cloned().unwrap_or_default();
    if pixels.iter().any(|p| p.is_null() || *p != pixels[0]) {
        return Err(format!(
            "after a refusal the map still shows cells: {shown}"
        ));
    }
    hover_cell(page, 30, 50)?;
    let empty = page.js(
        "return q('#cell-info').classList.contains('empty');",
        vec![],
    )?;
    if empty != json!(true) {
        return Err("after a refusal hovering still reads the previous map".into());
    }
    draw(page, "optimal", "optimal", "policy")?;
    let again = page.js(
        "return [q('#map-title').textContent, q('#heatmap-wrap').dataset.state || ''];",
        vec![],
    )?;
    if again != json!([title, ""]) {
        return Err(format!("drawing optimal again shows {again}, not {title}"));
    }
    Ok(())
}

/// A spec box shows all of `text`, nothing cut or scrolled away.
fn fully_shown(page: &Page, css: &str, text: &str) -> Result<(), String> {
    let v = page.js(
        "const e = q(arguments[0]); const r = e.getBoundingClientRect();
         return [e.value, e.scrollWidth <= e.clientWidth, e.scrollHeight <= e.clientHeight + 1,
                 r.left >= 0 && r.right <= window.innerWidth, vis(e)];",
        vec![json!(css)],
    )?;
    if v != json!([text, true, true, true, true]) {
        return Err(format!(
            "{css} does not show all of {text:?} (value, fits across, fits down, in the \
             window, shown): {v}"
        ));
    }
    Ok(())
}

/// Long specs show whole in the strategy boxes, on a desktop and a phone,
/// and draw.
fn long_spec(page: &Page) -> Result<(), String> {
    page.open("explore")?;
    page.idle("opening the explore screen")?;
    let spec = "best_response(boar_strategy(threshold=11, num_rolls=6))";
    page.set("#map-strategy", spec)?;
    page.set("#map-vs", "best_response(always_roll(6))")?;
    page.shot("explore-long-spec.png")?;
    fully_shown(page, "#map-strategy", spec)?;
    page.session.click("#map-draw")?;
    page.idle("drawing a long spec")?;
    let title = page.js("return q('#map-title').textContent;", vec![])?;
    if !title
        .as_str()
        .is_some_and(|t| t.starts_with("best_response("))
    {
        return Err(format!("the long spec's map is titled {title}"));
    }
    page.resize(PHONE)?;
    page.idle("resizing to a phone")?;
    let result = fully_shown(page, "#map-strategy", spec)
        .and_then(|()| no_sideways_scroll(page, "a long spec on the phone"))
        .and_then(|()| page.shot("explore-long-spec-phone.png"));
    page.resize(DESKTOP)?;
    page.idle("resizing back")?;
    result?;
    // Compare's boxes are the same.
    page.open("compare")?;
    page.set("#cmp-a", spec)?;
    fully_shown(page, "#cmp-a", spec)
}

/// On a phone a tap on the map opens a close-up of the cells around it,
/// each a finger's width, and pins the state tapped; a tap in the close-up
/// pins its cell, and the explanation says so.
fn phone_map(page: &Page) -> Result<(), String> {
    page.resize(PHONE)?;
    page.idle("resizing to a phone")?;
    let result = phone_taps(page);
    page.resize(DESKTOP)?;
    page.idle("resizing back")?;
    result
}

fn phone_taps(page: &Page) -> Result<(), String> {
    page.open("explore")?;
    page.idle("opening the explore screen")?;
    page.eventually(|| {
        page.js("return q('#heatmap').width > 0 && !!window.hog;", vec![])?
            .as_bool()
            .filter(|&b| b)
            .ok_or_else(|| "no heatmap".to_string())
    })?;
    let (x, y) = hover_cell(page, 30, 50)?;
    page.session.tap("#heatmap", x, y)?;
    page.idle("tapping the map")?;
    let at30 = page.api("/api/explain?score=30&opponent=50")?;
    check_pinned(page, 30, 50, &at30).map_err(|e| format!("a tap on the map: {e}"))?;
    let closeup = page.js(
        "const c = q('#closeup'); if (!vis(c)) return null;
         const r = c.getBoundingClientRect();
         return {inView: r.top >= 0 && r.top < window.innerHeight - 100,
           cells: [...c.querySelectorAll('button[data-score]')].map(b => {
             const s = b.getBoundingClientRect();
             return [b.dataset.score, b.dataset.opponent, Math.min(s.width, s.height)];
           })};",
        vec![],
    )?;
    if closeup.is_null() || closeup["inView"] != json!(true) {
        return Err(format!(
            "a tap on the map shows no close-up in view: {closeup}"
        ));
    }
    let cells = closeup["cells"].as_array().cloned().unwrap_or_default();
    let small = cells.iter().find(|c| c[2].as_f64().unwrap_or(0.0) < 40.0);
    if cells.len() < 25 || small.is_some() {
        return Err(format!(
            "the close-up's cells are no finger-sized targets (40 px): {closeup}"
        ));
    }
    if !cells.iter().any(|c| c[0] == "31" && c[1] == "50") {
        return Err(format!(
            "the close-up of (30, 50) has no cell (31, 50): {closeup}"
        ));
    }
    page.shot("explore-phone-tap.png")?;
    // A person scrolls the cell into sight and taps its middle.
    let cell = "#closeup button[data-score=\"31\"][data-opponent=\"50\"]";
    let size = page.js(
        "const b = q(arguments[0]); b.scrollIntoView({block: 'center'});
         const r = b.getBoundingClientRect(); return [r.width, r.height];",
        vec![json!(cell)],
    )?;
    page.session.tap(
        cell,
        (size[0].as_f64().unwrap_or(0.0) / 2.0) as i64,
        (size[1].as_f64().unwrap_or(0.0) / 2.0) as i64,
    )?;
    page.idle("tapping the close-up")?;
    let at31 = page.api("/api/explain?score=31&opponent=50")?;
    check_pinned(page, 31, 50, &at31).map_err(|e| format!("a tap in the close-up: {e}"))?;
    let line = page.js("return q('#closeup-line').textContent;", vec![])?;
    let best = at31["best"].as_u64().unwrap_or(99);
    let dice = if best == 0 {
        "no dice".to_string()
    } else {
        best.to_string()
    };
    if !line
        .as_str()
        .is_some_and(|l| l.starts_with("Score 31, opponent 50") && l.contains(&dice))
    {
        return Err(format!(
            "after a tap on (31, 50) the close-up says {line}, not its state and {dice}"
        ));
    }
    page.shot("explore-phone-tap2.png")?;
    no_sideways_scroll(page, "the close-up on a phone")
}

// ------------------------------------------------- the GUI as a debugger

/// The student's games: this seed against this opponent, 5 dice a turn.
/// With Sus Fuss forgotten for scores of 4 factors their game first
/// differs in turn 3 (1 + 20 = 21, which has 4 factors).
const STUDENT_SEED: u64 = 6;
const STUDENT_VS: &str = "always_roll(6)";
const STUDENT_DICE: u8 = 5;

/// The bug: Sus Fuss forgotten for scores with 4 factors.
const FORGETS_FOUR: (&str, &str) = (
    "if num_factors(score) in (3, 4):",
    "if num_factors(score) == 3:",
);

/// A line the buggy copy prints, markup that must show as text.
const PRINTS: (&str, &str) = (
    "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n",
    "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
     print(\"<b>debug</b> & <i>sus_update</i>\", player_score)\n",
);

/// A sus_update that never returns once the mover has more than 20.
const HANGS: (&str, &str) = (
    "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n",
    "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
     while player_score > 20:\n        pass\n",
);

/// The complete Fall 2024 project of the tests (tests/fixtures/check/fa24)
/// copied into `target/tmp/student/NAME` with `edits` made to its hog.py:
/// the path of that hog.py.
fn student_project(name: &str, edits: &[(&str, &str)]) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/fa24");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("student")
        .join(name);
    std::fs::create_dir_all(&dir).expect("the student's folder");
    for file in ["hog.py", "dice.py", "ucb.py"] {
        let mut text = std::fs::read_to_string(fixture.join(file)).expect("the fixture");
        if file == "hog.py" {
            for (from, to) in edits {
                assert!(text.contains(from), "the fixture's hog.py has no {from:?}");
                text = text.replacen(from, to, 1);
            }
        }
        std::fs::write(dir.join(file), text).expect("the student's copy");
    }
    dir.join("hog.py")
}

/// `hog serve --student HOG_PY ARGS`, the page pointed at it: the server.
fn serve_student(page: &mut Page, hog_py: &Path, args: &[&str]) -> Process {
    let mut all = vec!["--student", hog_py.to_str().expect("a UTF-8 path")];
    all.extend_from_slice(args);
    let (server, url) = start_server(&all);
    page.point_at(url);
    server
}

/// The page shows the API's `student`: the header line, the student's
/// scores under each turn of the log, the first difference marked on its
/// row and said in the banner over the board (once that turn is shown),
/// what their code printed, why it stopped (the rows then keep the scores
/// of `earlier`, the last answer before it stopped); all of it as text.
fn shows_student(page: &Page, game: &Value, earlier: &Value) -> Result<(), String> {
    let student = &game["student"];
    let file = student["file"]
        .as_str()
        .ok_or_else(|| format!("the API's game has no student: {game}"))?;
    let shown = page.js(
        "const text = id => { const e = q(id); return vis(e) ? e.textContent : null; };
         return {
           head: text('#student .student-head'),
           rows: [...document.querySelectorAll('#log > li')].map(li => {
             const line = li.querySelector('.student-line');
             const why = li.querySelector('.student-why');
             return {turn: li.dataset.turn, first: li.classList.contains('first-difference'),
                     line: line ? [line.dataset.you, line.dataset.opponent] : null,
                     verdict: line && line.querySelector('.verdict')
                       ? line.querySelector('.verdict').textContent : null,
                     why: why ? why.textContent : null};
           }),
           banner: vis(q('#student-differs')),
           title: q('#student-differs-title').textContent,
           message: q('#student-differs-message').textContent,
           markup: q('#student-differs-message').childElementCount
             + q('#student-printed-line').childElementCount + q('#student-error').childElementCount,
           printed: text('#student-printed'),
           stopped: text('#student-error'),
           agrees: text('#student-agrees'),
         };",
        vec![],
    )?;
    let mut wrong = Vec::new();
    match shown["head"].as_str() {
        Some(head) if head.contains(&format!("your {file}")) => {}
        head => wrong.push(format!(
            "the header line over the board is {head:?}, not naming your {file}"
        )),
    }
    if shown["markup"] != json!(0) {
        wrong.push("the student's words became markup, not text".into());
    }
    let rows = shown["rows"].as_array().cloned().unwrap_or_default();
    let stopped = student["error"].as_str();
    match stopped {
        Some(error) => {
            let want = format!("Your {file} stopped: {error}; the game goes on without it.");
            if shown["stopped"] != json!(want) {
                wrong.push(format!(
                    "#student-error is {}, not {want:?}",
                    shown["stopped"]
                ));
            }
        }
        None => {
            if !shown["stopped"].is_null() {
                wrong.push(format!("#student-error shows {}", shown["stopped"]));
            }
        }
    }
    // Once the file stopped, the page says what it said before (the scores,
    // the first difference, what it printed) and nothing of later turns.
    let effective = match stopped {
        Some(_) if !earlier.is_null() => {
            let mut merged = earlier.clone();
            merged["error"] = student["error"].clone();
            if !student["printed"].is_null() {
                merged["printed"] = student["printed"].clone();
            }
            merged
        }
        _ => student.clone(),
    };
    let student = &effective;
    let scores = student["scores"].as_array().cloned().unwrap_or_default();
    let known = if stopped.is_some() {
        scores.len()
    } else {
        rows.len()
    };
    for (i, row) in rows.iter().enumerate() {
        let want = match scores.get(i) {
            _ if i >= known => Value::Null,
            Some(s) if !s.is_null() => {
                json!([s["you"].to_string(), s["opponent"].to_string()])
            }
            _ => json!(["", ""]),
        };
        if row["line"] != want || row["turn"] != json!((i + 1).to_string()) {
            wrong.push(format!(
                "log row {} shows the student's scores {} (turn {}), the API {}",
                i + 1,
                row["line"],
                row["turn"],
                scores.get(i).unwrap_or(&Value::Null)
            ));
        }
    }
    let marked: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r["first"] == json!(true))
        .map(|(i, _)| i + 1)
        .collect();
    let differs = &student["differs"];
    let turn = differs["turn"].as_u64().map(|t| t as usize);
    match turn {
        Some(turn) if turn <= rows.len() => {
            let message = differs["message"].as_str().unwrap_or("");
            let title = if turn == 0 {
                format!("Your {file} first differs before the first turn:")
            } else {
                format!("Your {file} first differs in turn {turn}:")
            };
            if shown["banner"] != json!(true)
                || shown["title"] != json!(title)
                || shown["message"] != json!(message)
            {
                wrong.push(format!(
                    "the banner is {} with {} {}, not {title:?} {message:?}",
                    if shown["banner"] == json!(true) {
                        "shown"
                    } else {
                        "hidden"
                    },
                    shown["title"],
                    shown["message"]
                ));
            }
            let want: Vec<usize> = if turn == 0 { vec![] } else { vec![turn] };
            if marked != want {
                wrong.push(format!(
                    "the log marks rows {marked:?}, the API's first difference is turn {turn}"
                ));
            }
            if turn > 0 {
                let why = &rows[turn - 1]["why"];
                if why != &json!(format!("First difference: {message}")) {
                    wrong.push(format!("the marked row says {why}, not the message"));
                }
            }
        }
        _ => {
            if shown["banner"] == json!(true) || !marked.is_empty() {
                wrong.push(format!(
                    "the API's game does not differ by turn {} but the page marks rows \
                     {marked:?} and shows the banner {}",
                    rows.len(),
                    shown["message"]
                ));
            }
            if student["error"].is_null() && rows.iter().any(|r| r["verdict"] != json!("same")) {
                wrong.push(format!(
                    "with nothing differing, some rows do not say 'same': {rows:?}"
                ));
            }
        }
    }
    // A turn shown and nothing differing, nor stopped: the panel says so.
    let agrees = !rows.is_empty() && student["error"].is_null() && turn.is_none();
    let want = agrees.then_some("Every turn so far agrees with the rules.");
    if shown["agrees"] != json!(want) {
        wrong.push(format!(
            "#student-agrees is {}, not {want:?} (after {} turns, first difference in turn \
             {turn:?}, stopped {stopped:?})",
            shown["agrees"],
            rows.len()
        ));
    }
    match student["printed"].as_str() {
        Some(printed) => {
            let want = format!("Your {file} printed: {printed}");
            if shown["printed"] != json!(want) {
                wrong.push(format!(
                    "#student-printed is {}, not {want:?}",
                    shown["printed"]
                ));
            }
        }
        None => {
            if !shown["printed"].is_null() {
                wrong.push(format!("#student-printed shows {}", shown["printed"]));
            }
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "after moves {:?}: {}",
            game_moves(game),
            wrong.join("; ")
        ))
    }
}

/// Play the student's game by clicking, `moves` rolls of
/// [`STUDENT_DICE`], checking the page against the API after each; then
/// `after(page, game)`. The last game.
fn play_student(
    page: &Page,
    moves: usize,
    mut after: impl FnMut(&Page, &Value) -> Result<(), String>,
) -> Result<Value, String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    page.set("#opponent", STUDENT_VS)?;
    page.idle(&format!("choosing {STUDENT_VS}"))?;
    page.set("#seed", &STUDENT_SEED.to_string())?;
    page.session.click("#replay")?;
    page.idle("#replay")?;
    let mut played: Vec<u8> = Vec::new();
    let mut earlier = Value::Null;
    loop {
        let game = page.api(&game_path(STUDENT_SEED, STUDENT_VS, &played))?;
        page.eventually(|| shows_game(page, &game))?;
        page.eventually(|| shows_student(page, &game, &earlier))?;
        after(page, &game)?;
        if game["student"]["error"].is_null() {
            earlier = game["student"].clone();
        }
        if played.len() == moves || !game["winner"].is_null() {
            return Ok(game);
        }
        click_dice(page, STUDENT_DICE)?;
        played.push(STUDENT_DICE);
        page.idle(&format!("rolling {STUDENT_DICE} dice"))?;
    }
}

/// `hog serve --student` on a hog.py that forgets Sus Fuss for 4 factors:
/// the turn where it first differs is marked in the log and said over the
/// board, the student's scores beside the rules' on every turn; what it
/// printed shows as text; on a phone nothing scrolls sideways.
fn student_differs(page: &Page) -> Result<(), String> {
    let mut shots = 0;
    let game = play_student(page, 4, |page, game| {
        let turn = game["student"]["differs"]["turn"].as_u64();
        let turns = game["turns"].as_array().map_or(0, Vec::len) as u64;
        // A turn after the difference: the marked row and the rows after it.
        if shots == 0 && turn.is_some_and(|t| t + 1 < turns) {
            shots += 1;
            page.shot("play-student.png")?;
            page.resize(PHONE)?;
            page.idle("resizing to a phone")?;
            let phone = (|| {
                page.js("window.scrollTo(0, 0);", vec![])?;
                no_sideways_scroll(page, "the play screen with a student's file")?;
                page.shot("play-student-phone.png")?;
                show_difference(page)?;
                no_sideways_scroll(page, "the log with a student's file")?;
                page.shot("play-student-phone-log.png")
            })();
            page.resize(DESKTOP)?;
            page.idle("resizing back")?;
            phone?;
        }
        Ok(())
    })?;
    let student = &game["student"];
    if student["differs"]["turn"] != json!(3) {
        return Err(format!(
            "the buggy hog.py was to differ first in turn 3 of seed {STUDENT_SEED}: {student}"
        ));
    }
    if shots == 0 {
        return Err("no screenshot: the game did not go on after the difference".into());
    }
    // The banner's button brings the marked row into the log's view.
    page.js("window.scrollTo(0, 0);", vec![])?;
    show_difference(page)?;
    page.shot("play-student-shown.png")?;
    // The line it printed is shown as the text it is.
    let printed = page.js("return q('#student-printed').textContent;", vec![])?;
    if !printed
        .as_str()
        .is_some_and(|p| p.contains("<b>debug</b> & <i>sus_update</i>"))
    {
        return Err(format!("#student-printed is {printed}"));
    }
    Ok(())
}

/// Scroll the log to its end, click the banner's "Show turn K in the log",
/// and wait until the marked row is in the log's view and in the window.
fn show_difference(page: &Page) -> Result<(), String> {
    page.js("q('#log').scrollTop = q('#log').scrollHeight;", vec![])?;
    page.session.click("#student-show")?;
    page.eventually(|| {
        let v = page.js(
            "const log = q('#log').getBoundingClientRect();
             const row = q('#log > li.first-difference').getBoundingClientRect();
             return [row.top >= log.top - 1 && row.bottom <= log.bottom + 1,
                     row.top >= -1 && row.bottom <= window.innerHeight + 1,
                     [row.top, row.bottom, log.top, log.bottom, window.innerHeight, window.scrollY]];",
            vec![],
        )?;
        if v[0] == json!(true) && v[1] == json!(true) {
            Ok(())
        } else {
            Err(format!(
                "after #student-show the marked row is [in the log's view, in the window] = {v} \
                 (row top, bottom, log top, bottom, window height, scroll)"
            ))
        }
    })
}

/// `hog serve --student` on the complete project: its scores are the
/// rules' on every turn and nothing is marked.
fn student_agrees(page: &Page) -> Result<(), String> {
    let game = play_student(page, 6, |_, _| Ok(()))?;
    if !game["student"]["differs"].is_null() {
        return Err(format!("the complete fixture differs: {}", game["student"]));
    }
    let marked = page.js(
        "return [document.querySelectorAll('#log li.first-difference').length,
                 document.querySelectorAll('#log .verdict.same').length,
                 document.querySelectorAll('#log > li').length, vis(q('#student-differs'))];",
        vec![],
    )?;
    let turns = game["turns"].as_array().map_or(0, Vec::len);
    if marked != json!([0, turns, turns, false]) {
        return Err(format!(
            "with the complete fixture the log has [marked, 'same', rows, banner] = {marked}, \
             not [0, {turns}, {turns}, false]"
        ));
    }
    page.shot("play-student-agrees.png")?;
    // Under other rules, or another goal, the file is not run: the panel
    // says why, and the log has no student's lines.
    let off = |rules: &str, goal: u32| {
        format!(
            "Your hog.py is checked under fa24 at goal 100; these rules are {rules} at goal \
             {goal}: the debugger is off. Choose fa24 at goal 100 to turn it on again."
        )
    };
    page.set("#rules", "fa19")?;
    page.idle("choosing fa19")?;
    debugger_off(page, Some(&off("fa19", 100)))?;
    page.shot("play-student-off.png")?;
    page.set("#rules", "fa24")?;
    page.idle("choosing fa24 again")?;
    debugger_off(page, None)?;
    page.js(
        "const g = q('#goal'); g.value = '50'; g.dispatchEvent(new Event('change'));",
        vec![],
    )?;
    page.idle("goal 50")?;
    debugger_off(page, Some(&off("fa24", 50)))?;
    page.js(
        "const g = q('#goal'); g.value = '100'; g.dispatchEvent(new Event('change'));",
        vec![],
    )?;
    page.idle("goal 100 again")?;
    debugger_off(page, None)?;
    // Back on, the debugger replays the new game.
    click_dice(page, STUDENT_DICE)?;
    page.idle("rolling under the student's rules again")?;
    page.eventually(|| {
        let agrees = page.js("return vis(q('#student-agrees'));", vec![])?;
        match agrees == json!(true) {
            true => Ok(()),
            false => Err("back under fa24 at 100, a turn played, #student-agrees is hidden".into()),
        }
    })
}

/// The student's panel says the debugger is off with `why`, or (None)
/// that it is on: the header names the file, no word of it being off.
fn debugger_off(page: &Page, why: Option<&str>) -> Result<(), String> {
    page.eventually(|| {
        let shown = page.js(
            "const text = id => { const e = q(id); return vis(e) ? e.textContent : null; };
             return {panel: vis(q('#student')), off: text('#student-off'),
                     head: text('#student-head-text'),
                     lines: document.querySelectorAll('#log .student-line').length};",
            vec![],
        )?;
        let ok = match why {
            Some(why) => {
                shown["panel"] == json!(true)
                    && shown["off"] == json!(why)
                    && shown["head"].is_null()
                    && shown["lines"] == json!(0)
            }
            None => {
                shown["panel"] == json!(true)
                    && shown["off"].is_null()
                    && shown["head"]
                        .as_str()
                        .is_some_and(|h| h.contains("your hog.py"))
            }
        };
        match ok {
            true => Ok(()),
            false => Err(format!(
                "the student's panel is {shown}, not {}",
                why.unwrap_or("the debugger on")
            )),
        }
    })
}

/// `hog serve --student --python-timeout 1` on a hog.py whose sus_update
/// hangs once a score passes 20: the page says it stopped, and the game
/// goes on with hog's rules and odds.
fn student_hangs(page: &Page) -> Result<(), String> {
    let game = play_student(page, 4, |_, _| Ok(()))?;
    let error = game["student"]["error"].as_str().unwrap_or("");
    if !error.contains("did not finish within 1 s") {
        return Err(format!(
            "the hanging hog.py was to stop the replay: {}",
            game["student"]
        ));
    }
    page.shot("play-student-stopped.png")?;
    // Once the file has hung in a game, that game goes on without it: the
    // next roll is answered without replaying it (tests/serve.rs holds that
    // the answer does not wait), and the page still says why.
    if !game["winner"].is_null() {
        return Err(format!("the game ended before the last roll: {game}"));
    }
    click_dice(page, STUDENT_DICE)?;
    page.idle("rolling after the file hung")?;
    let game = page.api(&game_path(STUDENT_SEED, STUDENT_VS, &[STUDENT_DICE; 5]))?;
    if game["student"]["error"] != json!(error) {
        return Err(format!(
            "the game after the file hung says {}, not what it said when it hung ({error})",
            game["student"]["error"]
        ));
    }
    page.eventually(|| shows_game(page, &game))?;
    if page.js("return vis(q('#student-error'));", vec![])? != json!(true) {
        return Err("the page no longer says the file stopped".into());
    }
    Ok(())
}

// ------------------------------------------------ what a person keeps

/// What a reload must keep: the log's lines, the turn line, the scores,
/// the chart of chances, the game's menus and the rules, and the screen.
fn game_on_screen(page: &Page) -> Result<Value, String> {
    page.js(
        "return {log: [...document.querySelectorAll('#log > li')].map(li => li.textContent),
                 toMove: q('#to-move').textContent, rules: q('#rules').value,
                 goal: q('#goal').value, opponent: q('#opponent').value, first: q('#first').value,
                 seed: q('#seed').value, screen: location.hash,
                 you: q('#score-you').textContent, them: q('#score-opponent').textContent,
                 chart: q('#history path.line').getAttribute('d')};",
        vec![],
    )
}

/// A reload in the middle of a game shows the same game: the address
/// holds its seed, opponent, who moved first and moves, beside the rules
/// the page was opened with.
fn reload_keeps_game(page: &Page) -> Result<(), String> {
    let (rules, goal, vs, seed) = ("digit-swap", 90, "always_roll(4)", 31);
    page.session
        .goto(&format!("{}?rules={rules}&goal={goal}#play", page.url))?;
    page.idle("opening the page under digit-swap at goal 90")?;
    page.set("#opponent", vs)?;
    page.idle(&format!("choosing {vs}"))?;
    page.set("#first", "opponent")?;
    page.idle("choosing who starts")?;
    page.set("#seed", &seed.to_string())?;
    page.session.click("#replay")?;
    page.idle("#replay")?;
    let mut moves = Vec::new();
    for dice in [4, 0, 3] {
        click_dice(page, dice)?;
        page.idle(&format!("rolling {dice} dice"))?;
        moves.push(dice);
    }
    let game = page.api(&format!(
        "{}&rules={rules}&goal={goal}",
        game_path_first(seed, vs, "opponent", &moves)
    ))?;
    if !game["winner"].is_null() {
        return Err(format!("the game to reload is over: {game}"));
    }
    page.eventually(|| shows_game(page, &game))?;
    let before = game_on_screen(page)?;
    page.session.refresh()?;
    page.idle("reloading the page")?;
    page.eventually(|| shows_game(page, &game)).map_err(|e| {
        format!(
            "after a reload ({}): {e}",
            page.session.url().unwrap_or_default()
        )
    })?;
    let after = game_on_screen(page)?;
    if after != before {
        return Err(format!(
            "a reload changed what the page shows: before {before}, after {after}"
        ));
    }
    page.shot("play-reloaded.png")?;
    // The game goes on from there.
    click_dice(page, 5)?;
    page.idle("rolling 5 dice after the reload")?;
    moves.push(5);
    let game = page.api(&format!(
        "{}&rules={rules}&goal={goal}",
        game_path_first(seed, vs, "opponent", &moves)
    ))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("the reloaded game going on: {e}"))
}

/// The screens shown, by their tabs' `aria-selected` and `hidden`.
fn screen_shown(page: &Page) -> Result<String, String> {
    let v = page.js(
        "const shown = ['play', 'explore', 'compare'].filter(s => vis(q('#screen-' + s)));
         const tabs = ['play', 'explore', 'compare']
           .filter(s => q('#tab-' + s).getAttribute('aria-selected') === 'true');
         return shown.join() === tabs.join() ? shown.join() : `${shown} (tabs ${tabs})`;",
        vec![],
    )?;
    Ok(v.as_str().unwrap_or("").to_string())
}

/// Each screen is a history entry: Back from Compare shows Explore, Back
/// again Play, and the page never leaves (nor loads again).
fn back_button(page: &Page) -> Result<(), String> {
    page.open("play")?;
    page.idle("opening the play screen")?;
    page.js("window.stayed = 'yes';", vec![])?;
    page.open("explore")?;
    page.idle("opening the explore screen")?;
    page.open("compare")?;
    page.idle("opening the compare screen")?;
    for want in ["explore", "play"] {
        page.session.back()?;
        page.eventually(|| {
            let stayed = page.js("return window.stayed || null;", vec![])?;
            if stayed != json!("yes") {
                return Err(format!("Back left the page (now {})", page.session.url()?));
            }
            match screen_shown(page)?.as_str() {
                s if s == want => Ok(()),
                s => Err(format!("after Back the screen shown is {s:?}, not {want}")),
            }
        })?;
        page.idle(&format!("going back to {want}"))?;
    }
    Ok(())
}

/// With the focus on the Hints checkbox (ticked by a click), a digit
/// chooses the dice and Enter rolls them; in the seed box digits stay
/// the seed's.
fn keys_on_checkbox(page: &Page) -> Result<(), String> {
    replay_against_optimal(page, "fa24")?;
    page.session.click("#hints")?;
    page.idle("ticking #hints")?;
    let focus = page.js(
        "return [document.activeElement.id, q('#hints').checked];",
        vec![],
    )?;
    if focus != json!(["hints", true]) {
        return Err(format!(
            "after a click on #hints the focus and its tick are {focus}"
        ));
    }
    page.session.keys("3")?;
    page.eventually(|| pressed_only(page, 3))
        .map_err(|e| format!("the 3 key on the ticked checkbox: {e}"))?;
    page.session.keys("\u{E007}")?;
    page.idle("Enter on the checkbox")?;
    let game = page.api(&game_path(SEED, "optimal", &[3]))?;
    page.eventually(|| shows_game(page, &game))
        .map_err(|e| format!("Enter on the ticked checkbox: {e}"))?;
    page.eventually(|| shows_hints(page, &game))?;
    // The seed box keeps its digits.
    page.set("#seed", "4")?;
    page.session.keys("7")?;
    let seed = page.js("return q('#seed').value;", vec![])?;
    if seed != json!("47") {
        return Err(format!("typing 4 then 7 into #seed gives {seed}"));
    }
    pressed_only(page, 3).map_err(|e| format!("typing into #seed: {e}"))
}

/// Record, from now on, the delays the page asks timers for and the dice
/// boxes that start tumbling.
fn watch_animation(page: &Page) -> Result<(), String> {
    page.js(
        "if (!window.waits) {
           const real = window.setTimeout;
           window.setTimeout = (f, ms, ...rest) => {
             window.waits.push(Number(ms) || 0); return real(f, ms, ...rest); };
           new MutationObserver(changes => { for (const c of changes)
               if (c.target.classList.contains('rolling')) window.tumbles += 1; })
             .observe(q('#dice-faces'), {attributes: true, attributeFilter: ['class'], subtree: true});
         }
         window.waits = []; window.tumbles = 0;",
        vec![],
    )?;
    Ok(())
}

/// What [`watch_animation`] saw: the delays asked for and the tumbles.
fn animation_seen(page: &Page) -> Result<(Vec<f64>, u64), String> {
    let v = page.js("return [window.waits, window.tumbles];", vec![])?;
    let waits = v[0]
        .as_array()
        .map(|w| w.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    Ok((waits, v[1].as_u64().unwrap_or(0)))
}

/// A roll's whole animation (the person's dice, the bot's reply) waits at
/// most half a second in all, and a roll by the keyboard, or under reduced
/// motion, none at all. The delays the page asks for are counted, not the
/// time the machine takes.
fn short_roll(page: &Page) -> Result<(), String> {
    replay_against_optimal(page, "fa24")?;
    let mut moves = Vec::new();
    for dice in [5, 6] {
        watch_animation(page)?;
        click_dice(page, dice)?;
        page.idle(&format!("rolling {dice} dice"))?;
        moves.push(dice);
        let game = page.api(&game_path(SEED, "optimal", &moves))?;
        page.eventually(|| shows_game(page, &game))?;
        let (waits, tumbles) = animation_seen(page)?;
        let total: f64 = waits.iter().sum();
        if total > 500.0 || total == 0.0 || tumbles == 0 {
            return Err(format!(
                "a click on Roll ({dice} dice) waited {waits:?} ms ({total} ms in all) with \
                 {tumbles} tumbles: not an animation of at most 500 ms"
            ));
        }
    }
    page.shot("play-short-roll.png")?;
    for dice in [4, 2] {
        watch_animation(page)?;
        page.session.keys(&format!("{dice}\u{E007}"))?;
        page.idle(&format!("rolling {dice} dice by the keyboard"))?;
        moves.push(dice);
        let game = page.api(&game_path(SEED, "optimal", &moves))?;
        page.eventually(|| shows_game(page, &game))?;
        let (waits, tumbles) = animation_seen(page)?;
        if waits.iter().any(|&w| w > 0.0) || tumbles > 0 {
            return Err(format!(
                "a roll by the keyboard ({dice} dice) waited {waits:?} ms with {tumbles} tumbles"
            ));
        }
    }
    page.shot("play-keyboard-roll.png")?;
    // A person who asked their system for less motion sees no tumble either.
    let reduce = |on: bool| {
        let features = if on {
            json!([{"name": "prefers-reduced-motion", "value": "reduce"}])
        } else {
            json!([])
        };
        page.session.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": features }),
        )
    };
    reduce(true)?;
    let result = (|| {
        let reduced = page.js(
            "return matchMedia('(prefers-reduced-motion: reduce)').matches;",
            vec![],
        )?;
        if reduced != json!(true) {
            return Err("the page does not see the reduced motion emulated".into());
        }
        watch_animation(page)?;
        click_dice(page, 3)?;
        page.idle("rolling 3 dice with reduced motion")?;
        moves.push(3);
        let game = page.api(&game_path(SEED, "optimal", &moves))?;
        page.eventually(|| shows_game(page, &game))?;
        let (waits, tumbles) = animation_seen(page)?;
        if waits.iter().any(|&w| w > 0.0) || tumbles > 0 {
            return Err(format!(
                "with reduced motion a click on Roll waited {waits:?} ms with {tumbles} tumbles"
            ));
        }
        Ok(())
    })();
    reduce(false)?;
    result
}

/// On a phone, and at 320 and 250 pixels wide, no screen scrolls
/// sideways, and both players' cards are whole in the window with their
/// scores level.
fn narrow_screens(page: &Page) -> Result<(), String> {
    let mut wrong = Vec::new();
    let result: Result<(), String> = (|| {
        for width in [PHONE.0, 320, 250] {
            page.resize((width, 700))?;
            for screen in ["play", "explore", "compare"] {
                page.open(screen)?;
                page.idle(&format!("opening {screen} at {width} px"))?;
                page.js("window.scrollTo(0, 0);", vec![])?;
                if let Err(e) = no_sideways_scroll(page, &format!("{screen} at {width} px")) {
                    wrong.push(e);
                }
                if screen == "play" {
                    let cards = page.js(
                        "return ['you', 'opponent'].map(c => {
                           const r = q('#card-' + c).getBoundingClientRect();
                           return [c, r.left >= 0 && r.right <= window.innerWidth,
                                   Math.round(r.left), Math.round(r.right),
                                   Math.round(q('#score-' + c).getBoundingClientRect().top)]; });",
                        vec![],
                    )?;
                    let cards = cards.as_array().cloned().unwrap_or_default();
                    if cards.len() != 2 || cards.iter().any(|c| c[1] != json!(true)) {
                        wrong.push(format!(
                            "at {width} px a player's card is cut off (card, whole, left, \
                             right, score's top): {cards:?}"
                        ));
                    } else if cards[0][4] != cards[1][4] {
                        wrong.push(format!(
                            "at {width} px the scores are not level (card, whole, left, right, \
                             score's top): {cards:?}"
                        ));
                    }
                }
                page.shot(&format!("{screen}-{width}.png"))?;
            }
        }
        Ok(())
    })();
    page.resize(DESKTOP)?;
    page.idle("resizing back")?;
    result?;
    match wrong.is_empty() {
        true => Ok(()),
        false => Err(wrong.join("; ")),
    }
}
