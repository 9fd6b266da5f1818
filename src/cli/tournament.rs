//! `hog tournament` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct TournamentArgs {}

pub fn run(_config: &Config, _args: &TournamentArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog tournament is not implemented yet")
}
