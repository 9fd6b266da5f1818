//! The web server's JSON API, in process (tower's `oneshot`, no sockets):
//! every answer against the library's own values and the command line's
//! JSON, and every security rule with a request that must be refused
//! (`cargo test --release --test serve`).

#![cfg(feature = "serve")]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use hog::engine;
use hog::engine::win_rates;
use hog::engine::SweepOptions;
use hog::rules::{Preset, Rules};
use hog::serve::{router, Limits, NamedStrategy, ServerState};
use hog::strategy::{Resolver, StrategyTable};

const ADDR: &str = "127.0.0.1:31415";

fn state() -> Arc<ServerState> {
    state_with(Vec::new())
}

fn state_with(named: Vec<NamedStrategy>) -> Arc<ServerState> {
    let addr: SocketAddr = ADDR.parse().unwrap();
    Arc::new(ServerState::new(addr, named, Limits::default()))
}

/// A request to `state`'s router: `(status, body as JSON)`.
fn send(state: &Arc<ServerState>, request: Request<Body>) -> (StatusCode, Value) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = router(Arc::clone(state)).oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    })
}

/// `GET path` with this server's Host.
fn get(state: &Arc<ServerState>, path: &str) -> (StatusCode, Value) {
    let request = Request::get(path)
        .header("host", ADDR)
        .body(Body::empty())
        .unwrap();
    send(state, request)
}

/// `GET path`, which must succeed; its JSON.
fn ok(state: &Arc<ServerState>, path: &str) -> Value {
    let (status, body) = get(state, path);
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// `GET path`, which must be refused with `status` and a message holding `needle`.
fn refused(state: &Arc<ServerState>, path: &str, status: StatusCode, needle: &str) -> String {
    let (got, body) = get(state, path);
    let message = body["error"].as_str().unwrap_or_default().to_string();
    assert_eq!(got, status, "{path}: {body}");
    assert!(message.contains(needle), "{path}: {message}");
    assert!(!message.contains('\n'));
    message
}

/// `POST /api/upload?query` with `body`.
fn upload(state: &Arc<ServerState>, query: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/upload?{query}"))
        .header("host", ADDR)
        .header("origin", format!("http://{ADDR}"))
        .body(Body::from(body.to_string()))
        .unwrap();
    send(state, request)
}

fn fa24() -> Rules {
    Rules::preset(Preset::Fa24, 100).unwrap()
}

fn resolve(rules: &Rules, spec: &str) -> StrategyTable {
    Resolver::new(rules, SweepOptions::default())
        .resolve_str(spec)
        .unwrap()
}

/// `hog ARGS --format json`, parsed.
fn cli(args: &[&str]) -> Value {
    let out = assert_cmd::Command::cargo_bin("hog")
        .unwrap()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn eval_explain_rates_and_sweep_answer_as_the_command_line_does() {
    let s = state();
    let pairs: [(&str, &[&str]); 6] = [
        (
            "/api/eval?strategy=boar_strategy",
            &["eval", "boar_strategy"],
        ),
        (
            "/api/eval?strategy=optimal&vs=swap_strategy&rules=double-swap&goal=60",
            &[
                "--rules",
                "double-swap",
                "--goal",
                "60",
                "eval",
                "optimal",
                "--vs",
                "swap_strategy",
            ],
        ),
        (
            "/api/explain?score=53&opponent=60",
            &["explain", "53", "60"],
        ),
        (
            "/api/explain?score=53&opponent=60&strategy=boar_strategy&vs=always_roll(6)",
            &[
                "explain",
                "53",
                "60",
                "--strategy",
                "boar_strategy",
                "--vs",
                "always_roll(6)",
            ],
        ),
        (
            "/api/rates?vs=sus_strategy",
            &["rates", "--vs", "sus_strategy"],
        ),
        (
            "/api/sweep?grid=sus_strategy(threshold=9..=11,num_rolls=5..=6)",
            &["sweep", "sus_strategy(threshold=9..=11,num_rolls=5..=6)"],
        ),
    ];
    for (path, args) in pairs {
        let path = path.replace('(', "%28").replace(')', "%29");
        assert_eq!(ok(&s, &path), cli(args), "{path} against hog {args:?}");
    }
}

#[test]
fn eval_is_the_librarys_exact_value() {
    let s = state();
    let rules = fa24();
    let v = ok(&s, "/api/eval?strategy=boar_strategy&vs=always_roll%286%29");
    let exact = win_rates(
        &rules,
        &resolve(&rules, "boar_strategy"),
        &StrategyTable::constant(100, 6),
        &SweepOptions::default(),
    );
    assert_eq!(v["first"].as_f64(), Some(exact.first));
    assert_eq!(v["second"].as_f64(), Some(exact.second));
    assert_eq!(v["average"].as_f64(), Some(exact.average));
}

fn decode(v: &Value, field: &str) -> Vec<u8> {
    base64::engine::general_purpose::STANDARD
        .decode(v[field].as_str().unwrap())
        .unwrap()
}

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Under rules with memory (fa19) a map is drawn at the context a
/// request names: the optimum's choices and values there, each move's
/// value there; a context the rules lack is a 400.
#[test]
fn a_map_under_memory_is_drawn_at_the_context_asked() {
    let s = state();
    let rules = hog::rules::resolve(
        "fa19",
        hog::rules::Overrides {
            goal: Some(40),
            ..Default::default()
        },
    )
    .unwrap();
    let optimum = engine::solve(&rules, &SweepOptions::default());
    let v = ok(&s, "/api/solve?rules=fa19&goal=40&remembered=4,6");
    assert_eq!(
        v["context"],
        serde_json::json!({"remembered": [4, 6], "clock": 0})
    );
    let (dice, values) = (decode(&v, "dice"), floats(&decode(&v, "values")));
    let x = hog::recall::Context::remembering(4, 6);
    let mut differs = 0;
    for (s_, o) in [(0, 0), (17, 23), (39, 0), (12, 37), (30, 30)] {
        let at = hog::engine::State::new(s_, o, x);
        let i = (s_ * 40 + o) as usize;
        assert_eq!(dice[i], optimum.choice(0, at), "({s_}, {o})");
        assert_eq!(values[12 * i], optimum.value(0, at) as f32, "({s_}, {o})");
        let choices = optimum.choice_values(0, at);
        for k in 0..=10 {
            assert_eq!(values[12 * i + 1 + k], choices[k] as f32, "({s_}, {o}) {k}");
        }
        differs += usize::from(optimum.value(0, at) != optimum.value(0, (s_, o)));
    }
    assert!(differs > 0, "what both remember changes the values");
    // The map of a table keeps its choices; its values are at the context.
    let map = ok(
        &s,
        "/api/map?rules=fa19&goal=40&strategy=always_roll(3)&vs=always_roll(5)&remembered=1,2",
    );
    assert_eq!(decode(&map, "dice"), vec![3; 40 * 40]);
    refused(
        &s,
        "/api/solve?rules=fa19&goal=40&remembered=99,0",
        StatusCode::BAD_REQUEST,
        "a memory of 99 is out of range",
    );
    refused(
        &s,
        "/api/solve?remembered=1,1",
        StatusCode::BAD_REQUEST,
        "remembers nothing",
    );
    let strategies = ok(&s, "/api/strategies?rules=fa19");
    assert_eq!(strategies["contexts"]["remembers"], 11);
    assert_eq!(strategies["contexts"]["clocks"], 1);
    assert_eq!(ok(&s, "/api/strategies").get("contexts"), None);
}

#[test]
fn a_solve_loads_the_whole_table_with_every_value() {
    let s = state();
    let rules = fa24();
    let solution = engine::solve(&rules, &SweepOptions::default());
    let v = ok(&s, "/api/solve");
    assert_eq!(
        v["first_player_win_probability"].as_f64(),
        Some(solution.first_player_win_probability())
    );
    let dice = decode(&v, "dice");
    let values = floats(&decode(&v, "values"));
    assert_eq!(dice.len(), 100 * 100);
    assert_eq!(values.len(), 100 * 100 * 12);
    for (s_, o) in [(0, 0), (53, 60), (99, 0), (12, 87)] {
        let i = (s_ * 100 + o) as usize;
        assert_eq!(dice[i], solution.choice(0, (s_, o)), "({s_}, {o})");
        assert_eq!(values[12 * i], solution.value(0, (s_, o)) as f32);
        let choices = solution.choice_values(0, (s_, o));
        for k in 0..=10 {
            assert_eq!(values[12 * i + 1 + k], choices[k] as f32);
        }
    }
    // The best response to a strategy, and any strategy against another.
    let br = ok(&s, "/api/solve?against=boar_strategy");
    let table = engine::best_response(
        &rules,
        &resolve(&rules, "boar_strategy"),
        &Default::default(),
    );
    assert_eq!(
        decode(&br, "dice"),
        table.table().as_array().iter().copied().collect::<Vec<_>>()
    );
    let map = ok(&s, "/api/map?strategy=boar_strategy&vs=always_roll%286%29");
    let boar = resolve(&rules, "boar_strategy");
    assert_eq!(
        decode(&map, "dice"),
        boar.as_array().iter().copied().collect::<Vec<_>>()
    );
    let exact = win_rates(
        &rules,
        &boar,
        &StrategyTable::constant(100, 6),
        &Default::default(),
    );
    assert_eq!(
        map["first_player_win_probability"].as_f64(),
        Some(exact.first)
    );
}

#[test]
fn a_game_replays_from_its_seed_and_moves_with_exact_odds() {
    let s = state();
    let rules = fa24();
    let path = "/api/game?seed=3&moves=4,0,5";
    let a = ok(&s, path);
    assert_eq!(
        a,
        ok(&s, path),
        "the same seed and moves give the same game"
    );
    let turns = a["turns"].as_array().unwrap();
    // You moved three times and the optimal bot answered each time.
    let yours: Vec<u64> = turns
        .iter()
        .filter(|t| t["player"] == "you")
        .map(|t| t["dice"].as_u64().unwrap())
        .collect();
    assert_eq!(yours, [4, 0, 5]);
    assert_eq!(a["to_move"], "you");
    // Against the optimal bot your best response is the optimum itself:
    // the page gives its bits, the ones `hog explain` and /api/explain
    // give, within rounding of the best response's own sweep.
    let optimum = engine::solve(&rules, &Default::default());
    let optimal = resolve(&rules, "optimal");
    let br = engine::best_response(&rules, &optimal, &Default::default());
    let (you, bot) = (
        a["scores"]["you"].as_u64().unwrap() as u32,
        a["scores"]["opponent"].as_u64().unwrap() as u32,
    );
    let chance = a["win_probability"]["you"].as_f64().unwrap();
    assert_eq!(chance, optimum.value(0, (you, bot)));
    assert!((chance - br.value(0, (you, bot))).abs() < 1e-15);
    let choices: Vec<f64> = a["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_f64().unwrap())
        .collect();
    assert_eq!(choices, optimum.choice_values(0, (you, bot)));
    let explained = ok(&s, &format!("/api/explain?score={you}&opponent={bot}"));
    for (k, choice) in explained["choices"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            choice["win_probability"].as_f64(),
            Some(choices[k]),
            "{k} dice"
        );
    }
    // Every turn's scores follow from the one before.
    for t in turns {
        let (before, after) = (&t["before"], &t["after"]);
        assert!(
            after[0].as_u64() >= before[0].as_u64() || !t["events"].as_array().unwrap().is_empty()
        );
    }
    // A whole game, to its end, between two people.
    let mut moves = vec!["6"; 1];
    loop {
        let v = ok(
            &s,
            &format!("/api/game?seed=9&vs=person&moves={}", moves.join(",")),
        );
        if v["winner"].is_string() {
            assert!(v["to_move"].is_null());
            let w = &v["win_probability"];
            assert_eq!(
                w["you"].as_f64().unwrap() + w["opponent"].as_f64().unwrap(),
                1.0
            );
            refused(
                &s,
                &format!("/api/game?seed=9&vs=person&moves={},5", moves.join(",")),
                StatusCode::BAD_REQUEST,
                "the game is over",
            );
            break;
        }
        moves.push("6");
        assert!(moves.len() < 200);
    }
    refused(
        &s,
        "/api/game?moves=11",
        StatusCode::BAD_REQUEST,
        "move '11' is not a dice count",
    );
    refused(
        &s,
        "/api/game?first=me",
        StatusCode::BAD_REQUEST,
        "first is 'you' or 'opponent'",
    );
}

#[test]
fn the_rates_table_ranks_the_uploads_that_play_the_goal() {
    let s = state();
    let csv = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/output/fa24/final_strategy.csv"
    ))
    .unwrap();
    let (status, v) = upload(&s, "name=final_strategy.csv", &csv);
    assert_eq!(status, StatusCode::OK, "{v}");
    // A table for goal 10 has no place in a table at goal 100.
    let rows: Vec<Vec<u8>> = vec![vec![4; 10]; 10];
    let (status, v) = upload(&s, "goal=10", &serde_json::to_string(&rows).unwrap());
    assert_eq!(status, StatusCode::OK, "{v}");
    let row = |report: &Value, spec: &str| {
        report["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["strategy"] == spec)
            .cloned()
    };
    let report = ok(&s, "/api/rates?vs=boar_strategy");
    let standard = cli(&["rates", "--vs", "boar_strategy"]);
    assert_eq!(
        report["rows"].as_array().unwrap().len(),
        standard["rows"].as_array().unwrap().len() + 1,
        "the standard rows and upload_1: {report}"
    );
    // The uploaded optimal table wins what optimal wins.
    let upload_1 = row(&report, "upload_1").expect("upload_1 is rated");
    let optimal = row(&report, "optimal").unwrap();
    for key in ["first", "second", "average"] {
        assert!(
            (upload_1[key].as_f64().unwrap() - optimal[key].as_f64().unwrap()).abs() < 1e-12,
            "{key}: {upload_1} against {optimal}"
        );
    }
    assert!(row(&report, "upload_2").is_none(), "{report}");
    // Best first still, the upload among the others.
    let averages: Vec<f64> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["average"].as_f64().unwrap())
        .collect();
    assert!(averages.windows(2).all(|w| w[0] >= w[1]), "{averages:?}");
    // At goal 10 the other one is rated, against itself an even game.
    let report = ok(&s, "/api/rates?goal=10&vs=upload_2");
    assert!(row(&report, "upload_1").is_none(), "{report}");
    let upload_2 = row(&report, "upload_2").expect("upload_2 is rated at goal 10");
    assert_eq!(upload_2["average"], 0.5, "{upload_2}");
}

#[test]
fn uploaded_tables_are_named_by_id_and_checked_like_files() {
    let s = state();
    let csv = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/output/fa24/final_strategy.csv"
    ))
    .unwrap();
    let (status, v) = upload(&s, "name=final_strategy%20(1).csv", &csv);
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["id"], "upload_1");
    assert_eq!(v["name"], "final_strategy (1).csv");
    let e = ok(&s, "/api/eval?strategy=upload_1&vs=optimal");
    assert_eq!(e["average"], 0.5, "the optimal table against itself");
    let listed = ok(&s, "/api/strategies");
    assert_eq!(listed["named"][0]["spec"], "upload_1");
    // JSON rows work too.
    let rows: Vec<Vec<u8>> = vec![vec![4; 10]; 10];
    let (status, v) = upload(&s, "goal=10", &serde_json::to_string(&rows).unwrap());
    assert_eq!(status, StatusCode::OK, "{v}");
    let e = ok(
        &s,
        &format!(
            "/api/eval?goal=10&strategy={}&vs=always_roll%284%29",
            v["id"].as_str().unwrap()
        ),
    );
    assert_eq!(e["average"], 0.5);
    refused(
        &s,
        "/api/eval?strategy=upload_2",
        StatusCode::BAD_REQUEST,
        "is a table for goal 10, not 100",
    );
    // Problems name the place, as for files.
    let bad = csv.replacen("\n41,", "\n41,11,", 1);
    let (status, v) = upload(&s, "name=bad.csv", &bad);
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().starts_with("bad.csv: row 43"),
        "{v}"
    );
    let (status, v) = upload(&s, "goal=2", "[[0, 1], [2, 11]]");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("score 1, opponent score 1: 11 is not a dice count"),
        "{v}"
    );
    let (status, v) = upload(&s, "", &"x".repeat(5 << 20));
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("larger than this server takes"));
    refused(
        &s,
        "/api/eval?strategy=upload_99",
        StatusCode::BAD_REQUEST,
        "not an upload this server keeps",
    );
}

#[test]
fn python_and_files_come_only_from_the_command_line() {
    let rules = fa24();
    let named = NamedStrategy {
        spec: "hog.py:final_strategy".into(),
        rules: rules.identity(),
        rules_name: rules.name(),
        table: Arc::new(StrategyTable::constant(100, 5)),
    };
    let s = state_with(vec![named]);
    let v = ok(
        &s,
        "/api/eval?strategy=hog.py:final_strategy&vs=always_roll%285%29",
    );
    assert_eq!(v["average"], 0.5, "the table tabulated at start");
    refused(
        &s,
        "/api/eval?strategy=other.py:f",
        StatusCode::BAD_REQUEST,
        "a request cannot name a file",
    );
    refused(
        &s,
        "/api/eval?strategy=/etc/passwd",
        StatusCode::BAD_REQUEST,
        "a request cannot name a file",
    );
    refused(
        &s,
        "/api/eval?strategy=x&vs=output/fa24/final_strategy.csv",
        StatusCode::BAD_REQUEST,
        "",
    );
    refused(
        &s,
        "/api/eval?strategy=best_response%28%22output/fa24/final_strategy.csv%22%29",
        StatusCode::BAD_REQUEST,
        "a request cannot name a file",
    );
    refused(
        &s,
        "/api/eval?goal=50&strategy=hog.py:final_strategy",
        StatusCode::BAD_REQUEST,
        "tabulated for fa24 at goal 100",
    );
}

#[test]
fn only_this_servers_host_and_its_own_page_are_served() {
    let s = state();
    for host in [
        "evil.example:31415",
        "127.0.0.1.evil.example:31415",
        "127.0.0.1:8080",
        "",
    ] {
        let request = Request::get("/api/eval?strategy=optimal")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        let (status, v) = send(&s, request);
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {v}");
        assert!(v["error"]
            .as_str()
            .unwrap()
            .contains("does not name this server"));
    }
    for host in ["localhost:31415", "127.0.0.1:31415", "[::1]:31415"] {
        let request = Request::get("/")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(&s, request).0, StatusCode::OK, "{host}");
    }
    // A page on another site may not change the server.
    for (header, value) in [
        ("origin", "http://evil.example"),
        ("origin", "null"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let request = Request::post("/api/upload?goal=2")
            .header("host", ADDR)
            .header(header, value)
            .body(Body::from("[[0,0],[0,0]]"))
            .unwrap();
        let (status, v) = send(&s, request);
        assert_eq!(status, StatusCode::FORBIDDEN, "{value}: {v}");
    }
    assert!(ok(&s, "/api/strategies")["named"]
        .as_array()
        .unwrap()
        .is_empty());
    // The server's own page may.
    let (status, _) = upload(&s, "goal=2", "[[0,0],[0,0]]");
    assert_eq!(status, StatusCode::OK);
}

#[test]
fn every_cost_is_bounded_and_every_refusal_is_a_4xx() {
    let s = state();
    let b = StatusCode::BAD_REQUEST;
    refused(
        &s,
        "/api/eval?goal=1001&strategy=optimal",
        b,
        "more than this server solves",
    );
    refused(&s, "/api/eval?goal=0&strategy=optimal", b, "at least 1");
    refused(
        &s,
        "/api/sweep?grid=boar_strategy(threshold=0..=100,num_rolls=0..=10)",
        b,
        "a request may sweep 400",
    );
    refused(
        &s,
        "/api/eval?strategy=best_response(best_response(best_response(best_response(optimal))))",
        b,
        "a request may nest 3",
    );
    refused(
        &s,
        &format!("/api/eval?strategy={}", "x".repeat(2000)),
        b,
        "at most 1000 characters",
    );
    refused(
        &s,
        "/api/eval?strategy=optimal&bogus=1",
        b,
        "unknown parameter 'bogus'",
    );
    refused(&s, "/api/eval", b, "missing parameter 'strategy'");
    refused(&s, "/api/eval?strategy=always_roll(11)", b, "0..=10");
    refused(
        &s,
        "/api/explain?score=100&opponent=3",
        b,
        "SCORE 100 is not below the goal 100",
    );
    refused(
        &s,
        "/api/eval?rules=fa99&strategy=optimal",
        b,
        "unknown rule set 'fa99'",
    );
    refused(
        &s,
        "/api/nothing",
        StatusCode::NOT_FOUND,
        "no page or endpoint at /api/nothing",
    );
    let request = Request::delete("/api/eval")
        .header("host", ADDR)
        .body(Body::empty())
        .unwrap();
    let (status, v) = send(&s, request);
    assert!(status.is_client_error(), "{status}: {v}");
    let request = Request::post("/")
        .header("host", ADDR)
        .body(Body::empty())
        .unwrap();
    let (status, v) = send(&s, request);
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{v}");
}

#[test]
fn the_page_is_served_from_the_binary() {
    let s = state();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let request = Request::get(path)
            .header("host", ADDR)
            .body(Body::empty())
            .unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let response = runtime
            .block_on(router(Arc::clone(&s)).oneshot(request))
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
}

/// `GET path` as text with its headers.
fn get_text(state: &Arc<ServerState>, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let request = Request::get(path)
        .header("host", ADDR)
        .body(Body::empty())
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = router(Arc::clone(state)).oneshot(request).await.unwrap();
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.unwrap().to_bytes();
        (
            parts.status,
            parts.headers,
            String::from_utf8(bytes.to_vec()).unwrap(),
        )
    })
}

#[test]
fn the_page_opens_on_the_servers_rules_and_loads_only_its_own_files() {
    let addr: SocketAddr = ADDR.parse().unwrap();
    let mut components = Preset::DigitSwap.components();
    components.dice = hog::rules::DiceRule::HogWild;
    let rules = Rules::new(Preset::DigitSwap, components, 50).unwrap();
    let s = Arc::new(ServerState::new(addr, Vec::new(), Limits::default()).with_page_rules(&rules));
    let (status, headers, html) = get_text(&s, "/");
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(
            r#"<meta name="hog-rules" content="rules=digit-swap&amp;goal=50&amp;hog_wild=true">"#
        ),
        "{}",
        &html[..400]
    );
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    // A default server starts on fa24 at goal 100.
    let (_, _, plain) = get_text(&state(), "/");
    assert!(plain.contains(r#"content="rules=fa24&amp;goal=100""#));
    // Every module the page imports is served as JavaScript, and nothing
    // comes from another site (the page works offline).
    let mut modules = vec!["/app.js".to_string()];
    let mut seen = Vec::new();
    while let Some(path) = modules.pop() {
        if seen.contains(&path) {
            continue;
        }
        let (status, headers, text) = get_text(&s, &path);
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript"));
        for part in text.split("from \"./").skip(1) {
            modules.push(format!("/{}", &part[..part.find('"').unwrap()]));
        }
        // The SVG namespace is a name, not a place anything loads from.
        let loads = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !loads.contains("http://") && !loads.contains("https://"),
            "{path}"
        );
        seen.push(path);
    }
    assert!(seen.len() >= 6, "{seen:?}");
    assert!(!html.contains("https://") && !html.contains("http://"));
}

#[test]
fn the_contest_of_uploads_and_a_folder_scores_as_hog_contest_does() {
    use hog::contest::{standings, Entry, PairCache};
    let rules = fa24();
    let csv = |spec: &str| {
        let mut out = Vec::new();
        hog::export::write_final_strategy(&resolve(&rules, spec), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    // A folder entry, as `hog serve --contest DIR` enters it.
    let folder = hog::serve::ContestFolder {
        rules: rules.identity(),
        rules_name: rules.name(),
        goal: 100,
        entries: vec![Entry {
            name: "Folder entry".into(),
            file: "entry.py".into(),
            table: resolve(&rules, "sus_strategy"),
            defaulted: None,
        }],
        rejected: vec![hog::contest::Rejected {
            file: "broken.py".into(),
            reason: "final_strategy(7, 0) raised ValueError: no".into(),
        }],
    };
    let addr: SocketAddr = ADDR.parse().unwrap();
    let s = Arc::new(
        ServerState::new(addr, Vec::new(), Limits::default()).with_contest(folder.clone()),
    );
    let (status, v) = get(&s, "/api/contest");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("at least two entries, and there is 1"));
    for (name, spec) in [
        ("optimal.csv", "optimal"),
        ("six.csv", "always_roll(6)"),
        ("six.csv", "boar_strategy"),
    ] {
        let (status, v) = upload(&s, &format!("name={name}"), &csv(spec));
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    let v = ok(&s, "/api/contest");
    let names: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Folder entry",
            "optimal.csv",
            "six.csv",
            "six.csv (upload_3)"
        ]
    );
    let mut entries = folder.entries.clone();
    for (name, spec) in [
        ("optimal.csv", "optimal"),
        ("six.csv", "always_roll(6)"),
        ("six.csv (upload_3)", "boar_strategy"),
    ] {
        entries.push(Entry {
            name: name.into(),
            file: String::new(),
            table: resolve(&rules, spec),
            defaulted: None,
        });
    }
    let expected = standings(&rules, &entries, 1e-6, &PairCache::new(), &|| {});
    let matrix: Vec<Vec<f64>> = serde_json::from_value(v["matrix"].clone()).unwrap();
    assert_eq!(matrix, expected.matrix);
    let board = v["leaderboard"].as_array().unwrap();
    for (row, standing) in board.iter().zip(&expected.table) {
        assert_eq!(row["name"], entries[standing.entry].name);
        assert_eq!(row["rank"], standing.rank);
        assert_eq!(row["points"], standing.points);
        assert_eq!(row["mean_win_rate"], standing.mean);
    }
    assert_eq!(board[0]["name"], "optimal.csv");
    assert_eq!(v["rejected"][0]["file"], "broken.py");
    assert_eq!(v["pairs"], 6);
    assert_eq!(v["pairs_evaluated"], 6);
    // The pairs are kept: asking again evaluates none.
    assert_eq!(ok(&s, "/api/contest")["pairs_evaluated"], 0);
    // Other rules: the folder (tabulated for fa24) is not in that contest.
    let (status, _) = get(&s, "/api/contest?rules=digit-swap");
    assert_eq!(status, StatusCode::OK);
    refused(
        &s,
        "/api/contest?margin=0.9",
        StatusCode::BAD_REQUEST,
        "margin",
    );
}

mod never_a_500 {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_query_is_answered_or_refused(
            endpoint in prop::sample::select(vec!["eval", "explain", "rates", "sweep", "solve", "map", "game", "strategies", "contest"]),
            query in "[a-z_=&%(),.0-9]{0,40}",
        ) {
            let s = state();
            let (status, _) = get(&s, &format!("/api/{endpoint}?{query}"));
            prop_assert!(status.is_success() || status.is_client_error(), "{}: {}", endpoint, status);
        }
    }
}

/// Goal 10, zero dice worth 3, eight-sided dice, and both players at the
/// goal when the mover reaches it: rules given as functions, with ties.
struct Ties;

impl hog::general::ScoreRules for Ties {
    fn goal(&self) -> u32 {
        10
    }
    fn zero_dice(&self, _: u32, _: u32) -> u32 {
        3
    }
    fn dice_sides(&self, _: u32, _: u32) -> u32 {
        8
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s >= 10 {
            (s, o.max(10))
        } else {
            (s, o)
        }
    }
}

/// A server started with rules given as functions (`hog serve --rules-py
/// FILE`): requests name them and get the library's values; they cannot
/// change their goal or components; presets still answer; a game can end
/// in a tie; the page opens on them.
#[test]
fn rules_given_as_functions_are_named_by_requests() {
    let addr: SocketAddr = ADDR.parse().unwrap();
    let name = "my ties\".py";
    let rules =
        Rules::from_functions(name.into(), hog::rules::Origin::Python, Arc::new(Ties)).unwrap();
    assert_eq!(rules.origin(), Some(hog::rules::Origin::Python));
    let s = Arc::new(
        ServerState::new(addr, Vec::new(), Limits::default()).with_house_rules(rules.clone()),
    );
    let q = "rules=my%20ties%22.py";
    let e = ok(
        &s,
        &format!("/api/eval?{q}&strategy=optimal&vs=always_roll(2)"),
    );
    let exact = win_rates(
        &rules,
        &resolve(&rules, "optimal"),
        &StrategyTable::constant(10, 2),
        &SweepOptions::default(),
    );
    assert_eq!(e["rules"], name);
    assert_eq!(e["first"].as_f64(), Some(exact.first));
    assert_eq!(e["second"].as_f64(), Some(exact.second));
    let st = ok(&s, &format!("/api/strategies?{q}"));
    assert_eq!(st["house"]["name"], name);
    assert_eq!(st["house"]["goal"], 10);
    assert_eq!(st["house"]["origin"], "from Python");
    assert_eq!(st["course"].as_array().unwrap().len(), 0);
    refused(
        &s,
        &format!("/api/eval?{q}&goal=20&strategy=optimal"),
        StatusCode::BAD_REQUEST,
        "was tabulated for goal 10 when the server started",
    );
    // The goal is a number, as for presets: "030" and " 10" are the goal.
    for goal in ["010", "%2010"] {
        let e = ok(&s, &format!("/api/eval?{q}&goal={goal}&strategy=optimal"));
        assert_eq!(e["goal"], 10, "{goal}");
    }
    refused(
        &s,
        &format!("/api/eval?{q}&goal=ten&strategy=optimal"),
        StatusCode::BAD_REQUEST,
        "not 'ten'",
    );
    refused(
        &s,
        &format!("/api/eval?{q}&hog_wild=true&strategy=optimal"),
        StatusCode::BAD_REQUEST,
        "cannot change their hog_wild",
    );
    refused(
        &s,
        "/api/eval?rules=other.py&strategy=optimal",
        StatusCode::BAD_REQUEST,
        "unknown rule set 'other.py'; it is one of my ties\".py, fa24",
    );
    // The presets answer as on any server.
    let plain = ok(&s, "/api/eval?rules=fa24&strategy=always_roll(5)");
    assert_eq!(plain["rules"], "fa24");
    // You roll zero dice each turn against always_roll(0): 3, 6, 9, then
    // 12 puts the bot at 10 too.
    let game = ok(
        &s,
        &format!("/api/game?{q}&goal=10&seed=1&first=you&vs=always_roll(0)&moves=0,0,0,0"),
    );
    assert_eq!(game["winner"], "tie", "{game}");
    assert!(game["to_move"].is_null());
    assert_eq!(game["win_probability"]["you"].as_f64(), Some(0.5));
    let last = game["turns"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["after"], serde_json::json!([12, 10]));
    let rules_seen: Vec<&str> = last["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules_seen, ["zero_dice", "after_turn", "tie"]);
    // The page opens on them, the name escaped.
    let (_, _, html) = get_text(&s, "/");
    assert!(
        html.contains(r#"<meta name="hog-rules" content="rules=my%20ties%22.py&amp;goal=10">"#),
        "{}",
        &html[..400]
    );
}

/// Issue 29's wrong number: a rules file called `fa24` served, the page
/// solves its optimum, and a solve for the preset fa24 must not answer
/// with that table. Every cache is keyed by the rules' content and goal.
#[test]
fn a_rules_file_named_like_a_preset_never_answers_for_it() {
    use hog::rules::{ComposedRules, Origin};
    let file = ComposedRules::parse("zero_dice = \"bacon-tens\"\n", None).unwrap();
    let house = Rules::from_functions("fa24".into(), Origin::RulesFile, Arc::new(file)).unwrap();
    assert_eq!(house.name(), fa24().name());
    assert_ne!(house.identity(), fa24().identity());
    let addr: SocketAddr = ADDR.parse().unwrap();
    let s = Arc::new(
        ServerState::new(addr, Vec::new(), Limits::default()).with_house_rules(house.clone()),
    );
    // A request naming no rules gets the server's: the rules file's optimum.
    let e = ok(&s, "/api/eval?strategy=optimal&vs=always_roll(6)");
    let options = SweepOptions::default();
    let house_optimal = engine::solve(&house, &options).table();
    let exact = win_rates(
        &house,
        &house_optimal,
        &StrategyTable::constant(100, 6),
        &options,
    );
    assert_eq!(e["first"].as_f64(), Some(exact.first));
    // The preset's optimum, asked of the same server after the file's was
    // solved and kept, is the preset's own.
    let preset = s.table(&fa24(), "optimal").unwrap();
    let preset_optimal = engine::solve(&fa24(), &options).table();
    assert_eq!(preset.as_array(), preset_optimal.as_array());
    assert_ne!(preset.as_array(), house_optimal.as_array());
    let first = win_rates(&fa24(), &preset, &StrategyTable::constant(100, 6), &options).first;
    assert_eq!(first, 0.7687789052205836);
}

/// A strategy tabulated at start for one rule set is not offered under
/// another of the same name.
#[test]
fn a_named_strategy_belongs_to_the_rules_it_was_tabulated_for() {
    let digit = Rules::preset(Preset::DigitSwap, 100).unwrap();
    let named = NamedStrategy {
        spec: "hog.py:final_strategy".into(),
        rules: digit.identity(),
        rules_name: "fa24".into(),
        table: Arc::new(StrategyTable::constant(100, 5)),
    };
    let s = state_with(vec![named]);
    refused(
        &s,
        "/api/eval?strategy=hog.py:final_strategy",
        StatusCode::BAD_REQUEST,
        "was tabulated for fa24 at goal 100 when the server started",
    );
    let v = ok(
        &s,
        "/api/eval?rules=digit-swap&strategy=hog.py:final_strategy",
    );
    assert_eq!(v["strategy"], "hog.py:final_strategy");
}

/// `(status, headers, body)` of a request with extra headers.
fn send_with(
    state: &Arc<ServerState>,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = router(Arc::clone(state))
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (parts.status, parts.headers, value)
    })
}

#[test]
fn every_refusal_carries_a_json_error_405_and_bad_queries_included() {
    let s = state();
    let host = [("host", ADDR)];
    let (status, headers, v) = send_with(&s, "POST", "/api/eval", &host);
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        v["error"], "POST /api/eval: this endpoint takes GET, HEAD",
        "{v}"
    );
    assert_eq!(headers["allow"], "GET, HEAD");
    assert_eq!(headers["content-type"], "application/json");
    // Bytes that are not UTF-8 are read as replacement characters.
    let (status, _, v) = send_with(&s, "GET", "/api/eval?strategy=%FF%FE", &host);
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("is not a strategy name"),
        "{v}"
    );
    let (status, _, v) = send_with(&s, "DELETE", "/api/upload", &host);
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(v["error"], "DELETE /api/upload: this endpoint takes POST");
}

#[test]
fn two_host_headers_and_work_asked_by_another_site_are_refused() {
    let s = state();
    let (status, _, v) = send_with(
        &s,
        "GET",
        "/api/eval?strategy=optimal",
        &[("host", ADDR), ("host", "evil.example")],
    );
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"], "the request has more than one Host header");
    // A page on another site cannot start a solve, even by GET.
    for (header, value) in [
        ("sec-fetch-site", "cross-site"),
        ("origin", "http://evil.example"),
    ] {
        let (status, _, v) = send_with(
            &s,
            "GET",
            "/api/solve?goal=1000",
            &[("host", ADDR), (header, value)],
        );
        assert_eq!(status, StatusCode::FORBIDDEN, "{value}: {v}");
        assert!(v["error"].as_str().unwrap().contains("another site"), "{v}");
    }
    // A link from another site still opens the page; the page's own
    // requests, and a script's (no Sec-Fetch-Site), are served.
    let (status, _, _) = send_with(
        &s,
        "GET",
        "/",
        &[("host", ADDR), ("sec-fetch-site", "cross-site")],
    );
    assert_eq!(status, StatusCode::OK);
    for site in ["same-origin", "none"] {
        let (status, _, v) = send_with(
            &s,
            "GET",
            "/api/eval?strategy=always_roll(5)",
            &[("host", ADDR), ("sec-fetch-site", site)],
        );
        assert_eq!(status, StatusCode::OK, "{site}: {v}");
    }
}

/// A request that names no goal gets the server's, the contest's
/// included (it used to ask for goal 100 and find no entries).
#[test]
fn a_request_without_a_goal_gets_the_servers_the_contests_included() {
    use hog::contest::Entry;
    let rules = Rules::preset(Preset::Fa24, 30).unwrap();
    let entry = |name: &str, dice: u8| Entry {
        name: name.into(),
        file: format!("{name}.py"),
        table: StrategyTable::constant(30, dice),
        defaulted: None,
    };
    let folder = hog::serve::ContestFolder {
        rules: rules.identity(),
        rules_name: rules.name(),
        goal: 30,
        entries: vec![entry("four", 4), entry("six", 6)],
        rejected: Vec::new(),
    };
    let addr: SocketAddr = ADDR.parse().unwrap();
    let s = Arc::new(
        ServerState::new(addr, Vec::new(), Limits::default())
            .with_page_rules(&rules)
            .with_contest(folder),
    );
    let v = ok(&s, "/api/contest");
    assert_eq!(v["goal"], 30);
    assert_eq!(v["entries"], serde_json::json!(["four", "six"]));
    assert_eq!(ok(&s, "/api/eval?strategy=optimal")["goal"], 30);
    // Another goal finds the folder was entered for these rules.
    refused(
        &s,
        "/api/contest?goal=100",
        StatusCode::BAD_REQUEST,
        "the contest folder was entered for fa24 at goal 30",
    );
}

/// A computation larger than the server's budget is refused busy, with
/// `Retry-After`; the server answers the next request as before.
#[test]
fn work_beyond_the_memory_budget_is_a_503_with_retry_after() {
    let addr: SocketAddr = ADDR.parse().unwrap();
    let limits = Limits {
        memory_budget: 64 << 20,
        ..Limits::default()
    };
    let s = Arc::new(ServerState::new(addr, Vec::new(), limits));
    let (status, headers, v) = send_with(&s, "GET", "/api/solve?goal=1000", &[("host", ADDR)]);
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(headers["retry-after"], "60");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("more than this server's memory budget (64 MiB)"));
    let v = ok(&s, "/api/eval?strategy=optimal&vs=always_roll(6)");
    assert_eq!(v["first"].as_f64(), Some(0.7687789052205836));
}

/// A repeated solve is answered from what was kept, byte for byte.
#[test]
fn a_repeated_solve_is_the_same_bytes() {
    let s = state();
    let (_, _, first) = get_text(&s, "/api/solve?goal=40");
    let (_, _, again) = get_text(&s, "/api/solve?goal=40");
    assert_eq!(first, again);
    let v: Value = serde_json::from_str(&first).unwrap();
    let rules = Rules::preset(Preset::Fa24, 40).unwrap();
    let exact = engine::solve(&rules, &SweepOptions::default());
    let first = exact.value(0, (0, 0));
    assert_eq!(v["first_player_win_probability"].as_f64(), Some(first));
}

/// `hog serve --student`: each game's answer carries the same game through
/// the student's hog.py (tests/fixtures/check/fa24 with `edit` made), its
/// scores per turn and the first turn where it differs; under other rules
/// a game carries none.
fn student_game(edit: Option<(&str, &str)>, path: &str) -> Value {
    student_game_within(edit, path, std::time::Duration::from_secs(60))
}

/// [`student_game`] with `timeout` for each replay.
fn student_game_within(
    edit: Option<(&str, &str)>,
    path: &str,
    timeout: std::time::Duration,
) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/fa24");
    for name in ["hog.py", "dice.py", "ucb.py"] {
        let mut text = std::fs::read_to_string(fixture.join(name)).unwrap();
        if let (Some((from, to)), "hog.py") = (edit, name) {
            assert!(text.contains(from));
            text = text.replacen(from, to, 1);
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let rules = Rules::preset(Preset::Fa24, 100).unwrap();
    let referee = hog::check::Referee::new(&rules, &dir.path().join("hog.py"), timeout).unwrap();
    let addr: SocketAddr = ADDR.parse().unwrap();
    let s = Arc::new(
        ServerState::new(addr, Vec::new(), Limits::default()).with_student(referee, &rules),
    );
    let (status, body) = get(&s, path);
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A turn's scores after it: (you, opponent).
fn in_seats(turn: &Value) -> (&Value, &Value) {
    let after = &turn["after"];
    if turn["player"] == "you" {
        (&after[0], &after[1])
    } else {
        (&after[1], &after[0])
    }
}

#[test]
fn a_students_play_replays_each_game_beside_the_rules() {
    let path = "/api/game?seed=3&vs=always_roll(6)&moves=5,5,5,5,5,5,5";
    let game = student_game(None, path);
    let student = &game["student"];
    assert_eq!(student["file"], "hog.py");
    assert_eq!(student["differs"], Value::Null, "{student}");
    let turns = game["turns"].as_array().unwrap();
    let scores = student["scores"].as_array().unwrap();
    assert_eq!(scores.len(), turns.len());
    // Their scores after each turn are the rules' (you moved first).
    for (turn, theirs) in turns.iter().zip(scores) {
        assert_eq!(in_seats(turn), (&theirs["you"], &theirs["opponent"]));
    }
    // A forgotten 4-factor case of Sus Fuss is named at the turn it shows,
    // as the student's sus_update against the rules, with the reason.
    let bug = (
        "if num_factors(score) in (3, 4):",
        "if num_factors(score) == 3:",
    );
    let game = student_game(Some(bug), path);
    let differs = &game["student"]["differs"];
    let turn = differs["turn"].as_u64().unwrap() as usize;
    let played = &game["turns"][turn - 1];
    let message = differs["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("the rules give {}", played["after"][0])),
        "{message}"
    );
    assert!(message.contains("your sus_update gives"), "{message}");
    assert!(message.contains("(Sus Fuss)"), "{message}");
    // Before it, their game is the rules' game.
    let scores = game["student"]["scores"].as_array().unwrap();
    for (played, theirs) in game["turns"].as_array().unwrap()[..turn - 1]
        .iter()
        .zip(scores)
    {
        assert_eq!(in_seats(played), (&theirs["you"], &theirs["opponent"]));
    }
    // Under rules the file was not given for, no replay.
    let other = student_game(None, "/api/game?seed=3&rules=digit-swap&moves=5");
    assert!(other.get("student").is_none(), "{other}");
}

/// A student's file that hangs: the game goes on, and `student.error` says
/// why in words the page can put after "Your hog.py stopped:" (no error
/// kind, no path).
#[test]
fn a_students_play_that_hangs_is_said_and_the_game_goes_on() {
    let hangs = (
        "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n",
        "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
         while True:\n        pass\n",
    );
    let game = student_game_within(
        Some(hangs),
        "/api/game?seed=6&vs=always_roll(6)&moves=5",
        std::time::Duration::from_millis(500),
    );
    let student = &game["student"];
    assert_eq!(student["file"], "hog.py");
    assert_eq!(
        student["error"], "its play did not finish within 0.5 s",
        "{student}"
    );
    assert_eq!(student["scores"], serde_json::json!([]), "{student}");
    assert_eq!(game["turns"].as_array().unwrap().len(), 2, "{game}");
}

/// A file that hangs in a game: the game's later requests do not wait
/// for it again (the game goes on without it, and says so), and replays
/// hold none of the engine's compute slots: an evaluation is answered
/// while two replays hang.
#[test]
fn a_game_the_students_file_hung_in_goes_on_without_it_and_replays_hold_no_slot() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/fa24");
    for name in ["hog.py", "dice.py", "ucb.py"] {
        let mut text = std::fs::read_to_string(fixture.join(name)).unwrap();
        if name == "hog.py" {
            text = text.replacen(
                "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n",
                "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
                 while True:\n        pass\n",
                1,
            );
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let rules = Rules::preset(Preset::Fa24, 100).unwrap();
    let referee =
        hog::check::Referee::new(&rules, &dir.path().join("hog.py"), Duration::from_secs(4))
            .unwrap();
    let addr: SocketAddr = ADDR.parse().unwrap();
    let limits = Limits {
        computations: 2,
        ..Limits::default()
    };
    let s = Arc::new(ServerState::new(addr, Vec::new(), limits).with_student(referee, &rules));
    // Warm the engine's answers, so that only the replays take time.
    for seed in [6, 7] {
        let path = format!("/api/game?seed={seed}&vs=always_roll(6)&moves=5&student=no");
        ok(&s, &path);
    }
    ok(&s, "/api/eval?strategy=boar_strategy");
    let hanging: Vec<_> = [6, 7]
        .into_iter()
        .map(|seed| {
            let s = Arc::clone(&s);
            std::thread::spawn(move || {
                ok(
                    &s,
                    &format!("/api/game?seed={seed}&vs=always_roll(6)&moves=5"),
                )
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    ok(&s, "/api/eval?strategy=always_roll(5)");
    assert!(
        hanging.iter().all(|h| !h.is_finished()),
        "the evaluation waited for a replay"
    );
    for h in hanging {
        let game = h.join().unwrap();
        assert_eq!(
            game["student"]["error"], "its play did not finish within 4 s",
            "{game}"
        );
    }
    // The same game, a move later: said at once (in the same words), not
    // replayed.
    let started = Instant::now();
    let game = ok(&s, "/api/game?seed=6&vs=always_roll(6)&moves=5,5");
    assert!(started.elapsed() < Duration::from_secs(3), "replayed again");
    assert_eq!(
        game["student"]["error"],
        "its play did not finish within 4 s"
    );
    assert_eq!(game["student"]["file"], "hog.py");
}
