package sigil

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// StampHeaderName is the header a stamp travels in.
const StampHeaderName = "X-Stamp"

// Stamper signs request bodies. APIKeyStamper signs with an API key; implement it to sign with a key held elsewhere.
type Stamper interface {
	// Stamp signs the exact bytes that will be sent and returns the header that carries the signature.
	Stamp(body []byte) (headerName, headerValue string, err error)
}

// APIKeyStamper signs bodies with a P-256 API key into the X-Stamp header. Its signatures are deterministic
// (RFC 6979, low S), like @sigil/api-key-stamper's: the same key and body always give the same stamp.
type APIKeyStamper struct {
	key       *ecdsa.PrivateKey
	publicKey string
}

// APIKeyPair is an API key as lowercase hex: the compressed P-256 public key (66 characters) and the 32-byte
// private key (64 characters).
type APIKeyPair struct {
	PublicKey  string `json:"publicKey"`
	PrivateKey string `json:"privateKey"`
}

// NewAPIKeyStamper checks that the private key is a P-256 key and that the public key belongs to it: a mismatched
// pair would make stamps the API refuses, so it fails here with a clear message instead.
func NewAPIKeyStamper(publicKeyHex, privateKeyHex string) (*APIKeyStamper, error) {
	key, err := parsePrivateKey(privateKeyHex)
	if err != nil {
		return nil, err
	}
	derived := compressedPublicKey(key)
	if len(publicKeyHex) != 66 || !(strings.HasPrefix(publicKeyHex, "02") || strings.HasPrefix(publicKeyHex, "03")) || !isHex(publicKeyHex) {
		return nil, errors.New("sigil: API public key must be a compressed P-256 key (66 hex chars starting with 02 or 03)")
	}
	if strings.ToLower(publicKeyHex) != derived {
		return nil, errors.New("sigil: API public key does not match the API private key (as a P-256 key)")
	}
	return &APIKeyStamper{key: key, publicKey: derived}, nil
}

// GenerateAPIKeyPair makes a new random P-256 API key.
func GenerateAPIKeyPair() (APIKeyPair, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return APIKeyPair{}, fmt.Errorf("sigil: generating an API key: %w", err)
	}
	return APIKeyPair{PublicKey: compressedPublicKey(key), PrivateKey: hex.EncodeToString(key.D.FillBytes(make([]byte, 32)))}, nil
}

// PublicKey is the compressed public key (lowercase hex) the stamps name.
func (s *APIKeyStamper) PublicKey() string { return s.publicKey }

// Stamp signs the SHA-256 digest of body and returns the X-Stamp header: base64url (no padding) of the JSON
// {"publicKey","scheme","signature"} in that order, the signature DER-encoded hex.
func (s *APIKeyStamper) Stamp(body []byte) (string, string, error) {
	digest := sha256.Sum256(body)
	r, sig := signDeterministic(s.key, digest[:])
	der, err := asn1.Marshal(struct{ R, S *big.Int }{r, sig})
	if err != nil {
		return "", "", fmt.Errorf("sigil: encoding the signature: %w", err)
	}
	// A struct keeps the key order fixed, so one signature always encodes to one header value.
	stamp, err := json.Marshal(struct {
		PublicKey string `json:"publicKey"`
		Scheme    string `json:"scheme"`
		Signature string `json:"signature"`
	}{s.publicKey, string(SignatureSchemeSigilP256EcdsaSha256), hex.EncodeToString(der)})
	if err != nil {
		return "", "", err
	}
	return StampHeaderName, base64.RawURLEncoding.EncodeToString(stamp), nil
}

func isHex(text string) bool {
	_, err := hex.DecodeString(text)
	return err == nil
}

func parsePrivateKey(privateKeyHex string) (*ecdsa.PrivateKey, error) {
	raw, err := hex.DecodeString(privateKeyHex)
	if err != nil || len(raw) != 32 {
		return nil, errors.New("sigil: API private key must be 64 hex characters (a 32-byte P-256 private key)")
	}
	curve := elliptic.P256()
	d := new(big.Int).SetBytes(raw)
	if d.Sign() == 0 || d.Cmp(curve.Params().N) >= 0 {
		return nil, errors.New("sigil: API private key is not a valid P-256 private key")
	}
	key := &ecdsa.PrivateKey{D: d}
	key.PublicKey.Curve = curve
	key.PublicKey.X, key.PublicKey.Y = curve.ScalarBaseMult(raw)
	return key, nil
}

func compressedPublicKey(key *ecdsa.PrivateKey) string {
	return hex.EncodeToString(elliptic.MarshalCompressed(key.Curve, key.X, key.Y))
}

// inverse is k⁻¹ mod N. Go's P-256 offers a constant-time inverse (crypto/ecdsa uses it); math/big's is not, so
// it is the fallback only. The other steps use math/big, as Go 1.19's crypto/ecdsa itself does.
func inverse(curve elliptic.Curve, k *big.Int) *big.Int {
	if constantTime, ok := curve.(interface{ Inverse(*big.Int) *big.Int }); ok {
		return constantTime.Inverse(k)
	}
	return new(big.Int).ModInverse(k, curve.Params().N)
}

// signDeterministic is ECDSA with the nonce of RFC 6979 (HMAC-SHA256) and a low S, the signature @noble/curves
// makes for @sigil/api-key-stamper; crypto/ecdsa alone draws a random nonce, which the API accepts too, but a
// deterministic one lets a test compare our stamp with the TypeScript stamper's byte for byte.
func signDeterministic(key *ecdsa.PrivateKey, digest []byte) (r, s *big.Int) {
	curve := key.Curve
	n := curve.Params().N
	x := key.D.FillBytes(make([]byte, 32))
	h := new(big.Int).SetBytes(digest)
	h.Mod(h, n)
	hashOctets := h.FillBytes(make([]byte, 32))

	mac := func(k []byte, parts ...[]byte) []byte {
		m := hmac.New(sha256.New, k)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	v := make([]byte, 32)
	for i := range v {
		v[i] = 0x01
	}
	k := make([]byte, 32)
	k = mac(k, v, []byte{0x00}, x, hashOctets)
	v = mac(k, v)
	k = mac(k, v, []byte{0x01}, x, hashOctets)
	v = mac(k, v)
	half := new(big.Int).Rsh(n, 1)
	for {
		v = mac(k, v)
		nonce := new(big.Int).SetBytes(v)
		if nonce.Sign() > 0 && nonce.Cmp(n) < 0 {
			px, _ := curve.ScalarBaseMult(v)
			r = new(big.Int).Mod(px, n)
			if r.Sign() != 0 {
				s = new(big.Int).Mul(r, key.D)
				s.Add(s, h)
				s.Mul(s, inverse(curve, nonce))
				s.Mod(s, n)
				if s.Sign() != 0 {
					if s.Cmp(half) > 0 {
						s.Sub(n, s)
					}
					return r, s
				}
			}
		}
		k = mac(k, v, []byte{0x00})
		v = mac(k, v)
	}
}
