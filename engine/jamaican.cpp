// Jamaican Partner: 4 players, sides AC/BD, six-love.
#include "engine/rules.hpp"

namespace pips {
namespace {

class Jamaican final : public Rules {
public:
    using Rules::Rules;

    bool value_counts_ties() const override { return v_.options.tie_replay; }

    PoseRule make_pose_rule(const MatchState& m) const override {
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            r.known = false;
            return r;
        }
        if (m.playoff) {
            r.seats = m.posers;
            r.reason.by = PoseReason::By::playoff_side;
            return r;
        }
        if (m.first) return detail::holder_pose(v_, PoseReason::When::hand_1);
        if (m.prev == MatchState::Prev::tie && v_.options.tie_replay &&
            (m.score[0] > 0 || m.score[1] > 0)) {
            int lead = m.score[0] > 0 ? 0 : 1;
            r.seats = static_cast<std::uint8_t>(lead == 0 ? 0b0101 : 0b1010);
            r.reason.by = PoseReason::By::replay_side;
            return r;
        }
        if (m.prev == MatchState::Prev::tie) return detail::holder_pose(v_, PoseReason::When::tie);
        if (m.prev == MatchState::Prev::reset)
            return detail::holder_pose(v_, PoseReason::When::reset);
        r.seats = m.posers;
        r.reason.by = PoseReason::By::winning_side;
        return r;
    }

    HandResult make_result(const HandState& h, const HandScore&, const MatchState& m,
                           int) const override {
        HandResult r;
        r.how = h.over();
        // A play-off is worth 1 (its winner goes to 2-0); it is never a
        // replay: a tied play-off is posed again and still worth 1.
        const int ties = v_.options.tie_replay && !m.playoff ? m.ties : 0;
        int value = traits().win_value + ties;
        if (h.over() == HandOver::domino) {
            r.winner_seat = h.domino_seat();
            r.winner = v_.party_of(r.winner_seat);
            r.points[r.winner] = value;
            if (!m.playoff && h.last_was_key()) r.points[r.winner] += 1;
            r.reason.by = ResultReason::By::domino;
            r.reason.seat = r.winner_seat;
            r.reason.playoff = m.playoff;
            if (!m.playoff && h.last_was_key()) r.reason.key_tile = h.last_tile();
            r.reason.ties = ties;
            r.reason.value = value;
            return r;
        }
        auto low = detail::lowest_seat(h, v_, &r.reason);
        if (!low) {
            r.known = false;
            return r;
        }
        if (*low < 0) {
            r.tie = true;
            return r;
        }
        r.winner_seat = *low;
        r.winner = v_.party_of(*low);
        r.points[r.winner] = value;
        return r;
    }

    // A win is worth 1, 2 for a key-tile domino; a play-off 1; a tie-replay 1
    // more for each tie before it (any value when those ties are not known).
    PointRange points_range(const MatchState& m, const Outcome& o, int party,
                            const SheetContext& c) const override {
        if (o.tie || party != o.winner) return {};
        if (c.ties_unknown) return {1, PointRange::kNoLimit};
        if (m.playoff && c.score_known) return {1, 1};
        int base = traits().win_value + (v_.options.tie_replay ? m.ties : 0);
        int lo = !c.score_known && v_.options.playoff ? 1 : base;
        return {lo, o.how == HandOver::blocked ? base : base + 1};
    }

    // After a tie-replay tie the side with points poses.
    // A win may have reset the score; with `tie-replay` a tie's poser is
    // the replay's, and with `playoff` a tied play-off is posed again by
    // the side that posed it: whether it was one is the score's.
    bool poser_needs_score(const Outcome& o) const override {
        return !o.tie || v_.options.tie_replay || v_.options.playoff;
    }

    // A side at 0, or 1-1 before a play-off.
    bool score_reachable(const std::array<int, 4>& score,
                         const std::array<int, 4>& last) const override {
        if (v_.options.playoff && score[0] == 1 && score[1] == 1) return true;
        return Rules::score_reachable(score, last);
    }

    void rebase(MatchState& m, const HandResult& r,
                const std::array<int, 4>& score) const override {
        Rules::rebase(m, r, score);
        m.playoff = v_.options.playoff && score[0] == 1 && score[1] == 1;
        if (m.playoff) m.posers = r.next_posers;
    }

    void apply(MatchState& m, const HandResult& r) const override {
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
        if (r.tie) {
            m.prev = MatchState::Prev::tie;
            ++m.ties;
            return;  // a tied play-off is replayed, posed by the same side
        }
        int w = r.winner, o = 1 - w;
        std::uint8_t side = static_cast<std::uint8_t>(w == 0 ? 0b0101 : 0b1010);
        m.ties = 0;
        if (m.playoff) {
            m.playoff = false;
            m.score[w] = 2;
            m.score[o] = 0;
            m.prev = MatchState::Prev::win;
            m.posers = side;
        } else if (m.score[w] == 0 && m.score[o] > 0) {
            if (v_.options.playoff && m.score[o] == 1) {
                m.score[w] = 1;
                m.playoff = true;
                m.prev = MatchState::Prev::win;
                m.posers = side;
            } else {
                m.score = {};
                m.prev = MatchState::Prev::reset;
            }
        } else {
            m.score[w] += r.points[w];
            m.prev = MatchState::Prev::win;
            m.posers = side;
        }
        if (m.score[w] >= traits().target) {
            m.over = true;
            m.winner = w;
        }
    }
};

}  // namespace

std::unique_ptr<Rules> make_jamaican(const Variant& v) {
    return std::make_unique<Jamaican>(v);
}

}  // namespace pips
