// The conformance scenario with the Go SDK: the steps of scenario.md, one JSON object of answers on stdout.
package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"

	"github.com/sigil-example/sigil-go/sigil"
)

func client(baseURL, publicKey, privateKey string) *sigil.Client {
	stamper, err := sigil.NewAPIKeyStamper(publicKey, privateKey)
	if err != nil {
		fail(err)
	}
	return sigil.NewClient(sigil.Config{BaseURL: baseURL, OrganizationID: os.Getenv("SIGIL_ORGANIZATION_ID"), Stamper: stamper})
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// base58Decode reads a Solana address (Bitcoin's alphabet) into its bytes: the Ed25519 public key.
func base58Decode(text string) []byte {
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	n := new(big.Int)
	zeros := 0
	for i, r := range text {
		digit := -1
		for j, a := range alphabet {
			if a == r {
				digit = j
			}
		}
		if digit < 0 {
			fail(fmt.Errorf("not base58: %q", text))
		}
		if digit == 0 && i == zeros {
			zeros++
		}
		n.Mul(n, big.NewInt(58)).Add(n, big.NewInt(int64(digit)))
	}
	return append(make([]byte, zeros), n.Bytes()...)
}

func wait(ctx context.Context, c *sigil.Client, activity *sigil.Activity, err error) *sigil.WaitResult {
	if err != nil {
		fail(err)
	}
	done, err := c.WaitForActivity(ctx, activity, nil)
	if err != nil {
		fail(err)
	}
	return done
}

func solanaAccount() []sigil.WalletAccountParams {
	return []sigil.WalletAccountParams{{Curve: sigil.CurveEd25519, PathFormat: sigil.PathFormatBip32, Path: "m/44'/501'/0'/0'", AddressFormat: sigil.AddressFormatSolana}}
}

func main() {
	ctx := context.Background()
	label := os.Getenv("SCENARIO_LABEL")
	root := client(os.Getenv("SIGIL_BASE_URL"), os.Getenv("SIGIL_API_PUBLIC_KEY"), os.Getenv("SIGIL_API_PRIVATE_KEY"))
	answers := map[string]any{}

	me, err := root.Whoami(ctx, sigil.WhoamiRequest{})
	if err != nil {
		fail(err)
	}
	answers["whoami"] = map[string]any{"username": me.Username, "organizationName": me.OrganizationName}

	activity, err := root.CreateWallet(ctx, sigil.CreateWalletParameters{WalletName: "wallet " + label, Accounts: solanaAccount()})
	created := wait(ctx, root, activity, err)
	addresses := created.Activity.Result.CreateWalletResult.Addresses
	answers["wallet"] = map[string]any{"outcome": string(created.Outcome), "addresses": len(addresses)}

	payload := []byte("conformance payload")
	activity, err = root.SignRawPayload(ctx, sigil.SignRawPayloadParameters{
		SignWith: addresses[0], Payload: hex.EncodeToString(payload), Encoding: sigil.PayloadEncodingHexadecimal, HashFunction: sigil.HashFunctionNotApplicable,
	})
	signed := wait(ctx, root, activity, err)
	result := signed.Activity.Result.SignRawPayloadResult
	signature, err := hex.DecodeString(result.R + result.S)
	if err != nil {
		fail(err)
	}
	publicKey := base58Decode(addresses[0])
	answers["signature"] = map[string]any{
		"outcome":                string(signed.Outcome),
		"verified":               len(publicKey) == ed25519.PublicKeySize && ed25519.Verify(publicKey, payload, signature),
		"verifiesAnotherPayload": len(publicKey) == ed25519.PublicKeySize && ed25519.Verify(publicKey, []byte("another payload"), signature),
	}

	alice := client(os.Getenv("SIGIL_BASE_URL"), os.Getenv("ALICE_API_PUBLIC_KEY"), os.Getenv("ALICE_API_PRIVATE_KEY"))
	activity, err = alice.CreateWallet(ctx, sigil.CreateWalletParameters{WalletName: "approved " + label, Accounts: solanaAccount()})
	waiting := wait(ctx, alice, activity, err)
	activity, err = root.ApproveActivity(ctx, sigil.ApproveActivityParameters{Fingerprint: waiting.Activity.Fingerprint})
	approval := wait(ctx, root, activity, err)
	// The submitter reads its activity again: the approval carried it out.
	final, err := alice.GetActivity(ctx, sigil.GetActivityRequest{ActivityID: waiting.Activity.ID})
	if err != nil {
		fail(err)
	}
	answers["approval"] = map[string]any{"submitted": string(waiting.Outcome), "approval": string(approval.Outcome), "final": string(final.Activity.Status)}

	_, err = root.GetWallet(ctx, sigil.GetWalletRequest{WalletID: "00000000-0000-4000-8000-000000000000"})
	var refused *sigil.RequestError
	if !errors.As(err, &refused) {
		fail(fmt.Errorf("get_wallet of an unknown wallet: %v", err))
	}
	answers["refused"] = map[string]any{"status": refused.Status, "code": refused.Code, "codeName": sigil.ErrorCodeName(refused.Code)}

	flaky := client(os.Getenv("SIGIL_FLAKY_URL"), os.Getenv("SIGIL_API_PUBLIC_KEY"), os.Getenv("SIGIL_API_PRIVATE_KEY"))
	again, err := flaky.Whoami(ctx, sigil.WhoamiRequest{})
	if err != nil {
		fail(err)
	}
	answers["retriedQuery"] = map[string]any{"username": again.Username}
	activity, err = flaky.CreateUserTag(ctx, sigil.CreateUserTagParameters{UserTagName: "tag " + label, UserIDs: []string{}})
	tagged := wait(ctx, root, activity, err)
	answers["retriedSubmission"] = map[string]any{"outcome": string(tagged.Outcome)}

	out, err := json.Marshal(answers)
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}
