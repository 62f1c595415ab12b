# frozen_string_literal: true

require "json"
require_relative "transport"

module Sigil
  DEFAULT_BASE_URL = "https://api.sigil.example"

  # What wait_for_activity returns: the final outcome and the activity in that state.
  class WaitResult
    OUTCOMES = {
      "ACTIVITY_STATUS_COMPLETED" => :completed,
      "ACTIVITY_STATUS_FAILED" => :failed,
      "ACTIVITY_STATUS_REJECTED" => :rejected,
      "ACTIVITY_STATUS_CONSENSUS_NEEDED" => :consensus_needed
    }.freeze

    # :completed, :failed, :rejected or :consensus_needed.
    attr_reader :outcome
    # The Sigil::Activity.
    attr_reader :activity

    def initialize(outcome, activity)
      @outcome = outcome
      @activity = activity
    end
  end

  # The Sigil API client: one method per query and submission (Sigil::Operations, generated from the API
  # document). It keeps no per-request state, so one client may be shared between threads.
  class Client
    include Operations

    attr_reader :organization_id, :stamper, :base_url

    # base_url defaults to $SIGIL_BASE_URL when it is set (the emulator, as the JavaScript server SDK and the
    # CLI read it), else Sigil's API.
    def initialize(organization_id:, stamper:, base_url: nil, open_timeout: 10, read_timeout: 30, retries: Transport::DEFAULT_RETRIES)
      base_url ||= ENV.fetch("SIGIL_BASE_URL", "").then { |env| env.empty? ? DEFAULT_BASE_URL : env }
      raise ArgumentError, "organization_id must be a non-empty String" unless organization_id.is_a?(String) && !organization_id.empty?
      raise ArgumentError, "stamper must respond to #stamp(body), e.g. a Sigil::ApiKeyStamper" unless stamper.respond_to?(:stamp)
      raise ArgumentError, "retries must be an Integer of 0 or more" unless retries.is_a?(Integer) && retries >= 0

      @organization_id = organization_id
      @stamper = stamper
      @base_url = base_url.to_s.sub(%r{/+\z}, "")
      @transport = Transport.new(base_url: @base_url, open_timeout: open_timeout, read_timeout: read_timeout, retries: retries)
    end

    # POSTs `body` (a Hash, sent with its keys as written) to any path, stamped, and returns the parsed JSON
    # answer. A path under /public/v1/submit/ is retried as a submission, only when no activity can exist.
    def request(path, body)
      json = JSON.generate(body)
      kind = path.to_s.start_with?("/public/v1/submit/") ? :submission : :query
      @transport.post(path.to_s, kind) { [json, headers_for(json)] }
    end

    # Polls get_activity until the activity is completed, failed, rejected or needs consensus, waiting
    # initial_delay seconds, then factor times longer each time (at most max_delay). Pass the activity a
    # submission returned or its ID. Raises Sigil::ActivityTimeoutError after timeout seconds.
    def wait_for_activity(activity_or_id, timeout: 60, initial_delay: 0.25, max_delay: 5, factor: 2, organization_id: nil)
      deadline = monotonic + timeout
      last = activity_or_id.is_a?(String) ? nil : activity_or_id
      activity_id = last ? last.id : activity_or_id
      organization_id ||= last&.organization_id
      delay = initial_delay
      # Given an activity its state is known, so the first poll waits; given an ID, poll at once.
      must_wait = !last.nil?
      loop do
        outcome = last && WaitResult::OUTCOMES[last.status]
        return WaitResult.new(outcome, last) if outcome

        if must_wait
          remaining = deadline - monotonic
          raise ActivityTimeoutError.new(activity_id, timeout, last) if remaining <= 0

          sleep([delay, remaining].min)
          delay = [delay * factor, max_delay].min
        end
        raise ActivityTimeoutError.new(activity_id, timeout, last) if monotonic >= deadline

        last = get_activity(activity_id: activity_id, organization_id: organization_id).activity
        must_wait = true
      end
    end

    def inspect
      "#<#{self.class.name} base_url=#{@base_url} organization_id=#{@organization_id}>"
    end
    alias to_s inspect

    private

    def monotonic
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end

    def headers_for(json)
      stamp = @stamper.stamp(json)
      unless stamp.is_a?(Array) && stamp.size == 2 && stamp.all? { |part| part.is_a?(String) && !part.empty? }
        raise TypeError, "#{@stamper.class}#stamp must return [header_name, header_value] (got #{stamp.inspect[0, 80]})"
      end

      { "Content-Type" => "application/json", stamp[0] => stamp[1] }
    end

    # Called by the generated query methods with the body's fields by their JSON names (nil when left out).
    def query(operation, fields)
      body = fields.compact
      body["organizationId"] ||= @organization_id if operation[:takes_organization_id]
      wire = Sigil.const_get(operation[:request]).to_wire(body, operation[:name].to_s)
      json = JSON.generate(wire)
      answer = @transport.post(operation[:path], :query) { [json, headers_for(json)] }
      Sigil.const_get(operation[:response]).new(answer)
    end

    # Called by the generated submission methods: the envelope around the intent, built again (with a fresh
    # timestamp and stamp) for each attempt.
    def submit(operation, parameters, organization_id:, timestamp_ms:)
      intent = Sigil.const_get(operation[:intent]).to_wire(parameters, "#{operation[:name]} parameters")
      answer = @transport.post(operation[:path], :submission) do
        json = JSON.generate(
          "type" => operation[:activity_type],
          "timestampMs" => (timestamp_ms || (Time.now.to_r * 1000).floor).to_s,
          "organizationId" => organization_id || @organization_id,
          "parameters" => intent
        )
        [json, headers_for(json)]
      end
      ActivityResponse.new(answer).activity
    end
  end
end
