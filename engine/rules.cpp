#include "engine/rules.hpp"

#include <algorithm>

namespace pips {

std::unique_ptr<Rules> make_jamaican(const Variant& v);
std::unique_ptr<Rules> make_cutthroat(const Variant& v);
std::unique_ptr<Rules> make_chiva(const Variant& v);
std::unique_ptr<Rules> make_quinientos(const Variant& v);
std::unique_ptr<Rules> make_fives_threes(const Variant& v);
std::unique_ptr<Rules> make_french(const Variant& v);

std::unique_ptr<Rules> make_rules(const Variant& v) {
    switch (v.rules) {
        case RuleSet::jamaican:
            return make_jamaican(v);
        case RuleSet::cutthroat:
            return make_cutthroat(v);
        case RuleSet::chiva:
            return make_chiva(v);
        case RuleSet::quinientos:
            return make_quinientos(v);
        case RuleSet::fives_threes:
            return make_fives_threes(v);
        case RuleSet::french:
            return make_french(v);
    }
    return nullptr;
}

std::string Rules::party_name(int party) const {
    if (v_.partnership()) return party == 0 ? "AC" : "BD";
    return std::string(1, static_cast<char>('A' + party));
}

int Rules::match_winner(const std::array<int, 4>& score) const {
    const RuleTraits& t = traits();
    const int parties = v_.parties();
    auto first = [&](auto pred) {
        for (int p = 0; p < parties; ++p)
            if (pred(score[p])) return p;
        return -1;
    };
    switch (t.match_end) {
        case MatchEnd::reach:
            return first([&](int x) { return x >= t.target; });
        case MatchEnd::exactly:
            return first([&](int x) { return x == t.target; });
        case MatchEnd::lowest_after: {
            if (first([&](int x) { return x >= t.target; }) < 0) return -1;
            int best = 0, n = 0;
            for (int p = 0; p < parties; ++p)
                if (score[p] < score[best]) best = p;
            for (int p = 0; p < parties; ++p) n += score[p] == score[best];
            return n == 1 ? best : -1;
        }
    }
    return -1;
}

std::uint8_t Rules::claimed_posers(const HandResult& r) const {
    if (traits().lead_rotates) return 0;  // the lead moves on whoever won
    if (r.winner >= 0 && r.winner_seat < 0 && v_.partnership())
        return static_cast<std::uint8_t>(r.winner == 0 ? 0b0101 : 0b1010);  // either of the side
    if (r.winner_seat >= 0 && r.next_posers == 0)
        return static_cast<std::uint8_t>(1u << r.winner_seat);
    return r.next_posers;
}

bool Rules::apply_claims(MatchState& m, const ClaimedOutcome& c) const {
    const RuleTraits& t = traits();
    HandResult r = c.result;
    bool winner_known = c.winner_known;
    if (c.points_complete && !winner_known && !t.penalties && !t.scores_in_play) {
        // Only the winners score: the one party that scored won. Where a win
        // always scores, a block nobody scored on is a tie.
        int best = -1, n = 0;
        for (int p = 0; p < v_.parties(); ++p) {
            if (r.points[p] > 0 && (best < 0 || r.points[p] > r.points[best])) best = p;
            n += r.points[p] > 0;
        }
        if (n == 1) {
            r.winner = best;
            winner_known = true;
        } else if (n == 0 && r.how == HandOver::blocked && t.win_value > 0) {
            r.tie = true;
            winner_known = true;
        }
    }
    r.next_posers = claimed_posers(r);
    const int prev_leader = m.first || m.pose_unknown ? -1 : m.leader;
    if (!winner_known && !r.tie && !t.scores_in_play) {
        m.known = false;
        m.first = false;
        return false;
    }
    // Without every party's points, the score is known only when a win's value
    // is fixed and nobody won; a fixed value can still grow (key tile, replays).
    bool score_known = c.points_complete || (r.winner < 0 && t.win_value > 0);
    if (r.winner >= 0 && !t.penalties) r.points[r.winner] = std::max(r.points[r.winner], 0);
    if (r.winner >= 0 && r.points[r.winner] == 0 && t.win_value > 0)
        r.points[r.winner] = t.win_value;
    apply(m, r);
    m.known = r.tie || r.winner >= 0;
    if (t.lead_rotates) {
        // The lead moves on one seat a hand, whoever won: the seat that led
        // this hand, or else the one after the previous leader, when known.
        m.known = true;
        m.leader = r.leader >= 0      ? r.leader
                   : prev_leader >= 0 ? (prev_leader + 1) % v_.players
                                      : -1;
        m.pose_unknown = m.leader < 0;
    }
    if (r.next_posers && r.winner >= 0) m.posers = r.next_posers;
    return score_known;
}

std::vector<Outcome> Rules::outcomes(const Outcome& stated) const {
    std::vector<Outcome> out;
    if (stated.tie || (stated.how == HandOver::domino && stated.winner_seat >= 0)) {
        out.push_back(stated);
        return out;
    }
    for (HandOver how : {HandOver::domino, HandOver::blocked, HandOver::target}) {
        if (stated.how != HandOver::no && stated.how != how) continue;
        if (how == HandOver::target && !has_target()) continue;
        if (how == HandOver::blocked && !traits().block_has_winner) {
            out.push_back({how, false, -1, -1});  // a block names no winner
            continue;
        }
        for (int p = 0; p < v_.parties(); ++p)
            if (stated.winner < 0 || stated.winner == p) out.push_back({how, false, p, -1});
    }
    if (stated.how == HandOver::no && can_tie()) out.push_back({HandOver::blocked, true, -1, -1});
    return out;
}

// The 1-point games: the winner scores the win's value, nobody else scores.
PointRange Rules::points_range(const MatchState&, const Outcome& o, int party,
                               const SheetContext&) const {
    if (o.tie || party != o.winner) return {};
    return {traits().win_value, traits().win_value};
}

std::uint8_t Rules::sheet_posers(const Outcome& o, bool& exact) const {
    exact = true;
    if (o.winner < 0) return 0;
    if (v_.partnership()) return static_cast<std::uint8_t>(o.winner == 0 ? 0b0101 : 0b1010);
    return static_cast<std::uint8_t>(1u << o.winner);
}

HandResult Rules::sheet_result(const Outcome& o, const std::array<int, 4>& points,
                               const MatchState& m) const {
    HandResult r;
    r.how = o.how == HandOver::no ? HandOver::blocked : o.how;
    r.tie = o.tie;
    r.winner = o.winner;
    r.winner_seat = o.winner_seat;
    r.points = points;
    bool exact = true;
    r.next_posers = sheet_posers(o, exact);
    if (traits().lead_rotates)
        r.leader = m.first || m.pose_unknown || m.leader < 0 ? -1 : (m.leader + 1) % v_.players;
    return r;
}

bool Rules::score_reachable(const std::array<int, 4>& score, const std::array<int, 4>& last) const {
    const RuleTraits& t = traits();
    bool zero = false;
    for (int p = 0; p < v_.parties(); ++p) {
        if (score[p] < 0) return false;
        zero = zero || score[p] == 0;
    }
    // A win adds a point or resets: some party is at 0.
    if (t.win_value > 0) return zero;
    int at_target = 0;
    for (int p = 0; p < v_.parties(); ++p) {
        if (score[p] < last[p]) return false;
        if (t.match_end == MatchEnd::exactly && score[p] > t.target) return false;
        at_target += score[p] == t.target;
    }
    // Exactly the target ends the match at once: one party at most reaches it.
    return t.match_end != MatchEnd::exactly || at_target <= 1;
}

void Rules::rebase(MatchState& m, const HandResult& r, const std::array<int, 4>& score) const {
    apply(m, r);
    m.score = score;
    if (!r.tie && r.winner >= 0 && traits().win_value > 0) {
        bool zero = true;
        for (int p = 0; p < v_.parties(); ++p) zero = zero && score[p] == 0;
        m.prev = zero ? MatchState::Prev::reset : MatchState::Prev::win;
        // `apply` judged the win against the score before, which may have
        // been unknown: a win that the new score shows did not reset it
        // gives the pose to whom the result says.
        if (m.prev == MatchState::Prev::win && r.next_posers) m.posers = r.next_posers;
    }
    m.winner = match_winner(score);
    m.over = m.winner >= 0;
}

namespace detail {

std::array<int, 4> seat_counts(const HandState& h) {
    std::array<int, 4> out{-1, -1, -1, -1};
    for (int i = 0; i < h.players() && i < 4; ++i)
        if (auto c = h.pip_count(i)) out[static_cast<std::size_t>(i)] = *c;
    return out;
}

std::optional<int> lowest_seat(const HandState& h, const Variant& v, ResultReason* why) {
    int best = 1 << 30;
    for (int s = 0; s < v.players; ++s) {
        if (h.seat(s).out) continue;
        auto c = h.pip_count(s);
        if (!c) return std::nullopt;
        best = std::min(best, *c);
    }
    int seat = -1;
    bool tie = false;
    for (int s = 0; s < v.players; ++s) {
        if (h.seat(s).out || *h.pip_count(s) != best) continue;
        if (seat < 0)
            seat = s;
        else if (v.party_of(s) != v.party_of(seat))
            tie = true;
    }
    if (why) {
        why->by = ResultReason::By::lowest_count;
        why->counts = seat_counts(h);
        why->lowest = best;
        why->shared = tie;
        why->seat = seat;
    }
    return tie ? -1 : seat;
}

void add_with_reset(MatchState& m, int parties, int winner, int points, int target) {
    m.score[winner] += points;
    bool all = true;
    for (int p = 0; p < parties; ++p) all = all && m.score[p] > 0;
    if (all) {
        m.score = {};
        m.prev = MatchState::Prev::reset;
        return;
    }
    m.prev = MatchState::Prev::win;
    if (m.score[winner] >= target) {
        m.over = true;
        m.winner = winner;
    }
}

PoseRule holder_pose(const Variant& v, PoseReason::When when, bool seats) {
    PoseRule r;
    r.reason.by = PoseReason::By::holder;
    r.reason.when = when;
    r.reason.seats = seats;
    r.reason.tile = Tile(6, 6);
    if (v.draw_game()) {
        r.draw_holder = true;
        r.what = PoseRule::What::holder_tile;
        r.reason.draw = true;
        return r;
    }
    r.holder = Tile(6, 6);
    r.what = v.options.sporting ? PoseRule::What::any : PoseRule::What::holder_tile;
    r.reason.sporting = v.options.sporting;
    return r;
}

}  // namespace detail
}  // namespace pips
