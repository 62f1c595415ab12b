//! Retries as `@sigil/http` does them, against a scripted local server: queries are sent again for every code the
//! API document marks retryable, submissions only for those it marks `submissionRetryable`.

use std::sync::{Arc, Mutex};

use sigil_sdk::types::{CreateWalletParameters, WhoamiRequest};
use sigil_sdk::{ApiKeyPair, ApiKeyStamper, Client, Error};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Answers each request with the next (status, body) of the script, closing the connection after each, and
/// records the request bodies.
async fn scripted_server(script: Vec<(u16, String)>) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let recorded = Arc::clone(&bodies);
    tokio::spawn(async move {
        for (status, answer) in script {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = Vec::new();
            let mut buffer = [0u8; 4096];
            // Read the head, then as many body bytes as Content-Length says.
            let body = loop {
                let n = socket.read(&mut buffer).await.unwrap();
                request.extend_from_slice(&buffer[..n]);
                let text = String::from_utf8_lossy(&request).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let length: usize = text[..end]
                        .lines()
                        .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap()))
                        .unwrap_or(0);
                    if request.len() >= end + 4 + length {
                        break text[end + 4..end + 4 + length].to_string();
                    }
                }
            };
            recorded.lock().unwrap().push(body);
            let response = format!(
                "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
            socket.write_all(response.as_bytes()).await.unwrap();
            socket.shutdown().await.unwrap();
        }
    });
    (url, bodies)
}

fn client(url: &str) -> Client {
    let pair = ApiKeyPair::generate().unwrap();
    Client::builder()
        .organization_id("00000000-0000-4000-8000-000000000000")
        .stamper(ApiKeyStamper::new(&pair.public_key, &pair.private_key).unwrap())
        .base_url(url)
        .build()
        .unwrap()
}

fn status(code: i32) -> String {
    format!(r#"{{"code":{code},"message":"try later","details":[]}}"#)
}

const WHOAMI: &str = r#"{"organizationId":"o","organizationName":"n","userId":"u","username":"root"}"#;

#[tokio::test]
async fn a_query_is_sent_again_after_unavailable_and_deadline_exceeded() {
    let (url, bodies) = scripted_server(vec![(503, status(14)), (504, status(4)), (200, WHOAMI.into())]).await;
    // On another task: the client and its futures are Send, as sharing it between tasks needs.
    let client = client(&url);
    let me = tokio::spawn(async move { client.whoami(WhoamiRequest::default()).await }).await.unwrap().unwrap();
    assert_eq!(me.username, "root");
    let bodies = bodies.lock().unwrap();
    assert_eq!(bodies.len(), 3);
    // The client filled in its organization.
    assert_eq!(bodies[0], r#"{"organizationId":"00000000-0000-4000-8000-000000000000"}"#);
}

#[tokio::test]
async fn a_query_gives_up_after_three_retries() {
    let (url, bodies) = scripted_server(vec![(503, status(14)); 4]).await;
    match client(&url).whoami(WhoamiRequest::default()).await {
        Err(Error::Request(error)) => assert_eq!((error.code, error.code_name()), (14, "UNAVAILABLE")),
        other => panic!("expected UNAVAILABLE, got {other:?}"),
    }
    assert_eq!(bodies.lock().unwrap().len(), 4);
}

#[tokio::test]
async fn a_refusal_that_is_not_retryable_is_sent_once() {
    let (url, bodies) = scripted_server(vec![(403, status(7)), (200, WHOAMI.into())]).await;
    match client(&url).whoami(WhoamiRequest::default()).await {
        Err(Error::Request(error)) => assert_eq!(error.code, 7),
        other => panic!("expected PERMISSION_DENIED, got {other:?}"),
    }
    assert_eq!(bodies.lock().unwrap().len(), 1);
}

fn wallet() -> CreateWalletParameters {
    CreateWalletParameters { wallet_name: "W".into(), accounts: vec![], mnemonic_length: None }
}

#[tokio::test]
async fn a_submission_is_not_sent_again_after_deadline_exceeded() {
    // The request may have created its activity, so sending it again could create a second one.
    let (url, bodies) = scripted_server(vec![(504, status(4)), (200, "{}".into())]).await;
    match client(&url).create_wallet(wallet()).await {
        Err(Error::Request(error)) => assert_eq!(error.code, 4),
        other => panic!("expected DEADLINE_EXCEEDED, got {other:?}"),
    }
    assert_eq!(bodies.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_submission_is_sent_again_after_unavailable_as_a_full_envelope() {
    let activity = r#"{"activity":{"id":"a","organizationId":"o","status":"ACTIVITY_STATUS_COMPLETED","type":"ACTIVITY_TYPE_CREATE_WALLET","intent":{},"result":{"createWalletResult":{"walletId":"w","addresses":[]}},"votes":[],"fingerprint":"sha256:00","canApprove":false,"canReject":false,"createdAt":{"seconds":"1","nanos":"0"},"updatedAt":{"seconds":"1","nanos":"0"}}}"#;
    let (url, bodies) = scripted_server(vec![(503, status(14)), (200, activity.into())]).await;
    let client = client(&url);
    let created = tokio::spawn(async move { client.create_wallet(wallet()).await }).await.unwrap().unwrap();
    assert_eq!(created.result.create_wallet_result.unwrap().wallet_id, "w");
    let bodies = bodies.lock().unwrap();
    assert_eq!(bodies.len(), 2);
    for body in bodies.iter() {
        let envelope: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(envelope["type"], "ACTIVITY_TYPE_CREATE_WALLET");
        assert_eq!(envelope["organizationId"], "00000000-0000-4000-8000-000000000000");
        assert_eq!(envelope["parameters"], serde_json::json!({ "walletName": "W", "accounts": [] }));
        let timestamp: u128 = envelope["timestampMs"].as_str().unwrap().parse().unwrap();
        assert!(timestamp > 1_700_000_000_000);
    }
}

#[tokio::test]
async fn an_answer_that_is_not_a_status_body_is_unknown() {
    let (url, _) = scripted_server(vec![(502, "<html>bad gateway</html>".into())]).await;
    match client(&url).whoami(WhoamiRequest::default()).await {
        Err(Error::Request(error)) => {
            assert_eq!((error.status, error.code, error.code_name()), (502, 2, "UNKNOWN"));
            assert!(error.message.contains("bad gateway"), "{}", error.message);
        }
        other => panic!("expected UNKNOWN, got {other:?}"),
    }
}

#[tokio::test]
async fn a_closed_port_is_an_http_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    match client(&url).whoami(WhoamiRequest::default()).await {
        Err(Error::Http(error)) => assert!(error.is_connect()),
        other => panic!("expected a connection error, got {other:?}"),
    }
}

/// Accepts connections and reads what they send, never answering; counts the connections.
async fn stalling_server() -> (String, Arc<Mutex<usize>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let accepted = Arc::new(Mutex::new(0));
    let counter = Arc::clone(&accepted);
    tokio::spawn(async move {
        loop {
            let (mut socket, _) = listener.accept().await.unwrap();
            *counter.lock().unwrap() += 1;
            tokio::spawn(async move {
                let mut buffer = [0u8; 4096];
                while matches!(socket.read(&mut buffer).await, Ok(n) if n > 0) {}
            });
        }
    });
    (url, accepted)
}

fn client_with_timeout(url: &str, timeout: std::time::Duration) -> Client {
    let pair = ApiKeyPair::generate().unwrap();
    Client::builder()
        .organization_id("00000000-0000-4000-8000-000000000000")
        .stamper(ApiKeyStamper::new(&pair.public_key, &pair.private_key).unwrap())
        .base_url(url)
        .http_client(reqwest::Client::builder().timeout(timeout).build().unwrap())
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_timed_out_query_is_asked_again_and_a_timed_out_submission_is_not() {
    let (url, accepted) = stalling_server().await;
    let client = client_with_timeout(&url, std::time::Duration::from_millis(100));
    match client.whoami(WhoamiRequest::default()).await {
        Err(Error::Http(error)) => assert!(error.is_timeout(), "{error}"),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert_eq!(*accepted.lock().unwrap(), 4);
    // The submission may have reached Sigil and created its activity: sending it again could create a second.
    match client.create_wallet(wallet()).await {
        Err(Error::Http(error)) => assert!(error.is_timeout(), "{error}"),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert_eq!(*accepted.lock().unwrap(), 5);
}
