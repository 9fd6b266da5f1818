//! One quantity, one set of bits, on every surface and every rule set: the
//! presets, `fa19` in both readings of Feral Hogs, and every file in
//! `examples/rules/`. The command line's JSON and the server's (a real
//! `hog serve` over a socket) give the same bits for an evaluation, the
//! optimum's first-player value, a best response's and an explanation; the
//! Python package's `tests/python/test_matrix.py` holds it to the same.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use crate::util::{example, hog_path, Scratch};

/// Every rule set the surfaces must agree on, as `--rules` arguments.
pub fn rule_sets() -> Vec<Vec<String>> {
    let mut sets: Vec<Vec<String>> = ["fa24", "double-swap", "reverse-swap", "digit-swap", "fa19"]
        .iter()
        .map(|name| vec!["--rules".to_string(), name.to_string()])
        .collect();
    sets.push(
        ["--rules", "fa19", "--memory", "feral-hogs-points"]
            .map(String::from)
            .to_vec(),
    );
    let mut files: Vec<_> = std::fs::read_dir(example(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml" || e == "py"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for file in files {
        sets.push(vec!["--rules".into(), file.display().to_string()]);
    }
    sets
}

/// A `hog serve` of these rules on a free port, stopped when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(dir: &Scratch, rules: &[String]) -> Server {
        let mut child = Command::new(hog_path())
            .current_dir(dir.path())
            .args(rules)
            .args(["--goal", "40", "serve", "--port", "0", "--no-open"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut url = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut url)
            .unwrap();
        assert!(url.starts_with("http://"), "{rules:?}: no address: {url:?}");
        Server {
            child,
            url: url.trim().to_string(),
        }
    }

    /// `GET path`, which must answer 200 with JSON.
    fn json(&self, path: &str) -> Value {
        let host = self.url.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(host).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}\n{body}");
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bits of `value[field]`.
fn bits(value: &Value, field: &str) -> u64 {
    value[field]
        .as_f64()
        .unwrap_or_else(|| panic!("{field} in {value}"))
        .to_bits()
}

/// The bits of every choice's win probability in an explanation.
fn choice_bits(explanation: &Value) -> Vec<u64> {
    explanation["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| bits(c, "win_probability"))
        .collect()
}

#[test]
fn the_command_line_and_the_server_give_the_same_bits_under_every_rule_set() {
    let dir = Scratch::new();
    for rules in rule_sets() {
        let args = |command: &[&str]| -> Vec<String> {
            let mut all = rules.clone();
            all.extend(["--goal", "40"].map(String::from));
            all.extend(command.iter().map(|s| s.to_string()));
            all
        };
        let cli = |command: &[&str]| {
            let all = args(command);
            let all: Vec<&str> = all.iter().map(String::as_str).collect();
            // Spring 2022's rules note that a game can go on forever.
            dir.json_noted(&all)
        };
        let eval = cli(&["eval", "always_roll(4)", "--vs", "always_roll(6)"]);
        let optimum = cli(&["solve", "--quiet", "--out", "optimum"]);
        let response = cli(&["solve", "--vs", "always_roll(6)", "--quiet", "--out", "br"]);
        let explained = cli(&["explain", "7", "9"]);
        // One quantity, one set of bits: the optimum against itself is the
        // optimum's own value, a best response against its opponent the
        // response's, whichever command asks.
        let itself = cli(&["eval", "optimal", "--vs", "optimal"]);
        let answered = cli(&[
            "eval",
            "best_response(always_roll(6))",
            "--vs",
            "always_roll(6)",
        ]);
        let server = Server::start(&dir, &rules);
        let label = rules.join(" ");
        let served = server.json("/api/eval?strategy=always_roll(4)&vs=always_roll(6)");
        for field in ["first", "second", "average"] {
            assert_eq!(
                bits(&served, field),
                bits(&eval, field),
                "{label}: eval {field}"
            );
        }
        for (rates, solved) in [(&itself, &optimum), (&answered, &response)] {
            assert_eq!(
                bits(rates, "first"),
                bits(solved, "first_player_win_probability"),
                "{label}: {rates}"
            );
        }
        let served = server.json("/api/eval?strategy=optimal&vs=optimal");
        assert_eq!(bits(&served, "first"), bits(&itself, "first"), "{label}");
        let served =
            server.json("/api/eval?strategy=best_response(always_roll(6))&vs=always_roll(6)");
        assert_eq!(
            bits(&served, "second"),
            bits(&answered, "second"),
            "{label}"
        );
        let solved = server.json("/api/solve");
        assert_eq!(
            bits(&solved, "first_player_win_probability"),
            bits(&optimum, "first_player_win_probability"),
            "{label}: the optimum"
        );
        let against = server.json("/api/solve?against=always_roll(6)");
        assert_eq!(
            bits(&against, "first_player_win_probability"),
            bits(&response, "first_player_win_probability"),
            "{label}: the best response"
        );
        let served = server.json("/api/explain?score=7&opponent=9");
        assert_eq!(
            choice_bits(&served),
            choice_bits(&explained),
            "{label}: explain"
        );
        assert_eq!(served["best"], explained["best"], "{label}: explain's best");
    }
}
