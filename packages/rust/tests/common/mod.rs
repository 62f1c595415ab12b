//! Starts a real emulator (`test/start-emulator.mjs`, Node) for a test and stops it when dropped.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Stdio;

use serde::Deserialize;
use sigil_sdk::{ApiKeyStamper, Client};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmulatorInfo {
    pub base_url: String,
    pub organization_id: String,
    pub root_user_id: String,
    pub public_key: String,
    pub private_key: String,
}

pub struct Emulator {
    pub info: EmulatorInfo,
    // Closing its standard input (on drop) stops the helper; kill_on_drop is the fallback.
    _child: Child,
}

impl Emulator {
    pub async fn start() -> Emulator {
        Self::start_with(&[]).await
    }

    pub async fn start_with(args: &[&str]) -> Emulator {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test/start-emulator.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs test/start-emulator.mjs (is Node on PATH?)");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).await.expect("the emulator helper prints a line");
        let info: EmulatorInfo = serde_json::from_str(&line).unwrap_or_else(|e| panic!("emulator helper printed {line:?}: {e}"));
        Emulator { info, _child: child }
    }

    pub fn client(&self) -> Client {
        let stamper = ApiKeyStamper::new(&self.info.public_key, &self.info.private_key).expect("the emulator's root key");
        Client::builder()
            .organization_id(&self.info.organization_id)
            .stamper(stamper)
            .base_url(&self.info.base_url)
            .build()
            .expect("a client")
    }
}
