// Cut Throat: 2 (14 each, or 7 with draws), 3 (9 each, no 0-0) or 4 players,
// each for themselves; first to 6 while another has 0.
#include "engine/rules.hpp"

namespace pips {

namespace detail {
// Posing per seat, as in cutthroat and 2-3 player chiva.
PoseRule seat_pose(const Variant& v, const MatchState& m) {
    PoseRule r;
    if (m.pose_unknown || !m.known) {
        r.known = false;
        return r;
    }
    if (m.first) return holder_pose(v, PoseReason::When::hand_1);
    if (m.prev == MatchState::Prev::tie) return holder_pose(v, PoseReason::When::tie);
    if (m.prev == MatchState::Prev::reset) return holder_pose(v, PoseReason::When::reset, true);
    r.seats = m.posers;
    r.reason.by = PoseReason::By::winner;
    return r;
}

HandResult seat_result(const Variant& v, const HandState& h) {
    HandResult r;
    r.how = h.over();
    if (h.over() == HandOver::domino) {
        r.winner_seat = h.domino_seat();
        r.winner = r.winner_seat;
        r.points[r.winner] = v.traits().win_value;
        r.reason.by = ResultReason::By::domino;
        r.reason.seat = r.winner_seat;
        return r;
    }
    auto low = lowest_seat(h, v, &r.reason);
    if (!low) {
        r.known = false;
        return r;
    }
    if (*low < 0) {
        r.tie = true;
        return r;
    }
    r.winner_seat = r.winner = *low;
    r.points[r.winner] = v.traits().win_value;
    return r;
}

void seat_apply(const Variant& v, MatchState& m, const HandResult& r) {
    m.first = false;
    m.pose_unknown = false;
    ++m.hands;
    if (r.tie) {
        m.prev = MatchState::Prev::tie;
        return;
    }
    add_with_reset(m, v.players, r.winner, v.traits().win_value, v.traits().target);
    m.posers = static_cast<std::uint8_t>(1u << r.winner);
}
}  // namespace detail

namespace {
class Cutthroat final : public Rules {
public:
    using Rules::Rules;
    PoseRule make_pose_rule(const MatchState& m) const override { return detail::seat_pose(v_, m); }
    HandResult make_result(const HandState& h, const HandScore&, const MatchState&,
                           int) const override {
        return detail::seat_result(v_, h);
    }
    void apply(MatchState& m, const HandResult& r) const override { detail::seat_apply(v_, m, r); }
};
}  // namespace

std::unique_ptr<Rules> make_cutthroat(const Variant& v) {
    return std::make_unique<Cutthroat>(v);
}

}  // namespace pips
