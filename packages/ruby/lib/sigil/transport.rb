# frozen_string_literal: true

require "json"
require "net/http"
require "socket"
require "uri"

module Sigil
  # One POST to Sigil, retried as @sigil/http retries: queries after any failure the API document marks
  # retryable (and after a failed connection), submissions only when the failure proves no activity exists
  # (the document's submission_retryable codes, or a connection that never opened). Waits are full jitter:
  # random up to base_delay * 2**attempt, at most max_delay.
  class Transport
    DEFAULT_RETRIES = 3
    BASE_DELAY = 0.25
    MAX_DELAY = 5.0

    # Failures before a connection opened: nothing reached Sigil, so even a submission may be sent again.
    NOT_SENT = [Errno::ECONNREFUSED, Errno::EHOSTUNREACH, Errno::ENETUNREACH, Errno::EADDRNOTAVAIL, SocketError, Net::OpenTimeout].freeze
    # Failures after it opened (reset, closed, timed out while reading): Sigil may have acted on the request.
    MAY_HAVE_BEEN_SENT = [Errno::ECONNRESET, Errno::EPIPE, Errno::ECONNABORTED, EOFError, IOError, Net::ReadTimeout, Net::WriteTimeout].freeze

    def initialize(base_url:, open_timeout:, read_timeout:, retries: DEFAULT_RETRIES, random: Random.new)
      @uri = URI.parse(base_url.to_s.sub(%r{/+\z}, ""))
      unless @uri.is_a?(URI::HTTP) && @uri.host
        raise ArgumentError, "base_url must be an http or https URL (got #{base_url.inspect})"
      end

      @open_timeout = open_timeout
      @read_timeout = read_timeout
      @retries = retries
      @random = random
    end

    # POSTs what `prepare` returns ([body, headers], built again for each attempt so a submission gets a fresh
    # timestamp and stamp) to `path` and returns the parsed JSON answer.
    def post(path, kind, &prepare)
      attempt = 0
      begin
        body, headers = prepare.call
        exchange(path, body, headers)
      rescue RequestError, *NOT_SENT, *MAY_HAVE_BEEN_SENT => e
        raise unless attempt < @retries && retry?(e, kind)

        sleep(delay(attempt))
        attempt += 1
        retry
      end
    end

    # The wait before retry number `attempt` (0 first).
    def delay(attempt)
      @random.rand * [MAX_DELAY, BASE_DELAY * (2**attempt)].min
    end

    def retry?(error, kind)
      case error
      when RequestError then kind == :submission ? error.submission_retryable? : error.retryable?
      when *NOT_SENT then true
      else kind == :query
      end
    end

    private

    def exchange(path, body, headers)
      http = Net::HTTP.new(@uri.host, @uri.port)
      http.use_ssl = @uri.scheme == "https"
      http.open_timeout = @open_timeout
      http.read_timeout = @read_timeout
      http.write_timeout = @read_timeout
      # Net::HTTP would send an idempotent request again by itself; retries are decided above instead.
      http.max_retries = 0
      request = Net::HTTP::Post.new("#{@uri.path}#{path}")
      headers.each { |name, value| request[name] = value }
      request.body = body
      response = http.start { |connection| connection.request(request) }
      text = response.body.to_s.dup.force_encoding(Encoding::UTF_8)
      status = response.code.to_i
      raise RequestError.from_response(status, path, text) unless status.between?(200, 299)

      begin
        JSON.parse(text)
      rescue JSON::ParserError
        raise RequestError.new(status: status, code: RequestError::UNKNOWN, path: path,
                               message: "Expected a JSON answer from #{path}, got: #{text[0, 200]}")
      end
    end
  end
end
