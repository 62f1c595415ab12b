//! Starts a real emulator (`scripts/sdk-emulator/start.mjs`, shared with the Go and Ruby tests, Node) for a test and stops it when dropped.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use serde::Deserialize;
use sigil_sdk::{ApiKeyStamper, Client};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmulatorInfo {
    #[serde(rename = "url")]
    pub base_url: String,
    pub organization_id: String,
    pub root_user_id: String,
    pub public_key: String,
    pub private_key: String,
}

pub struct Emulator {
    pub info: EmulatorInfo,
    child: Child,
}

impl Drop for Emulator {
    fn drop(&mut self) {
        // Closing its standard input would stop it too; a test that panicked should not wait for that.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Emulator {
    pub async fn start() -> Emulator {
        Self::start_with(&[]).await
    }

    // Blocking is fine here: the test has nothing else running yet. std::process keeps tokio's features down to the
    // ones every example needs, so tests and the doc checker's examples share one build of the crate.
    pub async fn start_with(args: &[&str]) -> Emulator {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/sdk-emulator/start.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("node runs scripts/sdk-emulator/start.mjs (is Node on PATH?)");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the emulator helper prints a line");
        let info: EmulatorInfo = serde_json::from_str(&line).unwrap_or_else(|e| panic!("emulator helper printed {line:?}: {e}"));
        Emulator { info, child }
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
