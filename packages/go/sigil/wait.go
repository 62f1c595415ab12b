package sigil

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Outcome is the final state WaitForActivity stopped at.
type Outcome string

// The outcomes of WaitForActivity: the activity's status without ACTIVITY_STATUS_.
const (
	OutcomeCompleted       Outcome = "COMPLETED"
	OutcomeFailed          Outcome = "FAILED"
	OutcomeRejected        Outcome = "REJECTED"
	OutcomeConsensusNeeded Outcome = "CONSENSUS_NEEDED"
)

var finalStatuses = map[ActivityStatus]Outcome{
	ActivityStatusCompleted:       OutcomeCompleted,
	ActivityStatusFailed:          OutcomeFailed,
	ActivityStatusRejected:        OutcomeRejected,
	ActivityStatusConsensusNeeded: OutcomeConsensusNeeded,
}

// WaitOptions tunes WaitForActivity; a nil *WaitOptions, or a zero field, means the default.
type WaitOptions struct {
	// Timeout is how long to poll before returning an *ActivityTimeoutError (60 s).
	Timeout time.Duration
	// InitialDelay is the wait before the first poll (250 ms).
	InitialDelay time.Duration
	// MaxDelay bounds the wait between polls (5 s).
	MaxDelay time.Duration
	// Factor multiplies the wait after each poll (2).
	Factor float64
}

// WaitResult is the activity in its final state and which state that is.
type WaitResult struct {
	Outcome  Outcome
	Activity *Activity
}

// WaitForActivity polls GetActivity, in the activity's own organization, until the activity is COMPLETED, FAILED,
// REJECTED or CONSENSUS_NEEDED (which waits for votes). An activity already final is returned without a call.
func (c *Client) WaitForActivity(ctx context.Context, activity *Activity, opts *WaitOptions) (*WaitResult, error) {
	if activity == nil {
		return nil, errors.New("sigil: WaitForActivity needs the activity a submission returned (got nil)")
	}
	settings := WaitOptions{Timeout: 60 * time.Second, InitialDelay: 250 * time.Millisecond, MaxDelay: 5 * time.Second, Factor: 2}
	if opts != nil {
		if opts.Timeout > 0 {
			settings.Timeout = opts.Timeout
		}
		if opts.InitialDelay > 0 {
			settings.InitialDelay = opts.InitialDelay
		}
		if opts.MaxDelay > 0 {
			settings.MaxDelay = opts.MaxDelay
		}
		if opts.Factor >= 1 {
			settings.Factor = opts.Factor
		}
	}
	deadline := time.Now().Add(settings.Timeout)
	last := activity
	delay := settings.InitialDelay
	for {
		if outcome, final := finalStatuses[last.Status]; final {
			return &WaitResult{Outcome: outcome, Activity: last}, nil
		}
		remaining := time.Until(deadline)
		if remaining <= 0 {
			return nil, &ActivityTimeoutError{ActivityID: activity.ID, Timeout: settings.Timeout, LastActivity: last}
		}
		if delay > remaining {
			delay = remaining
		}
		if err := sleep(ctx, delay); err != nil {
			return nil, fmt.Errorf("sigil: waiting for activity %s was cancelled: %w", activity.ID, err)
		}
		delay = time.Duration(float64(delay) * settings.Factor)
		if delay > settings.MaxDelay {
			delay = settings.MaxDelay
		}
		got, err := c.GetActivity(ctx, GetActivityRequest{ActivityID: activity.ID, OrganizationID: activity.OrganizationID})
		if err != nil {
			return nil, err
		}
		last = &got.Activity
	}
}
