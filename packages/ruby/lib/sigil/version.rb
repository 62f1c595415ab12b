# frozen_string_literal: true

module Sigil
  VERSION = "0.1.0"
end
