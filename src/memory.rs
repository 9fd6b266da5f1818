//! How much memory the tables of a run take, and how much this process may
//! still use: the least of the system's available memory, its cgroup's
//! limit, and its address-space limit (`ulimit -v`).

use std::path::{Path, PathBuf};

use crate::engine::fast::kernel::ROW_REACH;
use crate::error::HogError;

/// Goals up to this many states keep per-state rule tables (see
/// `rules::landing`); mirrors its limit.
const TABULATED_STATES: u64 = 1 << 22;

/// Bytes of one seat of a sweep at `goal`: every state's value (8) and
/// choice (1), and the lookup rows (8 per entry, 64 past the goal).
pub fn seat_bytes(goal: u32) -> u64 {
    let n = u64::from(goal);
    9 * n * n + 8 * n * (n + ROW_REACH as u64)
}

/// Bytes of one strategy table at `goal`.
pub fn table_bytes(goal: u32) -> u64 {
    u64::from(goal) * u64::from(goal)
}

/// Bytes of the tables a rule set keeps once tabulated: landings, zero-dice
/// points and where each zero-dice outcome lies (9 a state) and the
/// reachable states (2 a state), up to the goal where they stop being
/// tabulated; the end-of-game entries always.
pub fn rule_tables_bytes(goal: u32) -> u64 {
    let states = u64::from(goal) * u64::from(goal);
    let per_state = if states <= TABULATED_STATES { 11 } else { 0 };
    per_state * states + 8 * 64 * u64::from(goal)
}

/// Memory this process may still use, and what sets that limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Available {
    /// Bytes.
    pub bytes: u64,
    /// What limits it, in words ("MemAvailable", ...).
    pub limit: &'static str,
}

/// The least of the limits this system states; `None` where it states none.
/// `threads` running at once each reserve some address space of their own
/// (stacks, allocator arenas), which the address-space limit leaves room for.
pub fn available(threads: usize) -> Option<Available> {
    let system = mem_available().map(|bytes| Available {
        bytes,
        limit: "MemAvailable in /proc/meminfo",
    });
    let cgroup =
        cgroup_available(Path::new("/sys/fs/cgroup"), &read("/proc/self/cgroup")).map(|bytes| {
            Available {
                bytes,
                limit: "the cgroup's memory limit",
            }
        });
    let address_space = address_space_available(threads).map(|bytes| Available {
        bytes,
        limit: "ulimit -v",
    });
    [system, cgroup, address_space]
        .into_iter()
        .flatten()
        .min_by_key(|a| a.bytes)
}

/// Refuse `needed` bytes for `what` at `goal` when they would not fit.
pub fn check(goal: u32, needed: u64, what: &str, threads: usize) -> Result<(), HogError> {
    match available(threads) {
        Some(a) if needed > a.bytes => Err(HogError::OutOfMemory {
            goal,
            what: what.to_string(),
            needed_mib: needed >> 20,
            available_mib: a.bytes >> 20,
            limit: a.limit.to_string(),
        }),
        _ => Ok(()),
    }
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// `MemAvailable` from `/proc/meminfo`.
fn mem_available() -> Option<u64> {
    field_kib(&read("/proc/meminfo"), "MemAvailable:").map(|kib| kib * 1024)
}

/// The number after `name` on its line, in a `/proc` file of `name value kB` lines.
fn field_kib(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// What the memory cgroup of this process leaves, from the cgroup file
/// systems mounted at `root` and the text of `/proc/self/cgroup`: the
/// least, over the cgroup and its parents, of the limit less the memory in
/// use that cannot be reclaimed (cached file pages can be). Reads cgroup v2
/// (`memory.max`) and v1 (`memory/memory.limit_in_bytes`).
pub fn cgroup_available(root: &Path, proc_cgroup: &str) -> Option<u64> {
    let mut least: Option<u64> = None;
    for line in proc_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (mount, files) = match controllers {
            "" => (root.to_path_buf(), V2),
            c if c.split(',').any(|c| c == "memory") => (root.join("memory"), V1),
            _ => continue,
        };
        for folder in cgroup_folders(&mount, path) {
            if let Some(left) = cgroup_left(&folder, &files) {
                least = Some(least.map_or(left, |l: u64| l.min(left)));
            }
        }
    }
    least
}

/// The file names of one cgroup version: limit, usage, and the
/// `memory.stat` field of reclaimable file pages.
struct CgroupFiles {
    limit: &'static str,
    usage: &'static str,
    inactive_file: &'static str,
}

const V2: CgroupFiles = CgroupFiles {
    limit: "memory.max",
    usage: "memory.current",
    inactive_file: "inactive_file",
};

const V1: CgroupFiles = CgroupFiles {
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
    inactive_file: "total_inactive_file",
};

/// The cgroup's folder and its parents' under `mount`. In a container the
/// path in `/proc/self/cgroup` may name the host's hierarchy while the
/// container sees its own cgroup at the mount's root: then the root is it.
fn cgroup_folders(mount: &Path, path: &str) -> Vec<PathBuf> {
    let own = mount.join(path.trim_start_matches('/'));
    let start = if own.is_dir() {
        own
    } else {
        mount.to_path_buf()
    };
    start
        .ancestors()
        .take_while(|f| f.starts_with(mount))
        .map(Path::to_path_buf)
        .collect()
}

/// What one cgroup folder's limit leaves, if it has a limit.
fn cgroup_left(folder: &Path, files: &CgroupFiles) -> Option<u64> {
    let limit: u64 = read(folder.join(files.limit)).trim().parse().ok()?;
    // v1 states "no limit" as a huge number rounded to pages.
    if limit >= 1 << 60 {
        return None;
    }
    let usage: u64 = read(folder.join(files.usage)).trim().parse().unwrap_or(0);
    let stat = read(folder.join("memory.stat"));
    let reclaimable = stat
        .lines()
        .find_map(|l| {
            l.strip_prefix(files.inactive_file)?
                .trim()
                .parse::<u64>()
                .ok()
        })
        .unwrap_or(0);
    Some(limit.saturating_sub(usage.saturating_sub(reclaimable)))
}

/// What `RLIMIT_AS` leaves of this process's address space, less room for
/// the stacks and allocator arenas of `threads` threads.
fn address_space_available(threads: usize) -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes only into `limit`.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        let used = field_kib(&read("/proc/self/status"), "VmSize:").unwrap_or(0) * 1024;
        // Each thread may reserve a 64 MiB allocator arena and a stack: the
        // workers, the main thread and the signal handler's. A reservation
        // already made counts twice (in `used` too), which errs on the safe side.
        let room = (64 << 20) + (threads as u64 + 2) * (72 << 20);
        Some(limit.rlim_cur.saturating_sub(used + room))
    }
    #[cfg(not(unix))]
    {
        let _ = threads;
        None
    }
}

/// The memory a command needs at its peak.
#[derive(Debug, Clone, Copy, Default)]
pub struct Need {
    /// Sweep seats alive at once (each a value, choice and lookup table).
    pub seats: u64,
    /// Strategy tables alive at once.
    pub tables: u64,
    /// Other bytes (output buffers, pictures).
    pub extra: u64,
}

impl Need {
    /// The bytes at `goal`, with the rule set's own tables and the
    /// process itself (code, stacks, small allocations).
    pub fn bytes(self, goal: u32) -> u64 {
        const PROCESS: u64 = 16 << 20;
        PROCESS
            + self.seats * seat_bytes(goal)
            + self.tables * table_bytes(goal)
            + self.extra
            + rule_tables_bytes(goal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, file: &str, text: &str) {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join(file), text).unwrap();
    }

    #[test]
    fn seat_and_table_sizes() {
        assert_eq!(seat_bytes(100), 9 * 10_000 + 8 * 100 * 164);
        assert_eq!(table_bytes(1000), 1_000_000);
        assert_eq!(rule_tables_bytes(100), 11 * 10_000 + 8 * 64 * 100);
        assert_eq!(rule_tables_bytes(3000), 8 * 64 * 3000, "not tabulated");
    }

    #[test]
    fn cgroup_v2_limits_count_the_tightest_parent_and_reclaimable_pages() {
        let root = tempfile::tempdir().unwrap();
        let parent = root.path().join("a");
        let own = parent.join("b");
        write(&parent, "memory.max", "1000000\n");
        write(&parent, "memory.current", "300000\n");
        write(&parent, "memory.stat", "anon 1\ninactive_file 100000\n");
        write(&own, "memory.max", "max\n");
        write(&own, "memory.current", "5\n");
        assert_eq!(cgroup_available(root.path(), "0::/a/b\n"), Some(800_000));
        assert_eq!(cgroup_available(root.path(), "0::/elsewhere\n"), None);
    }

    #[test]
    fn cgroup_v1_in_a_container_reads_the_mount_root() {
        let root = tempfile::tempdir().unwrap();
        let memory = root.path().join("memory");
        write(&memory, "memory.limit_in_bytes", "4000000\n");
        write(&memory, "memory.usage_in_bytes", "1500000\n");
        write(&memory, "memory.stat", "total_inactive_file 500000\n");
        let proc = "5:devices:/x\n4:memory:/host/path/of/container\n0::/\n";
        assert_eq!(cgroup_available(root.path(), proc), Some(3_000_000));
        write(&memory, "memory.limit_in_bytes", "9223372036854771712\n");
        assert_eq!(cgroup_available(root.path(), proc), None, "no limit");
    }

    #[test]
    fn meminfo_fields_are_read() {
        let text = "MemTotal:       24683656 kB\nMemAvailable:   23910672 kB\n";
        assert_eq!(field_kib(text, "MemAvailable:"), Some(23_910_672));
        assert_eq!(field_kib(text, "VmSize:"), None);
    }
}
