//! The command line's entry: parse, run, and map errors to exit statuses
//! (2 for bad input, 1 for other failures, 0 on a closed pipe). The `hog`
//! binary and the Python package's `hog` command both start here.

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::Parser;

/// Run the command line `args` (the program name first) to its end; the
/// exit status.
pub fn main(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> u8 {
    let opts = match super::Opts::try_parse_from(args) {
        Ok(opts) => opts,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return 0;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return 2;
        }
        Err(e) => {
            super::say(&format!(
                "error: {}",
                one_line_usage_error(&e.render().to_string())
            ));
            return 2;
        }
    };
    if !opts.handles_its_own_signals() {
        clean_up_on_signals();
    }
    // No child a student's code starts outlives this run: orphans come
    // here, and everything below is killed at the end.
    crate::cleanup::adopt_orphans();
    let status = run(opts);
    crate::cleanup::end_children();
    status
}

/// The parsed command line run; its exit status.
fn run(opts: super::Opts) -> u8 {
    match super::run(opts) {
        Ok(()) => 0,
        Err(error) => {
            if is_broken_pipe(&error) {
                return 0;
            }
            // A command that said all it had to (hog check's report) and
            // ends with a status of its own.
            if let Some(super::Status(status)) = error.downcast_ref::<super::Status>() {
                return *status;
            }
            super::say(&format!("error: {}", one_line(&error)));
            if error
                .chain()
                .any(|e| e.downcast_ref::<crate::HogError>().is_some())
            {
                2
            } else {
                1
            }
        }
    }
}

/// Clap's message on one line, without its usage block and help hint but
/// pointing at the help of the command it is about.
fn one_line_usage_error(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.lines().map(str::trim).collect();
    // "Usage: hog eval [OPTIONS] <STRATEGY>" names the command.
    let command: Vec<&str> = lines
        .iter()
        .find_map(|l| l.strip_prefix("Usage: "))
        .map(|usage| {
            usage
                .split_whitespace()
                // Clap repeats the options already given ("Usage: hog
                // simulate --rules <RULES> ..."): the command ends before them.
                .take_while(|w| {
                    w.starts_with(|c: char| c.is_ascii_lowercase())
                        && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                })
                .collect()
        })
        .unwrap_or_else(|| vec!["hog"]);
    let kept: Vec<&str> = lines
        .into_iter()
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
        })
        .collect();
    format!(
        "{} (see `{} --help`)",
        kept.join(" ").trim_start_matches("error: "),
        command.join(" ")
    )
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
    crate::text::one_line(&text)
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
                crate::cleanup::interrupted();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::one_line_usage_error;

    #[test]
    fn usage_errors_point_at_the_commands_help() {
        let rendered = "error: unexpected argument '--bogus' found\n\n  tip: to pass '--bogus' as a value, use '-- --bogus'\n\nUsage: hog eval [OPTIONS] <SPEC>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_usage_error(rendered),
            "unexpected argument '--bogus' found tip: to pass '--bogus' as a value, use '-- --bogus' (see `hog eval --help`)"
        );
        assert_eq!(
            one_line_usage_error("error: a\n\nUsage: hog [OPTIONS] <COMMAND>\n"),
            "a (see `hog --help`)"
        );
        assert_eq!(one_line_usage_error("error: b\n"), "b (see `hog --help`)");
        // Options already given appear in the usage line; they are not part
        // of the command's name.
        assert_eq!(
            one_line_usage_error(
                "error: c\n\nUsage: hog simulate --rules-file <FILE> [OPTIONS] <STRATEGY>\n"
            ),
            "c (see `hog simulate --help`)"
        );
    }
}
