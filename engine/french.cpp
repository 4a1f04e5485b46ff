// French: four players for themselves on a four-armed spinner; points are
// against you, the game ends at 100.
#include "engine/rules.hpp"

namespace pips {
namespace {

class French final : public Rules {
public:
    explicit French(const Variant& v) : Rules(v, ScoresMoves{}) {}

    PoseRule make_pose_rule(const MatchState& m) const override {
        PoseRule r;
        if (m.pose_unknown || !m.known) {
            // Who poses is not known: it may be a winner with no double, who
            // passes at the pose.
            r.known = false;
            r.may_pass = true;
            return r;
        }
        if (m.first || m.prev == MatchState::Prev::tie) {
            r.holder = Tile(0, 0);
            r.what = PoseRule::What::holder_tile;
            r.reason.by = PoseReason::By::holder;
            r.reason.when = m.first ? PoseReason::When::hand_1 : PoseReason::When::tie;
            r.reason.tile = Tile(0, 0);
            return r;
        }
        r.seats = m.posers;
        r.what = PoseRule::What::a_double;
        r.may_pass = true;
        r.reason.by = PoseReason::By::winner_double;
        return r;
    }

    int on_event(HandScore& s, const HandState&, const Event& e, const MatchState&) const override {
        switch (e.kind) {
            case Event::Kind::foul:
                s.points[e.seat] += 10;
                break;
            case Event::Kind::pass:
                if (!e.able)
                    s.known = false;
                else if (*e.able)
                    s.points[e.seat] += 10;
                if (++s.run[e.seat] == 3) {
                    s.points[e.seat] += 10;
                    s.run[e.seat] = 0;
                }
                if (s.board_from >= 0 && e.seat != s.board_from &&
                    ++s.board_passes == v_.players - 1) {
                    for (int p = 0; p < v_.players; ++p)
                        if (p != s.board_from) s.points[p] += 10;
                    s.board_from = -1;
                }
                break;
            case Event::Kind::pose:
            case Event::Kind::play:
                s.run[e.seat] = 0;
                s.board_from = e.seat;
                s.board_passes = 0;
                break;
            case Event::Kind::draw:
                break;
        }
        return 0;
    }

    HandResult make_result(const HandState& h, const HandScore& s, const MatchState&,
                           int) const override {
        HandResult r;
        r.how = h.over();
        r.points = s.points;
        if (!s.known) r.known = false;
        std::array<int, 4> c{};
        bool counts = true;
        for (int p = 0; p < 4; ++p) {
            auto x = h.pip_count(p);
            if (!x)
                counts = false;
            else
                c[p] = *x;
        }
        if (h.over() == HandOver::domino) {
            int d = h.domino_seat();
            r.winner = r.winner_seat = d;
            bool dbl = h.last_tile() && h.last_tile()->is_double();
            r.reason.by = ResultReason::By::domino;
            r.reason.seat = d;
            r.reason.double_domino = dbl;
            if (!counts) {
                r.known = false;
                return r;
            }
            for (int p = 0; p < 4; ++p) {
                if (p == d) continue;
                int x = c[p];
                if (h.hand_of(p)->has_double()) x *= 2;
                if (dbl) x *= 2;
                r.points[p] += x;
            }
            return r;
        }
        if (!counts) {
            r.known = false;
            return r;
        }
        auto low = detail::lowest_seat(h, v_, &r.reason);
        for (int p = 0; p < 4; ++p) r.points[p] += h.hand_of(p)->has_double() ? 2 * c[p] : c[p];
        if (*low < 0)
            r.tie = true;
        else
            r.winner = r.winner_seat = *low;
        return r;
    }

    // Points against: any number for every seat; the seat that dominoed has
    // only its penalties, 10 each.
    PointRange points_range(const MatchState&, const Outcome& o, int party,
                            const SheetContext&) const override {
        bool dominoed = o.how == HandOver::domino && party == o.winner;
        return {0, PointRange::kNoLimit, dominoed ? 10 : 1};
    }

    bool poser_needs_score(const Outcome&) const override { return false; }

    void apply(MatchState& m, const HandResult& r) const override {
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
        for (int p = 0; p < 4; ++p) m.score[p] += r.points[p];
        if (r.tie) {
            m.prev = MatchState::Prev::tie;
        } else {
            m.prev = MatchState::Prev::win;
            m.posers = static_cast<std::uint8_t>(1u << r.winner);
        }
        bool hundred = false;
        for (int p = 0; p < 4; ++p) hundred = hundred || m.score[p] >= traits().target;
        if (!hundred) return;
        int best = m.score[0], who = 0, n = 0;
        for (int p = 0; p < 4; ++p) {
            if (m.score[p] < best) best = m.score[p], who = p;
        }
        for (int p = 0; p < 4; ++p) n += m.score[p] == best;
        if (n == 1) {
            m.over = true;
            m.winner = who;
        }
    }
};

}  // namespace

std::unique_ptr<Rules> make_french(const Variant& v) {
    return std::make_unique<French>(v);
}

}  // namespace pips
