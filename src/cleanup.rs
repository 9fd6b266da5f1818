//! What a run must undo if it is interrupted: temporary files to remove and
//! child process groups to kill. The library registers them while they
//! exist; a program that handles SIGINT and SIGTERM (the `hog` binary does)
//! calls [`interrupted`] before it dies, so that neither a `.hog-*.tmp` file
//! nor a student's `python3` outlives it.
//!
//! A student's code may leave its process group (`os.setsid()`) and its
//! parent (a double fork). A program that calls [`adopt_orphans`] (the
//! `hog` binary, on Linux) becomes the parent of every such orphan below
//! it; [`kill_strays`] kills those no run owns once a run ends, and
//! [`end_children`] everything below the program when it ends.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    files: Vec<(u64, PathBuf)>,
    folders: Vec<(u64, PathBuf)>,
    groups: Vec<(u64, u32)>,
    next: u64,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    files: Vec::new(),
    folders: Vec::new(),
    groups: Vec::new(),
    next: 0,
});

fn registry() -> MutexGuard<'static, Registry> {
    // A panic elsewhere while holding the lock leaves the lists intact.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// A registration that ends when dropped.
#[must_use = "the registration ends when this is dropped"]
pub struct Registered {
    id: u64,
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut r = registry();
        r.files.retain(|(id, _)| *id != self.id);
        r.folders.retain(|(id, _)| *id != self.id);
        r.groups.retain(|(id, _)| *id != self.id);
    }
}

/// Remove `path` if the run is interrupted before the guard is dropped.
pub fn remove_on_interrupt(path: &Path) -> Registered {
    let mut r = registry();
    r.next += 1;
    let id = r.next;
    r.files.push((id, path.to_path_buf()));
    Registered { id }
}

/// Make a file with `create` and register it (its path by `path`) as one
/// step under the registry's lock: an interrupt cannot land between the
/// file's appearing and its registration, which would leave it behind.
pub fn create_removed_on_interrupt<T>(
    create: impl FnOnce() -> std::io::Result<T>,
    path: impl Fn(&T) -> &Path,
) -> std::io::Result<(T, Registered)> {
    let mut r = registry();
    let made = create()?;
    r.next += 1;
    let id = r.next;
    r.files.push((id, path(&made).to_path_buf()));
    Ok((made, Registered { id }))
}

/// Remove the folder `path`, if it is empty by then, if the run is
/// interrupted before the guard is dropped (a folder made for files that
/// never arrived).
pub fn remove_folder_on_interrupt(path: &Path) -> Registered {
    let mut r = registry();
    r.next += 1;
    let id = r.next;
    r.folders.push((id, path.to_path_buf()));
    Registered { id }
}

/// Kill the process group `pgid` if the run is interrupted before the
/// guard is dropped.
pub fn kill_on_interrupt(pgid: u32) -> Registered {
    registry().add_group(pgid)
}

/// Start `command` and register it (its process group, its pid a child
/// of this process that a run owns) as one step: [`kill_strays`] never
/// sees it unregistered.
pub fn spawn_registered(command: &mut Command) -> std::io::Result<(Child, Registered)> {
    let mut r = registry();
    let child = command.spawn()?;
    let registered = r.add_group(child.id());
    Ok((child, registered))
}

/// Whether this process adopts its descendants' orphans.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// Make this process the parent of every orphan below it (Linux's child
/// subreaper), so that what a student's code leaves behind stays where
/// [`kill_strays`] and [`end_children`] find it. For a program that owns
/// its children (the `hog` binary); a library inside another program must
/// not take that program's orphans. Whether it took effect.
pub fn adopt_orphans() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with these arguments only sets a flag of this process.
        let done = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0;
        ADOPTING.store(done, Ordering::SeqCst);
        done
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// Run `start` (which starts a process meant to outlive this one, such as
/// a browser) with orphans not adopted: what it leaves goes to the system,
/// not to [`kill_strays`].
pub fn unadopted<T>(start: impl FnOnce() -> T) -> T {
    let _held = registry();
    #[cfg(target_os = "linux")]
    if ADOPTING.load(Ordering::SeqCst) {
        // SAFETY: as in adopt_orphans.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
        }
        let done = start();
        // SAFETY: as in adopt_orphans.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        return done;
    }
    start()
}

/// Kill every child of this process that no run owns (an orphan a
/// student's code left, adopted), with everything below it, and reap it.
/// Nothing unless [`adopt_orphans`] took effect.
pub fn kill_strays() {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    let r = registry();
    let owned: Vec<u32> = r.groups.iter().map(|&(_, pid)| pid).collect();
    let strays: Vec<u32> = children_of_this_process()
        .into_iter()
        .filter(|pid| !owned.contains(pid))
        .collect();
    if strays.is_empty() {
        return;
    }
    crate::descendants::kill_trees(&strays);
    drop(r);
    reap(&strays);
}

/// Kill everything below this process: when it ends, or is interrupted.
pub fn end_children() {
    let r = registry();
    for &(_, pgid) in &r.groups {
        kill_group(pgid);
    }
    crate::descendants::kill_below(&[std::process::id()]);
}

/// The direct children of this process.
fn children_of_this_process() -> Vec<u32> {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .filter(|&pid| crate::descendants::parent_of(pid) == Some(me))
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    Vec::new()
}

/// Wait (a little) for killed strays to die, so none stays a zombie.
fn reap(pids: &[u32]) {
    #[cfg(unix)]
    {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        let mut left: Vec<u32> = pids.to_vec();
        while !left.is_empty() && std::time::Instant::now() < deadline {
            left.retain(|&pid| {
                let Ok(pid) = libc::pid_t::try_from(pid) else {
                    return false;
                };
                let mut status = 0;
                // SAFETY: waitpid writes only `status`; these pids are this
                // process's untracked children, which no Child handle waits for.
                let done = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
                done == 0
            });
            if !left.is_empty() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = pids;
}

/// Hold off [`interrupted`] while `work` runs: renaming a set of files
/// into place is not cut in half by a signal.
pub fn uninterrupted<T>(work: impl FnOnce() -> T) -> T {
    let _held = registry();
    work()
}

/// Kill every registered process group and everything below this process,
/// and remove every registered file. Call it from a signal handler's
/// thread just before the process ends; it waits for a [`uninterrupted`]
/// section to finish first.
pub fn interrupted() {
    let r = registry();
    r.undo();
    crate::descendants::kill_below(&[std::process::id()]);
}

impl Registry {
    fn add_group(&mut self, pgid: u32) -> Registered {
        self.next += 1;
        let id = self.next;
        self.groups.push((id, pgid));
        Registered { id }
    }

    fn undo(&self) {
        for &(_, pgid) in &self.groups {
            kill_group(pgid);
        }
        for (_, path) in &self.files {
            let _ = std::fs::remove_file(path);
        }
        // Registered outermost first; the innermost must go first.
        for (_, path) in self.folders.iter().rev() {
            let _ = std::fs::remove_dir(path);
        }
    }
}

/// Send SIGKILL to every process in the group `pgid` (nothing if it is gone).
pub fn kill_group(pgid: u32) {
    #[cfg(unix)]
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        // SAFETY: killpg has no memory effects; a group that is gone gives ESRCH.
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_removes_the_files_registered_and_only_those() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, "").unwrap();
        std::fs::write(&b, "").unwrap();
        let registry = Registry {
            files: vec![(1, a.clone())],
            folders: Vec::new(),
            groups: Vec::new(),
            next: 1,
        };
        registry.undo();
        assert!(!a.exists());
        assert!(b.exists());
    }

    #[test]
    fn a_dropped_guard_leaves_the_registry() {
        let path = Path::new("/nonexistent/hog-cleanup-test");
        let guard = remove_on_interrupt(path);
        assert!(registry().files.iter().any(|(_, p)| p == path));
        drop(guard);
        assert!(!registry().files.iter().any(|(_, p)| p == path));
    }
}
