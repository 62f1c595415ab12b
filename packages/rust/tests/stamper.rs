//! The stamper reproduces `@sigil/api-key-stamper`'s published test vector and refuses bad keys.

use sigil_sdk::{ApiKeyPair, ApiKeyStamper, Error, Stamper};

// TEST_VECTOR of packages/api-key-stamper/src/test-vector.ts (a public, obviously fake key).
const PRIVATE_KEY: &str = "deadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef";
const PUBLIC_KEY: &str = "03339118eab84d4d7b9adfadf908eea6fc4844ef55380886877139a061c1e41dc3";
const BODY: &str = r#"{"type":"ACTIVITY_TYPE_CREATE_WALLET","timestampMs":"1700000000000","organizationId":"00000000-0000-4000-8000-000000000000","parameters":{"walletName":"Test wallet","accounts":[{"curve":"CURVE_SECP256K1","pathFormat":"PATH_FORMAT_BIP32","path":"m/44'/60'/0'/0/0","addressFormat":"ADDRESS_FORMAT_ETHEREUM"}]}}"#;
const STAMP: &str = "eyJwdWJsaWNLZXkiOiIwMzMzOTExOGVhYjg0ZDRkN2I5YWRmYWRmOTA4ZWVhNmZjNDg0NGVmNTUzODA4ODY4NzcxMzlhMDYxYzFlNDFkYzMiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1NJR0lMX1AyNTZfRUNEU0FfU0hBMjU2Iiwic2lnbmF0dXJlIjoiMzA0NDAyMjAxY2UyYmIxZjY2MjdhZWY3MDQyNDBlNTg4NzU5ZTc4NTM3ODgyOGRjNzI2NGM3MzgyNDU4ZGM3OTkwZTQ3ZjA0MDIyMDI5MjNiZDJiNTNlNGU0MTA3MmQ3MmNlODFjZjM4YjFkN2QxN2MyZTgzNjU3ODA2MDljOGY2ZTI0ODA2YzA3MTMifQ";

#[test]
fn reproduces_the_api_key_stamper_test_vector() {
    let stamper = ApiKeyStamper::new(PUBLIC_KEY, PRIVATE_KEY).unwrap();
    let header = stamper.stamp(BODY.as_bytes()).unwrap();
    assert_eq!(header.name, "X-Stamp");
    assert_eq!(header.value, STAMP);
}

#[test]
fn accepts_an_uppercase_public_key_and_stamps_its_lowercase_form() {
    let stamper = ApiKeyStamper::new(&PUBLIC_KEY.to_uppercase(), PRIVATE_KEY).unwrap();
    assert_eq!(stamper.public_key(), PUBLIC_KEY);
    assert_eq!(stamper.stamp(BODY.as_bytes()).unwrap().value, STAMP);
}

#[test]
fn a_different_body_gives_a_different_stamp() {
    let stamper = ApiKeyStamper::new(PUBLIC_KEY, PRIVATE_KEY).unwrap();
    assert_ne!(stamper.stamp(b"{}").unwrap().value, STAMP);
}

fn invalid_key_message(result: Result<ApiKeyStamper, Error>) -> String {
    match result {
        Err(Error::InvalidKey(message)) => message,
        other => panic!("expected Error::InvalidKey, got {other:?}"),
    }
}

#[test]
fn refuses_malformed_and_mismatched_keys() {
    let other = ApiKeyPair::generate().unwrap();
    assert!(invalid_key_message(ApiKeyStamper::new(&other.public_key, PRIVATE_KEY)).contains("does not match"));
    assert!(invalid_key_message(ApiKeyStamper::new(PUBLIC_KEY, "deadbeef")).contains("64 hex characters"));
    assert!(invalid_key_message(ApiKeyStamper::new(PUBLIC_KEY, &"zz".repeat(32))).contains("64 hex characters"));
    assert!(invalid_key_message(ApiKeyStamper::new(PUBLIC_KEY, &"00".repeat(32))).contains("not a valid P-256"));
    assert!(invalid_key_message(ApiKeyStamper::new(&PUBLIC_KEY[2..], PRIVATE_KEY)).contains("compressed P-256"));
}

#[test]
fn generated_pairs_are_lowercase_hex_and_belong_together() {
    let pair = ApiKeyPair::generate().unwrap();
    assert_eq!(pair.private_key.len(), 64);
    assert_eq!(pair.public_key.len(), 66);
    assert!(pair.public_key.starts_with("02") || pair.public_key.starts_with("03"));
    assert!(pair.private_key.bytes().chain(pair.public_key.bytes()).all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    assert_ne!(pair, ApiKeyPair::generate().unwrap());
    ApiKeyStamper::new(&pair.public_key, &pair.private_key).unwrap();
    // The private key never shows in debug output.
    assert!(!format!("{pair:?}").contains(&pair.private_key));
}
