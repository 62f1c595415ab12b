package sigil

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

type errorCode struct {
	name                string
	retryable           bool
	submissionRetryable bool
}

// ErrorCodeName is a code's name in the API document, such as "PERMISSION_DENIED" for 7 ("UNKNOWN" for a number
// the document does not list).
func ErrorCodeName(code int) string {
	if entry, ok := errorCodes[code]; ok {
		return entry.name
	}
	return "UNKNOWN"
}

// RequestError is a call Sigil answered with a status other than 2xx: no activity was created.
type RequestError struct {
	// Status is the HTTP status of the answer.
	Status int
	// Code is the error code of the answer's body, such as 7; CodeUnknown (2) when the body was not a Sigil error.
	Code int
	// CodeName is the code's name in the API document, such as "PERMISSION_DENIED".
	CodeName string
	Message  string
	// Details are the structured details of the answer; each names its kind in "@type".
	Details []map[string]any
	// Path is the API path that was called, such as /public/v1/submit/create_wallet.
	Path string

	submissionRetryable bool
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("sigil: HTTP %d from %s: code %d (%s): %s", e.Status, e.Path, e.Code, e.CodeName, e.Message)
}

// Retryable reports whether the API document marks the code worth retrying with backoff (the same request may
// succeed later).
func (e *RequestError) Retryable() bool { return errorCodes[e.Code].retryable }

func requestErrorFrom(status int, path string, body []byte) *RequestError {
	var parsed struct {
		Code    *int             `json:"code"`
		Message *string          `json:"message"`
		Details []map[string]any `json:"details"`
	}
	if err := json.Unmarshal(body, &parsed); err == nil && parsed.Code != nil && parsed.Message != nil {
		return newRequestError(status, path, *parsed.Code, *parsed.Message, parsed.Details)
	}
	excerpt := strings.TrimSpace(string(body))
	if len(excerpt) > 200 {
		excerpt = excerpt[:200]
	}
	message := fmt.Sprintf("HTTP %d without a Sigil error body", status)
	if excerpt != "" {
		message += ": " + excerpt
	}
	return newRequestError(status, path, CodeUnknown, message, nil)
}

func newRequestError(status int, path string, code int, message string, details []map[string]any) *RequestError {
	if details == nil {
		details = []map[string]any{}
	}
	return &RequestError{
		Status: status, Code: code, CodeName: ErrorCodeName(code), Message: message, Details: details, Path: path,
		submissionRetryable: errorCodes[code].submissionRetryable,
	}
}

// ActivityTimeoutError is WaitForActivity giving up before the activity reached a final state. The activity goes on;
// poll it later with GetActivity.
type ActivityTimeoutError struct {
	ActivityID string
	Timeout    time.Duration
	// LastActivity is the activity as last read (nil if no read succeeded).
	LastActivity *Activity
}

func (e *ActivityTimeoutError) Error() string {
	status := "unknown"
	if e.LastActivity != nil {
		status = string(e.LastActivity.Status)
	}
	return fmt.Sprintf("sigil: activity %s not final after %s (last status %s)", e.ActivityID, e.Timeout, status)
}
