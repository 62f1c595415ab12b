//! The client: configuration, stamping, sending with retries, and error mapping. The generated
//! `operations.rs` adds one method per operation on top of `query` and `submit`.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::{Error, RequestError, STATUS_CODE_UNKNOWN};
use crate::stamper::Stamper;

/// The API host a client calls unless `ClientBuilder::base_url` names another.
pub const DEFAULT_BASE_URL: &str = "https://api.sigil.example";

/// How long one attempt may take with the default HTTP client.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// Attempts after the first, and the bounds of the random wait before each (full jitter, doubling), as `@sigil/http`.
const RETRIES: u32 = 3;
const BASE_DELAY: Duration = Duration::from_millis(250);
const MAX_DELAY: Duration = Duration::from_secs(5);

/// The Sigil API client: one async method per query and submission. Cheap to clone (the connection pool and the
/// stamper are shared) and safe to share between tasks.
#[derive(Clone)]
pub struct Client {
    shared: Arc<Shared>,
    organization_id: String,
}

struct Shared {
    base_url: String,
    stamper: Box<dyn Stamper>,
    http: reqwest::Client,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.shared.base_url)
            .field("organization_id", &self.organization_id)
            .finish_non_exhaustive()
    }
}

/// Configures a `Client`; `organization_id` and `stamper` are required.
#[derive(Default)]
pub struct ClientBuilder {
    organization_id: Option<String>,
    stamper: Option<Box<dyn Stamper>>,
    base_url: Option<String>,
    http_client: Option<reqwest::Client>,
}

impl ClientBuilder {
    /// The organization calls run in unless the client is scoped to another with `in_organization`.
    pub fn organization_id(mut self, organization_id: impl Into<String>) -> Self {
        self.organization_id = Some(organization_id.into());
        self
    }

    /// Signs each request body; usually an `ApiKeyStamper`.
    pub fn stamper(mut self, stamper: impl Stamper + 'static) -> Self {
        self.stamper = Some(Box::new(stamper));
        self
    }

    /// The API host; default `DEFAULT_BASE_URL`.
    pub fn base_url(mut self, base_url: impl Into<String>) -> Self {
        self.base_url = Some(base_url.into());
        self
    }

    /// The `reqwest::Client` to send with: set timeouts, proxies or connection pools on it.
    pub fn http_client(mut self, http_client: reqwest::Client) -> Self {
        self.http_client = Some(http_client);
        self
    }

    /// The client, or `Error::Config` naming what is missing or malformed.
    pub fn build(self) -> Result<Client, Error> {
        let organization_id = self.organization_id.filter(|id| !id.trim().is_empty()).ok_or_else(|| {
            Error::Config("organization_id is required".into())
        })?;
        let stamper = self.stamper.ok_or_else(|| Error::Config("stamper is required (usually an ApiKeyStamper)".into()))?;
        let base_url = self.base_url.unwrap_or_else(|| DEFAULT_BASE_URL.to_string());
        let parsed = reqwest::Url::parse(&base_url).map_err(|error| Error::Config(format!("base_url {base_url:?} is not a URL: {error}")))?;
        if parsed.scheme() != "http" && parsed.scheme() != "https" {
            return Err(Error::Config(format!("base_url {base_url:?} must be http or https")));
        }
        let http = match self.http_client {
            Some(client) => client,
            // As @sigil/http's timeoutMs: a server that stalls fails the attempt instead of hanging the call.
            None => reqwest::Client::builder().timeout(DEFAULT_TIMEOUT).build()?,
        };
        Ok(Client {
            shared: Arc::new(Shared { base_url: base_url.trim_end_matches('/').to_string(), stamper, http }),
            organization_id,
        })
    }
}

/// The submission envelope's time: milliseconds since the Unix epoch as a decimal string.
fn timestamp_ms() -> String {
    let elapsed = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    elapsed.as_millis().to_string()
}

/// Full jitter: a uniformly random wait below min(MAX_DELAY, BASE_DELAY × 2^attempt).
fn backoff(attempt: u32) -> Duration {
    let ceiling = BASE_DELAY.saturating_mul(1u32 << attempt.min(16)).min(MAX_DELAY);
    let mut random = [0u8; 8];
    // Without random bytes the wait is the ceiling: still a bounded, growing backoff.
    let fraction = match openssl::rand::rand_bytes(&mut random) {
        Ok(()) => (u64::from_le_bytes(random) >> 11) as f64 / (1u64 << 53) as f64,
        Err(_) => 1.0,
    };
    ceiling.mul_f64(fraction)
}

/// Whether to send again after a transport failure: a query whenever the failure is about the exchange, a
/// submission only when the connection never opened (so no activity can exist).
fn transport_failure_retryable(error: &reqwest::Error, submission: bool) -> bool {
    if submission {
        error.is_connect()
    } else {
        error.is_connect() || error.is_timeout() || error.is_request()
    }
}

impl Client {
    pub fn builder() -> ClientBuilder {
        ClientBuilder::default()
    }

    /// The organization calls run in by default.
    pub fn organization_id(&self) -> &str {
        &self.organization_id
    }

    /// The API host, without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.shared.base_url
    }

    /// A clone of this client whose queries and submissions default to another organization (a sub-organization).
    pub fn in_organization(&self, organization_id: impl Into<String>) -> Client {
        Client { shared: Arc::clone(&self.shared), organization_id: organization_id.into() }
    }

    /// Stamps and POSTs `body` to any API path, as JSON, and decodes the answer; for paths the generated methods
    /// do not cover. A path containing `/submit/` is retried as a submission is.
    pub async fn request<B: Serialize + ?Sized, T: DeserializeOwned>(&self, path: &str, body: &B) -> Result<T, Error> {
        let submission = path.contains("/submit/");
        self.send(path, submission, || serialize(path, body)).await
    }

    pub(crate) async fn query<B: Serialize, T: DeserializeOwned>(&self, path: &str, body: &B) -> Result<T, Error> {
        self.send(path, false, || serialize(path, body)).await
    }

    /// Sends a submission, building its envelope again for each attempt so every retry has a fresh timestamp.
    pub(crate) async fn submit<R: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        envelope: impl Fn(String, String) -> R,
    ) -> Result<T, Error> {
        self.send(path, true, || serialize(path, &envelope(timestamp_ms(), self.organization_id.clone()))).await
    }

    async fn send<T: DeserializeOwned>(
        &self,
        path: &str,
        submission: bool,
        body: impl Fn() -> Result<Vec<u8>, Error>,
    ) -> Result<T, Error> {
        let mut attempt = 0;
        loop {
            let failure = match self.attempt(path, body()?).await {
                Ok(answer) => return decode(path, answer),
                Err(failure) => failure,
            };
            let retryable = match &failure {
                Error::Request(error) => if submission { error.is_submission_retryable() } else { error.is_retryable() },
                Error::Http(error) => transport_failure_retryable(error, submission),
                _ => false,
            };
            if !retryable || attempt >= RETRIES {
                return Err(failure);
            }
            tokio::time::sleep(backoff(attempt)).await;
            attempt += 1;
        }
    }

    /// One exchange: the 2xx answer's status and bytes, or the error it maps to.
    async fn attempt(&self, path: &str, body: Vec<u8>) -> Result<(u16, Vec<u8>), Error> {
        let stamp = self.shared.stamper.stamp(&body)?;
        let response = self
            .shared
            .http
            .post(format!("{}{}", self.shared.base_url, path))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(stamp.name, stamp.value)
            .body(body)
            .send()
            .await?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await?.to_vec();
        if !(200..300).contains(&status) {
            return Err(RequestError::from_answer(status, path, &bytes).into());
        }
        Ok((status, bytes))
    }
}

fn serialize<B: Serialize + ?Sized>(path: &str, body: &B) -> Result<Vec<u8>, Error> {
    serde_json::to_vec(body).map_err(|error| {
        Error::Config(format!("the body for {path} cannot be written as JSON: {error}"))
    })
}

fn decode<T: DeserializeOwned>(path: &str, (status, bytes): (u16, Vec<u8>)) -> Result<T, Error> {
    serde_json::from_slice(&bytes).map_err(|error| {
        let text = String::from_utf8_lossy(&bytes);
        let excerpt: String = text.chars().take(200).collect();
        Error::Request(RequestError {
            status,
            code: STATUS_CODE_UNKNOWN,
            message: format!("the answer from {path} is not the JSON the API document describes ({error}): {excerpt}"),
            details: Vec::new(),
            path: path.to_string(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_stays_below_a_doubling_ceiling_capped_at_five_seconds() {
        for attempt in 0..8 {
            let ceiling = (BASE_DELAY * 2u32.pow(attempt)).min(MAX_DELAY);
            for _ in 0..50 {
                assert!(backoff(attempt) <= ceiling);
            }
        }
    }

    #[test]
    fn build_names_what_is_missing() {
        let message = match Client::builder().build() {
            Err(Error::Config(message)) => message,
            other => panic!("expected a configuration error, got {other:?}"),
        };
        assert!(message.contains("organization_id"), "{message}");
    }
}
