//! `hog export` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct ExportArgs {}

pub fn run(_config: &Config, _args: &ExportArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog export is not implemented yet")
}
