package sigil

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"math/big"
	"strings"
	"testing"
)

// base58Decode reads a Solana address (Bitcoin's base58 alphabet) into its bytes: the Ed25519 public key.
func base58Decode(t *testing.T, text string) []byte {
	t.Helper()
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	n := new(big.Int)
	for _, r := range text {
		i := strings.IndexRune(alphabet, r)
		if i < 0 {
			t.Fatalf("%q is not base58", text)
		}
		n.Mul(n, big.NewInt(58)).Add(n, big.NewInt(int64(i)))
	}
	zeros := len(text) - len(strings.TrimLeft(text, "1"))
	return append(make([]byte, zeros), n.Bytes()...)
}

// A payload signed through the SDK verifies with Go's own crypto/ed25519 against the account's address.
func TestSignRawPayloadVerifiesWithCryptoEd25519(t *testing.T) {
	t.Parallel()
	emulator := startEmulator(t, 0)
	client := emulator.client(t, Config{})
	ctx := context.Background()
	created, err := client.CreateWallet(ctx, CreateWalletParameters{
		WalletName: "Solana",
		Accounts:   []WalletAccountParams{{Curve: CurveEd25519, PathFormat: PathFormatBip32, Path: "m/44'/501'/0'/0'", AddressFormat: AddressFormatSolana}},
	})
	if err != nil {
		t.Fatal(err)
	}
	address := created.Result.CreateWalletResult.Addresses[0]
	payload := []byte("transfer 1 SOL to the treasury")
	activity, err := client.SignRawPayload(ctx, SignRawPayloadParameters{
		SignWith: address, Payload: hex.EncodeToString(payload), Encoding: PayloadEncodingHexadecimal, HashFunction: HashFunctionNotApplicable,
	})
	if err != nil {
		t.Fatal(err)
	}
	done, err := client.WaitForActivity(ctx, activity, nil)
	if err != nil || done.Outcome != OutcomeCompleted {
		t.Fatalf("sign_raw_payload: %v %+v", err, done)
	}
	result := done.Activity.Result.SignRawPayloadResult
	signature, err := hex.DecodeString(result.R + result.S)
	if err != nil {
		t.Fatal(err)
	}
	publicKey := base58Decode(t, address)
	if len(publicKey) != ed25519.PublicKeySize || !ed25519.Verify(publicKey, payload, signature) {
		t.Fatalf("the signature r=%s s=%s does not verify for %s", result.R, result.S, address)
	}
	if ed25519.Verify(publicKey, []byte("another payload"), signature) {
		t.Fatal("the signature verifies for a payload it does not sign")
	}
}
