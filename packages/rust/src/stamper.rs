//! Request stamps: the `Stamper` trait and `ApiKeyStamper`, which signs with a P-256 API key into `X-Stamp`.

use crate::ecdsa::P256;
use crate::encoding::{base64url_no_pad, from_hex, to_hex};
use crate::error::Error;

/// The name of the header API key stamps travel in.
pub const STAMP_HEADER_NAME: &str = "X-Stamp";
/// The scheme P-256 API key stamps name.
pub const P256_STAMP_SCHEME: &str = "SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256";

/// One header that authenticates a request body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampHeader {
    pub name: &'static str,
    pub value: String,
}

/// Signs the exact bytes of a request body. Implement it to sign with a key held in a KMS or HSM.
pub trait Stamper: Send + Sync {
    fn stamp(&self, body: &[u8]) -> Result<StampHeader, Error>;
}

/// Signs request bodies with a P-256 API key: ECDSA over SHA-256 of the body, deterministic (RFC 6979) and low-S,
/// so the same key and body always give the same `X-Stamp`.
pub struct ApiKeyStamper {
    curve: P256,
    private_key: Vec<u8>,
    public_key: String,
}

impl std::fmt::Debug for ApiKeyStamper {
    // Never print the private key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKeyStamper").field("public_key", &self.public_key).finish_non_exhaustive()
    }
}

fn openssl_failure(error: openssl::error::ErrorStack) -> Error {
    Error::InvalidKey(format!("OpenSSL failed: {error}"))
}

fn parse_private_key(curve: &P256, private_key_hex: &str) -> Result<Vec<u8>, Error> {
    let bytes = from_hex(private_key_hex)
        .filter(|bytes| bytes.len() == 32)
        .ok_or_else(|| Error::InvalidKey("API private key must be 64 hex characters (a 32-byte P-256 private key)".into()))?;
    if !curve.is_valid_private_key(&bytes).map_err(openssl_failure)? {
        return Err(Error::InvalidKey("API private key is not a valid P-256 private key".into()));
    }
    Ok(bytes)
}

fn is_compressed_public_key(text: &str) -> bool {
    text.len() == 66 && (text.starts_with("02") || text.starts_with("03")) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

impl ApiKeyStamper {
    /// A stamper for a P-256 key pair, both halves as hex: the compressed public key (66 characters) and the
    /// private key (64). Fails with `Error::InvalidKey` if either is malformed or they do not belong together.
    pub fn new(public_key_hex: &str, private_key_hex: &str) -> Result<Self, Error> {
        let curve = P256::new().map_err(openssl_failure)?;
        let private_key = parse_private_key(&curve, private_key_hex)?;
        if !is_compressed_public_key(public_key_hex) {
            return Err(Error::InvalidKey(
                "API public key must be a compressed P-256 key (66 hex characters starting with 02 or 03)".into(),
            ));
        }
        let derived = to_hex(&curve.public_key(&private_key).map_err(openssl_failure)?);
        // A mismatched pair would sign stamps the API refuses; say so here instead.
        if public_key_hex.to_ascii_lowercase() != derived {
            return Err(Error::InvalidKey("API public key does not match the API private key".into()));
        }
        Ok(Self { curve, private_key, public_key: derived })
    }

    /// The public key stamps name, lowercase hex.
    pub fn public_key(&self) -> &str {
        &self.public_key
    }
}

impl Stamper for ApiKeyStamper {
    fn stamp(&self, body: &[u8]) -> Result<StampHeader, Error> {
        let signature = self.curve.sign(&self.private_key, body).map_err(openssl_failure)?;
        // Every value is hex or a fixed name, so no JSON escaping is needed; the field order is the API's.
        let json = format!(
            r#"{{"publicKey":"{}","scheme":"{}","signature":"{}"}}"#,
            self.public_key,
            P256_STAMP_SCHEME,
            to_hex(&signature)
        );
        Ok(StampHeader { name: STAMP_HEADER_NAME, value: base64url_no_pad(json.as_bytes()) })
    }
}

/// A P-256 API key pair as lowercase hex: the compressed public key (66 characters) and the private key (64).
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKeyPair {
    pub public_key: String,
    pub private_key: String,
}

impl std::fmt::Debug for ApiKeyPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKeyPair").field("public_key", &self.public_key).finish_non_exhaustive()
    }
}

impl ApiKeyPair {
    /// A new random key pair from OpenSSL's random generator. Fails only if that generator does.
    pub fn generate() -> Result<Self, Error> {
        let curve = P256::new().map_err(openssl_failure)?;
        let mut secret = [0u8; 32];
        loop {
            openssl::rand::rand_bytes(&mut secret).map_err(openssl_failure)?;
            // All but a 2^-32 sliver of 32-byte strings are valid keys; draw again otherwise.
            if curve.is_valid_private_key(&secret).map_err(openssl_failure)? {
                break;
            }
        }
        let public_key = to_hex(&curve.public_key(&secret).map_err(openssl_failure)?);
        Ok(Self { public_key, private_key: to_hex(&secret) })
    }
}
