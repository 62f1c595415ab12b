//! The client against a real emulator: stamps it accepts, queries, submissions, polling, refusals.

mod common;

use std::time::Duration;

use common::Emulator;
use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcGroup, EcKey, EcPoint};
use openssl::ecdsa::EcdsaSig;
use openssl::nid::Nid;
use sigil_sdk::types::{
    AddressFormat, Curve, HashFunction, ListWalletsRequest, PathFormat, PayloadEncoding, SignRawPayloadParameters,
    WalletAccountParams, WhoamiRequest,
};
use sigil_sdk::{ApiKeyPair, ApiKeyStamper, Client, Error, Outcome, WaitOptions};

fn fast_wait() -> WaitOptions {
    WaitOptions { initial_delay: Duration::from_millis(5), max_delay: Duration::from_millis(20), ..WaitOptions::default() }
}

fn wallet_params(name: &str, address_format: AddressFormat) -> sigil_sdk::types::CreateWalletParameters {
    sigil_sdk::types::CreateWalletParameters {
        wallet_name: name.into(),
        accounts: vec![WalletAccountParams {
            curve: Curve::Secp256k1,
            path_format: PathFormat::Bip32,
            path: "m/44'/60'/0'/0/0".into(),
            address_format,
        }],
        mnemonic_length: None,
    }
}

#[tokio::test]
async fn whoami_answers_with_the_stamped_user() {
    let emulator = Emulator::start().await;
    let me = emulator.client().whoami(WhoamiRequest::default()).await.unwrap();
    assert_eq!(me.organization_id, emulator.info.organization_id);
    assert_eq!(me.user_id, emulator.info.root_user_id);
    assert_eq!(me.username, "root");
}

#[tokio::test]
async fn creates_a_wallet_and_signs_with_it_verifiably() {
    let emulator = Emulator::start().await;
    let client = emulator.client();
    let activity = client.create_wallet(wallet_params("Signing", AddressFormat::Compressed)).await.unwrap();
    let done = client.wait_for_activity(&activity, fast_wait()).await.unwrap();
    assert_eq!(done.outcome, Outcome::Completed);
    let public_key = done.activity.result.create_wallet_result.expect("a result").addresses[0].clone();

    let payload = "48656c6c6f"; // "Hello"
    let activity = client
        .sign_raw_payload(SignRawPayloadParameters {
            sign_with: public_key.clone(),
            payload: payload.into(),
            encoding: PayloadEncoding::Hexadecimal,
            hash_function: HashFunction::Sha256,
        })
        .await
        .unwrap();
    let done = client.wait_for_activity(&activity, fast_wait()).await.unwrap();
    let signature = done.activity.result.sign_raw_payload_result.expect("a signature");

    // Verify with OpenSSL's own secp256k1: the signature is over SHA-256 of the payload's bytes.
    let group = EcGroup::from_curve_name(Nid::SECP256K1).unwrap();
    let mut ctx = BigNumContext::new().unwrap();
    let point = EcPoint::from_bytes(&group, &hex(&public_key), &mut ctx).unwrap();
    let key = EcKey::from_public_key(&group, &point).unwrap();
    let digest = openssl::sha::sha256(&hex(payload));
    let sig = EcdsaSig::from_private_components(
        BigNum::from_slice(&hex(&signature.r)).unwrap(),
        BigNum::from_slice(&hex(&signature.s)).unwrap(),
    )
    .unwrap();
    assert!(sig.verify(&digest, &key).unwrap());
    let mut other = digest;
    other[0] ^= 1;
    assert!(!sig.verify(&other, &key).unwrap());
}

fn hex(text: &str) -> Vec<u8> {
    let text = text.trim_start_matches("0x");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
}

#[tokio::test]
async fn waits_through_pending_polls() {
    let emulator = Emulator::start_with(&["--pending-polls", "2"]).await;
    let client = emulator.client();
    let activity = client.create_wallet(wallet_params("Pending", AddressFormat::Ethereum)).await.unwrap();
    assert_eq!(activity.status, sigil_sdk::types::ActivityStatus::Pending);
    // A timeout no clock can add (no deadline) is accepted too.
    let done = client.wait_for_activity(&activity, WaitOptions { timeout: Duration::MAX, ..fast_wait() }).await.unwrap();
    assert_eq!(done.outcome, Outcome::Completed);
    assert!(done.activity.result.create_wallet_result.unwrap().addresses[0].starts_with("0x"));
}

#[tokio::test]
async fn gives_up_with_activity_timeout() {
    let emulator = Emulator::start_with(&["--pending-polls", "1000"]).await;
    let client = emulator.client();
    let activity = client.create_wallet(wallet_params("Slow", AddressFormat::Ethereum)).await.unwrap();
    let options = WaitOptions { timeout: Duration::from_millis(60), ..fast_wait() };
    match client.wait_for_activity(&activity, options).await {
        Err(Error::ActivityTimeout(timeout)) => {
            assert_eq!(timeout.activity_id, activity.id);
            assert_eq!(timeout.timeout, Duration::from_millis(60));
            assert_eq!(timeout.last_activity.unwrap().status, sigil_sdk::types::ActivityStatus::Pending);
        }
        other => panic!("expected an activity timeout, got {other:?}"),
    }
}

#[tokio::test]
async fn an_unregistered_key_is_refused_as_unauthenticated() {
    let emulator = Emulator::start().await;
    let pair = ApiKeyPair::generate().unwrap();
    let client = Client::builder()
        .organization_id(&emulator.info.organization_id)
        .stamper(ApiKeyStamper::new(&pair.public_key, &pair.private_key).unwrap())
        .base_url(&emulator.info.base_url)
        .build()
        .unwrap();
    match client.whoami(Default::default()).await {
        Err(Error::Request(error)) => {
            assert_eq!(error.code, 16);
            assert_eq!(error.code_name(), "UNAUTHENTICATED");
            assert_eq!(error.status, 401);
            assert_eq!(error.path, "/public/v1/query/whoami");
            assert!(!error.is_retryable());
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn a_bad_argument_is_refused_with_its_code_and_no_activity() {
    let emulator = Emulator::start().await;
    let client = emulator.client();
    match client.create_wallet(wallet_params("", AddressFormat::Ethereum)).await {
        Err(Error::Request(error)) => {
            assert_eq!(error.code, 3, "{error}");
            assert_eq!(error.code_name(), "INVALID_ARGUMENT");
        }
        other => panic!("expected INVALID_ARGUMENT, got {other:?}"),
    }
    let wallets = client.list_wallets(ListWalletsRequest::default()).await.unwrap();
    assert!(wallets.wallets.is_empty());
}

#[tokio::test]
async fn in_organization_sends_calls_to_that_organization() {
    let emulator = Emulator::start().await;
    let client = emulator.client();
    client.create_wallet(wallet_params("Main", AddressFormat::Ethereum)).await.unwrap();
    assert_eq!(client.list_wallets(ListWalletsRequest::default()).await.unwrap().wallets.len(), 1);
    // An organization this key has no say in: the same call is refused, so the ID was sent.
    let elsewhere = client.in_organization("00000000-0000-4000-8000-000000000000");
    assert_eq!(elsewhere.organization_id(), "00000000-0000-4000-8000-000000000000");
    assert_eq!(client.organization_id(), emulator.info.organization_id);
    match elsewhere.list_wallets(ListWalletsRequest::default()).await {
        Err(Error::Request(error)) => assert!([5, 7, 16].contains(&error.code), "{error}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn request_reaches_any_path_and_decodes_into_the_callers_type() {
    let emulator = Emulator::start().await;
    let body = serde_json::json!({ "organizationId": emulator.info.organization_id });
    let me: serde_json::Value = emulator.client().request("/public/v1/query/whoami", &body).await.unwrap();
    assert_eq!(me["userId"], emulator.info.root_user_id.as_str());
}
