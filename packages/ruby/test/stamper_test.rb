# frozen_string_literal: true

require "open3"
require_relative "test_helper"

# The published vector of @sigil/api-key-stamper (packages/api-key-stamper/src/test-vector.ts).
module StampVector
  PRIVATE_KEY = "deadbeef" * 8
  PUBLIC_KEY = "03339118eab84d4d7b9adfadf908eea6fc4844ef55380886877139a061c1e41dc3"
  BODY = %q({"type":"ACTIVITY_TYPE_CREATE_WALLET","timestampMs":"1700000000000","organizationId":"00000000-0000-4000-8000-000000000000","parameters":{"walletName":"Test wallet","accounts":[{"curve":"CURVE_SECP256K1","pathFormat":"PATH_FORMAT_BIP32","path":"m/44'/60'/0'/0/0","addressFormat":"ADDRESS_FORMAT_ETHEREUM"}]}})
  SIGNATURE = "304402201ce2bb1f6627aef704240e588759e785378828dc7264c7382458dc7990e47f0402202923bd2b53e4e41072d72ce81cf38b1d7d17c2e8365780609c8f6e24806c0713"
  HEADER_VALUE = "eyJwdWJsaWNLZXkiOiIwMzMzOTExOGVhYjg0ZDRkN2I5YWRmYWRmOTA4ZWVhNmZjNDg0NGVmNTUzODA4ODY4NzcxMzlhMDYxYzFlNDFkYzMiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1NJR0lMX1AyNTZfRUNEU0FfU0hBMjU2Iiwic2lnbmF0dXJlIjoiMzA0NDAyMjAxY2UyYmIxZjY2MjdhZWY3MDQyNDBlNTg4NzU5ZTc4NTM3ODgyOGRjNzI2NGM3MzgyNDU4ZGM3OTkwZTQ3ZjA0MDIyMDI5MjNiZDJiNTNlNGU0MTA3MmQ3MmNlODFjZjM4YjFkN2QxN2MyZTgzNjU3ODA2MDljOGY2ZTI0ODA2YzA3MTMifQ"
end

class StamperTest < Minitest::Test
  def stamper
    Sigil::ApiKeyStamper.new(public_key: StampVector::PUBLIC_KEY, private_key: StampVector::PRIVATE_KEY)
  end

  def decode(value)
    JSON.parse((value.tr("-_", "+/") + "=" * ((4 - value.length % 4) % 4)).unpack1("m"))
  end

  def openssl_verifies?(body, value)
    stamp = decode(value)
    Sigil::P256.verifier(stamp["publicKey"]).verify("SHA256", [stamp["signature"]].pack("H*"), body)
  end

  def test_reproduces_the_published_vector_exactly
    assert_equal ["X-Stamp", StampVector::HEADER_VALUE], stamper.stamp(StampVector::BODY)
    assert_equal StampVector::SIGNATURE, decode(stamper.stamp(StampVector::BODY)[1])["signature"]
  end

  def test_encodes_unpadded_base64url_json_with_the_fields_in_order
    value = stamper.stamp("{}")[1]
    assert_match(/\A[A-Za-z0-9_-]+\z/, value)
    assert_equal %w[publicKey scheme signature], decode(value).keys
    assert_equal "SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256", decode(value)["scheme"]
  end

  def test_openssl_verifies_the_exact_body_and_refuses_a_changed_one
    [StampVector::BODY, "{}", '{"organizationId":"org-1"}', '{"name":"ünïcödé ✓"}'].each do |body|
      assert openssl_verifies?(body, stamper.stamp(body)[1]), body
    end
    value = stamper.stamp(StampVector::BODY)[1]
    refute openssl_verifies?(StampVector::BODY.sub("Test wallet", "Test wallet!"), value)
    refute openssl_verifies?(JSON.pretty_generate(JSON.parse(StampVector::BODY)), value)
  end

  def test_signatures_are_deterministic_and_low_s
    half_order = Sigil::P256::ORDER.to_i >> 1
    20.times do |n|
      body = %({"n":#{n}})
      value = stamper.stamp(body)[1]
      assert_equal value, stamper.stamp(body)[1]
      s = OpenSSL::ASN1.decode([decode(value)["signature"]].pack("H*")).value[1].value.to_i
      assert_operator s, :<=, half_order
    end
  end

  def test_refuses_malformed_and_mismatched_keys
    pair = Sigil::ApiKeyPair.generate
    error = assert_raises(ArgumentError) { Sigil::ApiKeyStamper.new(public_key: pair.public_key, private_key: "abc") }
    assert_match(/64 hex characters/, error.message)
    error = assert_raises(ArgumentError) { Sigil::ApiKeyStamper.new(public_key: "02abc", private_key: pair.private_key) }
    assert_match(/compressed P-256 key/, error.message)
    error = assert_raises(ArgumentError) { Sigil::ApiKeyStamper.new(public_key: StampVector::PUBLIC_KEY, private_key: pair.private_key) }
    assert_match(/does not match/, error.message)
    error = assert_raises(ArgumentError) { Sigil::ApiKeyStamper.new(public_key: pair.public_key, private_key: "0" * 64) }
    assert_match(/not a valid P-256 private key/, error.message)
  end

  def test_generated_pairs_are_lowercase_hex_halves_that_match
    pair = Sigil::ApiKeyPair.generate
    assert_match(/\A0[23][0-9a-f]{64}\z/, pair.public_key)
    assert_match(/\A[0-9a-f]{64}\z/, pair.private_key)
    assert_equal pair.public_key, Sigil::ApiKeyStamper.new(public_key: pair.public_key.upcase, private_key: pair.private_key).public_key
    refute_includes pair.inspect, pair.private_key
  end

  def test_stamps_equal_the_typescript_stampers_for_a_fresh_key
    pair = Sigil::ApiKeyPair.generate
    bodies = ["{}", '{"name":"ünïcödé ✓"}', StampVector::BODY, "x" * 1000]
    script = <<~JS
      import { ApiKeyStamper } from '@sigil/api-key-stamper';
      const [publicKey, privateKey, ...bodies] = JSON.parse(process.argv[1]);
      const stamper = new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey });
      for (const body of bodies) console.log((await stamper.stamp(body)).stampHeaderValue);
    JS
    output, status = Open3.capture2e("node", "--input-type=module", "-e", script, JSON.generate([pair.public_key, pair.private_key, *bodies]),
                                     chdir: TestEmulator::REPO_ROOT)
    assert status.success?, output
    stamper = Sigil::ApiKeyStamper.new(public_key: pair.public_key, private_key: pair.private_key)
    assert_equal output.lines.map(&:chomp), bodies.map { |body| stamper.stamp(body)[1] }
  end

  def test_the_emulator_accepts_the_stamp_and_refuses_an_unregistered_key
    emulator = TestEmulator.shared
    me = emulator.client.whoami
    assert_equal emulator.root_user_id, me.user_id

    stranger = Sigil::ApiKeyPair.generate
    client = Sigil::Client.new(organization_id: emulator.organization_id, base_url: emulator.url,
                               stamper: Sigil::ApiKeyStamper.new(public_key: stranger.public_key, private_key: stranger.private_key))
    error = assert_raises(Sigil::RequestError) { client.whoami }
    assert_equal 16, error.code
    assert_equal "UNAUTHENTICATED", error.code_name
    assert_equal "/public/v1/query/whoami", error.path
  end
end
