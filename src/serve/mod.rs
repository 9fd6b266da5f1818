//! `hog serve`: the course's Hog GUI in the browser with the exact numbers
//! of this engine, and the JSON API behind it. The handlers are thin: they
//! call the same library functions as the command line and answer with the
//! same typed reports (see [`crate::report`]).
//!
//! Endpoints (every one takes the rules as `rules`, `goal`, `zero_dice`,
//! `hog_wild`, `after_turn`): `GET /api/eval`, `/api/explain`, `/api/rates`,
//! `/api/sweep`, `/api/solve`, `/api/map`, `/api/game`, `/api/strategies`,
//! and `POST /api/upload`. The book's API page (`docs/src/api.md`) documents each.

mod api;
mod assets;
mod budget;
mod cache;
mod contest;
mod error;
mod game;
mod listen;
mod query;
mod responses;
mod security;
mod state;
mod student;

pub use budget::Budget;
pub use error::ApiError;
pub use game::GameReport;
pub use listen::ConnectionLimits;
pub use state::{table_from_json, ContestFolder, Limits, NamedStrategy, ServerState};

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

/// The routes of the page and the API, behind the host and origin checks.
pub fn router(state: Arc<ServerState>) -> Router {
    let api = Router::new()
        .route("/api/eval", get(api::eval))
        .route("/api/explain", get(api::explain_state))
        .route("/api/rates", get(api::rates))
        .route("/api/sweep", get(api::sweep_grid))
        .route("/api/solve", get(api::solve_map))
        .route("/api/map", get(api::strategy_map))
        .route("/api/game", get(api::game))
        .route("/api/strategies", get(api::strategies))
        .route("/api/rules", get(api::rules_description))
        .route("/api/upload", post(api::upload))
        .route("/api/contest", get(contest::contest))
        .layer(DefaultBodyLimit::max(state.limits.max_body));
    api.fallback(page)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            security::guard,
        ))
        .layer(axum::middleware::from_fn(errors_as_json))
        .with_state(state)
}

/// Every answer that is not a success carries `{"error": ...}`, whoever
/// made it: axum's own refusals (a method an endpoint does not take, a
/// query that does not decode) come as plain text or empty.
async fn errors_as_json(request: Request, next: axum::middleware::Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if status.is_success() || status.is_redirection() || is_json {
        return response;
    }
    let text = match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    // Only the upload takes POST; every other endpoint GET.
    let allow = (status == StatusCode::METHOD_NOT_ALLOWED).then(|| {
        if path == "/api/upload" {
            "POST"
        } else {
            "GET, HEAD"
        }
    });
    let message = match allow {
        Some(allow) => format!(
            "{method} {}: this endpoint takes {allow}",
            crate::text::clip(&path, 80)
        ),
        None if !text.is_empty() => text,
        _ => format!(
            "{method} {}: {}",
            crate::text::clip(&path, 80),
            status.canonical_reason().unwrap_or("refused")
        ),
    };
    let mut answer = ApiError::new(status, message).into_response();
    if let Some(allow) = allow {
        answer.headers_mut().insert(
            axum::http::header::ALLOW,
            axum::http::HeaderValue::from_static(allow),
        );
    }
    answer
}

/// The embedded page's files, or a 404 (405 for a method other than GET).
async fn page(State(state): State<Arc<ServerState>>, request: Request) -> Response {
    let path = request.uri().path();
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!(
                "{} {path}: this server only serves GET here",
                request.method()
            ),
        )
        .into_response();
    }
    assets::file(path, state.page_rules()).unwrap_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no page or endpoint at {path}"),
        )
        .into_response()
    })
}

/// Serve on `listener` until `shutdown` completes, then finish the
/// requests under way.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<ServerState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = state.connections;
    listen::serve(listener, router(state), limits, shutdown).await
}
