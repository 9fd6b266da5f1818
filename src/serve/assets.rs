//! The page and its files, embedded in the binary: it works offline.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Every file the page loads: path, content type, contents.
const FILES: [(&str, &str, &str); 4] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("assets/favicon.svg"),
    ),
];

/// The embedded file at `path`, if there is one.
pub fn file(path: &str) -> Option<Response> {
    let (_, kind, body) = FILES.iter().find(|(p, _, _)| *p == path)?;
    Some(
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            *body,
        )
            .into_response(),
    )
}
