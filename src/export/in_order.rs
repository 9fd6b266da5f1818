//! Text formatted on the threads and written in order: formatting numbers
//! is most of the work of a large CSV, and the kernel's copy of the text
//! into the page cache takes about as long, so the next rows are formatted
//! while the ones before them are written. The bytes do not depend on the
//! number of threads.

use std::io::{self, Write};

use rayon::prelude::*;

/// Rows formatted but not yet written.
#[derive(Default)]
pub struct InOrder {
    pending: Vec<Vec<u8>>,
}

impl InOrder {
    /// Format `items` in parallel (`format` gives each one's text) while
    /// writing what the previous call formatted.
    pub fn feed<T: Sync>(
        &mut self,
        items: &[T],
        format: impl Fn(&T) -> Vec<u8> + Sync,
        out: &mut (dyn Write + Send),
    ) -> io::Result<()> {
        let pending = &self.pending;
        let format = || items.par_iter().map(&format).collect();
        let write = || pending.iter().try_for_each(|text| out.write_all(text));
        let (text, written) = rayon::join(format, write);
        written?;
        self.pending = text;
        Ok(())
    }

    /// Write what is left.
    pub fn finish(self, out: &mut (dyn Write + Send)) -> io::Result<()> {
        self.pending.iter().try_for_each(|text| out.write_all(text))
    }
}
