# frozen_string_literal: true

require_relative "lib/sigil/version"

Gem::Specification.new do |spec|
  spec.name = "sigil-sdk"
  spec.version = Sigil::VERSION
  spec.summary = "The Sigil API from Ruby: API key stamps, one method per operation, activity polling, typed errors."
  spec.description = "A client for the Sigil API generated from its API document, with a P-256 API key stamper " \
                     "and no runtime dependencies beyond Ruby's standard library (openssl, net/http, json)."
  spec.authors = ["Sigil"]
  spec.required_ruby_version = ">= 3.1"
  spec.files = Dir[File.join(__dir__, "lib", "**", "*.rb")].map { |path| path.delete_prefix("#{__dir__}/") }.sort + ["README.md"]
  spec.require_paths = ["lib"]
end
