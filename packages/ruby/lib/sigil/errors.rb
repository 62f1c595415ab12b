# frozen_string_literal: true

module Sigil
  # Base of the gem's errors.
  class Error < StandardError; end

  # Sigil answered with a status that is not 2xx, so no activity was created; or an answer that is not JSON.
  # `code` is the API's number (7), `code_name` its name from the API document ("PERMISSION_DENIED").
  class RequestError < Error
    # A failed answer without a Status body (a proxy's HTML page, say) is UNKNOWN.
    UNKNOWN = 2

    attr_reader :status, :code, :details, :path

    def initialize(status:, code:, message:, details: [], path:)
      super(message)
      @status = status
      @code = code
      @details = details
      @path = path
    end

    # Builds the error from an answer's body, which may or may not be a Status.
    def self.from_response(status, path, body)
      parsed = begin
        JSON.parse(body)
      rescue JSON::ParserError
        nil
      end
      if parsed.is_a?(Hash) && parsed["code"].is_a?(Integer) && parsed["message"].is_a?(String)
        details = parsed["details"].is_a?(Array) ? parsed["details"] : []
        return new(status: status, code: parsed["code"], message: parsed["message"], details: details, path: path)
      end
      excerpt = body.to_s.strip[0, 200]
      new(status: status, code: UNKNOWN, message: "HTTP #{status} from #{path}#{excerpt.empty? ? '' : ": #{excerpt}"}", path: path)
    end

    # The code's name from the API document, or "UNKNOWN" for a number it does not list.
    def code_name
      ERROR_CODES.dig(code, :name) || "UNKNOWN"
    end

    # Whether the API document marks the code retryable: the same request may succeed later.
    def retryable?
      ERROR_CODES.dig(code, :retryable) || false
    end

    # Whether a submission that failed with this code is safe to send again (no activity can exist).
    def submission_retryable?
      ERROR_CODES.dig(code, :submission_retryable) || false
    end
  end

  # wait_for_activity passed its timeout before the activity reached a final state.
  class ActivityTimeoutError < Error
    attr_reader :activity_id, :timeout, :last_activity

    def initialize(activity_id, timeout, last_activity)
      @activity_id = activity_id
      @timeout = timeout
      @last_activity = last_activity
      status = last_activity&.status
      super("Activity #{activity_id} did not finish within #{timeout} s#{status ? " (last status #{status})" : ''}")
    end
  end
end
