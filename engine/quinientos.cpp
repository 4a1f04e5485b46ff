// Quinientos (Puerto Rico): 4 players as sides AC/BD; a hand scores the pip
// counts left in the other hands; first side to 500.
#include "engine/rules.hpp"

namespace pips {
namespace {

class Quinientos final : public Rules {
public:
    using Rules::Rules;

    PoseRule make_pose_rule(const MatchState& m, bool explain) const override {
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            r.known = false;
            return r;
        }
        if (m.first) return detail::holder_pose(v_, "hand 1", explain);
        if (m.prev == MatchState::Prev::tie)
            return detail::holder_pose(v_, "after a void hand", explain);
        r.seats = m.posers;
        if (explain) r.why = "the winner of the last hand poses";
        return r;
    }

    HandResult make_result(const HandState& h, const HandScore&, const MatchState&, int hand,
                           bool explain) const override {
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
            if (explain)
                r.why = std::string(1, static_cast<char>('A' + d)) +
                        " played their last tile; the other hands hold " + std::to_string(left);
            add_bonuses(h, r, hand, true, explain);
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
        if (explain) r.why = "pip counts " + detail::seat_counts(h);
        int winner = -1;
        if (v_.options.block_player) {
            auto low = detail::lowest_seat(h, v_, nullptr);
            if (*low >= 0) winner = v_.party_of(*low);
            if (explain)
                r.why += winner >= 0 ? std::string(": ") + static_cast<char>('A' + *low) +
                                           " has the single lowest count"
                                     : ": both sides share the lowest count";
        } else {
            if (explain)
                r.why += ": side totals AC " + std::to_string(ac) + ", BD " + std::to_string(bd);
            if (ac != bd) winner = ac < bd ? 0 : 1;
        }
        if (winner < 0 && v_.options.tie_closer && h.last_player() >= 0) {
            winner = v_.party_of(h.last_player());
            if (explain)
                r.why += std::string("; tied, so the side of ") +
                         static_cast<char>('A' + h.last_player()) + ", who closed the game, wins";
        }
        if (winner < 0) {
            r.tie = true;
            if (explain) r.why += "; the hand is void";
            return r;
        }
        r.winner = winner;
        int a = winner, b = winner + 2;
        r.winner_seat = c[a] <= c[b] ? a : b;
        r.next_posers =
            static_cast<std::uint8_t>(c[a] == c[b] ? (1u << a) | (1u << b) : 1u << r.winner_seat);
        r.points[winner] = all;
        if (explain) r.why += "; the winners score all four counts, " + std::to_string(all);
        add_bonuses(h, r, hand, false, explain);
        return r;
    }

    void apply(MatchState& m, const HandResult& r) const override {
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
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
    void add_bonuses(const HandState& h, HandResult& r, int hand, bool domino, bool explain) const {
        int& p = r.points[r.winner];
        if (v_.options.bonus && (hand == 1 || hand == 2)) {
            p += hand == 1 ? 100 : 50;
            if (explain)
                r.why += hand == 1 ? "; +100 for winning hand 1" : "; +50 for winning hand 2";
        }
        if (!domino) return;
        if (v_.options.capicu && h.last_fit_both() && h.last_both_ends_differ()) {
            p += 100;
            if (explain) r.why += "; +100 capicu: the last tile fitted both ends";
        }
        if (v_.options.double_blank && h.last_tile() && *h.last_tile() == Tile(0, 0)) {
            p += 100;
            if (explain) r.why += "; +100 for going out with 0-0";
        }
    }
};

}  // namespace

std::unique_ptr<Rules> make_quinientos(const Variant& v) {
    return std::make_unique<Quinientos>(v);
}

}  // namespace pips
