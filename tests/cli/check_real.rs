//! `hog check` on real students' projects (tests/fixtures/check/real: each
//! one's hog.py as found in a public repository, with its SOURCE): every
//! function's verdict is the one judged by hand from the course's own text
//! (tests/fixtures/check/real/verdicts.json, reasons in its "why" and the
//! README beside it). "agrees" wants agrees; "differs" and "raises" want a
//! failing verdict (differs, raised or slow); "missing" wants missing.
//! Every disagreement of every project is gathered and the test fails once
//! with all of them. The same comparison, for any hog binary:
//! `python3 tests/fixtures/check/real/compare.py PATH/TO/hog`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;

use crate::util::{hog_command, Scratch};

/// The folder of the real projects.
fn real() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/real")
}

/// One project of verdicts.json.
struct Project {
    semester: String,
    rules: String,
    name: String,
    /// (function, hand verdict), in the file's order.
    functions: Vec<(String, String)>,
}

fn projects() -> Vec<Project> {
    let text = std::fs::read_to_string(real().join("verdicts.json")).unwrap();
    let all: Value = serde_json::from_str(&text).unwrap();
    all.as_array()
        .unwrap()
        .iter()
        .map(|p| Project {
            semester: p["semester"].as_str().unwrap().to_string(),
            rules: p["rules"].as_str().unwrap().to_string(),
            name: p["project"].as_str().unwrap().to_string(),
            functions: p["functions"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(f, v)| (f.clone(), v.as_str().unwrap().to_string()))
                .collect(),
        })
        .collect()
}

/// Whether hog's `verdict` is the hand verdict `hand`.
fn matches(hand: &str, verdict: &str) -> bool {
    match hand {
        "agrees" => verdict == "agrees",
        "differs" | "raises" => matches!(verdict, "differs" | "raised" | "slow" | "prints"),
        "missing" => verdict == "missing",
        other => panic!("verdicts.json: unknown hand verdict {other:?}"),
    }
}

/// hog's account of one function, for a failure message.
fn describe(finding: &Value) -> String {
    let verdict = finding["verdict"].as_str().unwrap_or("?");
    match verdict {
        "differs" => {
            let first = &finding["mismatches"][0];
            if first.is_null() {
                format!("differs ({} inputs)", finding["count"])
            } else {
                format!(
                    "differs ({} inputs; e.g. {}: expected {}, got {})",
                    finding["count"],
                    first["input"].as_str().unwrap_or("?"),
                    first["expected"].as_str().unwrap_or("?"),
                    first["got"].as_str().unwrap_or("?"),
                )
            }
        }
        "raised" => format!(
            "raised on {}: {}",
            finding["input"].as_str().unwrap_or("?"),
            finding["error"].as_str().unwrap_or("?")
        ),
        "slow" => format!("slow on {}", finding["input"].as_str().unwrap_or("?")),
        v => v.to_string(),
    }
}

/// Check `project` with `games` whole games; its disagreements with the
/// hand verdicts, one line each.
fn disagreements(project: &Project, games: u64) -> Vec<String> {
    let label = format!("{}/{} (--games {games})", project.semester, project.name);
    let dir = Scratch::new();
    let folder = real().join(&project.semester).join(&project.name);
    for file in ["hog.py", "dice.py", "ucb.py"] {
        std::fs::copy(folder.join(file), dir.join(file)).unwrap();
    }
    let games = games.to_string();
    let out = hog_command()
        // A whole check of a slow student's file on a busy machine: its
        // Python is given long enough, and so is the command.
        .timeout(Duration::from_secs(1200))
        .current_dir(dir.path())
        .args(["--rules", project.rules.as_str(), "check", "hog.py"])
        .args(["--games", games.as_str(), "--format", "json"])
        .args(["--python-timeout", "900"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: Value = match serde_json::from_str(&stdout) {
        Ok(report) => report,
        Err(_) => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            return vec![format!("{label}: no report: {}", stderr.trim())];
        }
    };
    let found = report["functions"].as_array().unwrap();
    let mut lines = Vec::new();
    for (function, hand) in &project.functions {
        match found.iter().find(|f| f["function"] == function.as_str()) {
            None => lines.push(format!(
                "{label} {function}: hand {hand}, hog does not report it"
            )),
            Some(finding) => {
                let verdict = finding["verdict"].as_str().unwrap_or("?");
                if !matches(hand, verdict) {
                    lines.push(format!(
                        "{label} {function}: hand {hand}, hog {}",
                        describe(finding)
                    ));
                }
            }
        }
    }
    for finding in found {
        let function = finding["function"].as_str().unwrap_or("?");
        if !project.functions.iter().any(|(f, _)| f == function) {
            lines.push(format!(
                "{label} {function}: reported by hog, no hand verdict"
            ));
        }
    }
    lines
}

/// Run `jobs` (project index, games) on a few threads; every disagreement.
fn run_all(projects: &[Project], jobs: &[(usize, u64)]) -> Vec<String> {
    let next = Mutex::new(0usize);
    let found = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| loop {
                let job = {
                    let mut next = next.lock().unwrap();
                    let job = jobs.get(*next).copied();
                    *next += 1;
                    job
                };
                let Some((index, games)) = job else { break };
                let lines = disagreements(&projects[index], games);
                found.lock().unwrap().push((index, games, lines));
            });
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_by_key(|(index, games, _)| (*index, *games));
    found.into_iter().flat_map(|(_, _, lines)| lines).collect()
}

#[test]
fn every_real_project_gets_the_hand_verdicts() {
    let projects = projects();
    assert!(projects.len() >= 20, "{} projects", projects.len());
    for p in &projects {
        let folder = real().join(&p.semester).join(&p.name);
        for file in ["hog.py", "dice.py", "ucb.py", "SOURCE"] {
            assert!(
                folder.join(file).is_file(),
                "{}: no {file}",
                folder.display()
            );
        }
    }
    // Every project without games; a few Fall 2024 ones (the semester whose
    // check plays whole games) again with them.
    let mut jobs: Vec<(usize, u64)> = (0..projects.len()).map(|i| (i, 0)).collect();
    for name in [
        "0-47-167-cs61a-fall-2024",
        "77chenchen-cs61a-2024-autumn-answer-",
    ] {
        let index = projects
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("no project {name}"));
        jobs.push((index, 2000));
    }
    let lines = run_all(&projects, &jobs);
    assert!(
        lines.is_empty(),
        "{} disagreements between hog check and the hand verdicts \
         (tests/fixtures/check/real/README.md says which side is wrong):\n{}",
        lines.len(),
        lines.join("\n")
    );
}
