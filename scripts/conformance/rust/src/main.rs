//! The conformance scenario with the Rust SDK: the steps of ../README.md, one JSON object of answers on stdout.
use openssl::pkey::{Id, PKey};
use openssl::sign::Verifier;
use serde_json::{json, Value};
use sigil_sdk::types::{
    Activity, AddressFormat, ApproveActivityParameters, CreateUserTagParameters,
    CreateWalletParameters, Curve, GetActivityRequest, GetWalletRequest, HashFunction, PathFormat,
    PayloadEncoding, SignRawPayloadParameters, WalletAccountParams, WhoamiRequest,
};
use sigil_sdk::{ApiKeyStamper, Client, Error, Outcome, WaitOptions, WaitResult};

type Failure = Box<dyn std::error::Error>;

fn env(name: &str) -> Result<String, Failure> {
    std::env::var(name).map_err(|_| format!("{name} is not set").into())
}

fn client(base_url: &str, public_key: &str, private_key: &str) -> Result<Client, Failure> {
    let stamper = ApiKeyStamper::new(public_key, private_key)?;
    Ok(Client::builder()
        .base_url(base_url)
        .organization_id(env("SIGIL_ORGANIZATION_ID")?)
        .stamper(stamper)
        .build()?)
}

/// The outcome as the other SDKs name it (`COMPLETED`, `CONSENSUS_NEEDED`, ...).
fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Completed => "COMPLETED",
        Outcome::Failed => "FAILED",
        Outcome::Rejected => "REJECTED",
        Outcome::ConsensusNeeded => "CONSENSUS_NEEDED",
    }
}

async fn wait(client: &Client, activity: Result<Activity, Error>) -> Result<WaitResult, Failure> {
    Ok(client
        .wait_for_activity(&activity?, WaitOptions::default())
        .await?)
}

fn solana_account() -> Vec<WalletAccountParams> {
    vec![WalletAccountParams {
        curve: Curve::Ed25519,
        path_format: PathFormat::Bip32,
        path: "m/44'/501'/0'/0'".into(),
        address_format: AddressFormat::Solana,
    }]
}

/// A Solana address (Bitcoin's base58 alphabet) as its bytes: the Ed25519 public key.
fn base58_decode(text: &str) -> Result<Vec<u8>, Failure> {
    const ALPHABET: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    // Big-endian base-256 digits of the number, multiplied by 58 and added to digit by digit.
    let mut bytes: Vec<u8> = Vec::new();
    for c in text.bytes() {
        let mut carry = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or_else(|| format!("not base58: {text:?}"))? as u32;
        for byte in bytes.iter_mut().rev() {
            carry += u32::from(*byte) * 58;
            *byte = (carry & 0xff) as u8;
            carry >>= 8;
        }
        while carry > 0 {
            bytes.insert(0, (carry & 0xff) as u8);
            carry >>= 8;
        }
    }
    let zeros = text.bytes().take_while(|&c| c == b'1').count();
    Ok([vec![0; zeros], bytes].concat())
}

fn hex_encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hex_decode(text: &str) -> Result<Vec<u8>, Failure> {
    if text.len() % 2 != 0 {
        return Err(format!("odd-length hex: {text:?}").into());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| Ok(u8::from_str_radix(&text[i..i + 2], 16)?))
        .collect()
}

/// Ed25519 verification through OpenSSL (the crypto the SDK already links); a key of the wrong size verifies nothing.
fn ed25519_verify(public_key: &[u8], message: &[u8], signature: &[u8]) -> Result<bool, Failure> {
    if public_key.len() != 32 {
        return Ok(false);
    }
    let key = PKey::public_key_from_raw_bytes(public_key, Id::ED25519)?;
    let mut verifier = Verifier::new_without_digest(&key)?;
    // OpenSSL reports a signature that does not match as Ok(false), and one it cannot parse as an error: both fail.
    Ok(verifier.verify_oneshot(signature, message).unwrap_or(false))
}

async fn scenario() -> Result<Value, Failure> {
    let label = env("SCENARIO_LABEL")?;
    let base_url = env("SIGIL_BASE_URL")?;
    let root = client(
        &base_url,
        &env("SIGIL_API_PUBLIC_KEY")?,
        &env("SIGIL_API_PRIVATE_KEY")?,
    )?;

    let me = root.whoami(WhoamiRequest::default()).await?;
    let whoami = json!({"username": me.username, "organizationName": me.organization_name});

    let created = wait(
        &root,
        root.create_wallet(CreateWalletParameters {
            wallet_name: format!("wallet {label}"),
            accounts: solana_account(),
            mnemonic_length: None,
        })
        .await,
    )
    .await?;
    let addresses = created
        .activity
        .result
        .create_wallet_result
        .ok_or("create_wallet completed without a result")?
        .addresses;
    let wallet = json!({"outcome": outcome_name(created.outcome), "addresses": addresses.len()});
    let address = addresses.first().ok_or("create_wallet made no address")?;

    let payload = b"conformance payload";
    let signed = wait(
        &root,
        root.sign_raw_payload(SignRawPayloadParameters {
            sign_with: address.clone(),
            payload: hex_encode(payload),
            encoding: PayloadEncoding::Hexadecimal,
            hash_function: HashFunction::NotApplicable,
        })
        .await,
    )
    .await?;
    let result = signed
        .activity
        .result
        .sign_raw_payload_result
        .ok_or("sign_raw_payload completed without a result")?;
    let signature_bytes = hex_decode(&format!("{}{}", result.r, result.s))?;
    let public_key = base58_decode(address)?;
    let signature = json!({
        "outcome": outcome_name(signed.outcome),
        "verified": ed25519_verify(&public_key, payload, &signature_bytes)?,
        "verifiesAnotherPayload": ed25519_verify(&public_key, b"another payload", &signature_bytes)?,
    });

    let alice = client(
        &base_url,
        &env("ALICE_API_PUBLIC_KEY")?,
        &env("ALICE_API_PRIVATE_KEY")?,
    )?;
    let waiting = wait(
        &alice,
        alice
            .create_wallet(CreateWalletParameters {
                wallet_name: format!("approved {label}"),
                accounts: solana_account(),
                mnemonic_length: None,
            })
            .await,
    )
    .await?;
    let approval = wait(
        &root,
        root.approve_activity(ApproveActivityParameters {
            fingerprint: waiting.activity.fingerprint.clone(),
        })
        .await,
    )
    .await?;
    // The submitter reads its activity again: the approval carried it out.
    let last = alice
        .get_activity(GetActivityRequest {
            activity_id: waiting.activity.id.clone(),
            ..Default::default()
        })
        .await?;
    let approval = json!({
        "submitted": outcome_name(waiting.outcome),
        "approval": outcome_name(approval.outcome),
        "final": last.activity.status.to_string(),
    });

    let unknown = GetWalletRequest {
        wallet_id: "00000000-0000-4000-8000-000000000000".into(),
        ..Default::default()
    };
    let refused = match root.get_wallet(unknown).await {
        Err(Error::Request(refused)) => {
            json!({"status": refused.status, "code": refused.code, "codeName": refused.code_name()})
        }
        other => return Err(format!("get_wallet of an unknown wallet: {other:?}").into()),
    };

    let flaky = client(
        &env("SIGIL_FLAKY_URL")?,
        &env("SIGIL_API_PUBLIC_KEY")?,
        &env("SIGIL_API_PRIVATE_KEY")?,
    )?;
    let again = flaky.whoami(WhoamiRequest::default()).await?;
    let tagged = wait(
        &root,
        flaky
            .create_user_tag(CreateUserTagParameters {
                user_tag_name: format!("tag {label}"),
                user_ids: vec![],
            })
            .await,
    )
    .await?;

    Ok(json!({
        "whoami": whoami,
        "wallet": wallet,
        "signature": signature,
        "approval": approval,
        "refused": refused,
        "retriedQuery": {"username": again.username},
        "retriedSubmission": {"outcome": outcome_name(tagged.outcome)},
    }))
}

#[tokio::main]
async fn main() {
    match scenario().await {
        Ok(answers) => println!("{answers}"),
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    }
}
