//! Shell completions, manual pages and help: made from the command line's
//! own definitions, so every command and option appears in them.

use crate::util::Scratch;

const COMMANDS: [&str; 17] = [
    "solve",
    "eval",
    "rates",
    "sweep",
    "tournament",
    "match",
    "contest",
    "explain",
    "simulate",
    "export",
    "plot",
    "play",
    "check",
    "serve",
    "rules",
    "completions",
    "manpage",
];

#[test]
fn completions_cover_every_command_in_every_shell() {
    let s = Scratch::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = s.run(&["completions", shell]);
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: {command}");
        }
        assert!(script.contains("win-probabilities"), "{shell}");
    }
    // The bash script is valid bash.
    let bash = s.run(&["completions", "bash"]);
    s.write("hog.bash", &bash);
    let status = std::process::Command::new("bash")
        .arg("-n")
        .arg(s.join("hog.bash"))
        .status()
        .unwrap();
    assert!(status.success());
    s.refuse_usage(&["completions", "tcsh"], &["'tcsh'"]);
}

#[test]
fn manual_pages_cover_every_command_and_option() {
    let s = Scratch::new();
    let page = s.run(&["manpage"]);
    assert!(page.contains(".TH hog 1"), "{}", &page[..200]);
    for command in COMMANDS {
        assert!(page.contains(command), "{command}");
    }
    let wrote = s.run(&["manpage", "--out", "man1"]);
    assert_eq!(wrote.lines().count(), 1 + COMMANDS.len());
    for command in COMMANDS {
        let page = std::fs::read_to_string(s.join(&format!("man1/hog-{command}.1"))).unwrap();
        assert!(page.contains(&format!(".TH hog-{command} 1")), "{command}");
        // Global options reach every command's page.
        assert!(page.contains("no\\-memory\\-check"), "{command}");
    }
}

#[test]
fn help_sets_global_options_apart_and_names_no_outside_file() {
    let s = Scratch::new();
    for args in [&["--help"][..], &["eval", "--help"], &["solve", "--help"]] {
        let help = s.run(args);
        assert!(help.contains("Rules options:"), "{args:?}");
        assert!(help.contains("Global options:"), "{args:?}");
        assert!(
            !help.contains("RULES.md") && !help.contains("CLI.md"),
            "{args:?}"
        );
        assert!(
            help.contains("Markdown"),
            "{args:?}: --format md is documented"
        );
    }
    let eval = s.run(&["eval", "--help"]);
    let own = eval.find("--vs").unwrap();
    assert!(
        own < eval.find("Rules options:").unwrap(),
        "own options first"
    );
}

#[test]
fn the_opponent_is_vs_everywhere_with_the_old_names_as_aliases() {
    let s = Scratch::new();
    let a = s.json(&["solve", "--vs", "always_roll(6)", "--out", "a"]);
    let b = s.json(&["solve", "--against", "always_roll(6)", "--out", "b"]);
    assert_eq!(
        a["first_player_win_probability"],
        b["first_player_win_probability"]
    );
    assert_eq!(a["against"], "always_roll(6)");
    for name in ["--vs", "--bot"] {
        let out = s
            .hog()
            .args(["play", name, "always_roll(4)", "--seed", "1"])
            .write_stdin("quit\n")
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("Hog against always_roll(4)"));
    }
    s.refuse(
        &["play", "--format", "json"],
        &["hog play is a game in text"],
    );
}

#[test]
fn usage_errors_end_by_pointing_at_the_commands_help() {
    let s = Scratch::new();
    let line = s.refuse(&["eval", "optimal", "--bogus"], &["--bogus"]);
    assert!(
        line.trim_end().ends_with("(see `hog eval --help`)"),
        "{line}"
    );
    let line = s.refuse(&["nope"], &["nope"]);
    assert!(line.trim_end().ends_with("(see `hog --help`)"), "{line}");
    s.refuse(
        &["--goal", "4294967296", "solve"],
        &["bad goal: goal 4294967296 is larger than the maximum 1000000"],
    );
}
