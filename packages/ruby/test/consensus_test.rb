# frozen_string_literal: true

require_relative "test_helper"

# An activity that waits for a second root user's approval and is approved, as the conformance scenario runs it.
# Its own emulator: the root quorum it sets would change every other test's activities.
class ConsensusTest < Minitest::Test
  def setup
    @emulator = TestEmulator.new
    @root = @emulator.client
  end

  def teardown
    @emulator.close
  end

  def completed(activity)
    done = @root.wait_for_activity(activity, initial_delay: 0.01)
    assert_equal :completed, done.outcome, done.activity.failure&.message
    done.activity
  end

  def test_an_activity_waits_for_consensus_until_the_root_user_approves_it
    keys = Sigil::ApiKeyPair.generate
    created = completed(@root.create_users({ users: [{ user_name: "second-root", access_type: Sigil::AccessType::ACCESS_TYPE_API, authenticators: [], user_tags: [],
                                                      api_keys: [{ api_key_name: "second key", public_key: keys.public_key }] }] }))
    second_id = created.result.create_users_result.user_ids.first
    quorum = [@emulator.root_user_id, second_id]
    completed(@root.update_root_quorum({ threshold: 2, user_ids: quorum }))

    second = Sigil::Client.new(organization_id: @emulator.organization_id, base_url: @emulator.url,
                               stamper: Sigil::ApiKeyStamper.new(public_key: keys.public_key, private_key: keys.private_key))
    waiting = second.update_root_quorum({ threshold: 1, user_ids: quorum })
    result = second.wait_for_activity(waiting)
    assert_equal :consensus_needed, result.outcome
    assert_same waiting, result.activity

    vote = @root.approve_activity({ fingerprint: waiting.fingerprint })
    completed(vote)
    approved = @root.wait_for_activity(waiting.id)
    assert_equal :completed, approved.outcome
    assert_equal %w[VOTE_SELECTION_APPROVED], approved.activity.votes.map(&:selection).uniq
  end
end
