//! The server's accept loop: HTTP/1 connections with a time limit on
//! reading a request's headers and a bound on connections held at once.
//! A client that opens thousands of connections and never finishes its
//! headers cannot take the descriptors a real request needs: at the bound,
//! the connection idle longest (waiting for headers, or between requests)
//! is closed to make room, and a connection sending its headers at once is
//! never the idlest for long.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

/// How connections are held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections held at once; the idlest goes to make room for another.
    pub max_connections: usize,
    /// The time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// After the server is told to stop, the time requests under way have
    /// to finish.
    pub shutdown_grace: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// A connection as the loop sees it.
struct Held {
    /// When it last started or finished a request (or was accepted).
    active: Instant,
    /// Requests being answered on it.
    in_flight: usize,
    /// Closes it when notified.
    close: Arc<Notify>,
}

#[derive(Default)]
struct Table {
    held: HashMap<u64, Held>,
    next: u64,
}

#[derive(Clone, Default)]
struct Connections(Arc<Mutex<Table>>);

impl Connections {
    fn table(&self) -> MutexGuard<'_, Table> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hold a new connection, closing the idlest first if `max` are held;
    /// `None` if every connection held is answering a request.
    fn admit(&self, max: usize) -> Option<(u64, Arc<Notify>)> {
        let mut table = self.table();
        if table.held.len() >= max.max(1) && !table.evict_idlest() {
            return None;
        }
        table.next += 1;
        let id = table.next;
        let close = Arc::new(Notify::new());
        table.held.insert(
            id,
            Held {
                active: Instant::now(),
                in_flight: 0,
                close: Arc::clone(&close),
            },
        );
        Some((id, close))
    }

    /// A request starts (`+1`) or ends (`-1`) on connection `id`.
    fn busy(&self, id: u64, starts: bool) {
        if let Some(held) = self.table().held.get_mut(&id) {
            held.active = Instant::now();
            if starts {
                held.in_flight += 1;
            } else {
                held.in_flight = held.in_flight.saturating_sub(1);
            }
        }
    }

    fn release(&self, id: u64) {
        self.table().held.remove(&id);
    }

    /// Close the idlest connection (out of descriptors).
    fn evict_idlest(&self) -> bool {
        self.table().evict_idlest()
    }

    fn len(&self) -> usize {
        self.table().held.len()
    }
}

impl Table {
    fn evict_idlest(&mut self) -> bool {
        let idlest = self
            .held
            .iter()
            .filter(|(_, h)| h.in_flight == 0)
            .min_by_key(|(id, h)| (h.active, **id))
            .map(|(id, _)| *id);
        match idlest.and_then(|id| self.held.remove(&id)) {
            Some(held) => {
                held.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Ends a request's count on its connection however its future ends.
struct InFlight {
    connections: Connections,
    id: u64,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.connections.busy(self.id, false);
    }
}

/// Serve `router` on `listener` until `shutdown` completes, then give the
/// requests under way [`ConnectionLimits::shutdown_grace`] to finish.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let connections = Connections::default();
    let (stopping, stop) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let Some((id, close)) = connections.admit(limits.max_connections) else {
                        // Every connection is answering a request: this one
                        // is closed unanswered, as a full backlog would.
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection(
                        stream,
                        router.clone(),
                        connections.clone(),
                        id,
                        close,
                        stop.clone(),
                        limits.header_timeout,
                    ));
                }
                Err(_) => {
                    // Out of descriptors (or a connection reset before it
                    // was accepted): make room and try again shortly.
                    connections.evict_idlest();
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
    }
    let _ = stopping.send(true);
    let deadline = Instant::now() + limits.shutdown_grace;
    while connections.len() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// One connection, until the client closes it, a header read times out,
/// the loop closes it for room, or the server stops.
async fn connection(
    stream: tokio::net::TcpStream,
    router: Router,
    connections: Connections,
    id: u64,
    close: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
    header_timeout: Duration,
) {
    let counted = connections.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        counted.busy(id, true);
        let in_flight = InFlight {
            connections: counted.clone(),
            id,
        };
        let router = router.clone();
        async move {
            let response = router.oneshot(request.map(Body::new)).await;
            drop(in_flight);
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(true);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    let mut stopping = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            _ = close.notified() => break,
            changed = stop.changed(), if !stopping => {
                stopping = true;
                if changed.is_ok() {
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
    connections.release(id);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_idlest_connection_makes_room_and_a_busy_one_never_does() {
        let c = Connections::default();
        let (a, _) = c.admit(2).unwrap();
        std::thread::sleep(Duration::from_millis(2));
        let (b, _) = c.admit(2).unwrap();
        // a is the idlest: it goes for the third.
        let (_, _) = c.admit(2).unwrap();
        assert!(!c.table().held.contains_key(&a));
        assert!(c.table().held.contains_key(&b));
        // With both held connections answering requests, there is no room.
        let ids: Vec<u64> = c.table().held.keys().copied().collect();
        for &id in &ids {
            c.busy(id, true);
        }
        assert!(c.admit(2).is_none());
        c.busy(ids[0], false);
        assert!(c.admit(2).is_some());
        assert!(!c.table().held.contains_key(&ids[0]));
    }
}
