package sigil

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// testEmulator is an emulator started by test/start-emulator.mjs for one test, with its root user's key.
type testEmulator struct {
	URL            string `json:"url"`
	OrganizationID string `json:"organizationId"`
	RootUserID     string `json:"rootUserId"`
	PublicKey      string `json:"publicKey"`
	PrivateKey     string `json:"privateKey"`
}

// packageDir is packages/go, found from this file so the tests run from any working directory.
func packageDir(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the test's source file")
	}
	return filepath.Dir(filepath.Dir(file))
}

// startEmulator runs a fresh emulator (scripts/sdk-emulator/start.mjs, shared with the Ruby and Rust tests) whose
// activities stay pending for pendingPolls reads, and stops it when the test ends: closing its standard input is what
// stops it.
func startEmulator(t *testing.T, pendingPolls int) testEmulator {
	t.Helper()
	script := filepath.Join(packageDir(t), "..", "..", "scripts", "sdk-emulator", "start.mjs")
	cmd := exec.Command("node", script, "--pending-polls", strconv.Itoa(pendingPolls))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the emulator with node: %v", err)
	}
	t.Cleanup(func() {
		stdin.Close()
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		t.Fatalf("the emulator printed no line: %v", err)
	}
	var emulator testEmulator
	if err := json.Unmarshal(line, &emulator); err != nil {
		t.Fatalf("the emulator's line %q: %v", line, err)
	}
	return emulator
}

// client is a Client of the emulator signing as its root user.
func (e testEmulator) client(t *testing.T, cfg Config) *Client {
	t.Helper()
	stamper, err := NewAPIKeyStamper(e.PublicKey, e.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = e.URL
	}
	cfg.OrganizationID = e.OrganizationID
	cfg.Stamper = stamper
	return NewClient(cfg)
}
