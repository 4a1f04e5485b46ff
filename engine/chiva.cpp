// Chiva (Puerto Rico): 4 players as sides AC/BD, four in a row; 2 or 3 players
// as draw games, first to 4 while another has 0.
#include "engine/rules.hpp"

namespace pips {

namespace detail {
PoseRule seat_pose(const Variant& v, const MatchState& m);
HandResult seat_result(const Variant& v, const HandState& h);
void seat_apply(const Variant& v, MatchState& m, const HandResult& r);

// Blocked by side totals: the side whose two counts add up to less wins; the
// seat of that side with the lower count poses next (either when equal).
std::optional<HandResult> side_total_block(const HandState& h, HandResult r) {
    std::array<int, 4> c{};
    for (int s = 0; s < 4; ++s) {
        auto p = h.pip_count(s);
        if (!p) return std::nullopt;
        c[s] = *p;
    }
    int ac = c[0] + c[2], bd = c[1] + c[3];
    r.reason.by = ResultReason::By::side_totals;
    r.reason.counts = c;
    r.reason.sides = {ac, bd};
    if (ac == bd) {
        r.tie = true;
        return r;
    }
    r.winner = ac < bd ? 0 : 1;
    int a = r.winner, b = r.winner + 2;
    r.winner_seat = c[a] <= c[b] ? a : b;
    r.next_posers =
        static_cast<std::uint8_t>(c[a] == c[b] ? (1u << a) | (1u << b) : 1u << r.winner_seat);
    return r;
}
}  // namespace detail

namespace {
class Chiva final : public Rules {
public:
    using Rules::Rules;

    PoseRule make_pose_rule(const MatchState& m) const override {
        if (v_.players < 4) return detail::seat_pose(v_, m);
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            r.known = false;
            return r;
        }
        if (m.first) return detail::holder_pose(v_, PoseReason::When::hand_1);
        if (m.prev == MatchState::Prev::tie) return detail::holder_pose(v_, PoseReason::When::tie);
        if (m.prev == MatchState::Prev::reset)
            return detail::holder_pose(v_, PoseReason::When::reset);
        r.seats = m.posers;
        r.reason.by = m.posers == 0b0101 || m.posers == 0b1010 ? PoseReason::By::winning_side
                                                               : PoseReason::By::block_seat;
        return r;
    }

    HandResult make_result(const HandState& h, const HandScore&, const MatchState&,
                           int) const override {
        if (v_.players < 4) return detail::seat_result(v_, h);
        HandResult r;
        r.how = h.over();
        if (h.over() == HandOver::domino) {
            r.winner_seat = h.domino_seat();
            r.winner = v_.party_of(r.winner_seat);
            r.points[r.winner] = traits().win_value;
            r.reason.by = ResultReason::By::domino;
            r.reason.seat = r.winner_seat;
            return r;
        }
        auto b = detail::side_total_block(h, r);
        if (!b) {
            r.known = false;
            return r;
        }
        if (!b->tie) b->points[b->winner] = traits().win_value;
        return *b;
    }

    // 4 players: after a block the winning side's seat with the lower count
    // poses, which a sheet does not show.
    std::uint8_t sheet_posers(const Outcome& o, bool& exact) const override {
        std::uint8_t seats = Rules::sheet_posers(o, exact);
        if (v_.players == 4 && o.winner >= 0 && o.how != HandOver::domino) exact = false;
        return seats;
    }

    void apply(MatchState& m, const HandResult& r) const override {
        if (v_.players < 4) return detail::seat_apply(v_, m, r);
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
        if (r.tie) {
            m.prev = MatchState::Prev::tie;
            return;
        }
        detail::add_with_reset(m, 2, r.winner, traits().win_value, traits().target);
        if (r.how == HandOver::blocked) {
            m.posers = r.next_posers;  // the winning side's seat with the lower count
        } else {
            m.posers = static_cast<std::uint8_t>(r.winner == 0 ? 0b0101 : 0b1010);
        }
    }
};
}  // namespace

std::unique_ptr<Rules> make_chiva(const Variant& v) {
    return std::make_unique<Chiva>(v);
}

}  // namespace pips
