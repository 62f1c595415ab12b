# frozen_string_literal: true

require "socket"
require_relative "test_helper"

# A server on a free port that answers each connection with the next scripted step: [status, body] to answer,
# or :drop to close the connection without a word. It records the bodies it received.
class ScriptedServer
  attr_reader :bodies

  def initialize(steps)
    @steps = steps
    @bodies = Queue.new
    @server = TCPServer.new("127.0.0.1", 0)
    @thread = Thread.new { serve }
  end

  def url
    "http://127.0.0.1:#{@server.addr[1]}"
  end

  def received
    Array.new(@bodies.size) { @bodies.pop }
  end

  def close
    @thread.kill
    @server.close
  end

  private

  def serve
    loop do
      socket = @server.accept
      headers = {}
      while (line = socket.gets) && line != "\r\n"
        name, value = line.split(":", 2)
        headers[name.downcase] = value.to_s.strip
      end
      @bodies << socket.read(headers["content-length"].to_i)
      step = @steps.shift || [500, "{}"]
      if step == :drop
        socket.close
        next
      end
      status, body = step
      socket.write("HTTP/1.1 #{status} X\r\nContent-Type: application/json\r\nContent-Length: #{body.bytesize}\r\nConnection: close\r\n\r\n#{body}")
      socket.close
    end
  end
end

class TransportTest < Minitest::Test
  WHOAMI = JSON.generate(organizationId: "o", organizationName: "Org", userId: "u", username: "alice")
  ACTIVITY = JSON.generate(activity: { id: "a1", organizationId: "o", status: "ACTIVITY_STATUS_COMPLETED", type: "ACTIVITY_TYPE_CREATE_WALLET",
                                       intent: {}, result: {}, votes: [], fingerprint: "sha256:00", canApprove: false, canReject: false })
  UNAVAILABLE = JSON.generate(code: 14, message: "try again", details: [])

  def client_for(server, **options)
    pair = Sigil::ApiKeyPair.generate
    Sigil::Client.new(organization_id: "o", base_url: server.url, stamper: Sigil::ApiKeyStamper.new(public_key: pair.public_key, private_key: pair.private_key), **options)
  end

  def with_server(steps)
    server = ScriptedServer.new(steps)
    yield server
  ensure
    server.close
  end

  def test_a_query_is_sent_again_after_a_dropped_connection
    with_server([:drop, [200, WHOAMI]]) do |server|
      assert_equal "alice", client_for(server).whoami.username
      assert_equal 2, server.received.size
    end
  end

  def test_a_submission_is_not_sent_again_after_a_dropped_connection
    with_server([:drop, [200, ACTIVITY]]) do |server|
      assert_raises(EOFError, Errno::ECONNRESET) { client_for(server).create_wallet({ wallet_name: "w", accounts: [] }) }
      assert_equal 1, server.received.size
    end
  end

  def test_request_retries_a_submit_path_as_a_submission
    with_server([:drop, [200, ACTIVITY]]) do |server|
      body = { type: "ACTIVITY_TYPE_CREATE_WALLET", timestampMs: "1", organizationId: "o", parameters: { walletName: "w", accounts: [] } }
      assert_raises(EOFError, Errno::ECONNRESET) { client_for(server).request("/public/v1/submit/create_wallet", body) }
      assert_equal 1, server.received.size
    end
    with_server([:drop, [200, WHOAMI]]) do |server|
      assert_equal "alice", client_for(server).request("/public/v1/query/whoami", { organizationId: "o" })["username"]
      assert_equal 2, server.received.size
    end
  end

  def test_a_submission_refused_with_a_submission_retryable_code_is_sent_again_with_a_fresh_stamp
    with_server([[503, UNAVAILABLE], [200, ACTIVITY]]) do |server|
      activity = client_for(server).create_wallet({ wallet_name: "w", accounts: [] })
      assert_equal "a1", activity.id
      first, second = server.received.map { |body| JSON.parse(body) }
      assert_equal "ACTIVITY_TYPE_CREATE_WALLET", second["type"]
      assert_equal({ "walletName" => "w", "accounts" => [] }, second["parameters"])
      assert_operator second["timestampMs"].to_i, :>=, first["timestampMs"].to_i
    end
  end

  def test_retries_stop_after_the_configured_count
    with_server([[503, UNAVAILABLE]] * 5) do |server|
      error = assert_raises(Sigil::RequestError) { client_for(server, retries: 1).whoami }
      assert_equal 14, error.code
      assert_equal "UNAVAILABLE", error.code_name
      assert error.retryable?
      assert_equal 2, server.received.size
    end
  end

  def test_codes_the_document_does_not_mark_retryable_are_raised_at_once
    with_server([[400, JSON.generate(code: 3, message: "bad field", details: [{ "@type" => "x" }])]]) do |server|
      error = assert_raises(Sigil::RequestError) { client_for(server).whoami }
      assert_equal [400, 3, "bad field", [{ "@type" => "x" }]], [error.status, error.code, error.message, error.details]
      refute error.retryable?
      assert_equal 1, server.received.size
    end
  end

  def test_an_answer_without_a_status_body_is_unknown
    with_server([[502, "<html>bad gateway</html>"]]) do |server|
      error = assert_raises(Sigil::RequestError) { client_for(server).whoami }
      assert_equal [502, 2, "UNKNOWN"], [error.status, error.code, error.code_name]
      assert_match(/HTTP 502 from \/public\/v1\/query\/whoami: <html>bad gateway/, error.message)
    end
  end

  def test_a_refused_connection_raises_the_socket_error_unchanged
    port = TCPServer.open("127.0.0.1", 0) { |server| server.addr[1] }
    client = Sigil::Client.new(organization_id: "o", base_url: "http://127.0.0.1:#{port}", retries: 0,
                               stamper: Sigil::ApiKeyStamper.new(**Sigil::ApiKeyPair.generate.then { |p| { public_key: p.public_key, private_key: p.private_key } }))
    assert_raises(Errno::ECONNREFUSED) { client.create_wallet({ wallet_name: "w", accounts: [] }) }
  end

  def test_a_custom_stamper_signs_the_exact_body_sent_and_a_bad_one_is_named
    recorder = Class.new do
      attr_reader :signed

      def stamp(body)
        (@signed ||= []) << body
        ["X-Test-Stamp", "len:#{body.bytesize}"]
      end
    end.new
    with_server([[200, WHOAMI]]) do |server|
      Sigil::Client.new(organization_id: "o", base_url: server.url, stamper: recorder).whoami
      assert_equal recorder.signed, server.received
    end
    broken = Object.new.tap { |stamper| stamper.define_singleton_method(:stamp) { |_body| "not a pair" } }
    client = Sigil::Client.new(organization_id: "o", base_url: "http://127.0.0.1:1", stamper: broken)
    error = assert_raises(TypeError) { client.whoami }
    assert_match(/#stamp must return \[header_name, header_value\]/, error.message)
  end

  def test_which_failures_are_retried
    transport = Sigil::Transport.new(base_url: "http://127.0.0.1:1", open_timeout: 1, read_timeout: 1)
    assert transport.retry?(Errno::ECONNREFUSED.new, :submission)
    assert transport.retry?(Net::OpenTimeout.new, :submission)
    refute transport.retry?(Net::ReadTimeout.new, :submission)
    assert transport.retry?(Net::ReadTimeout.new, :query)
    deadline = Sigil::RequestError.new(status: 504, code: 4, message: "m", path: "/p")
    assert transport.retry?(deadline, :query)
    refute transport.retry?(deadline, :submission)
    10.times { |attempt| assert_operator transport.delay(attempt), :<=, [5.0, 0.25 * (2**attempt)].min }
  end
end
