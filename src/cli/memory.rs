//! What each command holds in memory at once, checked before it allocates:
//! sweep seats (the big tables), strategy tables, and anything else large.

use crate::memory::{rule_tables_bytes, seat_bytes, table_bytes};
use crate::strategy::Spec;
use crate::HogError;

use super::Config;

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

/// Seats a spec's resolution holds at its peak: a minimax solve has one,
/// a best response two (its opponent's own solve is over by then).
pub fn solve_seats(spec: &str) -> u64 {
    fn seats(spec: &Spec) -> u64 {
        match spec {
            Spec::Optimal => 1,
            Spec::BestResponse(inner) => seats(inner).max(2),
            _ => 0,
        }
    }
    // A spec that does not parse is refused later, before any solve.
    Spec::parse(spec).map_or(0, |s| seats(&s))
}

impl Config {
    /// Worker threads that have work when `tasks` run in parallel.
    pub fn busy_threads(&self, tasks: usize) -> u64 {
        self.threads.min(tasks).max(1) as u64
    }

    /// Refuse `need` for `what` when it would not fit in the memory this
    /// process may use (see [`crate::memory::available`]).
    pub fn check_memory(&self, what: &str, need: Need) -> Result<(), HogError> {
        if self.skip_memory_check {
            return Ok(());
        }
        let goal = self.rules.goal();
        let mut bytes = need.bytes(goal);
        if let Some(memory) = self.rules.memory() {
            // A seat with memory keeps a value and a choice for every
            // context of every state, and a diagonal's worth being written.
            let n = u64::from(goal);
            let contexts = u64::from(memory.size()).pow(2) * u64::from(memory.clocks());
            bytes += need.seats * 9 * (n * n + n) * contexts;
        }
        crate::memory::check(goal, bytes, what, self.threads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_inside_specs_count_their_seats() {
        assert_eq!(solve_seats("always_roll(4)"), 0);
        assert_eq!(solve_seats("optimal"), 1);
        assert_eq!(solve_seats("best_response(always_roll(4))"), 2);
        assert_eq!(solve_seats("best_response(best_response(optimal))"), 2);
        assert_eq!(solve_seats("best_response("), 0);
    }
}
