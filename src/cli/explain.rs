//! `hog explain` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct ExplainArgs {}

pub fn run(_config: &Config, _args: &ExplainArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog explain is not implemented yet")
}
