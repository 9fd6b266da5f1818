//! What the server lets requests spend at once: a memory budget shared by
//! every computation under way (each admitted for what it is estimated to
//! need) and a bound on how many run at once. A request that cannot start
//! within the queue's wait, or finds the queue full, is answered 503 with
//! `Retry-After`; the server never takes on more than it can hold, so one
//! heavy request cannot take down the others.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;

const MIB: u64 = 1 << 20;

/// The default budget: at most 1 GiB, at most half of the memory this
/// process may use (its cgroup's limit, the machine's), and at most a
/// quarter of its address space where that is limited (which counts
/// every thread's stack and the allocator's reserved arenas too).
pub fn default_memory_budget() -> u64 {
    let mut most = 1u64 << 30;
    for (limit, share) in memory_limits() {
        most = most.min(limit / share);
    }
    most.max(64 * MIB)
}

/// The limits this process runs under, where the system says, each with
/// the share of it a budget may take.
fn memory_limits() -> Vec<(u64, u64)> {
    let mut limits = Vec::new();
    #[cfg(target_os = "linux")]
    {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        if let Some(total) = read("/proc/meminfo").and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        }) {
            limits.push((total * 1024, 2));
        }
        for path in [
            "/sys/fs/cgroup/memory.max",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
        ] {
            if let Some(limit) = read(path).and_then(|t| t.trim().parse::<u64>().ok()) {
                limits.push((limit, 2));
            }
        }
        for resource in [libc::RLIMIT_AS, libc::RLIMIT_DATA] {
            // SAFETY: getrlimit writes only into `limit`.
            let mut limit: libc::rlimit = unsafe { std::mem::zeroed() };
            if unsafe { libc::getrlimit(resource, &mut limit) } == 0
                && limit.rlim_cur != libc::RLIM_INFINITY
            {
                limits.push((limit.rlim_cur, 4));
            }
        }
    }
    limits
}

/// The server's budget for computations.
#[derive(Debug)]
pub struct Budget {
    memory: Arc<Semaphore>,
    total_mib: u32,
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    wait: Duration,
}

/// A computation's admission: its memory and its slot, given back when
/// dropped.
#[derive(Debug)]
pub struct Admitted {
    _memory: OwnedSemaphorePermit,
    _slot: OwnedSemaphorePermit,
}

/// Counts a request in the queue while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Budget {
    /// `memory` bytes shared by at most `slots` computations at once; a
    /// request waits at most `wait`, behind at most `max_waiting` others.
    pub fn new(memory: u64, slots: usize, max_waiting: usize, wait: Duration) -> Budget {
        let total_mib = u32::try_from((memory / MIB).max(1)).unwrap_or(u32::MAX >> 4);
        // A semaphore holds at most usize::MAX >> 3 permits.
        let total_mib = total_mib.min(Semaphore::MAX_PERMITS as u32);
        Budget {
            memory: Arc::new(Semaphore::new(total_mib as usize)),
            total_mib,
            slots: Arc::new(Semaphore::new(slots.max(1))),
            waiting: AtomicUsize::new(0),
            max_waiting,
            wait,
        }
    }

    /// The budget in bytes.
    pub fn memory(&self) -> u64 {
        u64::from(self.total_mib) * MIB
    }

    /// Admit a computation that needs about `bytes`, waiting for room.
    pub async fn admit(&self, bytes: u64) -> Result<Admitted, ApiError> {
        let mib = bytes.div_ceil(MIB).max(1);
        if mib > u64::from(self.total_mib) {
            return Err(ApiError::busy(
                format!(
                    "this request needs about {mib} MiB, more than this server's memory budget \
                     ({} MiB): ask for a smaller goal, or start hog serve with a larger \
                     --memory-budget",
                    self.total_mib
                ),
                60,
            ));
        }
        let busy = || {
            ApiError::busy(
                "the server is busy with other computations; try again shortly",
                5,
            )
        };
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy());
        }
        let _waiting = Waiting(&self.waiting);
        let admitted = async {
            // Every request takes its slot first, then its memory: no two
            // can each hold what the other waits for.
            let slot = Arc::clone(&self.slots).acquire_owned().await.ok()?;
            let memory = Arc::clone(&self.memory)
                .acquire_many_owned(mib as u32)
                .await
                .ok()?;
            Some(Admitted {
                _memory: memory,
                _slot: slot,
            })
        };
        match tokio::time::timeout(self.wait, admitted).await {
            Ok(Some(admitted)) => Ok(admitted),
            _ => Err(busy()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    #[test]
    fn work_beyond_the_budget_waits_then_is_refused_busy() {
        runtime().block_on(async {
            let budget = Budget::new(100 * MIB, 4, 8, Duration::from_millis(50));
            let first = budget.admit(60 * MIB).await.unwrap();
            // 60 + 60 > 100: the second waits, and is refused at the wait.
            let e = budget.admit(60 * MIB).await.unwrap_err();
            assert_eq!(e.status.as_u16(), 503);
            assert_eq!(e.retry_after, Some(5));
            assert!(budget.admit(40 * MIB).await.is_ok());
            drop(first);
            assert!(budget.admit(60 * MIB).await.is_ok());
            // More than the whole budget can never run.
            let e = budget.admit(101 * MIB).await.unwrap_err();
            assert!(e
                .message
                .contains("more than this server's memory budget (100 MiB)"));
        });
    }

    #[test]
    fn slots_bound_the_work_at_once_and_the_queue_is_bounded() {
        runtime().block_on(async {
            let budget = Budget::new(1000 * MIB, 1, 1, Duration::from_millis(200));
            let _held = budget.admit(MIB).await.unwrap();
            // One request waits for the slot; the next finds the queue
            // full and is refused at once.
            let started = std::time::Instant::now();
            let (waited, refused) = tokio::join!(budget.admit(MIB), async {
                let e = budget.admit(MIB).await.unwrap_err();
                (e, started.elapsed())
            });
            assert!(waited.is_err(), "the slot stayed taken");
            assert_eq!(refused.0.status.as_u16(), 503);
            assert!(refused.1 < Duration::from_millis(150), "{:?}", refused.1);
        });
    }

    #[test]
    fn the_default_budget_is_at_most_a_gibibyte() {
        let budget = default_memory_budget();
        assert!((64 * MIB..=1 << 30).contains(&budget), "{budget}");
    }
}
