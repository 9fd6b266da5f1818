//! What a run must undo if it is interrupted: temporary files to remove and
//! child process groups to kill. The library registers them while they
//! exist; a program that handles SIGINT and SIGTERM (the `hog` binary does)
//! calls [`interrupted`] before it dies, so that neither a `.hog-*.tmp` file
//! nor a student's `python3` outlives it.

use std::path::{Path, PathBuf};
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
    let mut r = registry();
    r.next += 1;
    let id = r.next;
    r.groups.push((id, pgid));
    Registered { id }
}

/// Hold off [`interrupted`] while `work` runs: renaming a set of files
/// into place is not cut in half by a signal.
pub fn uninterrupted<T>(work: impl FnOnce() -> T) -> T {
    let _held = registry();
    work()
}

/// Kill every registered process group and remove every registered file.
/// Call it from a signal handler's thread just before the process ends;
/// it waits for a [`uninterrupted`] section to finish first.
pub fn interrupted() {
    registry().undo();
}

impl Registry {
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
