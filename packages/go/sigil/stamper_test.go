package sigil

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// typeScriptVector reads TEST_VECTOR of @sigil/api-key-stamper from its source, so both stampers are held to one vector.
func typeScriptVector(t *testing.T) map[string]string {
	t.Helper()
	source, err := os.ReadFile(filepath.Join(packageDir(t), "..", "api-key-stamper", "src", "test-vector.ts"))
	if err != nil {
		t.Fatal(err)
	}
	vector := map[string]string{}
	for _, m := range regexp.MustCompile("(?s)(privateKey|publicKey|body|stampHeaderValue|signature):\\s*[`']([^`']*(?:'[^`']*)*?)[`'],").FindAllStringSubmatch(string(source), -1) {
		vector[m[1]] = m[2]
	}
	for _, key := range []string{"privateKey", "publicKey", "signature", "stampHeaderValue"} {
		if vector[key] == "" {
			t.Fatalf("test-vector.ts: no %s found", key)
		}
	}
	return vector
}

func TestStampMatchesTheTypeScriptStampersVector(t *testing.T) {
	vector := typeScriptVector(t)
	body := regexp.MustCompile("(?s)body: `([^`]*)`").FindStringSubmatch(mustRead(t, filepath.Join(packageDir(t), "..", "api-key-stamper", "src", "test-vector.ts")))
	if body == nil {
		t.Fatal("test-vector.ts: no body")
	}
	stamper, err := NewAPIKeyStamper(vector["publicKey"], vector["privateKey"])
	if err != nil {
		t.Fatal(err)
	}
	name, value, err := stamper.Stamp([]byte(body[1]))
	if err != nil {
		t.Fatal(err)
	}
	if name != "X-Stamp" || value != vector["stampHeaderValue"] {
		t.Fatalf("stamp %s: %s\nwant X-Stamp: %s", name, value, vector["stampHeaderValue"])
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The stamp verifies with crypto/ecdsa, names the key and the scheme, and has a low S, as the API requires.
func TestStampVerifiesWithCryptoECDSA(t *testing.T) {
	pair, err := GenerateAPIKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	stamper, err := NewAPIKeyStamper(pair.PublicKey, pair.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		body := []byte(`{"n":` + strings.Repeat("1", i+1) + `}`)
		_, value, err := stamper.Stamp(body)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.RawURLEncoding.DecodeString(value)
		if err != nil {
			t.Fatal(err)
		}
		var stamp struct{ PublicKey, Scheme, Signature string }
		if err := json.Unmarshal(raw, &stamp); err != nil {
			t.Fatal(err)
		}
		if stamp.PublicKey != pair.PublicKey || stamp.Scheme != "SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256" {
			t.Fatalf("stamp names %s %s", stamp.PublicKey, stamp.Scheme)
		}
		keyBytes, _ := hex.DecodeString(pair.PublicKey)
		x, y := elliptic.UnmarshalCompressed(elliptic.P256(), keyBytes)
		der, _ := hex.DecodeString(stamp.Signature)
		digest := sha256.Sum256(body)
		if !ecdsa.VerifyASN1(&ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}, digest[:], der) {
			t.Fatalf("signature %s does not verify", stamp.Signature)
		}
	}
}

// Same key, same body: the Go stamp is the one @sigil/api-key-stamper computes, and the emulator accepts it.
func TestStampEqualsTheTypeScriptStamperAndTheEmulatorAcceptsIt(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 0)
	body := `{"organizationId":"` + emulator.OrganizationID + `"}`
	script := `import { ApiKeyStamper } from '@sigil/api-key-stamper';
const [publicKey, privateKey, body] = process.argv.slice(1);
const { stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey }).stamp(body);
console.log(stampHeaderValue);`
	cmd := exec.Command("node", "--input-type=module", "-e", script, emulator.PublicKey, emulator.PrivateKey, body)
	cmd.Dir = packageDir(t)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("stamping with @sigil/api-key-stamper: %v", err)
	}
	client := emulator.client(t, Config{})
	_, goStamp, err := client.stamper.Stamp([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSpace(string(out)); goStamp != want {
		t.Fatalf("Go stamp %s\nTypeScript stamp %s", goStamp, want)
	}
	var me WhoamiResponse
	if err := client.Do(context.Background(), "/public/v1/query/whoami", []byte(body), &me); err != nil {
		t.Fatal(err)
	}
	if me.UserID != emulator.RootUserID {
		t.Fatalf("whoami answered user %s, want %s", me.UserID, emulator.RootUserID)
	}
}

func TestNewAPIKeyStamperRefusesBadKeys(t *testing.T) {
	pair, _ := GenerateAPIKeyPair()
	other, _ := GenerateAPIKeyPair()
	cases := []struct{ public, private, want string }{
		{pair.PublicKey, "abc", "must be 64 hex characters"},
		{pair.PublicKey, strings.Repeat("0", 64), "not a valid P-256 private key"},
		{pair.PublicKey, strings.Repeat("f", 64), "not a valid P-256 private key"},
		{"04" + pair.PublicKey[2:], pair.PrivateKey, "compressed P-256 key"},
		{other.PublicKey, pair.PrivateKey, "does not match"},
	}
	for _, c := range cases {
		if _, err := NewAPIKeyStamper(c.public, c.private); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewAPIKeyStamper(%s, %s) = %v, want an error saying %q", c.public, c.private, err, c.want)
		}
	}
	if _, err := NewAPIKeyStamper(strings.ToUpper(pair.PublicKey), pair.PrivateKey); err != nil {
		t.Errorf("an upper-case public key of the pair is the same key: %v", err)
	}
}
