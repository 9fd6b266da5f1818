//! The `hog` binary: the command line (`hog::cli`) with an allocator that
//! turns a failed allocation into the usual one-line error.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(hog::cli::main(std::env::args_os()))
}

/// The system allocator, with a failed allocation turned into the usual
/// one-line error (exit status 2, like the memory check that should have
/// refused the goal) instead of an abort.
struct Allocator;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

// SAFETY: every call is passed to the system allocator unchanged; only a
// null result is acted on, and that never returns.
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        checked(std::alloc::System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        checked(std::alloc::System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        checked(std::alloc::System.realloc(ptr, layout, new_size), new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        std::alloc::System.dealloc(ptr, layout)
    }
}

fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    // A caller that handles the failure (`try_reserve` in a server's
    // request) gets the null.
    if ptr.is_null() && !hog::alloc::tolerates_failure() {
        out_of_memory(size);
    }
    ptr
}

/// Say that `size` bytes could not be allocated and exit, without
/// allocating anything on the way (a formatted message would need to).
fn out_of_memory(size: usize) -> ! {
    use std::sync::atomic::{AtomicBool, Ordering};
    static ONCE: AtomicBool = AtomicBool::new(false);
    // A second failure, while cleaning up after the first: just leave.
    if !ONCE.swap(true, Ordering::SeqCst) {
        let mut line = [0u8; 200];
        let mut len = 0;
        let mut push = |bytes: &[u8]| {
            let n = bytes.len().min(line.len() - len);
            line[len..len + n].copy_from_slice(&bytes[..n]);
            len += n;
        };
        push(b"error: out of memory: could not allocate ");
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        let mut v = (size >> 20).max(1);
        loop {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        push(&digits[i..]);
        push(b" MiB more; a smaller --goal needs less\n");
        #[cfg(unix)]
        // SAFETY: write(2) reads `len` initialized bytes of `line`.
        unsafe {
            libc::write(2, line.as_ptr().cast(), len);
        }
        // Temporary files go with the process where possible.
        hog::cleanup::interrupted();
    }
    #[cfg(unix)]
    // SAFETY: _exit ends the process at once, as abort would.
    unsafe {
        libc::_exit(2)
    }
    #[cfg(not(unix))]
    std::process::exit(2)
}
