// The match between hands: parties and scores in words, the score claims
// after each hand, and the summaries of `pips rescore`.
#include <fmt/format.h>

#include "checker/replay.hpp"

namespace pips::checker::impl {

const char* who_name(ast::Who w) {
    static const char* names[] = {"A", "B", "C", "D", "AC", "BD"};
    return names[static_cast<int>(w)];
}

int party_of_who(const Variant& v, ast::Who w) {
    int i = static_cast<int>(w);
    if (v.partnership()) return i >= 4 ? i - 4 : -1;
    if (i >= 4 || i >= v.players) return -1;
    return i;
}

std::string match_score_text(const Rules& rules, const MatchState& m) {
    std::string s;
    for (int p = 0; p < rules.variant().parties(); ++p)
        fmt::format_to(std::back_inserter(s), "{}{} {}", p ? " " : "", rules.party_name(p),
                       m.score[p]);
    return s;
}

void RecordChecker::summarize(const ast::Hand& hand, const HandResult& r) {
    HandSummary sum;
    sum.number = hand.number;
    switch (r.how) {
        case HandOver::domino:
            sum.outcome = fmt::format("domino by {}", seat_char(r.winner_seat));
            break;
        case HandOver::target:
            sum.outcome = fmt::format("{} reached by {}", rules_->traits().target,
                                      rules_->party_name(r.winner));
            break;
        case HandOver::blocked:
            sum.outcome = r.tie          ? "blocked, tied"
                          : r.winner < 0 ? "blocked"
                                         : "blocked, won by " + rules_->party_name(r.winner);
            break;
        case HandOver::no:
            sum.outcome = "not over";
            break;
    }
    for (int p = 0; p < v_.parties(); ++p)
        fmt::format_to(std::back_inserter(sum.points), "{}{} {}", p ? " " : "",
                       rules_->party_name(p), r.points[p]);
    out_.summaries.push_back(std::move(sum));
}

// " (BD won while AC had points: the score resets)" after a win that reset
// the score, else nothing.
std::string RecordChecker::reset_words(const MatchState& before, const MatchState& after,
                                       int winner) const {
    if (after.prev != MatchState::Prev::reset || winner < 0) return {};
    const int parties = v_.parties();
    const std::string w = rules_->party_name(winner);
    if (parties == 2) {
        const int o = 1 - winner;
        return fmt::format(" ({}, at 0, won while {} had {} point{}: the score resets)", w,
                           rules_->party_name(o), before.score[o], before.score[o] == 1 ? "" : "s");
    }
    return fmt::format(" ({}'s win gave every seat a point: the scores reset)", w);
}

// " (12 + 9 in hand 3)": how a score that was not reset was reached.
std::string RecordChecker::sum_words(const MatchState& before, const MatchState& after, int party,
                                     int hand) {
    if (after.prev == MatchState::Prev::reset || party < 0) return {};
    const auto p = static_cast<std::size_t>(party);
    return fmt::format(" ({} + {} in hand {})", before.score[p], after.score[p] - before.score[p],
                       hand);
}

void RecordChecker::check_score(const ast::Hand& hand, const MatchState* before,
                                const HandResult* r) {
    if (!hand.score || !judging()) return;
    if (!score_known_) {
        // Settle it from the claim when the claim is complete.
        int listed = 0;
        for (const auto& it : hand.score->items) listed += party_of_who(v_, it.who) >= 0;
        if (listed == v_.parties()) {
            // Taken when the match can stand at it (RULINGS "What claims settle").
            std::array<int, 4> claimed{};
            for (const auto& it : hand.score->items)
                if (int p = party_of_who(v_, it.who); p >= 0) claimed[p] = it.value;
            if (!rules_->score_reachable(claimed, last_score_)) {
                error(hand.score->items.front().value_pos, Code::score_mismatch,
                      fmt::format("{} cannot stand at {} after hand {}", v_.name(),
                                  match_score_text(*rules_, MatchState{.score = claimed}),
                                  hand.number));
                return;
            }
            m_.score = claimed;
            last_score_ = claimed;
            score_known_ = true;
            m_.winner = rules_->match_winner(m_.score);
            m_.over = m_.winner >= 0;
        } else {
            unchecked(fmt::format("score of hand {}: the match score is unknown", hand.number));
        }
        return;
    }
    for (const auto& it : hand.score->items) {
        int party = party_of_who(v_, it.who);
        if (party < 0) {
            error(it.pos, Code::score_mismatch,
                  fmt::format("{} is not {} of {}", who_name(it.who),
                              v_.partnership() ? "a side" : "a seat", v_.name()));
            continue;
        }
        if (it.value != m_.score[party])
            error(it.value_pos, Code::score_mismatch,
                  fmt::format("after hand {} the score is {}{}; {} has {}{}, not {}", hand.number,
                              match_score_text(*rules_, m_),
                              before && r && !r->tie ? reset_words(*before, m_, r->winner) : "",
                              who_name(it.who), m_.score[party],
                              before ? sum_words(*before, m_, party, hand.number) : "", it.value));
    }
}

}  // namespace pips::checker::impl
