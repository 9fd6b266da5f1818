//! `hog plot` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct PlotArgs {}

pub fn run(_config: &Config, _args: &PlotArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog plot is not implemented yet")
}
