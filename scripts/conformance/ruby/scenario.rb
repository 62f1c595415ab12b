# frozen_string_literal: true

# The conformance scenario with the Ruby gem (packages/ruby): the steps of README.md, one JSON object of answers
# on stdout.
require "json"
require "openssl"
require "sigil"

LABEL = ENV.fetch("SCENARIO_LABEL")

def client(base_url, public_key, private_key)
  Sigil::Client.new(
    base_url: base_url,
    organization_id: ENV.fetch("SIGIL_ORGANIZATION_ID"),
    stamper: Sigil::ApiKeyStamper.new(public_key: public_key, private_key: private_key)
  )
end

# A Solana address (Bitcoin's base58 alphabet) as its bytes: the Ed25519 public key.
def base58_decode(text)
  alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
  n = text.each_char.reduce(0) do |acc, char|
    digit = alphabet.index(char) or raise ArgumentError, "not base58: #{text}"
    acc * 58 + digit
  end
  hex = n.zero? ? "" : n.to_s(16).then { |h| h.length.odd? ? "0#{h}" : h }
  ("\x00" * text[/\A1*/].length).b + [hex].pack("H*")
end

# OpenSSL reads an Ed25519 key as a SubjectPublicKeyInfo: the fixed DER prefix of an Ed25519 key, then its 32 bytes.
def ed25519_key(raw)
  OpenSSL::PKey.read(["302a300506032b6570032100"].pack("H*") + raw)
end

SOLANA_ACCOUNT = [{ curve: "CURVE_ED25519", path_format: "PATH_FORMAT_BIP32", path: "m/44'/501'/0'/0'", address_format: "ADDRESS_FORMAT_SOLANA" }].freeze
OUTCOME = ->(done) { done.outcome.to_s.upcase }

root = client(ENV.fetch("SIGIL_BASE_URL"), ENV.fetch("SIGIL_API_PUBLIC_KEY"), ENV.fetch("SIGIL_API_PRIVATE_KEY"))
answers = {}

me = root.whoami
answers["whoami"] = { "username" => me.username, "organizationName" => me.organization_name }

created = root.wait_for_activity(root.create_wallet({ wallet_name: "wallet #{LABEL}", accounts: SOLANA_ACCOUNT }))
addresses = created.activity.result.create_wallet_result.addresses
answers["wallet"] = { "outcome" => OUTCOME.call(created), "addresses" => addresses.length }

payload = "conformance payload"
signed = root.wait_for_activity(
  root.sign_raw_payload(
    { sign_with: addresses.first, payload: payload.unpack1("H*"), encoding: "PAYLOAD_ENCODING_HEXADECIMAL", hash_function: "HASH_FUNCTION_NOT_APPLICABLE" }
  )
)
result = signed.activity.result.sign_raw_payload_result
signature = [result.r + result.s].pack("H*")
key = ed25519_key(base58_decode(addresses.first))
answers["signature"] = {
  "outcome" => OUTCOME.call(signed),
  "verified" => key.verify(nil, signature, payload),
  "verifiesAnotherPayload" => key.verify(nil, signature, "another payload")
}

alice = client(ENV.fetch("SIGIL_BASE_URL"), ENV.fetch("ALICE_API_PUBLIC_KEY"), ENV.fetch("ALICE_API_PRIVATE_KEY"))
waiting = alice.wait_for_activity(alice.create_wallet({ wallet_name: "approved #{LABEL}", accounts: SOLANA_ACCOUNT }))
approval = root.wait_for_activity(root.approve_activity({ fingerprint: waiting.activity.fingerprint }))
# The submitter reads its activity again: the approval carried it out.
final = alice.get_activity(activity_id: waiting.activity.id)
answers["approval"] = { "submitted" => OUTCOME.call(waiting), "approval" => OUTCOME.call(approval), "final" => final.activity.status }

begin
  root.get_wallet(wallet_id: "00000000-0000-4000-8000-000000000000")
  raise "get_wallet of an unknown wallet succeeded"
rescue Sigil::RequestError => e
  answers["refused"] = { "status" => e.status, "code" => e.code, "codeName" => e.code_name }
end

flaky = client(ENV.fetch("SIGIL_FLAKY_URL"), ENV.fetch("SIGIL_API_PUBLIC_KEY"), ENV.fetch("SIGIL_API_PRIVATE_KEY"))
answers["retriedQuery"] = { "username" => flaky.whoami.username }
tagged = root.wait_for_activity(flaky.create_user_tag({ user_tag_name: "tag #{LABEL}", user_ids: [] }))
answers["retriedSubmission"] = { "outcome" => OUTCOME.call(tagged) }

puts JSON.generate(answers)
