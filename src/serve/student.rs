//! `hog serve --student`: the student's file replays each game beside
//! hog's answer, outside the engine's compute slots (a Python process
//! that hangs must not keep an evaluation waiting), at most
//! [`REPLAYS_AT_ONCE`] at a time. A game in which the file once hung is
//! not replayed again: every later request of it would wait the whole
//! timeout for the same end.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

use crate::check::Referee;

use super::game::{student_report, StudentGame, StudentReport};

/// Replays of the student's file running at once.
pub const REPLAYS_AT_ONCE: usize = 2;

/// Games remembered as hung; past this many the oldest are forgotten
/// (all at once: the next request of one replays it again).
const REMEMBERED: usize = 10_000;

/// A game, by what makes it the same game: its seed, whether the person
/// moved first, the opponent asked for.
pub type GameKey = (u64, bool, String);

/// The replays of one server.
pub struct Replays {
    gate: Arc<Semaphore>,
    /// The games in which the file hung, with what was said then.
    hung: Mutex<HashMap<GameKey, String>>,
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            gate: Arc::new(Semaphore::new(REPLAYS_AT_ONCE)),
            hung: Mutex::new(HashMap::new()),
        }
    }
}

impl Replays {
    /// The game so far through the student's file: replayed, or said to
    /// go on without it where the file hung in this game before.
    pub async fn report(
        &self,
        referee: Arc<Referee>,
        key: GameKey,
        game: StudentGame,
    ) -> StudentReport {
        if let Some(reason) = self.hung_in(&key) {
            // Said as when it hung: the same game gets the same words
            // whichever request found it out (the page adds that the game
            // goes on without it).
            return StudentReport::failed(referee.name(), reason);
        }
        let Ok(_permit) = Arc::clone(&self.gate).acquire_owned().await else {
            return StudentReport::failed(referee.name(), "the server is stopping".into());
        };
        let replayed = Arc::clone(&referee);
        let report = tokio::task::spawn_blocking(move || student_report(&replayed, &game)).await;
        let report = report.unwrap_or_else(|e| {
            StudentReport::failed(referee.name(), format!("the replay failed: {e}"))
        });
        if let Some(error) = &report.error {
            if referee.hung(error) {
                let mut hung = self.hung.lock().unwrap_or_else(|e| e.into_inner());
                if hung.len() >= REMEMBERED {
                    hung.clear();
                }
                hung.insert(key, error.clone());
            }
        }
        report
    }

    fn hung_in(&self, key: &GameKey) -> Option<String> {
        let hung = self.hung.lock().unwrap_or_else(|e| e.into_inner());
        hung.get(key).cloned()
    }
}
