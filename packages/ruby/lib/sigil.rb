# frozen_string_literal: true

# The Sigil API from Ruby: require "sigil", then Sigil::Client.new(organization_id:, stamper:).
require_relative "sigil/version"
require_relative "sigil/model"
require_relative "sigil/generated/error_codes"
require_relative "sigil/generated/enums"
require_relative "sigil/generated/models"
require_relative "sigil/generated/operations"
require_relative "sigil/errors"
require_relative "sigil/api_key_stamper"
require_relative "sigil/client"
