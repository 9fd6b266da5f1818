//! What each command holds in memory at once, checked before it allocates:
//! sweep seats (the big tables), strategy tables, and anything else large.

pub use crate::memory::Need;
use crate::strategy::Spec;
use crate::HogError;

use super::Config;

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
