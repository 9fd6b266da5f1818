//! Reading a file the user named, safely: only a regular file (a FIFO or a
//! device would block or never end), and no more than the caller can need.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use crate::error::HogError;

/// The text of the regular file at `path`, refused if it is larger than
/// `limit` bytes; `why` says where the limit comes from, for the message
/// ("a strategy table for goal 100").
pub fn read_text(path: &Path, limit: u64, why: &str) -> Result<String, HogError> {
    let io = |source| HogError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bad = |reason: String| HogError::BadTable {
        path: path.to_path_buf(),
        row: None,
        column: None,
        reason,
    };
    let file = open_without_blocking(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a FIFO, a socket or a device)"
        };
        return Err(bad(format!("this is {kind}; give the path of a file")));
    }
    let too_big = |size: u64| {
        bad(format!(
            "the file is {size} bytes, more than {why} can be ({limit} bytes at most)"
        ))
    };
    if meta.len() > limit {
        return Err(too_big(meta.len()));
    }
    // The file may grow while it is read: never read past the limit.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        bad(format!(
            "the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Open for reading without waiting for a writer (a FIFO's open blocks
/// until one comes); reading a regular file is the same either way.
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, "score,0\n0,1\n").unwrap();
        assert_eq!(read_text(&path, 100, "x").unwrap(), "score,0\n0,1\n");
        let err = read_text(&path, 5, "a table for goal 1").unwrap_err();
        assert!(
            err.to_string().contains(
                "the file is 12 bytes, more than a table for goal 1 can be (5 bytes at most)"
            ),
            "{err}"
        );
    }

    #[test]
    #[cfg(unix)]
    fn fifos_devices_and_folders_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo reads a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        for path in [fifo.as_path(), Path::new("/dev/zero"), dir.path()] {
            let err = read_text(path, 1 << 20, "x").unwrap_err().to_string();
            assert!(
                err.contains("not a regular file") || err.contains("a folder"),
                "{}: {err}",
                path.display()
            );
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, b"score\xff").unwrap();
        let err = read_text(&path, 100, "x").unwrap_err().to_string();
        assert!(err.contains("not UTF-8 text (byte 5"), "{err}");
    }
}
