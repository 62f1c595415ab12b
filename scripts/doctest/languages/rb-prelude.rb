# frozen_string_literal: true

# Loaded (ruby -r) before every Ruby block of the docs that the doc checker runs. The pages' blocks are parts of
# one application: after the "Configure" initializer, they call the client as SIGIL, and in Rails they log with
# Rails.logger. This gives a block the same, from the variables the checker sets.
require "logger"
require "sigil"

# The initializer block defines SIGIL itself; the checker says so, and a second definition would warn.
unless ENV["SIGIL_DOCTEST_BLOCK_DEFINES_CLIENT"] == "1"
  SIGIL = Sigil::Client.new(
    organization_id: ENV.fetch("SIGIL_ORGANIZATION_ID"),
    stamper: Sigil::ApiKeyStamper.new(
      public_key: ENV.fetch("SIGIL_API_PUBLIC_KEY"),
      private_key: ENV.fetch("SIGIL_API_PRIVATE_KEY")
    )
  )
end

unless defined?(Rails)
  # Outside Rails, a block's Rails.logger writes to standard error, as a Rails app's log would record it.
  module Rails
    def self.logger
      @logger ||= Logger.new($stderr)
    end
  end
end

# An uncaught Sigil::RequestError ends the block with its code on standard error, in the form the checker's
# expect-error-code reads for every language: "(code N)".
at_exit do
  error = $!
  $stderr.puts("Sigil::RequestError (code #{error.code}, #{error.code_name}): #{error.message}") if error.is_a?(Sigil::RequestError)
end
