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

namespace detail {

std::string seat_counts(const HandState& h) {
    std::string s;
    for (int i = 0; i < h.players(); ++i) {
        auto c = h.pip_count(i);
        if (!s.empty()) s += ", ";
        s += static_cast<char>('A' + i);
        s += ' ';
        s += c ? std::to_string(*c) : "?";
    }
    return s;
}

std::optional<int> lowest_seat(const HandState& h, const Variant& v, std::string* why) {
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
        *why = "pip counts " + seat_counts(h) + ": ";
        if (tie)
            *why += "the lowest count (" + std::to_string(best) + ") is shared by opponents";
        else
            *why += std::string(1, static_cast<char>('A' + seat)) + " has the lowest count (" +
                    std::to_string(best) + ")";
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

PoseRule holder_pose(const Variant& v, const char* why, bool explain) {
    PoseRule r;
    if (v.draw_game()) {
        r.draw_holder = true;
        r.what = PoseRule::What::holder_tile;
        if (explain)
            r.why = std::string(why) +
                    ": the holder of 6-6 poses it (6-6 in the boneyard: the highest double "
                    "dealt, or else the heaviest tile)";
        return r;
    }
    r.holder = Tile(6, 6);
    r.what = v.options.sporting ? PoseRule::What::any : PoseRule::What::holder_tile;
    if (explain)
        r.why = std::string(why) + (v.options.sporting
                                        ? ": the holder of 6-6 poses (sporting: any tile)"
                                        : ": the holder of 6-6 poses it");
    return r;
}

}  // namespace detail
}  // namespace pips
