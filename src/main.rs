//! The `hog` binary: parse, run, and map errors to exit statuses
//! (2 for bad input, 1 for other failures, 0 on a closed pipe).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let opts = cli::Opts::parse();
    match cli::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if is_broken_pipe(&error) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {error:#}");
            if error.downcast_ref::<hog::HogError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|e| e.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
