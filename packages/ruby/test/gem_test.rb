# frozen_string_literal: true

require "open3"
require "rbconfig"
require "tmpdir"
require_relative "test_helper"

# The gem the page tells readers to build installs and loads on its own, outside this repository's load path.
class GemTest < Minitest::Test
  ROOT = File.expand_path("..", __dir__)

  def test_the_built_gem_installs_and_loads
    Dir.mktmpdir do |dir|
      output, status = Open3.capture2e("gem", "build", File.join(ROOT, "sigil-sdk.gemspec"), "--output", File.join(dir, "sigil-sdk.gem"), chdir: ROOT)
      assert status.success?, output
      output, status = Open3.capture2e("gem", "install", "--local", "--no-document", "--install-dir", File.join(dir, "gems"), File.join(dir, "sigil-sdk.gem"))
      assert status.success?, output
      script = 'require "sigil"; print Sigil::VERSION, " ", Sigil::OPERATIONS.size, " ", $LOADED_FEATURES.grep(/sigil\/client/).first'
      output, status = Open3.capture2e({ "GEM_HOME" => File.join(dir, "gems"), "GEM_PATH" => File.join(dir, "gems") }, RbConfig.ruby, "-e", script, chdir: dir)
      assert status.success?, output
      assert_match(%r{\A#{Regexp.escape(Sigil::VERSION)} 75 #{Regexp.escape(dir)}/gems/gems/sigil-sdk-}, output)
    end
  end
end
