//! `hog completions SHELL` and `hog manpage [--out DIR]`: the shell
//! completions and manual pages, made from the same clap definitions as the
//! command line itself, so they cannot drift from it.

use std::path::PathBuf;

use clap::{Args, CommandFactory};

use super::{Config, Opts, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  hog completions bash > ~/.local/share/bash-completion/completions/hog
  hog completions zsh > ~/.zfunc/_hog      (with fpath+=~/.zfunc in ~/.zshrc)
  hog completions fish > ~/.config/fish/completions/hog.fish
  hog completions powershell >> $PROFILE")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  hog manpage | man -l -
  hog manpage --out ~/.local/share/man/man1     (then: man hog, man hog-solve)")]
pub struct ManpageArgs {
    /// Write hog.1 and one page per command (hog-solve.1, ...) into this
    /// folder instead of printing hog.1.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

pub fn completions(args: &CompletionsArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Opts::command(), "hog", &mut script);
    printer.text(&String::from_utf8_lossy(&script))?;
    Ok(())
}

/// Every page: `hog` itself, then one per command, with its file name.
fn pages() -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let mut root = Opts::command();
    // Building propagates the global options to every command's page.
    root.build();
    let mut pages = Vec::new();
    let render = |cmd: clap::Command| -> anyhow::Result<(String, Vec<u8>)> {
        let man = clap_mangen::Man::new(cmd);
        let mut bytes = Vec::new();
        man.render(&mut bytes)?;
        Ok((man.get_filename(), bytes))
    };
    pages.push(render(root.clone())?);
    for sub in root.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("hog-{}", sub.get_name());
        pages.push(render(sub.clone().name(name))?);
    }
    Ok(pages)
}

pub fn manpage(config: &Config, args: &ManpageArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let pages = pages()?;
    let Some(folder) = &args.out else {
        printer.text(&String::from_utf8_lossy(&pages[0].1))?;
        return Ok(());
    };
    let mut files = config.atomic_files();
    for (name, bytes) in &pages {
        files.write(&folder.join(name), |out| out.write_all(bytes))?;
    }
    let written = files.commit()?.written;
    let mut text = String::new();
    for path in written {
        text += &format!("wrote {}\n", path.display());
    }
    printer.text(&text)?;
    Ok(())
}
