//! `hog simulate` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct SimulateArgs {}

pub fn run(_config: &Config, _args: &SimulateArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog simulate is not implemented yet")
}
