// Package sigil calls the Sigil API: one Client method per query and submission of the API document, each request
// stamped with an API key, retries with backoff for the failures the document marks retryable, activity polling
// and typed errors. The types, enum constants and methods are generated (zz_generated_*.go) from the document.
package sigil

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultBaseURL is the API host a Client calls unless Config.BaseURL names another.
const DefaultBaseURL = "https://api.sigil.example"

// Config is what NewClient needs. OrganizationID and Stamper are required.
type Config struct {
	// OrganizationID is the organization calls run in unless a call names another.
	OrganizationID string
	// Stamper signs each request body; usually an *APIKeyStamper.
	Stamper Stamper
	// BaseURL is the API host; DefaultBaseURL when empty.
	BaseURL string
	// HTTPClient sends the requests; http.DefaultClient when nil. Set proxies or a transport on it.
	HTTPClient *http.Client
	// Timeout bounds one attempt, reading the answer included (30 s when zero; negative waits for ever). An attempt
	// that runs out returns the *url.Error of net/http, which wraps context.DeadlineExceeded.
	Timeout time.Duration
	// Retry says how failures worth retrying are retried; nil means DefaultRetryPolicy.
	Retry *RetryPolicy
}

// RetryPolicy bounds the retries of one call. A query is retried when its code is retryable in the API document
// (4, 8, 10, 14) or no answer arrived; a submission only when the failure proves no activity was created (its
// code's submissionRetryable, or a connection that never opened). Waits are random, up to a bound that doubles.
type RetryPolicy struct {
	// MaxRetries is the number of attempts after the first; 0 sends once.
	MaxRetries int
	// BaseDelay bounds the first wait (250 ms when zero); each later bound doubles.
	BaseDelay time.Duration
	// MaxDelay bounds any one wait (5 s when zero).
	MaxDelay time.Duration
}

// DefaultTimeout bounds one attempt of a call when Config.Timeout is zero, as in @sigil/http.
const DefaultTimeout = 30 * time.Second

// DefaultRetryPolicy is @sigil/http's: 3 retries, waits up to 250 ms, 500 ms, 1 s (never above 5 s).
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 3, BaseDelay: 250 * time.Millisecond, MaxDelay: 5 * time.Second}

// Client calls the Sigil API. It is safe for concurrent use: create one per API key and share it.
type Client struct {
	organizationID string
	stamper        Stamper
	baseURL        string
	httpClient     *http.Client
	retry          RetryPolicy
	timeout        time.Duration
	now            func() time.Time
}

// NewClient returns a client for cfg. A call made with a nil Stamper fails with a clear error rather than sending
// a request the API would refuse.
func NewClient(cfg Config) *Client {
	c := &Client{
		organizationID: cfg.OrganizationID,
		stamper:        cfg.Stamper,
		baseURL:        strings.TrimRight(cfg.BaseURL, "/"),
		httpClient:     cfg.HTTPClient,
		retry:          DefaultRetryPolicy,
		timeout:        cfg.Timeout,
		now:            time.Now,
	}
	if c.timeout == 0 {
		c.timeout = DefaultTimeout
	}
	if c.baseURL == "" {
		c.baseURL = DefaultBaseURL
	}
	if c.httpClient == nil {
		c.httpClient = http.DefaultClient
	}
	if cfg.Retry != nil {
		c.retry = *cfg.Retry
		if c.retry.BaseDelay <= 0 {
			c.retry.BaseDelay = DefaultRetryPolicy.BaseDelay
		}
		if c.retry.MaxDelay <= 0 {
			c.retry.MaxDelay = DefaultRetryPolicy.MaxDelay
		}
	}
	return c
}

// Operation describes one operation of the API document (see Operations).
type Operation struct {
	// Name is the Client method, such as CreateWallet.
	Name string
	// OperationID is the document's operationId, such as createWallet.
	OperationID string
	Path        string
	// Kind is "query" or "submission".
	Kind string
	// ActivityType is a submission's envelope type, such as ACTIVITY_TYPE_CREATE_WALLET.
	ActivityType string
}

// SubmitOption changes one submission call.
type SubmitOption func(*submitSettings)

type submitSettings struct {
	organizationID string
	timestamp      time.Time
}

// InOrganization runs the activity in another organization, such as one of your sub-organizations.
func InOrganization(id string) SubmitOption {
	return func(s *submitSettings) { s.organizationID = id }
}

// WithTimestamp sets the envelope's timestampMs; by default each attempt uses the current time.
func WithTimestamp(t time.Time) SubmitOption {
	return func(s *submitSettings) { s.timestamp = t }
}

// Do stamps body (JSON-encoded unless it is []byte or json.RawMessage), posts it to path and decodes the answer
// into out (skipped when out is nil). It does not know whether the body is a submission, so it retries only the
// failures that prove nothing reached Sigil.
func (c *Client) Do(ctx context.Context, path string, body, out any) error {
	var raw []byte
	switch b := body.(type) {
	case []byte:
		raw = b
	case json.RawMessage:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return fmt.Errorf("sigil: encoding the body for %s: %w", path, err)
		}
	}
	return c.exchange(ctx, path, false, func() ([]byte, error) { return raw, nil }, out)
}

func (c *Client) query(ctx context.Context, path string, req, out any) error {
	raw, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("sigil: encoding the body for %s: %w", path, err)
	}
	return c.exchange(ctx, path, true, func() ([]byte, error) { return raw, nil }, out)
}

// submit sends a submission's envelope, built again for each attempt so a retry carries a fresh timestampMs and stamp.
func (c *Client) submit(ctx context.Context, path string, opts []SubmitOption, envelope func(organizationID, timestampMs string) any) (*Activity, error) {
	settings := submitSettings{organizationID: c.organizationID}
	for _, opt := range opts {
		opt(&settings)
	}
	var out ActivityResponse
	err := c.exchange(ctx, path, false, func() ([]byte, error) {
		at := settings.timestamp
		if at.IsZero() {
			at = c.now()
		}
		return json.Marshal(envelope(settings.organizationID, strconv.FormatInt(at.UnixMilli(), 10)))
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out.Activity, nil
}

// exchange sends the request, retrying what the policy allows for its kind, and decodes a 2xx answer into out.
func (c *Client) exchange(ctx context.Context, path string, isQuery bool, prepare func() ([]byte, error), out any) error {
	if c.stamper == nil {
		return errors.New("sigil: Config.Stamper is nil; set it to an *APIKeyStamper (sigil.NewAPIKeyStamper)")
	}
	for attempt := 0; ; attempt++ {
		err := c.attempt(ctx, path, prepare, out)
		if err == nil || attempt >= c.retry.MaxRetries || !mayRetry(ctx, err, isQuery) {
			return err
		}
		if err := sleep(ctx, backoffDelay(attempt, c.retry)); err != nil {
			return fmt.Errorf("sigil: the call to %s was cancelled while waiting to retry: %w", path, err)
		}
	}
}

func (c *Client) attempt(ctx context.Context, path string, prepare func() ([]byte, error), out any) error {
	body, err := prepare()
	if err != nil {
		return fmt.Errorf("sigil: encoding the body for %s: %w", path, err)
	}
	name, value, err := c.stamper.Stamp(body)
	if err != nil {
		return fmt.Errorf("sigil: stamping the request to %s: %w", path, err)
	}
	attemptCtx := ctx
	if c.timeout > 0 {
		// The deadline also covers reading the body: a server that sends headers and then stalls times out too.
		var cancel context.CancelFunc
		attemptCtx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(attemptCtx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sigil: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(name, value)
	res, err := c.httpClient.Do(req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("sigil: the call to %s was cancelled: %w", path, ctxErr)
		}
		return &transportError{path: path, err: err}
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("sigil: the call to %s was cancelled: %w", path, ctxErr)
		}
		return &transportError{path: path, err: err, sent: true}
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return requestErrorFrom(res.StatusCode, path, answer)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(answer, out); err != nil {
		excerpt := string(answer)
		if len(excerpt) > 200 {
			excerpt = excerpt[:200]
		}
		return newRequestError(res.StatusCode, path, CodeUnknown, fmt.Sprintf("expected a JSON answer from %s (%v), got: %s", path, err, excerpt), nil)
	}
	return nil
}
