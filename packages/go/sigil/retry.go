package sigil

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"time"
)

// transportError is a call that got no answer. It wraps the *url.Error of net/http, so errors.As finds it.
type transportError struct {
	path string
	err  error
	// sent is true once the request may have reached Sigil (an answer cut off while being read).
	sent bool
}

func (e *transportError) Error() string {
	return fmt.Sprintf("sigil: no answer from %s: %v", e.path, e.err)
}
func (e *transportError) Unwrap() error { return e.err }

// neverSent reports whether the connection failed before any byte of the request left: then no activity can exist.
func (e *transportError) neverSent() bool {
	var op *net.OpError
	return !e.sent && errors.As(e.err, &op) && op.Op == "dial"
}

func mayRetry(ctx context.Context, err error, isQuery bool) bool {
	if ctx.Err() != nil {
		return false
	}
	var requestErr *RequestError
	if errors.As(err, &requestErr) {
		if isQuery {
			return requestErr.Retryable()
		}
		return requestErr.submissionRetryable
	}
	var transport *transportError
	if errors.As(err, &transport) {
		// A query changes nothing, so any lost answer may be asked again; a submission only if nothing was sent.
		return isQuery || transport.neverSent()
	}
	return false
}

// backoffDelay is full jitter: a random wait from 0 up to min(MaxDelay, BaseDelay × 2^attempt).
func backoffDelay(attempt int, policy RetryPolicy) time.Duration {
	ceiling := policy.MaxDelay
	if attempt < 30 {
		if grown := policy.BaseDelay << attempt; grown > 0 && grown < ceiling {
			ceiling = grown
		}
	}
	if ceiling <= 0 {
		return 0
	}
	return time.Duration(rand.Int63n(int64(ceiling)))
}

func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
