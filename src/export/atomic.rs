//! Files that appear all at once: each is written to a temporary file in
//! its destination folder and renamed into place only when every file of
//! the set has been written completely. If a rename fails, the files
//! already renamed are put back as they were, so a set is replaced whole
//! or not at all.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::HogError;

/// A set of files being written; nothing is visible until [`AtomicFiles::commit`].
#[derive(Default)]
pub struct AtomicFiles {
    pending: Vec<(PathBuf, NamedTempFile)>,
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> HogError + '_ {
    move |source| HogError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl AtomicFiles {
    /// An empty set.
    pub fn new() -> AtomicFiles {
        AtomicFiles::default()
    }

    /// Write one file of the set with `write`, creating its folder if needed.
    pub fn write(
        &mut self,
        path: &Path,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), HogError> {
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&folder).map_err(io_error(&folder))?;
        let temp = tempfile::Builder::new()
            .prefix(".hog-")
            .suffix(".tmp")
            .tempfile_in(&folder)
            .map_err(io_error(&folder))?;
        let mut out = BufWriter::new(temp);
        write(&mut out).map_err(io_error(path))?;
        let temp = out
            .into_inner()
            .map_err(|e| io_error(path)(e.into_error()))?;
        temp.as_file().sync_all().map_err(io_error(path))?;
        set_permissions(&temp, path).map_err(io_error(path))?;
        self.pending.push((path.to_path_buf(), temp));
        Ok(())
    }

    /// Rename every file into place, or none: when one rename fails, the
    /// destinations already replaced get their old contents back (a hard
    /// link kept beside each one; where the file system has none, the old
    /// file is lost only in that case) and new ones are removed.
    pub fn commit(self) -> Result<Vec<PathBuf>, HogError> {
        let backups: Vec<Option<PathBuf>> = self
            .pending
            .iter()
            .map(|(path, temp)| {
                let backup = temp.path().with_extension("old");
                let linked = path.is_file() && fs::hard_link(path, &backup).is_ok();
                linked.then_some(backup)
            })
            .collect();
        let mut done = Vec::new();
        let mut failure = None;
        for (path, temp) in self.pending {
            if let Err(e) = temp.persist(&path) {
                failure = Some(io_error(&path)(e.error));
                break;
            }
            done.push(path);
        }
        match failure {
            None => {
                for backup in backups.iter().flatten() {
                    let _ = fs::remove_file(backup);
                }
                Ok(done)
            }
            Some(error) => {
                for (path, backup) in done.iter().zip(&backups) {
                    let _ = match backup {
                        Some(backup) => fs::rename(backup, path),
                        None => fs::remove_file(path),
                    };
                }
                for backup in backups.iter().skip(done.len()).flatten() {
                    let _ = fs::remove_file(backup);
                }
                Err(error)
            }
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
        assert_eq!(files.commit().unwrap(), vec![a.clone()]);
        assert_eq!(fs::read_to_string(&a).unwrap(), "1,2\n");
        let names: Vec<_> = fs::read_dir(dir.path().join("sub"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from("a.csv")],
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
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["blocked.csv", "old.csv"], "nothing else is left");

        // Without the obstacle the same set goes through, with no backups left.
        fs::remove_dir_all(&blocked).unwrap();
        let mut files = AtomicFiles::new();
        for path in [&old, &new, &blocked] {
            files.write(path, |w| w.write_all(b"after\n")).unwrap();
        }
        assert_eq!(files.commit().unwrap().len(), 3);
        assert_eq!(fs::read_to_string(&old).unwrap(), "after\n");
        let count = fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(count, 3, "the three files and nothing else");
    }
}
