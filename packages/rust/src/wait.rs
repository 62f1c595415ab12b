//! `Client::wait_for_activity`: polls `get_activity` until the activity reaches a final state.

use std::time::{Duration, Instant};

use crate::error::{ActivityTimeoutError, Error};
use crate::types::{Activity, ActivityStatus, GetActivityRequest};
use crate::Client;

/// How long and how often `wait_for_activity` polls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WaitOptions {
    /// Give up with `Error::ActivityTimeout` after this long. Default 60 s.
    pub timeout: Duration,
    /// The wait before the first poll. Default 250 ms.
    pub initial_delay: Duration,
    /// The longest wait between polls. Default 5 s.
    pub max_delay: Duration,
    /// Each wait is the previous one times this. Default 2.0.
    pub factor: f64,
}

impl Default for WaitOptions {
    fn default() -> Self {
        Self { timeout: Duration::from_secs(60), initial_delay: Duration::from_millis(250), max_delay: Duration::from_secs(5), factor: 2.0 }
    }
}

/// The final state an activity reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Completed,
    Failed,
    Rejected,
    ConsensusNeeded,
}

/// What `wait_for_activity` returns: the outcome and the activity in that state.
#[derive(Debug, Clone, PartialEq)]
pub struct WaitResult {
    pub outcome: Outcome,
    pub activity: Activity,
}

fn outcome(status: &ActivityStatus) -> Option<Outcome> {
    match status {
        ActivityStatus::Completed => Some(Outcome::Completed),
        ActivityStatus::Failed => Some(Outcome::Failed),
        ActivityStatus::Rejected => Some(Outcome::Rejected),
        ActivityStatus::ConsensusNeeded => Some(Outcome::ConsensusNeeded),
        _ => None,
    }
}

impl Client {
    /// Polls `get_activity` (in the activity's own organization) until the activity is completed, failed, rejected
    /// or needs consensus, waiting `initial_delay`, then `factor` times longer each time up to `max_delay`.
    /// An activity already final is returned without a poll.
    pub async fn wait_for_activity(&self, activity: &Activity, options: WaitOptions) -> Result<WaitResult, Error> {
        let deadline = Instant::now() + options.timeout;
        let mut last = activity.clone();
        let mut delay = options.initial_delay;
        loop {
            if let Some(outcome) = outcome(&last.status) {
                return Ok(WaitResult { outcome, activity: last });
            }
            let remaining = deadline.saturating_duration_since(Instant::now());
            if remaining.is_zero() {
                return Err(ActivityTimeoutError { activity_id: activity.id.clone(), timeout: options.timeout, last_activity: Some(last) }.into());
            }
            tokio::time::sleep(delay.min(remaining)).await;
            delay = delay.mul_f64(options.factor.max(1.0)).min(options.max_delay);
            let polled = self
                .get_activity(GetActivityRequest { organization_id: Some(activity.organization_id.clone()), activity_id: activity.id.clone() })
                .await?;
            last = polled.activity;
        }
    }
}
