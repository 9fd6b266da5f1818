//! The `hog` binary: parse, run, and map errors to exit statuses
//! (2 for bad input, 1 for other failures, 0 on a closed pipe).

mod cli;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    clean_up_on_signals();
    let opts = match cli::Opts::try_parse() {
        Ok(opts) => opts,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            cli::say(&format!(
                "error: {}",
                one_line_usage_error(&e.render().to_string())
            ));
            return ExitCode::from(2);
        }
    };
    match cli::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if is_broken_pipe(&error) {
                return ExitCode::SUCCESS;
            }
            cli::say(&format!("error: {}", one_line(&error)));
            if error
                .chain()
                .any(|e| e.downcast_ref::<hog::HogError>().is_some())
            {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// Clap's message without its usage block and help hint, on one line.
fn one_line_usage_error(rendered: &str) -> String {
    let kept: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
        })
        .collect();
    kept.join(" ").trim_start_matches("error: ").to_string()
}

/// The error and its causes joined with ": ", skipping a cause whose text
/// the message before it already includes.
fn one_line(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text += ": ";
            }
            text += &part;
        }
    }
    text.replace('\n', " ")
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|e| e.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}

/// On SIGINT, SIGTERM or SIGHUP: remove the temporary files and kill the
/// Python process groups this run has open, then die of the same signal.
fn clean_up_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                hog::cleanup::interrupted();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}
