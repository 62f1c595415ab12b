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

/// The wait after `delay`: `factor` times longer, at most `max_delay`. A factor below 1 (or not a number) keeps the
/// delay; one whose product no `Duration` holds gives `max_delay`.
fn next_delay(delay: Duration, options: WaitOptions) -> Duration {
    let factor = if options.factor >= 1.0 { options.factor } else { 1.0 };
    Duration::try_from_secs_f64(delay.as_secs_f64() * factor).unwrap_or(options.max_delay).min(options.max_delay)
}

impl Client {
    /// Polls `get_activity` (in the activity's own organization) until the activity is completed, failed, rejected
    /// or needs consensus, waiting `initial_delay`, then `factor` times longer each time up to `max_delay`.
    /// An activity already final is returned without a poll.
    pub async fn wait_for_activity(&self, activity: &Activity, options: WaitOptions) -> Result<WaitResult, Error> {
        // A timeout too long to add to the clock (Duration::MAX, say) means no deadline.
        let deadline = Instant::now().checked_add(options.timeout);
        let mut last = activity.clone();
        let mut delay = options.initial_delay;
        loop {
            if let Some(outcome) = outcome(&last.status) {
                return Ok(WaitResult { outcome, activity: last });
            }
            let remaining = deadline.map_or(Duration::MAX, |deadline| deadline.saturating_duration_since(Instant::now()));
            if remaining.is_zero() {
                return Err(ActivityTimeoutError { activity_id: activity.id.clone(), timeout: options.timeout, last_activity: Some(last) }.into());
            }
            tokio::time::sleep(delay.min(remaining)).await;
            delay = next_delay(delay, options);
            let polled = self
                .get_activity(GetActivityRequest { organization_id: Some(activity.organization_id.clone()), activity_id: activity.id.clone() })
                .await?;
            last = polled.activity;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_by_the_factor_up_to_the_maximum_and_odd_factors_do_not_panic() {
        let options = WaitOptions::default();
        assert_eq!(next_delay(Duration::from_millis(250), options), Duration::from_millis(500));
        assert_eq!(next_delay(Duration::from_secs(4), options), Duration::from_secs(5));
        for factor in [f64::NAN, -3.0, 0.5] {
            assert_eq!(next_delay(Duration::from_millis(250), WaitOptions { factor, ..options }), Duration::from_millis(250));
        }
        for factor in [1e300, f64::INFINITY] {
            assert_eq!(next_delay(Duration::from_millis(250), WaitOptions { factor, ..options }), options.max_delay);
        }
    }
}
