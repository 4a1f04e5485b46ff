// Jamaican Partner: 4 players, sides AC/BD, six-love.
#include "engine/rules.hpp"

namespace pips {
namespace {

class Jamaican final : public Rules {
public:
    using Rules::Rules;

    PoseRule make_pose_rule(const MatchState& m, bool explain) const override {
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            r.known = false;
            return r;
        }
        if (m.playoff) {
            r.seats = m.posers;
            if (explain) r.why = "a play-off hand is posed by the side that forced it";
            return r;
        }
        if (m.first) return detail::holder_pose(v_, "hand 1", explain);
        if (m.prev == MatchState::Prev::tie && v_.options.tie_replay &&
            (m.score[0] > 0 || m.score[1] > 0)) {
            int lead = m.score[0] > 0 ? 0 : 1;
            r.seats = static_cast<std::uint8_t>(lead == 0 ? 0b0101 : 0b1010);
            if (explain) r.why = "a replay after a tie is posed by the side with points";
            return r;
        }
        if (m.prev == MatchState::Prev::tie) return detail::holder_pose(v_, "after a tie", explain);
        if (m.prev == MatchState::Prev::reset)
            return detail::holder_pose(v_, "after the score went back to 0-0", explain);
        r.seats = m.posers;
        if (explain) r.why = "the side that won the last hand poses";
        return r;
    }

    HandResult make_result(const HandState& h, const HandScore&, const MatchState& m, int,
                           bool explain) const override {
        HandResult r;
        r.how = h.over();
        int value = traits().win_value + (v_.options.tie_replay ? m.ties : 0);
        if (h.over() == HandOver::domino) {
            r.winner_seat = h.domino_seat();
            r.winner = v_.party_of(r.winner_seat);
            r.points[r.winner] = value;
            if (!m.playoff && h.last_was_key()) r.points[r.winner] += 1;
            if (!explain) return r;
            r.why =
                std::string(1, static_cast<char>('A' + r.winner_seat)) + " played their last tile";
            if (m.playoff)
                r.why += "; a play-off win takes the side to 2-0";
            else if (h.last_was_key())
                r.why += " with the key tile " + h.last_tile()->str() +
                         " (both ends were hard with different numbers), worth one more point";
            if (value > 1)
                r.why += "; after " + std::to_string(m.ties) + " tied hand(s) the hand is worth " +
                         std::to_string(value);
            return r;
        }
        auto low = detail::lowest_seat(h, v_, explain ? &r.why : nullptr);
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
