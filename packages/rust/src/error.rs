//! The one error type every method returns.

use std::time::Duration;

use crate::error_codes::ERROR_CODES;
use crate::types::Activity;

/// Every failure of the crate.
#[derive(Debug)]
pub enum Error {
    /// Sigil answered with a non-2xx status (or a 2xx answer that is not the JSON the document promises); no
    /// activity was created.
    Request(RequestError),
    /// `wait_for_activity` passed its timeout.
    ActivityTimeout(ActivityTimeoutError),
    /// The request did not complete: DNS, TLS, connection, or the `reqwest::Client`'s timeout.
    Http(reqwest::Error),
    /// An API key could not be parsed.
    InvalidKey(String),
    /// `ClientBuilder::build` was given an incomplete or invalid configuration.
    Config(String),
}

/// Sigil's error answer: the `Status` body with the HTTP status and the path that was called.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestError {
    pub status: u16,
    /// The gRPC-style code from the body (2, UNKNOWN, when the answer had no Status body).
    pub code: i32,
    pub message: String,
    pub details: Vec<serde_json::Value>,
    /// The API path, e.g. `/public/v1/submit/create_wallet`.
    pub path: String,
}

/// The code of a failed answer without a Status body (a proxy's HTML page, say): UNKNOWN.
pub(crate) const STATUS_CODE_UNKNOWN: i32 = 2;

impl RequestError {
    /// The code's name from the API document, e.g. `PERMISSION_DENIED`; `UNKNOWN` for a code it does not list.
    pub fn code_name(&self) -> &'static str {
        ERROR_CODES.iter().find(|entry| entry.code == self.code).map_or("UNKNOWN", |entry| entry.name)
    }

    /// Whether the API document marks the code retryable: the same request may succeed later (4, 8, 10, 14).
    pub fn is_retryable(&self) -> bool {
        ERROR_CODES.iter().any(|entry| entry.code == self.code && entry.retryable)
    }

    /// Whether a submission that failed this way created no activity, so sending it again is safe (8, 10, 14).
    pub fn is_submission_retryable(&self) -> bool {
        ERROR_CODES.iter().any(|entry| entry.code == self.code && entry.submission_retryable)
    }

    /// Builds the error from an answer body that may or may not be a Status.
    pub(crate) fn from_answer(status: u16, path: &str, body: &[u8]) -> Self {
        #[derive(serde::Deserialize)]
        struct Status {
            code: i32,
            message: String,
            #[serde(default)]
            details: Vec<serde_json::Value>,
        }
        match serde_json::from_slice::<Status>(body) {
            Ok(Status { code, message, details }) => Self { status, code, message, details, path: path.to_string() },
            Err(_) => {
                let text = String::from_utf8_lossy(body);
                let excerpt: String = text.trim().chars().take(200).collect();
                let message = if excerpt.is_empty() { format!("HTTP {status} from {path}") } else { format!("HTTP {status} from {path}: {excerpt}") };
                Self { status, code: STATUS_CODE_UNKNOWN, message, details: Vec::new(), path: path.to_string() }
            }
        }
    }
}

/// `wait_for_activity` gave up before the activity reached a final state.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityTimeoutError {
    pub activity_id: String,
    pub timeout: Duration,
    /// The last state seen.
    pub last_activity: Option<Activity>,
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (code {} {}, HTTP {}, {})", self.message, self.code, self.code_name(), self.status, self.path)
    }
}

impl std::fmt::Display for ActivityTimeoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "activity {} did not finish within {:?}", self.activity_id, self.timeout)?;
        match &self.last_activity {
            Some(activity) => write!(f, " (last status {})", activity.status),
            None => Ok(()),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Request(error) => error.fmt(f),
            Error::ActivityTimeout(error) => error.fmt(f),
            Error::Http(error) => write!(f, "the request did not complete: {error}"),
            Error::InvalidKey(message) => write!(f, "invalid API key: {message}"),
            Error::Config(message) => write!(f, "invalid client configuration: {message}"),
        }
    }
}

impl std::error::Error for RequestError {}
impl std::error::Error for ActivityTimeoutError {}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Request(error) => Some(error),
            Error::ActivityTimeout(error) => Some(error),
            Error::Http(error) => Some(error),
            Error::InvalidKey(_) | Error::Config(_) => None,
        }
    }
}

impl From<RequestError> for Error {
    fn from(error: RequestError) -> Self {
        Error::Request(error)
    }
}

impl From<ActivityTimeoutError> for Error {
    fn from(error: ActivityTimeoutError) -> Self {
        Error::ActivityTimeout(error)
    }
}

impl From<reqwest::Error> for Error {
    fn from(error: reqwest::Error) -> Self {
        Error::Http(error)
    }
}
