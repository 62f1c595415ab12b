# frozen_string_literal: true

require "json"
require "minitest/autorun"
require "sigil"

# An emulator of the repository (packages/emulator) on a free port, started by scripts/sdk-emulator/start.mjs and
# stopped by closing its standard input.
class TestEmulator
  START_SCRIPT = File.expand_path("../../../scripts/sdk-emulator/start.mjs", __dir__)
  REPO_ROOT = File.expand_path("../../..", __dir__)

  attr_reader :url, :organization_id, :root_user_id, :public_key, :private_key

  def self.shared
    @shared ||= new.tap { |emulator| Minitest.after_run { emulator.close } }
  end

  def initialize(pending_polls: 0)
    @io = IO.popen(["node", START_SCRIPT, "--pending-polls", pending_polls.to_s], "r+", chdir: REPO_ROOT)
    line = @io.gets
    raise "the emulator did not start (is the repository built? npm run build:packages)" unless line

    info = JSON.parse(line)
    @url = info.fetch("url")
    @organization_id = info.fetch("organizationId")
    @root_user_id = info.fetch("rootUserId")
    @public_key = info.fetch("publicKey")
    @private_key = info.fetch("privateKey")
  end

  def stamper
    Sigil::ApiKeyStamper.new(public_key: @public_key, private_key: @private_key)
  end

  def client(**options)
    Sigil::Client.new(organization_id: @organization_id, stamper: stamper, base_url: @url, **options)
  end

  def close
    return if @io.closed?

    @io.close_write
    @io.read
    @io.close
  end
end

module EthereumAccount
  def self.params
    { curve: "CURVE_SECP256K1", path_format: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/0", address_format: "ADDRESS_FORMAT_ETHEREUM" }
  end
end
