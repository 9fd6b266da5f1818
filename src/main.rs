//! The `hog` binary: parse, run, and map errors to exit statuses
//! (2 for bad input, 1 for other failures, 0 on a closed pipe).

mod cli;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
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
    if !opts.handles_its_own_signals() {
        clean_up_on_signals();
    }
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
                .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
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

/// The system allocator, with a failed allocation turned into the usual
/// one-line error (exit status 2, like the memory check that should have
/// refused the goal) instead of an abort.
struct Allocator;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

// SAFETY: every call is passed to the system allocator unchanged; only a
// null result is acted on, and that never returns.
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        checked(std::alloc::System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        checked(std::alloc::System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        checked(std::alloc::System.realloc(ptr, layout, new_size), new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        std::alloc::System.dealloc(ptr, layout)
    }
}

fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// Say that `size` bytes could not be allocated and exit, without
/// allocating anything on the way (a formatted message would need to).
fn out_of_memory(size: usize) -> ! {
    use std::sync::atomic::{AtomicBool, Ordering};
    static ONCE: AtomicBool = AtomicBool::new(false);
    // A second failure, while cleaning up after the first: just leave.
    if !ONCE.swap(true, Ordering::SeqCst) {
        let mut line = [0u8; 200];
        let mut len = 0;
        let mut push = |bytes: &[u8]| {
            let n = bytes.len().min(line.len() - len);
            line[len..len + n].copy_from_slice(&bytes[..n]);
            len += n;
        };
        push(b"error: out of memory: could not allocate ");
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        let mut v = (size >> 20).max(1);
        loop {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        push(&digits[i..]);
        push(b" MiB more; a smaller --goal needs less\n");
        #[cfg(unix)]
        // SAFETY: write(2) reads `len` initialized bytes of `line`.
        unsafe {
            libc::write(2, line.as_ptr().cast(), len);
        }
        // Temporary files go with the process where possible.
        hog::cleanup::interrupted();
    }
    #[cfg(unix)]
    // SAFETY: _exit ends the process at once, as abort would.
    unsafe {
        libc::_exit(2)
    }
    #[cfg(not(unix))]
    std::process::exit(2)
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
    }
}
