//! `hog serve [--port PORT] [--host ADDR] [--no-open] [--strategy SPEC]...`:
//! the web page and its JSON API (see `crate::serve`).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use clap::Args;

use crate::serve::{Limits, NamedStrategy, ServerState};
use crate::strategy::Spec;
use crate::HogError;

use super::{Config, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
The first line on stdout is the address served. The page plays the course's \
game with the exact numbers beside it, maps strategies and compares them; \
the JSON API behind it answers as the commands' --format json do (see the \
README). Ctrl-C stops the server.

Examples:
  hog serve
  hog serve --port 0 --no-open
  hog serve --strategy hog/hog.py:final_strategy --strategy my_table.csv")]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 31415)]
    pub port: u16,
    /// The address to listen on. Anything but loopback lets every machine
    /// that can reach this one use the server.
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub host: String,
    /// Do not open the page in a browser.
    #[arg(long)]
    pub no_open: bool,
    /// A strategy the page may use that requests cannot name by themselves:
    /// a Python function (PATH/hog.py:function) or a table file, tabulated
    /// now for the rules given. Repeat for more.
    #[arg(long, value_name = "SPEC")]
    pub strategy: Vec<String>,
}

pub fn run(config: &Config, args: &ServeArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let ip: IpAddr = args.host.trim().parse().map_err(|_| {
        HogError::BadArgument(format!(
            "--host '{}' is not an IP address (127.0.0.1, ::1, 0.0.0.0, ...)",
            args.host.trim()
        ))
    })?;
    if !ip.is_loopback() {
        config.progress.note(&format!(
            "listening on {ip}: every machine that can reach this one can use the server"
        ));
    }
    let resolver = config.resolver();
    let mut named = Vec::new();
    for text in &args.strategy {
        let spec = Spec::parse(text)?;
        let table = resolver.resolve(&spec)?;
        named.push(NamedStrategy {
            spec: spec.to_string(),
            rules: config.rules.name(),
            table: Arc::new(table),
        });
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.threads.max(1))
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, args.port))
            .await
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AddrInUse {
                    HogError::BadArgument(format!(
                        "port {} is in use (another hog serve?): pick another with --port, \
                         or --port 0 for a free one",
                        args.port
                    ))
                } else {
                    HogError::BadArgument(format!("cannot listen on {ip}:{}: {e}", args.port))
                }
            })?;
        let addr = listener.local_addr()?;
        let url = page_url(addr);
        printer.text(&format!("{url}\n"))?;
        if !args.no_open {
            open_browser(&url);
        }
        let state = Arc::new(
            ServerState::new(addr, named, Limits::default()).with_page_rules(&config.rules),
        );
        crate::serve::serve(listener, state, stopped()).await?;
        anyhow::Ok(())
    })
}

/// The address a browser on this machine opens.
fn page_url(addr: SocketAddr) -> String {
    match addr.ip() {
        ip if ip.is_unspecified() => format!("http://127.0.0.1:{}/", addr.port()),
        IpAddr::V6(v6) => format!("http://[{v6}]:{}/", addr.port()),
        v4 => format!("http://{v4}:{}/", addr.port()),
    }
}

/// Ctrl-C or SIGTERM.
async fn stopped() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

/// Open `url` in the default browser where there is a display; quietly
/// nothing where there is none.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else if std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
    {
        "xdg-open"
    } else {
        return;
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
