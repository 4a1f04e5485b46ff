// Quinientos (Puerto Rico): 4 players as sides AC/BD; a hand scores the pip
// counts left in the other hands; first side to 500.
#include "engine/rules.hpp"

namespace pips {
namespace {

class Quinientos final : public Rules {
public:
    using Rules::Rules;

    int redeal_doubles() const override { return v_.options.reshuffle ? 5 : 0; }

    PoseRule make_pose_rule(const MatchState& m) const override {
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            r.known = false;
            return r;
        }
        if (m.first) return detail::holder_pose(v_, PoseReason::When::hand_1);
        if (m.prev == MatchState::Prev::tie)
            return detail::holder_pose(v_, PoseReason::When::void_hand);
        r.seats = m.posers;
        // After a block, the seat of the winning side with the lower count.
        r.reason.by = m.prev_block ? PoseReason::By::block_seat : PoseReason::By::winner;
        return r;
    }

    HandResult make_result(const HandState& h, const HandScore&, const MatchState&,
                           int hand) const override {
        HandResult r;
        r.how = h.over();
        if (h.over() == HandOver::domino) {
            int d = h.domino_seat();
            r.winner_seat = d;
            r.winner = v_.party_of(d);
            r.next_posers = static_cast<std::uint8_t>(1u << d);
            // Every tile is dealt: what is off the table is in the other three hands.
            int left = v_.tile_set().pips() - h.layout().on_table().pips();
            r.points[r.winner] = left;
            r.reason.by = ResultReason::By::domino;
            r.reason.seat = d;
            r.reason.left = left;
            add_bonuses(h, r, hand, true);
            return r;
        }
        std::array<int, 4> c{};
        for (int s = 0; s < 4; ++s) {
            auto p = h.pip_count(s);
            if (!p) {
                r.known = false;
                return r;
            }
            c[s] = *p;
        }
        int all = c[0] + c[1] + c[2] + c[3];
        int ac = c[0] + c[2], bd = c[1] + c[3];
        r.reason.by = ResultReason::By::counted_block;
        r.reason.counts = c;
        r.reason.sides = {ac, bd};
        int winner = -1;
        if (v_.options.block_player) {
            auto low = detail::lowest_seat(h, v_, nullptr);
            if (*low >= 0) winner = v_.party_of(*low);
            r.reason.by_lowest = true;
            r.reason.seat = *low;
        } else if (ac != bd) {
            winner = ac < bd ? 0 : 1;
        }
        if (winner < 0 && v_.options.tie_closer && h.last_player() >= 0) {
            winner = v_.party_of(h.last_player());
            r.reason.closer = h.last_player();
        }
        if (winner < 0) {
            r.tie = true;
            return r;
        }
        r.winner = winner;
        int a = winner, b = winner + 2;
        r.winner_seat = c[a] <= c[b] ? a : b;
        r.next_posers =
            static_cast<std::uint8_t>(c[a] == c[b] ? (1u << a) | (1u << b) : 1u << r.winner_seat);
        r.points[winner] = all;
        r.reason.all = all;
        add_bonuses(h, r, hand, false);
        return r;
    }

    // Every tile is dealt: a block's winner scores the pips off the layout,
    // whoever it is, and the hand bonus.
    std::optional<int> block_points(const HandState& h, int hand) const override {
        HandResult r;
        r.winner = 0;
        r.points[0] = v_.tile_set().pips() - h.layout().on_table().pips();
        add_bonuses(h, r, hand, false);
        return r.points[0];
    }

    // With tie-closer the player who closed wins a tied block: no void hand.
    bool can_tie() const override { return !v_.options.tie_closer; }

    // The pips left (0 to all of the set's), the hand bonus when it is
    // certain, and 100 more that a domino may carry (capicu, double-blank).
    PointRange points_range(const MatchState&, const Outcome& o, int party,
                            const SheetContext& c) const override {
        if (o.tie || party != o.winner) return {};
        int bonus = !v_.options.bonus ? 0 : c.hand == 1 ? 100 : c.hand == 2 ? 50 : 0;
        int extra =
            (v_.options.capicu || v_.options.double_blank) && o.how != HandOver::blocked ? 100 : 0;
        return {bonus, v_.tile_set().pips() + bonus + extra};
    }

    // The seat that dominoed poses; after a block, the winning side's seat
    // with the lower count, which a sheet does not show.
    std::uint8_t sheet_posers(const Outcome& o, bool& exact) const override {
        if (o.how == HandOver::domino && o.winner_seat >= 0) {
            exact = true;
            return static_cast<std::uint8_t>(1u << o.winner_seat);
        }
        std::uint8_t side = Rules::sheet_posers(o, exact);
        exact = o.winner < 0;
        return side;
    }

    bool poser_needs_score(const Outcome&) const override { return false; }

    void apply(MatchState& m, const HandResult& r) const override {
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
        m.prev_block = r.how == HandOver::blocked;
        if (r.tie) {
            m.prev = MatchState::Prev::tie;
            return;
        }
        m.score[r.winner] += r.points[r.winner];
        m.prev = MatchState::Prev::win;
        m.posers = r.next_posers;
        if (m.score[r.winner] >= traits().target) {
            m.over = true;
            m.winner = r.winner;
        }
    }

private:
    void add_bonuses(const HandState& h, HandResult& r, int hand, bool domino) const {
        int& p = r.points[r.winner];
        if (v_.options.bonus && (hand == 1 || hand == 2)) {
            r.reason.hand_bonus = hand == 1 ? 100 : 50;
            p += r.reason.hand_bonus;
        }
        if (!domino) return;
        if (v_.options.capicu && h.last_fit_both() && h.last_both_ends_differ()) {
            p += 100;
            r.reason.capicu = true;
        }
        if (v_.options.double_blank && h.last_tile() && *h.last_tile() == Tile(0, 0)) {
            p += 100;
            r.reason.double_blank = true;
        }
    }
};

}  // namespace

std::unique_ptr<Rules> make_quinientos(const Variant& v) {
    return std::make_unique<Quinientos>(v);
}

}  // namespace pips
