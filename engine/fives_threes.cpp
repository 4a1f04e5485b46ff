// All Fives and Threes (Paphos league): points scored during play from the
// open ends, a chip-out point, exactly 61.
#include <array>

#include "engine/rules.hpp"

namespace pips {
namespace {

class FivesThrees final : public Rules {
public:
    explicit FivesThrees(const Variant& v) : Rules(v, ScoresMoves{}) {}

    PoseRule make_pose_rule(const MatchState& m) const override {
        PoseRule r;
        if (m.first) {
            r.reason.by = PoseReason::By::lot;
            return r;
        }
        if (m.pose_unknown || m.leader < 0) {
            r.known = false;
            return r;
        }
        int next = (m.leader + 1) % v_.players;
        r.seats = static_cast<std::uint8_t>(1u << next);
        r.reason.by = PoseReason::By::next_leader;
        r.reason.seat = m.leader;
        return r;
    }

    int on_event(HandScore& s, const HandState& h, const Event& e,
                 const MatchState& m) const override {
        if (e.kind != Event::Kind::play && e.kind != Event::Kind::pose) return 0;
        const int party = party_[static_cast<std::size_t>(e.seat) & 3];
        int pts = fives_threes_points(h.layout().open_total());
        int chip = h.over() == HandOver::domino ? 1 : 0;
        if (!s.score_known) {
            s.points[party] += pts + chip;
            if (pts + chip > 0) s.known = false;
            return pts;
        }
        int have = m.score[party] + s.points[party];
        if (have + pts + chip > target_) return 0;  // would overshoot: scores nothing
        s.points[party] += pts + chip;
        if (have + pts + chip == target_) {
            s.target = true;
            s.target_party = party;
        }
        return pts;
    }

    HandResult make_result(const HandState& h, const HandScore& s, const MatchState&,
                           int) const override {
        HandResult r;
        r.how = s.target ? HandOver::target : h.over();
        r.points = s.points;
        r.known = s.known;  // false: points made while the match score was unknown
        if (s.target) {
            r.winner = s.target_party;
            r.reason.by = ResultReason::By::target;
            r.reason.party = s.target_party;
        } else if (h.over() == HandOver::domino) {
            r.winner_seat = h.domino_seat();
            r.winner = v_.party_of(r.winner_seat);
            r.reason.by = ResultReason::By::chip_out;
            r.reason.party = r.winner;
        } else {
            r.reason.by = ResultReason::By::no_chip_out;
        }
        r.leader = h.poser();
        return r;
    }

    // Any points in play, none that would pass 61.
    PointRange points_range(const MatchState& m, const Outcome&, int party,
                            const SheetContext& c) const override {
        return {0, traits().target - (c.score_known ? m.score[party] : 0)};
    }

    // Reaching exactly 61 ends the hand by `target`; nothing else does.
    bool fits(const Outcome& o, const MatchState& after) const override {
        if (o.how == HandOver::target) return after.over && after.winner == o.winner;
        return !after.over;
    }

    bool poser_needs_score(const Outcome&) const override { return false; }

    void apply(MatchState& m, const HandResult& r) const override {
        m.first = false;
        m.pose_unknown = false;
        ++m.hands;
        for (int p = 0; p < v_.parties(); ++p) m.score[p] += r.points[p];
        m.leader = r.leader;
        m.prev = MatchState::Prev::win;
        for (int p = 0; p < v_.parties(); ++p) {
            if (m.score[p] == traits().target) {
                m.over = true;
                m.winner = p;
            }
        }
    }

private:
    // Looked up once: on_event asks them on every play.
    const std::array<int, 4> party_{v_.party_of(0), v_.party_of(1), v_.party_of(2), v_.party_of(3)};
    const int target_ = traits().target;
};

}  // namespace

std::unique_ptr<Rules> make_fives_threes(const Variant& v) {
    return std::make_unique<FivesThrees>(v);
}

}  // namespace pips
