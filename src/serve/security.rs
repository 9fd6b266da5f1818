//! A server on loopback is still reachable by every web page its user
//! opens: a page on another site can make the browser send requests here,
//! and a site whose name resolves to 127.0.0.1 (DNS rebinding) can even
//! read the answers. Every request must name this server in one `Host`
//! header, and a request that changes something or starts work (every
//! `/api/` request: a solve costs seconds at a large goal) must come from
//! this server's own page, or from no page at all (a script, a typed
//! address).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use super::state::ServerState;

/// Refuse requests for another host, and cross-origin requests that
/// change state.
pub async fn guard(
    State(state): State<Arc<ServerState>>,
    request: Request,
    next: Next,
) -> Response {
    match check(&state, &request) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

fn check(state: &ServerState, request: &Request) -> Result<(), ApiError> {
    let headers = request.headers();
    // RFC 9112, 3.2: a request with more than one Host is a 400.
    if headers.get_all(header::HOST).iter().count() > 1 {
        return Err(ApiError::bad("the request has more than one Host header"));
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()))
        .unwrap_or("");
    if !state.is_our_host(host) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "the Host header '{}' does not name this server",
                crate::text::clip(host, 60)
            ),
        ));
    }
    let changes_state = !matches!(*request.method(), Method::GET | Method::HEAD);
    let starts_work = request.uri().path().starts_with("/api/");
    if changes_state || starts_work {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            if !state.is_our_origin(origin) {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "a request from another site ({}) cannot use this server",
                        crate::text::clip(origin, 60)
                    ),
                ));
            }
        }
        let site = headers
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("same-origin");
        if site == "cross-site" {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "a request from another site cannot use this server",
            ));
        }
    }
    Ok(())
}
