//! Every process below a process, from Linux's `/proc`: what a student's
//! code started, even when it left its process group (`os.setsid()`) or
//! its parent (a double fork). Killing a process group misses those; a
//! walk of the process tree does not. Each process found is stopped before
//! the walk goes on, so none can fork a child the walk would miss, then
//! all are killed.
//!
//! Elsewhere than Linux these find nothing: process groups are all there is.

/// The pid of every process whose parent is in `parents`, and so on down,
/// as `/proc` shows them now.
#[cfg(target_os = "linux")]
fn below(parents: &[u32]) -> Vec<u32> {
    let mut links: Vec<(u32, u32)> = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        if let Some(ppid) = parent_of(pid) {
            links.push((ppid, pid));
        }
    }
    let mut found: Vec<u32> = Vec::new();
    let mut frontier: Vec<u32> = parents.to_vec();
    while let Some(parent) = frontier.pop() {
        for &(p, child) in &links {
            if p == parent && !found.contains(&child) && !parents.contains(&child) {
                found.push(child);
                frontier.push(child);
            }
        }
    }
    found
}

/// The parent of `pid`, from `/proc/PID/stat` (the field after the state,
/// which follows the command name in parentheses).
#[cfg(target_os = "linux")]
pub fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(not(target_os = "linux"))]
pub fn parent_of(_pid: u32) -> Option<u32> {
    None
}

#[cfg(unix)]
fn signal(pid: u32, signal: libc::c_int) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        if pid > 1 {
            // SAFETY: kill has no memory effects; a pid that is gone gives ESRCH.
            unsafe {
                libc::kill(pid, signal);
            }
        }
    }
}

/// Stop every process below `roots` (walking again until a walk finds
/// nothing new: a stopped process forks no more), then kill them all; the
/// roots themselves are left. The pids killed.
#[cfg(target_os = "linux")]
pub fn kill_below(roots: &[u32]) -> Vec<u32> {
    let mut all: Vec<u32> = Vec::new();
    // Each round stops what it finds; a process forked meanwhile is found
    // by the next. Bounded, for a fork bomb outrunning the walk.
    for _ in 0..64 {
        let found: Vec<u32> = below(roots)
            .into_iter()
            .filter(|p| !all.contains(p))
            .collect();
        if found.is_empty() {
            break;
        }
        for &pid in &found {
            signal(pid, libc::SIGSTOP);
        }
        all.extend(found);
    }
    for &pid in &all {
        signal(pid, libc::SIGKILL);
    }
    all
}

#[cfg(not(target_os = "linux"))]
pub fn kill_below(_roots: &[u32]) -> Vec<u32> {
    Vec::new()
}

/// Kill `pids` and everything below them.
pub fn kill_trees(pids: &[u32]) {
    kill_below(pids);
    #[cfg(unix)]
    for &pid in pids {
        signal(pid, libc::SIGKILL);
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::Command;

    /// A shell that starts a child in a session of its own (as a student's
    /// `os.setsid()` would) and another child: both are found and killed.
    #[test]
    fn what_left_the_process_group_is_found_and_killed() {
        let mut shell = Command::new("sh")
            .args(["-c", "setsid sleep 300 & sleep 300 & wait"])
            .spawn()
            .unwrap();
        let root = shell.id();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while below(&[root]).len() < 2 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let found = below(&[root]);
        assert!(found.len() >= 2, "{found:?}");
        let killed = kill_below(&[root]);
        for pid in &found {
            assert!(killed.contains(pid));
        }
        let _ = shell.kill();
        let _ = shell.wait();
        // The killed are zombies or gone once their parent reaps them.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while found.iter().any(|&p| alive(p)) && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(found.iter().all(|&p| !alive(p)));
    }

    fn alive(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .is_some_and(|state| state != "Z" && state != "X")
        })
    }
}
