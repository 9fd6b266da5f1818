//! Files that appear all at once, as a set: each is written to a temporary
//! file in its destination folder and renamed into place only when every
//! file of the set has been written completely; a file the set owns but
//! does not write this time is removed in the same step. If a rename fails,
//! everything already done is put back, so a set is replaced whole or not
//! at all.
//!
//! Each folder is locked (an advisory lock on the folder itself) from the
//! first temporary file to the last rename, so two writers never mix their
//! sets: the second waits. While a writer holds the lock, every temporary
//! file of ours in the folder belongs to a writer that died (`kill -9`), and
//! is removed. Temporary files are also removed when the process is
//! interrupted (see [`crate::cleanup`]).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::cleanup::{
    create_removed_on_interrupt, remove_folder_on_interrupt, uninterrupted, Registered,
};
use crate::error::HogError;

/// Temporary files start with this and end with [`TEMP_SUFFIX`] (or
/// [`BACKUP_SUFFIX`] for the old file kept while a set is replaced).
const TEMP_PREFIX: &str = ".hog-";
const TEMP_SUFFIX: &str = ".tmp";
const BACKUP_SUFFIX: &str = ".old";

/// A file written but not yet in place.
struct Pending {
    path: PathBuf,
    temp: NamedTempFile,
    _registered: Registered,
}

/// Told the folder when another writer holds its lock.
type WaitNotice = Box<dyn Fn(&Path)>;

/// A set of files being written; nothing is visible until [`AtomicFiles::commit`].
#[derive(Default)]
pub struct AtomicFiles {
    pending: Vec<Pending>,
    removals: Vec<PathBuf>,
    locks: Vec<(PathBuf, File)>,
    created: Vec<(PathBuf, Registered)>,
    on_wait: Option<WaitNotice>,
    committed: bool,
}

/// What a commit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committed {
    /// The files written, in the order they were added.
    pub written: Vec<PathBuf>,
    /// The files of the set removed because this run did not write them.
    pub removed: Vec<PathBuf>,
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> HogError + '_ {
    move |source| HogError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The folder a file goes in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

impl AtomicFiles {
    /// An empty set.
    pub fn new() -> AtomicFiles {
        AtomicFiles::default()
    }

    /// Call `notice` with the folder when another writer holds its lock,
    /// before waiting for it.
    pub fn on_wait(mut self, notice: impl Fn(&Path) + 'static) -> AtomicFiles {
        self.on_wait = Some(Box::new(notice));
        self
    }

    /// Write one file of the set with `write`, creating its folder if needed.
    pub fn write(
        &mut self,
        path: &Path,
        write: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<()>,
    ) -> Result<(), HogError> {
        let folder = self.ready(path)?;
        let (temp, registered) = create_removed_on_interrupt(
            || {
                tempfile::Builder::new()
                    .prefix(TEMP_PREFIX)
                    .suffix(TEMP_SUFFIX)
                    .tempfile_in(&folder)
            },
            |temp| temp.path(),
        )
        .map_err(io_error(&folder))?;
        let mut out = BufWriter::new(temp);
        write(&mut out).map_err(io_error(path))?;
        let temp = out
            .into_inner()
            .map_err(|e| io_error(path)(e.into_error()))?;
        temp.as_file().sync_all().map_err(io_error(path))?;
        set_permissions(&temp, path).map_err(io_error(path))?;
        self.pending.push(Pending {
            path: path.to_path_buf(),
            temp,
            _registered: registered,
        });
        Ok(())
    }

    /// Mark `path` as a file of the set that this run does not write: if it
    /// exists, the commit removes it. Returns whether it exists.
    pub fn remove(&mut self, path: &Path) -> Result<bool, HogError> {
        if fs::symlink_metadata(path).is_err() {
            return Ok(false);
        }
        self.ready(path)?;
        self.removals.push(path.to_path_buf());
        Ok(true)
    }

    /// The folder of `path`, created if needed and locked by this set.
    fn ready(&mut self, path: &Path) -> Result<PathBuf, HogError> {
        let folder = folder_of(path);
        if self.locks.iter().any(|(f, _)| *f == folder) {
            return Ok(folder);
        }
        self.create(&folder)?;
        let lock = lock_folder(&folder, self.on_wait.as_deref()).map_err(io_error(&folder))?;
        remove_leftovers(&folder);
        self.locks.push((folder.clone(), lock));
        Ok(folder)
    }

    /// Create `folder` and the folders above it that are missing,
    /// remembering them so that a failed run can remove them again.
    fn create(&mut self, folder: &Path) -> Result<(), HogError> {
        // A file where a folder goes (or above it) is named as such, not
        // as "File exists".
        if let Some(file) = folder.ancestors().find(|f| f.is_file()) {
            let why = if file == folder {
                "a file, not a folder: the output goes into a folder".to_string()
            } else {
                format!("{} is a file, not a folder", file.display())
            };
            return Err(io_error(folder)(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                why,
            )));
        }
        let missing: Vec<PathBuf> = folder
            .ancestors()
            .take_while(|f| !f.as_os_str().is_empty() && !f.exists())
            .map(Path::to_path_buf)
            .collect();
        // Outermost first, as the interrupt clean-up expects them.
        for f in missing.iter().rev() {
            self.created
                .push((f.clone(), remove_folder_on_interrupt(f)));
        }
        fs::create_dir_all(folder).map_err(io_error(folder))?;
        Ok(())
    }

    /// Rename every file into place and remove the files marked for
    /// removal, or do none of it: when one step fails, the destinations
    /// already replaced or removed get their old contents back (a hard
    /// link kept beside each one) and files new to the set are removed.
    /// A signal waits until this is over.
    pub fn commit(mut self) -> Result<Committed, HogError> {
        self.committed = true;
        // The registrations end after the section: ending one takes the
        // lock that the section holds.
        let (files, _registrations): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
            .into_iter()
            .map(|p| ((p.path, p.temp), p._registered))
            .unzip();
        let removals = std::mem::take(&mut self.removals);
        let result = uninterrupted(|| replace(files, removals));
        if result.is_err() {
            self.remove_created_folders();
        }
        result
    }

    /// Remove the folders this set created, deepest first, where empty.
    fn remove_created_folders(&mut self) {
        self.locks.clear();
        for (folder, _) in self.created.drain(..).rev() {
            let _ = fs::remove_dir(folder);
        }
    }
}

impl Drop for AtomicFiles {
    /// A set dropped without a commit leaves nothing: its temporary files
    /// go (with the [`NamedTempFile`]s) and so do the folders it created.
    fn drop(&mut self) {
        if !self.committed {
            self.pending.clear();
            self.remove_created_folders();
        }
    }
}

/// The renames and removals of a commit, undone as a whole on failure.
fn replace(
    pending: Vec<(PathBuf, NamedTempFile)>,
    removals: Vec<PathBuf>,
) -> Result<Committed, HogError> {
    // The file each destination held before, kept as a hard link.
    let keep = |path: &Path, temp_name: &Path| -> Option<PathBuf> {
        let backup = temp_name.with_extension(&BACKUP_SUFFIX[1..]);
        (path.is_file() && fs::hard_link(path, &backup).is_ok()).then_some(backup)
    };
    let backups: Vec<Option<PathBuf>> = pending
        .iter()
        .map(|(path, temp)| keep(path, temp.path()))
        .collect();
    let mut done: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    let mut failure = None;
    for ((path, temp), backup) in pending.into_iter().zip(backups) {
        match temp.persist(&path) {
            Ok(_) => done.push((path, backup)),
            Err(e) => {
                if let Some(b) = backup {
                    let _ = fs::remove_file(b);
                }
                failure = Some(io_error(&path)(e.error));
                break;
            }
        }
    }
    let written: Vec<PathBuf> = done.iter().map(|(p, _)| p.clone()).collect();
    let mut removed = Vec::new();
    if failure.is_none() {
        for path in removals {
            let backup = backup_name(&path);
            match fs::rename(&path, &backup) {
                Ok(()) => removed.push((path, backup)),
                Err(e) => {
                    failure = Some(io_error(&path)(e));
                    break;
                }
            }
        }
    }
    match failure {
        None => {
            for backup in done.iter().filter_map(|(_, b)| b.as_ref()) {
                let _ = fs::remove_file(backup);
            }
            for (_, backup) in &removed {
                let _ = fs::remove_file(backup);
            }
            Ok(Committed {
                written,
                removed: removed.into_iter().map(|(p, _)| p).collect(),
            })
        }
        Some(error) => {
            for (path, backup) in removed {
                let _ = fs::rename(backup, path);
            }
            for (path, backup) in done {
                let _ = match backup {
                    Some(backup) => fs::rename(backup, &path),
                    None => fs::remove_file(&path),
                };
            }
            Err(error)
        }
    }
}

/// A name for the old `path` while a set is replaced, beside it.
fn backup_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    folder_of(path).join(format!(
        "{TEMP_PREFIX}{}-{name}{BACKUP_SUFFIX}",
        std::process::id()
    ))
}

/// Lock `folder` for this process, telling `on_wait` first if another
/// writer has it.
fn lock_folder(folder: &Path, on_wait: Option<&dyn Fn(&Path)>) -> std::io::Result<File> {
    let file = lock_handle(folder)?;
    match file.try_lock() {
        Ok(()) => return Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => {}
        Err(std::fs::TryLockError::Error(e)) => return Err(e),
    }
    if let Some(notice) = on_wait {
        notice(folder);
    }
    file.lock()?;
    Ok(file)
}

/// What the lock is taken on: the folder itself where the system allows
/// it (no file is left behind), else a `.hog.lock` file in it.
fn lock_handle(folder: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    if let Ok(file) = File::open(folder) {
        return Ok(file);
    }
    fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(folder.join(".hog.lock"))
}

/// Remove the temporary files of writers that died in `folder` (only our
/// own names; the caller holds the folder's lock, so no live writer has any).
fn remove_leftovers(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with(TEMP_PREFIX)
            && (name.ends_with(TEMP_SUFFIX) || name.ends_with(BACKUP_SUFFIX));
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Temporary files are private (0600); give the table the permissions of
/// the file it replaces, or the usual 0644 for a new one.
#[cfg(unix)]
fn set_permissions(temp: &NamedTempFile, path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(path)
        .map(|m| m.permissions().mode())
        .unwrap_or(0o644);
    fs::set_permissions(temp.path(), fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_permissions(_temp: &NamedTempFile, _path: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn nothing_appears_until_commit_and_failures_leave_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("sub/a.csv");
        let mut files = AtomicFiles::new();
        files.write(&a, |w| w.write_all(b"1,2\n")).unwrap();
        assert!(!a.exists());
        let failed = files.write(&dir.path().join("sub/b.csv"), |_| {
            Err(std::io::Error::other("disk full"))
        });
        assert!(failed.unwrap_err().to_string().contains("disk full"));
        assert_eq!(files.commit().unwrap().written, vec![a.clone()]);
        assert_eq!(fs::read_to_string(&a).unwrap(), "1,2\n");
        assert_eq!(
            names(&dir.path().join("sub")),
            ["a.csv"],
            "no temporary file is left"
        );
    }

    #[test]
    fn a_failed_rename_puts_the_whole_set_back() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new, blocked) = (
            dir.path().join("old.csv"),
            dir.path().join("new.csv"),
            dir.path().join("blocked.csv"),
        );
        fs::write(&old, "before\n").unwrap();
        // A folder where the last file should go: its rename fails.
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("keep"), "x").unwrap();
        let mut files = AtomicFiles::new();
        for path in [&old, &new, &blocked] {
            files.write(path, |w| w.write_all(b"after\n")).unwrap();
        }
        let error = files.commit().unwrap_err().to_string();
        assert!(error.contains("blocked.csv"), "{error}");
        assert_eq!(fs::read_to_string(&old).unwrap(), "before\n");
        assert!(!new.exists(), "a file new to the set is removed again");
        assert_eq!(
            names(dir.path()),
            ["blocked.csv", "old.csv"],
            "nothing else is left"
        );

        // Without the obstacle the same set goes through, with no backups left.
        fs::remove_dir_all(&blocked).unwrap();
        let mut files = AtomicFiles::new();
        for path in [&old, &new, &blocked] {
            files.write(path, |w| w.write_all(b"after\n")).unwrap();
        }
        assert_eq!(files.commit().unwrap().written.len(), 3);
        assert_eq!(fs::read_to_string(&old).unwrap(), "after\n");
        assert_eq!(
            names(dir.path()).len(),
            3,
            "the three files and nothing else"
        );
    }

    #[test]
    fn a_file_the_set_no_longer_writes_is_removed_with_the_commit() {
        let dir = tempfile::tempdir().unwrap();
        let (kept, stale) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
        fs::write(&kept, "old a\n").unwrap();
        fs::write(&stale, "old b\n").unwrap();
        let mut files = AtomicFiles::new();
        files.write(&kept, |w| w.write_all(b"new a\n")).unwrap();
        assert!(files.remove(&stale).unwrap());
        assert!(!files.remove(&dir.path().join("never.csv")).unwrap());
        assert!(stale.exists(), "nothing happens before the commit");
        let done = files.commit().unwrap();
        assert_eq!(done.written, std::slice::from_ref(&kept));
        assert_eq!(done.removed, std::slice::from_ref(&stale));
        assert_eq!(names(dir.path()), ["a.csv"]);

        // When the set cannot be written, the stale file stays too.
        fs::write(&stale, "old b\n").unwrap();
        let blocked = dir.path().join("c.csv");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("x"), "").unwrap();
        let mut files = AtomicFiles::new();
        files.write(&kept, |w| w.write_all(b"newer a\n")).unwrap();
        files.write(&blocked, |w| w.write_all(b"c\n")).unwrap();
        files.remove(&stale).unwrap();
        assert!(files.commit().is_err());
        assert_eq!(fs::read_to_string(&kept).unwrap(), "new a\n");
        assert_eq!(fs::read_to_string(&stale).unwrap(), "old b\n");
        assert_eq!(names(dir.path()), ["a.csv", "b.csv", "c.csv"]);
    }

    #[test]
    fn leftovers_of_dead_writers_go_and_other_files_stay() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            ".hog-abc.tmp",
            ".hog-12-x.csv.old",
            ".hogwash.tmp",
            "mine.tmp",
        ] {
            fs::write(dir.path().join(name), "").unwrap();
        }
        let mut files = AtomicFiles::new();
        files
            .write(&dir.path().join("t.csv"), |w| w.write_all(b"x\n"))
            .unwrap();
        files.commit().unwrap();
        assert_eq!(names(dir.path()), [".hogwash.tmp", "mine.tmp", "t.csv"]);
    }

    #[test]
    fn a_second_writer_waits_for_the_first_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        let mut first = AtomicFiles::new();
        first.write(&path, |w| w.write_all(b"first\n")).unwrap();
        let (told, waited) = std::sync::mpsc::channel();
        let second = {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut second = AtomicFiles::new().on_wait(move |folder| {
                    told.send(folder.to_path_buf()).unwrap();
                });
                second.write(&path, |w| w.write_all(b"second\n")).unwrap();
                second.commit().unwrap();
            })
        };
        assert_eq!(waited.recv().unwrap(), dir.path());
        first.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "first\n");
        second.join().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second\n");
    }

    #[test]
    fn a_set_dropped_without_commit_leaves_no_folder_it_made() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("new/deeper/t.csv");
        let mut files = AtomicFiles::new();
        files.write(&deep, |w| w.write_all(b"x\n")).unwrap();
        drop(files);
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    }
}
