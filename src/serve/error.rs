//! Errors as the API answers them: a status and the one-line message the
//! command line would print, as `{"error": "..."}`. Bad input is a 4xx.

use axum::http::StatusCode;
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
}

impl ApiError {
    /// 400: something wrong with what was asked.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl From<HogError> for ApiError {
    fn from(e: HogError) -> ApiError {
        ApiError::bad(e.to_string().replace('\n', " "))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}
