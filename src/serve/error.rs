//! Errors as the API answers them: a status and the one-line message the
//! command line would print, as `{"error": "..."}`. Bad input is a 4xx;
//! a server too busy for a request says so with a 503 and `Retry-After`.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::HogError;

/// A refused request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, one line.
    pub message: String,
    /// Seconds after which the same request may succeed (a busy server).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// 400: something wrong with what was asked.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: crate::text::one_line(&message.into()),
            retry_after: None,
        }
    }

    /// 503: the server cannot take the request now; try again after
    /// `seconds`.
    pub fn busy(message: impl Into<String>, seconds: u32) -> ApiError {
        ApiError {
            retry_after: Some(seconds),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
        }
    }
}

impl From<HogError> for ApiError {
    fn from(e: HogError) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
