//! Answers kept whole: a heavy answer (a solved map, tens of megabytes at
//! goal 1000) is computed once for all the requests that ask for it at
//! the same time, and kept for the next ones, within a bound on the bytes
//! kept. Keys hold the rules' identity, never their name.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use tokio::sync::OnceCell;

use super::error::ApiError;

type Flight = Arc<OnceCell<Result<Bytes, ApiError>>>;

/// Kept answers and answers being computed, by key.
#[derive(Debug)]
pub struct Responses {
    kept: Mutex<Kept>,
    flights: Mutex<HashMap<String, Flight>>,
}

#[derive(Debug)]
struct Kept {
    /// Least recently used first.
    entries: Vec<(String, Bytes)>,
    bytes: usize,
    max_bytes: usize,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Responses {
    /// Keep at most `max_bytes` of answers.
    pub fn new(max_bytes: usize) -> Responses {
        Responses {
            kept: Mutex::new(Kept {
                entries: Vec::new(),
                bytes: 0,
                max_bytes,
            }),
            flights: Mutex::new(HashMap::new()),
        }
    }

    fn kept(&self, key: &str) -> Option<Bytes> {
        let mut kept = locked(&self.kept);
        let i = kept.entries.iter().position(|(k, _)| k == key)?;
        let entry = kept.entries.remove(i);
        let body = entry.1.clone();
        kept.entries.push(entry);
        Some(body)
    }

    fn keep(&self, key: String, body: Bytes) {
        let mut kept = locked(&self.kept);
        if body.len() > kept.max_bytes / 2 {
            return;
        }
        if let Some(i) = kept.entries.iter().position(|(k, _)| *k == key) {
            let (_, old) = kept.entries.remove(i);
            kept.bytes -= old.len();
        }
        while kept.bytes + body.len() > kept.max_bytes && !kept.entries.is_empty() {
            let (_, old) = kept.entries.remove(0);
            kept.bytes -= old.len();
        }
        kept.bytes += body.len();
        kept.entries.push((key, body));
    }

    /// The answer under `key`: kept, being computed for another request
    /// (then awaited), or computed by `compute` now. Refusals are not kept.
    pub async fn get_or_compute<F>(&self, key: String, compute: F) -> Result<Bytes, ApiError>
    where
        F: std::future::Future<Output = Result<Bytes, ApiError>>,
    {
        if let Some(body) = self.kept(&key) {
            return Ok(body);
        }
        let flight = Arc::clone(locked(&self.flights).entry(key.clone()).or_default());
        let answer = flight.get_or_init(|| compute).await.clone();
        {
            let mut flights = locked(&self.flights);
            if flights.get(&key).is_some_and(|f| Arc::ptr_eq(f, &flight)) {
                flights.remove(&key);
            }
        }
        if let Ok(body) = &answer {
            self.keep(key, body.clone());
        }
        answer
    }

    /// Bytes kept.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        locked(&self.kept).bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn requests_at_once_share_one_computation_and_the_next_finds_it_kept() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let responses = Responses::new(1000);
            let runs = AtomicUsize::new(0);
            let compute = || async {
                runs.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                Ok(Bytes::from_static(b"answer"))
            };
            let (a, b, c) = tokio::join!(
                responses.get_or_compute("k".into(), compute()),
                responses.get_or_compute("k".into(), compute()),
                responses.get_or_compute("k".into(), compute()),
            );
            assert_eq!(
                (a.unwrap(), b.unwrap(), c.unwrap()),
                ("answer".into(), "answer".into(), "answer".into())
            );
            assert_eq!(runs.load(Ordering::SeqCst), 1);
            let again = responses.get_or_compute("k".into(), compute()).await;
            assert_eq!(again.unwrap(), Bytes::from_static(b"answer"));
            assert_eq!(runs.load(Ordering::SeqCst), 1);
            // A refusal is not kept.
            let refuse = || async { Err(ApiError::bad("no")) };
            assert!(responses
                .get_or_compute("r".into(), refuse())
                .await
                .is_err());
            assert!(responses.kept("r").is_none());
        });
    }

    #[test]
    fn the_bytes_kept_are_bounded() {
        let responses = Responses::new(100);
        responses.keep("a".into(), Bytes::from(vec![0; 40]));
        responses.keep("b".into(), Bytes::from(vec![0; 40]));
        responses.keep("c".into(), Bytes::from(vec![0; 40]));
        assert_eq!(responses.bytes(), 80);
        assert!(responses.kept("a").is_none());
        // An answer of more than half the bound is never kept.
        responses.keep("d".into(), Bytes::from(vec![0; 60]));
        assert!(responses.kept("d").is_none());
        assert_eq!(responses.bytes(), 80);
    }
}
