//! `hog sweep` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct SweepArgs {}

pub fn run(_config: &Config, _args: &SweepArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog sweep is not implemented yet")
}
