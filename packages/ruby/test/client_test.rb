# frozen_string_literal: true

require_relative "test_helper"

class ClientTest < Minitest::Test
  def emulator
    TestEmulator.shared
  end

  def client
    @client ||= emulator.client
  end

  def create_wallet(name)
    activity = client.create_wallet({ wallet_name: name, accounts: [EthereumAccount.params] })
    done = client.wait_for_activity(activity, initial_delay: 0.01)
    assert_equal :completed, done.outcome
    done.activity.result.create_wallet_result
  end

  def test_whoami_reads_the_answer_through_snake_case_readers
    me = client.whoami
    assert_instance_of Sigil::WhoamiResponse, me
    assert_equal emulator.organization_id, me.organization_id
    assert_equal "Test organization", me.organization_name
    assert_equal "root", me.username
    assert_equal me.organization_id, me.to_h["organizationId"]
    assert_equal me.username, me[:username]
  end

  def test_create_wallet_returns_the_activity_and_its_typed_result
    activity = client.create_wallet({ wallet_name: "Payouts #{rand(1 << 30)}", accounts: [EthereumAccount.params] })
    assert_instance_of Sigil::Activity, activity
    assert_equal "ACTIVITY_TYPE_CREATE_WALLET", activity.type
    assert_equal Sigil::ActivityType::ACTIVITY_TYPE_CREATE_WALLET, activity.type
    done = client.wait_for_activity(activity)
    assert_equal :completed, done.outcome
    result = done.activity.result.create_wallet_result
    assert_instance_of Sigil::CreateWalletResult, result
    assert_match(/\A0x[0-9a-fA-F]{40}\z/, result.addresses.first)
    wallet = client.get_wallet(wallet_id: result.wallet_id).wallet
    assert_equal result.wallet_id, wallet.wallet_id
  end

  def test_the_envelope_carries_the_given_timestamp_and_organization
    stale = client.create_wallet({ wallet_name: "Old", accounts: [] }, timestamp_ms: 1_000)
    flunk "a stale timestamp was accepted: #{stale.status}"
  rescue Sigil::RequestError => e
    assert_equal 3, e.code
    assert_match(/timestamp/i, e.message)
  end

  def test_sign_raw_payload_gives_a_signature_openssl_verifies
    # A compressed-format account's address is its public key, which OpenSSL can verify with directly.
    account = { curve: "CURVE_SECP256K1", path_format: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/0", address_format: "ADDRESS_FORMAT_COMPRESSED" }
    activity = client.create_wallet({ wallet_name: "Signer #{rand(1 << 30)}", accounts: [account] })
    public_key = client.wait_for_activity(activity).activity.result.create_wallet_result.addresses.first
    payload = "hello from ruby"
    signed = client.sign_raw_payload({ sign_with: public_key, payload: payload, encoding: Sigil::PayloadEncoding::PAYLOAD_ENCODING_TEXT_UTF8,
                                       hash_function: Sigil::HashFunction::HASH_FUNCTION_SHA256 })
    done = client.wait_for_activity(signed)
    assert_equal :completed, done.outcome, done.activity.failure&.message
    signature = done.activity.result.sign_raw_payload_result
    point = OpenSSL::PKey::EC::Point.new(OpenSSL::PKey::EC::Group.new("secp256k1"), OpenSSL::BN.new(public_key.delete_prefix("0x"), 16))
    spki = OpenSSL::ASN1::Sequence.new([
      OpenSSL::ASN1::Sequence.new([OpenSSL::ASN1::ObjectId.new("id-ecPublicKey"), OpenSSL::ASN1::ObjectId.new("secp256k1")]),
      OpenSSL::ASN1::BitString.new(point.to_octet_string(:uncompressed))
    ])
    key = OpenSSL::PKey::EC.new(spki.to_der)
    der = OpenSSL::ASN1::Sequence.new([OpenSSL::ASN1::Integer.new(OpenSSL::BN.new(signature.r, 16)), OpenSSL::ASN1::Integer.new(OpenSSL::BN.new(signature.s, 16))]).to_der
    assert key.verify("SHA256", der, payload)
    refute key.verify("SHA256", der, "#{payload}!")
  end

  def test_a_refused_request_raises_request_error_with_the_documents_code
    error = assert_raises(Sigil::RequestError) { client.get_wallet(wallet_id: "00000000-0000-4000-8000-000000000000") }
    assert_equal 5, error.code
    assert_equal "NOT_FOUND", error.code_name
    assert_equal 404, error.status
    assert_equal "/public/v1/query/get_wallet", error.path
    refute error.retryable?
    assert_kind_of Sigil::Error, error
  end

  def test_bad_input_is_refused_before_sending_with_a_clear_error
    error = assert_raises(ArgumentError) { client.create_wallet({ wallet_nmae: "x", accounts: [] }) }
    assert_match(/create_wallet parameters has no field :wallet_nmae \(known: :wallet_name, :accounts, :mnemonic_length\)/, error.message)
    error = assert_raises(ArgumentError) { client.create_wallet({ accounts: [] }) }
    assert_match(/needs :wallet_name/, error.message)
    error = assert_raises(ArgumentError) { client.create_wallet({ wallet_name: "x", accounts: [{ curve: "CURVE_SECP256K1" }] }) }
    assert_match(/accounts\[0\] needs :path_format/, error.message)
    assert_raises(ArgumentError) { client.get_wallet }
    assert_raises(ArgumentError) { Sigil::Client.new(organization_id: "", stamper: emulator.stamper) }
    assert_raises(ArgumentError) { Sigil::Client.new(organization_id: "o", stamper: Object.new) }
    assert_raises(ArgumentError) { Sigil::Client.new(organization_id: "o", stamper: emulator.stamper, base_url: "ftp://x") }
  end

  def test_camel_case_keys_are_accepted_as_the_api_writes_them
    result = client.create_wallet({ "walletName" => "Camel #{rand(1 << 30)}", "accounts" => [] })
    assert_equal :completed, client.wait_for_activity(result).outcome
  end

  def test_sub_organization_calls_name_their_organization
    activity = client.create_sub_organization({ sub_organization_name: "Sub #{rand(1 << 30)}", root_quorum_threshold: 1,
                                                root_users: [{ user_name: "sub root", api_keys: [{ api_key_name: "k", public_key: emulator.public_key, curve_type: "API_KEY_CURVE_P256" }], authenticators: [], oauth_providers: [] }] })
    done = client.wait_for_activity(activity)
    assert_equal :completed, done.outcome, done.activity.failure&.message
    sub_org_id = done.activity.result.create_sub_organization_result_v7.sub_organization_id
    wallet = client.create_wallet({ wallet_name: "Sub wallet", accounts: [] }, organization_id: sub_org_id)
    assert_equal sub_org_id, wallet.organization_id
    assert_equal :completed, client.wait_for_activity(wallet).outcome
    wallets = client.list_wallets(organization_id: sub_org_id).wallets
    assert_equal ["Sub wallet"], wallets.map(&:wallet_name)
    updated = client.update_wallet({ wallet_id: wallets.first.wallet_id, wallet_name: "Main" }, organization_id: sub_org_id)
    assert_equal :completed, client.wait_for_activity(updated).outcome
    assert_equal ["Main"], client.list_wallets(organization_id: sub_org_id).wallets.map(&:wallet_name)
    refute_includes client.list_wallets.wallets.map(&:wallet_id), wallets.first.wallet_id
  end

  def test_request_posts_any_path_and_returns_the_json
    answer = client.request("/public/v1/query/whoami", { organizationId: emulator.organization_id })
    assert_equal emulator.root_user_id, answer["userId"]
  end

  def test_every_operation_of_the_document_has_a_method
    queries = Sigil::OPERATIONS.values.count { |op| op[:kind] == :query }
    submissions = Sigil::OPERATIONS.values.count { |op| op[:kind] == :submission }
    assert_equal [23, 52], [queries, submissions]
    Sigil::OPERATIONS.each_key { |name| assert_respond_to client, name }
  end
end

class WaitForActivityTest < Minitest::Test
  def setup
    @emulator = TestEmulator.new(pending_polls: 3)
    @client = @emulator.client
  end

  def teardown
    @emulator.close
  end

  def test_polls_until_the_activity_completes
    activity = @client.create_wallet({ wallet_name: "Slow", accounts: [] })
    assert_equal "ACTIVITY_STATUS_PENDING", activity.status
    done = @client.wait_for_activity(activity.id, initial_delay: 0.01, max_delay: 0.02)
    assert_equal :completed, done.outcome
    assert_equal activity.id, done.activity.id
  end

  def test_gives_up_after_the_timeout_with_the_last_state
    activity = @client.create_wallet({ wallet_name: "Slower", accounts: [] })
    error = assert_raises(Sigil::ActivityTimeoutError) { @client.wait_for_activity(activity, timeout: 0, initial_delay: 0.01) }
    assert_equal activity.id, error.activity_id
    assert_equal 0, error.timeout
    assert_equal "ACTIVITY_STATUS_PENDING", error.last_activity.status
    assert_match(/last status ACTIVITY_STATUS_PENDING/, error.message)
  end
end
