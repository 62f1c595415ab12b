# frozen_string_literal: true

require "openssl"

module Sigil
  # P-256 ECDSA over SHA-256 as the API key stamper of @sigil/api-key-stamper signs: the nonce derived from the
  # key and the digest (RFC 6979), and the low S of the two valid signatures, so the same key and body always
  # give the same stamp. OpenSSL 3.0 (Debian bookworm's) has no deterministic ECDSA, so the signature is built
  # here from OpenSSL's point and big-number arithmetic.
  module P256
    GROUP = OpenSSL::PKey::EC::Group.new("prime256v1")
    ORDER = GROUP.order
    HALF_ORDER = ORDER.to_i >> 1
    PRIVATE_KEY_HEX = /\A[0-9a-fA-F]{64}\z/.freeze
    COMPRESSED_PUBLIC_KEY_HEX = /\A0[23][0-9a-fA-F]{64}\z/.freeze

    module_function

    # The private scalar of a 64-hex-character key, or ArgumentError.
    def parse_private_key(hex)
      unless hex.is_a?(String) && PRIVATE_KEY_HEX.match?(hex)
        raise ArgumentError, "API private key must be 64 hex characters (a 32-byte P-256 private key)"
      end
      scalar = OpenSSL::BN.new(hex, 16)
      raise ArgumentError, "API private key is not a valid P-256 private key" if scalar.zero? || scalar >= ORDER

      scalar
    end

    # The compressed public key (lowercase hex) of a private scalar.
    def public_key_hex(scalar)
      GROUP.generator.mul(scalar).to_octet_string(:compressed).unpack1("H*")
    end

    # The DER signature of SHA-256(message) with the private scalar.
    def sign(message, scalar)
      digest = OpenSSL::Digest.digest("SHA256", message)
      z = OpenSSL::BN.new(digest, 2) % ORDER
      each_nonce(scalar, z) do |k|
        x = OpenSSL::BN.new(GROUP.generator.mul(k).to_octet_string(:uncompressed)[1, 32], 2)
        r = x % ORDER
        next if r.zero?

        s = k.mod_inverse(ORDER).mod_mul(z + r * scalar, ORDER)
        next if s.zero?

        s = ORDER - s if s.to_i > HALF_ORDER
        return OpenSSL::ASN1::Sequence.new([OpenSSL::ASN1::Integer.new(r), OpenSSL::ASN1::Integer.new(s)]).to_der
      end
    end

    # RFC 6979 section 3.2 with HMAC-SHA256; for P-256 the order and the digest are both 256 bits long, so
    # bits2int is a plain big-endian read and one HMAC block makes a candidate.
    def each_nonce(scalar, z)
      x = int_octets(scalar)
      h = int_octets(z)
      v = "\x01".b * 32
      k = "\x00".b * 32
      k = hmac(k, v + "\x00".b + x + h)
      v = hmac(k, v)
      k = hmac(k, v + "\x01".b + x + h)
      v = hmac(k, v)
      loop do
        v = hmac(k, v)
        candidate = OpenSSL::BN.new(v, 2)
        yield candidate if candidate >= 1 && candidate < ORDER
        k = hmac(k, v + "\x00".b)
        v = hmac(k, v)
      end
    end

    def int_octets(number)
      number.to_s(2).rjust(32, "\x00".b)
    end

    def hmac(key, data)
      OpenSSL::HMAC.digest("SHA256", key, data)
    end

    # An OpenSSL public key for a compressed key, to verify signatures (SubjectPublicKeyInfo DER).
    def verifier(compressed_hex)
      point = OpenSSL::PKey::EC::Point.new(GROUP, OpenSSL::BN.new(compressed_hex, 16))
      algorithm = OpenSSL::ASN1::Sequence.new([OpenSSL::ASN1::ObjectId.new("id-ecPublicKey"), OpenSSL::ASN1::ObjectId.new("prime256v1")])
      der = OpenSSL::ASN1::Sequence.new([algorithm, OpenSSL::ASN1::BitString.new(point.to_octet_string(:uncompressed))]).to_der
      OpenSSL::PKey::EC.new(der)
    end
  end
end
