# frozen_string_literal: true

require "open3"
require "rbconfig"
require_relative "test_helper"

# The README's first Ruby block runs as written against the emulator, with the variables the docs tell readers to set.
class ReadmeTest < Minitest::Test
  def test_the_first_block_runs
    block = File.read(File.expand_path("../README.md", __dir__))[/^```ruby\n(.*?)^```$/m, 1]
    emulator = TestEmulator.shared
    env = { "SIGIL_BASE_URL" => emulator.url, "SIGIL_ORGANIZATION_ID" => emulator.organization_id,
            "SIGIL_API_PUBLIC_KEY" => emulator.public_key, "SIGIL_API_PRIVATE_KEY" => emulator.private_key }
    output, status = Open3.capture2e(env, RbConfig.ruby, "-I", File.expand_path("../lib", __dir__), "-e", block)
    assert status.success?, output
    assert_equal "root completed\n", output
  end
end
