//! `hog play` (not implemented yet).

use clap::Args;

use super::{Config, Printer};

#[derive(Debug, Args)]
pub struct PlayArgs {}

pub fn run(_config: &Config, _args: &PlayArgs, _printer: &mut Printer) -> anyhow::Result<()> {
    anyhow::bail!("hog play is not implemented yet")
}
