//! `sigil-sdk`: call the Sigil API from async Rust. A [`Client`] with one method per query and submission, request
//! and response types generated from the API document ([`types`]), an API key stamper, activity polling and one
//! [`Error`] type.

mod client;
mod ecdsa;
mod encoding;
mod error;
pub mod error_codes;
mod operations;
mod stamper;
pub mod types;
mod wait;

pub use client::{Client, ClientBuilder, DEFAULT_BASE_URL};
pub use error::{ActivityTimeoutError, Error, RequestError};
pub use operations::{Operation, OPERATIONS};
pub use stamper::{ApiKeyPair, ApiKeyStamper, StampHeader, Stamper, P256_STAMP_SCHEME, STAMP_HEADER_NAME};
pub use wait::{Outcome, WaitOptions, WaitResult};
