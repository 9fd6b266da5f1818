//! `hog serve [--port PORT] [--host ADDR] [--no-open] [--strategy SPEC]...`:
//! the web page and its JSON API (see `crate::serve`).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use clap::Args;

use crate::check::Referee;
use crate::play::Player;
use crate::serve::{ContestFolder, Limits, NamedStrategy, ServerState};
use crate::strategy::Spec;
use crate::HogError;

use super::{Config, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
The first line on stdout is the address served. The page plays the course's \
game with the exact numbers beside it, maps strategies and compares them; \
the JSON API behind it answers as the commands' --format json do (see the \
book: docs/src/api.md). Ctrl-C stops the server.

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
    /// A folder of Hog Contest submissions (*.py) entered now, for the
    /// rules given: the page's contest shows them with the uploaded tables.
    #[arg(long, value_name = "DIR")]
    pub contest: Option<std::path::PathBuf>,
    /// Memory the computations under way may hold together, in MiB
    /// (default: 1024, or half of what this process may use if less).
    /// Requests beyond it wait, then are answered 503 (busy).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(64..=1 << 30))]
    pub memory_budget: Option<u64>,
    /// Connections held at once; at the bound the idlest is closed to
    /// make room.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u64).range(8..=100_000))]
    pub max_connections: u64,
    /// The GUI as a debugger (Fall 2024's project): Play replays each game
    /// through your own hog.py's play and sus_update, shows its scores
    /// beside the rules' and marks the first turn where they differ.
    #[arg(long, value_name = "PATH/hog.py")]
    pub student: Option<std::path::PathBuf>,
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
            rules: config.rules.identity(),
            rules_name: config.rules.name(),
            table: Arc::new(table),
        });
    }
    let contest = match &args.contest {
        None => None,
        Some(dir) => Some(enter_contest(config, dir)?),
    };
    // The file is tried once here, so a file that does not import stops
    // the server before it starts, not a game in the page.
    let student = match &args.student {
        Some(path) => {
            let referee = Referee::new(&config.rules, path, config.python_timeout)?;
            referee
                .replay(&[], Player::Human, Some(Player::Human))
                .map_err(HogError::from)?;
            Some(referee)
        }
        None => None,
    };
    few_malloc_arenas();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.threads.max(1))
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = listen(SocketAddr::new(ip, args.port)).map_err(|e| {
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
        let mut limits = Limits::default();
        if let Some(mib) = args.memory_budget {
            limits.memory_budget = mib << 20;
        }
        let connections = crate::serve::ConnectionLimits {
            max_connections: args.max_connections as usize,
            ..Default::default()
        };
        raise_descriptor_limit(connections.max_connections);
        let mut state = ServerState::new(addr, named, limits).with_connections(connections);
        state = match config.rules.origin() {
            Some(_) => state.with_house_rules(config.rules.clone()),
            None => state.with_page_rules(&config.rules),
        };
        if let Some(folder) = contest.clone() {
            state = state.with_contest(folder);
        }
        if let Some(referee) = student.clone() {
            state = state.with_student(referee, &config.rules);
        }
        let state = Arc::new(state);
        crate::serve::serve(listener, state, stopped()).await?;
        anyhow::Ok(())
    })
}

/// The submissions of a contest folder, tabulated for the server's rules.
fn enter_contest(config: &Config, dir: &std::path::Path) -> anyhow::Result<ContestFolder> {
    let folder = crate::contest::discover(dir, "final_strategy", &[])?;
    let options = crate::contest::EntryOptions {
        function: "final_strategy".into(),
        timeout: config.python_timeout,
        jobs: std::thread::available_parallelism().map_or(1, usize::from),
        default_dice: None,
        logs: None,
    };
    let bar = config
        .progress
        .list(folder.submissions.len() as u64, "tabulating");
    let entered = crate::contest::enter(
        &folder,
        &config.rules,
        &options,
        &crate::contest::TableCache::new(),
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    config.progress.note(&format!(
        "contest: {} entries from {}, {} left out",
        entered.entries.len(),
        dir.display(),
        entered.rejected.len()
    ));
    Ok(ContestFolder {
        rules: config.rules.identity(),
        rules_name: config.rules.name(),
        goal: config.rules.goal(),
        entries: entered.entries,
        rejected: entered.rejected,
    })
}

/// glibc reserves address space for up to eight allocation arenas a core,
/// 64 MiB each, as threads allocate: under an address-space limit that
/// alone would exhaust it. A server whose work is admitted by its budget
/// needs few.
fn few_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator, before the
    // server's threads start.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// A listener on `addr` with a long backlog: a burst of connections waits
/// there to be accepted (the accept loop makes room) instead of being
/// dropped and retried by the client a second later.
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)
}

/// Let this process hold as many descriptors as it may (its hard limit),
/// so that `max_connections` connections and the work behind them fit.
fn raise_descriptor_limit(max_connections: usize) {
    #[cfg(unix)]
    // SAFETY: getrlimit and setrlimit read and write only `limit`.
    unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            let want = (max_connections as libc::rlim_t + 256).min(limit.rlim_max);
            if limit.rlim_cur < want {
                limit.rlim_cur = want;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = max_connections;
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
    // The browser outlives the server: started by a shell that leaves it
    // at once, with orphans not adopted, it is not a child of this run
    // (whose children are all killed when it ends).
    crate::cleanup::unadopted(|| {
        let mut command = if cfg!(unix) {
            let mut sh = std::process::Command::new("sh");
            sh.args(["-c", "\"$0\" \"$1\" >/dev/null 2>&1 &", opener, url]);
            sh
        } else {
            let mut direct = std::process::Command::new(opener);
            direct.arg(url);
            direct
        };
        let child = command
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if let Ok(mut child) = child {
            let _ = child.wait();
        }
    });
}
