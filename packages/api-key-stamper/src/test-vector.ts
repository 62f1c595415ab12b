/**
 * A fixed stamp for documentation and tests. The private key is a public, obviously fake
 * test value (the bytes "deadbeef" repeated): never use it for anything real.
 * ECDSA here is deterministic (RFC 6979, low-S), so stamping `body` with `privateKey`
 * always yields exactly `stampHeaderValue`.
 */
export const TEST_VECTOR = {
  privateKey: 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef',
  publicKey: '03339118eab84d4d7b9adfadf908eea6fc4844ef55380886877139a061c1e41dc3',
  body: `{"type":"ACTIVITY_TYPE_CREATE_WALLET","timestampMs":"1700000000000","organizationId":"00000000-0000-4000-8000-000000000000","parameters":{"walletName":"Test wallet","accounts":[{"curve":"CURVE_SECP256K1","pathFormat":"PATH_FORMAT_BIP32","path":"m/44'/60'/0'/0/0","addressFormat":"ADDRESS_FORMAT_ETHEREUM"}]}}`,
  signature:
    '304402201ce2bb1f6627aef704240e588759e785378828dc7264c7382458dc7990e47f0402202923bd2b53e4e41072d72ce81cf38b1d7d17c2e8365780609c8f6e24806c0713',
  stampHeaderValue:
    'eyJwdWJsaWNLZXkiOiIwMzMzOTExOGVhYjg0ZDRkN2I5YWRmYWRmOTA4ZWVhNmZjNDg0NGVmNTUzODA4ODY4NzcxMzlhMDYxYzFlNDFkYzMiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1NJR0lMX1AyNTZfRUNEU0FfU0hBMjU2Iiwic2lnbmF0dXJlIjoiMzA0NDAyMjAxY2UyYmIxZjY2MjdhZWY3MDQyNDBlNTg4NzU5ZTc4NTM3ODgyOGRjNzI2NGM3MzgyNDU4ZGM3OTkwZTQ3ZjA0MDIyMDI5MjNiZDJiNTNlNGU0MTA3MmQ3MmNlODFjZjM4YjFkN2QxN2MyZTgzNjU3ODA2MDljOGY2ZTI0ODA2YzA3MTMifQ',
} as const;
