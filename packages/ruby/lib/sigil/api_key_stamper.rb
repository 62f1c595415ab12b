# frozen_string_literal: true

require "json"
require "openssl"
require_relative "p256"

module Sigil
  # Signs request bodies with a P-256 API key and returns the X-Stamp header. The signature is deterministic
  # (RFC 6979, low S), so the same key and body give the same stamp as @sigil/api-key-stamper's.
  class ApiKeyStamper
    HEADER_NAME = "X-Stamp"
    SCHEME = "SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256"

    # The public key (lowercase hex, compressed) that stamps name.
    attr_reader :public_key

    # Raises ArgumentError when a key is malformed or the halves do not match.
    def initialize(public_key:, private_key:)
      @scalar = P256.parse_private_key(private_key)
      unless public_key.is_a?(String) && P256::COMPRESSED_PUBLIC_KEY_HEX.match?(public_key)
        raise ArgumentError, "API public key must be a compressed P-256 key (66 hex chars starting with 02 or 03)"
      end

      derived = P256.public_key_hex(@scalar)
      # A mismatched pair would make stamps Sigil refuses; say so now rather than on the first call.
      raise ArgumentError, "API public key does not match the API private key" unless public_key.downcase == derived

      @public_key = derived
    end

    # Signs the exact body (its UTF-8 bytes) and returns ["X-Stamp", value].
    def stamp(body)
      signature = P256.sign(body.to_s.encode(Encoding::UTF_8).b, @scalar)
      json = JSON.generate({ "publicKey" => @public_key, "scheme" => SCHEME, "signature" => signature.unpack1("H*") })
      [HEADER_NAME, [json].pack("m0").tr("+/", "-_").delete("=")]
    end

    def inspect
      "#<#{self.class.name} public_key=#{@public_key}>"
    end
    alias to_s inspect
  end

  # A new P-256 API key pair, both halves as lowercase hex.
  class ApiKeyPair
    attr_reader :public_key, :private_key

    def self.generate
      key = OpenSSL::PKey::EC.generate("prime256v1")
      new(
        public_key: key.public_key.to_octet_string(:compressed).unpack1("H*"),
        private_key: key.private_key.to_s(16).downcase.rjust(64, "0")
      )
    end

    def initialize(public_key:, private_key:)
      @public_key = public_key
      @private_key = private_key
    end

    # Never shows the private key, so a pair in a log line or an error report does not leak it.
    def inspect
      "#<#{self.class.name} public_key=#{@public_key}>"
    end
    alias to_s inspect
  end
end
