package sigil

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestWhoamiAndAWalletWaitedFor(t *testing.T) {
	t.Parallel()
	// Each new activity stays pending for two polls, so WaitForActivity has to poll.
	emulator := startEmulator(t, 2)
	client := emulator.client(t, Config{})
	ctx := context.Background()
	me, err := client.Whoami(ctx, WhoamiRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if me.Username != "root" || me.OrganizationName != "Test organization" || me.OrganizationID != emulator.OrganizationID {
		t.Fatalf("whoami: %+v", me)
	}
	activity, err := client.CreateWallet(ctx, CreateWalletParameters{
		WalletName: "Payouts",
		Accounts:   []WalletAccountParams{{Curve: CurveSecp256k1, PathFormat: PathFormatBip32, Path: "m/44'/60'/0'/0/0", AddressFormat: AddressFormatEthereum}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if activity.Status != ActivityStatusPending || activity.Type != ActivityTypeCreateWallet {
		t.Fatalf("the submission answered %s %s, want a pending create_wallet", activity.Status, activity.Type)
	}
	done, err := client.WaitForActivity(ctx, activity, &WaitOptions{InitialDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if done.Outcome != OutcomeCompleted {
		t.Fatalf("outcome %s", done.Outcome)
	}
	result := done.Activity.Result.CreateWalletResult
	if result == nil || len(result.Addresses) != 1 || !strings.HasPrefix(result.Addresses[0], "0x") {
		t.Fatalf("result %+v", done.Activity.Result)
	}
	wallets, err := client.ListWallets(ctx, ListWalletsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(wallets.Wallets) != 1 || wallets.Wallets[0].WalletID != result.WalletID || wallets.Wallets[0].WalletName != "Payouts" {
		t.Fatalf("list_wallets: %+v", wallets.Wallets)
	}
}

func TestRequestErrorsCarryTheCodeAndItsName(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 0)
	ctx := context.Background()
	_, err := emulator.client(t, Config{}).GetWallet(ctx, GetWalletRequest{WalletID: "00000000-0000-4000-8000-000000000000"})
	var requestErr *RequestError
	if !errors.As(err, &requestErr) {
		t.Fatalf("got %v, want a *RequestError", err)
	}
	if requestErr.Status != 404 || requestErr.Code != CodeNotFound || requestErr.CodeName != "NOT_FOUND" || requestErr.Path != "/public/v1/query/get_wallet" || requestErr.Retryable() {
		t.Fatalf("error %+v", requestErr)
	}
	if !strings.Contains(err.Error(), "code 5 (NOT_FOUND)") {
		t.Fatalf("message %q", err.Error())
	}

	// A key the organization does not know: refused as unauthenticated, not retried.
	stranger, _ := GenerateAPIKeyPair()
	stamper, _ := NewAPIKeyStamper(stranger.PublicKey, stranger.PrivateKey)
	_, err = NewClient(Config{OrganizationID: emulator.OrganizationID, Stamper: stamper, BaseURL: emulator.URL}).Whoami(ctx, WhoamiRequest{})
	if !errors.As(err, &requestErr) || requestErr.Code != CodeUnauthenticated || requestErr.Status != 401 {
		t.Fatalf("got %v, want code 16", err)
	}
}

// flakyProxy passes requests to the emulator, except that it answers the first `failures` ones itself with fail.
func flakyProxy(t *testing.T, target string, failures int32, fail func(http.ResponseWriter)) (*httptest.Server, *int32) {
	t.Helper()
	upstream, _ := url.Parse(target)
	forward := httputil.NewSingleHostReverseProxy(upstream)
	var seen int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt32(&seen, 1) <= failures {
			fail(w)
			return
		}
		forward.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	return server, &seen
}

// dropConnection closes the connection without an answer, as a proxy that dies mid-request does.
func dropConnection(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

func unavailable(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(503)
	_, _ = w.Write([]byte(`{"code":14,"message":"try again","details":[]}`))
}

func TestRetries(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 0)
	ctx := context.Background()
	fast := &RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	params := CreateWalletParameters{WalletName: "Retried", Accounts: []WalletAccountParams{}}

	t.Run("a query is asked again after a dropped connection", func(t *testing.T) {
		proxy, seen := flakyProxy(t, emulator.URL, 2, dropConnection)
		if _, err := emulator.client(t, Config{BaseURL: proxy.URL, Retry: fast}).Whoami(ctx, WhoamiRequest{}); err != nil {
			t.Fatal(err)
		}
		if *seen != 3 {
			t.Fatalf("%d attempts, want 3", *seen)
		}
	})

	t.Run("a submission answered UNAVAILABLE is sent again with a fresh stamp and creates one activity", func(t *testing.T) {
		proxy, seen := flakyProxy(t, emulator.URL, 1, unavailable)
		client := emulator.client(t, Config{BaseURL: proxy.URL, Retry: fast})
		activity, err := client.CreateWallet(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		if *seen != 2 || activity.Status != ActivityStatusCompleted {
			t.Fatalf("%d attempts, status %s", *seen, activity.Status)
		}
	})

	t.Run("a submission whose connection dropped after sending is not sent again", func(t *testing.T) {
		proxy, seen := flakyProxy(t, emulator.URL, 1, dropConnection)
		_, err := emulator.client(t, Config{BaseURL: proxy.URL, Retry: fast}).CreateWallet(ctx, params)
		var urlErr *url.Error
		if !errors.As(err, &urlErr) {
			t.Fatalf("got %v, want the *url.Error of net/http", err)
		}
		if *seen != 1 {
			t.Fatalf("%d attempts, want 1: the activity may exist", *seen)
		}
	})

	t.Run("a submission whose connection never opened may be sent again", func(t *testing.T) {
		listener, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closed := "http://" + listener.Addr().String()
		listener.Close()
		_, err = emulator.client(t, Config{BaseURL: closed, Retry: &RetryPolicy{}}).CreateWallet(ctx, params)
		if err == nil || !mayRetry(ctx, err, false) {
			t.Fatalf("got %v, want a refused connection a submission may retry", err)
		}
	})

	t.Run("the retries stop at MaxRetries, with the last error", func(t *testing.T) {
		proxy, seen := flakyProxy(t, emulator.URL, 100, unavailable)
		_, err := emulator.client(t, Config{BaseURL: proxy.URL, Retry: &RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond}}).Whoami(ctx, WhoamiRequest{})
		var requestErr *RequestError
		if !errors.As(err, &requestErr) || requestErr.Code != CodeUnavailable || !requestErr.Retryable() || *seen != 3 {
			t.Fatalf("got %v after %d attempts", err, *seen)
		}
	})

	t.Run("an attempt that gets no answer in time fails with the deadline, and a query is asked again", func(t *testing.T) {
		var attempts int32
		silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			atomic.AddInt32(&attempts, 1)
			// Reading the body first lets the server notice the client hanging up, which ends r.Context().
			_, _ = io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
		}))
		t.Cleanup(silent.Close)
		client := emulator.client(t, Config{BaseURL: silent.URL, Timeout: 50 * time.Millisecond, Retry: &RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond}})
		_, err := client.Whoami(ctx, WhoamiRequest{})
		var urlErr *url.Error
		if !errors.As(err, &urlErr) || !errors.Is(err, context.DeadlineExceeded) || atomic.LoadInt32(&attempts) != 2 {
			t.Fatalf("got %v after %d attempts, want a deadline after 2", err, atomic.LoadInt32(&attempts))
		}
		// The submission may have reached Sigil: it is not sent again.
		atomic.StoreInt32(&attempts, 0)
		if _, err := client.CreateWallet(ctx, params); !errors.Is(err, context.DeadlineExceeded) || atomic.LoadInt32(&attempts) != 1 {
			t.Fatalf("got %v after %d attempts, want a deadline after 1", err, atomic.LoadInt32(&attempts))
		}
	})

	t.Run("a cancelled context stops the call and is returned wrapped", func(t *testing.T) {
		proxy, _ := flakyProxy(t, emulator.URL, 100, unavailable)
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		_, err := emulator.client(t, Config{BaseURL: proxy.URL}).Whoami(cancelled, WhoamiRequest{})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
	})
}

func TestBackoffIsFullJitterUnderADoublingBound(t *testing.T) {
	policy := RetryPolicy{BaseDelay: 100 * time.Millisecond, MaxDelay: 300 * time.Millisecond}
	for attempt, bound := range []time.Duration{100, 200, 300, 300} {
		for i := 0; i < 50; i++ {
			if d := backoffDelay(attempt, policy); d < 0 || d >= bound*time.Millisecond {
				t.Fatalf("attempt %d waited %s, want below %dms", attempt, d, bound)
			}
		}
	}
}

func TestWaitForActivityGivesUpAfterItsTimeout(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 100000)
	client := emulator.client(t, Config{})
	ctx := context.Background()
	activity, err := client.CreateWallet(ctx, CreateWalletParameters{WalletName: "Slow"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.WaitForActivity(ctx, activity, &WaitOptions{Timeout: 200 * time.Millisecond, InitialDelay: 20 * time.Millisecond})
	var timeoutErr *ActivityTimeoutError
	if !errors.As(err, &timeoutErr) {
		t.Fatalf("got %v, want *ActivityTimeoutError", err)
	}
	if timeoutErr.ActivityID != activity.ID || timeoutErr.Timeout != 200*time.Millisecond || timeoutErr.LastActivity == nil || timeoutErr.LastActivity.Status != ActivityStatusPending {
		t.Fatalf("error %+v", timeoutErr)
	}
}

func TestSubmitOptions(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 0)
	client := emulator.client(t, Config{})
	ctx := context.Background()
	// Sigil refuses a timestamp more than five minutes old: the option reaches the envelope.
	_, err := client.CreateWallet(ctx, CreateWalletParameters{WalletName: "Old"}, WithTimestamp(time.Now().Add(-time.Hour)))
	var requestErr *RequestError
	if !errors.As(err, &requestErr) || requestErr.Code != CodeInvalidArgument {
		t.Fatalf("got %v, want code 3 for an old timestamp", err)
	}
	_, err = client.CreateWallet(ctx, CreateWalletParameters{WalletName: "Elsewhere"}, InOrganization("00000000-0000-4000-8000-000000000000"))
	if !errors.As(err, &requestErr) || requestErr.Code == CodeInvalidArgument {
		t.Fatalf("got %v, want a refusal of an organization the key is not in", err)
	}
}

func TestEveryOperationHasAMethodAndTheGeneratedFilesAreCurrent(t *testing.T) {
	queries, submissions := 0, 0
	client := reflect.ValueOf(NewClient(Config{}))
	for _, op := range Operations {
		if !client.MethodByName(op.Name).IsValid() {
			t.Errorf("no Client.%s for %s", op.Name, op.OperationID)
		}
		if op.Kind == "query" {
			queries++
		} else {
			submissions++
		}
	}
	if queries != 23 || submissions != 52 {
		t.Fatalf("%d queries and %d submissions, want 23 and 52", queries, submissions)
	}
	cmd := exec.Command("node", filepath.Join(packageDir(t), "generator", "generate.mjs"), "--check")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated files differ from what the API document generates:\n%s", out)
	}
}
