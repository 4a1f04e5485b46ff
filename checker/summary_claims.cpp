// The claim lines of a summary hand (its end, points and score lines): each
// read in record order against the outcomes the lines above it leave; the
// first that none explains is the error (DGN.md section 4, RULINGS.md
// "Summary hands").
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "checker/replay.hpp"
#include "parser/tokens.hpp"

namespace pips::checker::impl {

namespace {

std::string range_words(const PointRange& r) {
    if (r.lo == r.hi) return fmt::format("{}", r.lo);
    std::string s = r.step > 1 ? fmt::format("a multiple of {}", r.step) : std::string();
    if (r.hi >= PointRange::kNoLimit) return s.empty() ? fmt::format("{} or more", r.lo) : s;
    if (!s.empty()) s += ", ";
    if (r.hi == r.lo + r.step) return s + fmt::format("{} or {}", r.lo, r.hi);
    return s + fmt::format("{} to {}", r.lo, r.hi);
}

std::string not_party(const Variant& v, const ast::ClaimItem& it) {
    return fmt::format("{} is not {} of {}", who_name(it.who),
                       v.partnership() ? "a side" : "a seat", v.name());
}

enum class Line { end, points, score };

// The claim lines in record order. A line with a syntax error gets that error
// only; nothing after it is read.
std::vector<std::pair<Pos, Line>> claim_lines(const ast::Hand& hand, Pos stop_at) {
    std::vector<std::pair<Pos, Line>> lines;
    auto read = [&](Pos p) { return p.line < stop_at.line; };
    if (hand.end && read(hand.end->pos)) lines.push_back({hand.end->pos, Line::end});
    if (hand.points && read(hand.points->pos)) lines.push_back({hand.points->pos, Line::points});
    if (hand.score && read(hand.score->pos)) lines.push_back({hand.score->pos, Line::score});
    std::sort(lines.begin(), lines.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return lines;
}

// A claim line in words: "end block BD", "score AC 2 BD 0".
std::string line_words(const ast::Hand& hand, Line line) {
    using parser::dgn::LineKw;
    using parser::dgn::spelling;
    if (line == Line::end) {
        const auto& e = *hand.end;
        std::string s = fmt::format("{} {}", spelling(LineKw::end), spelling(e.kind));
        if (e.who) fmt::format_to(std::back_inserter(s), " {}", spelling(*e.who));
        return s;
    }
    const ast::ClaimLine& c = line == Line::points ? *hand.points : *hand.score;
    std::string s(spelling(line == Line::points ? LineKw::points : LineKw::score));
    for (const auto& it : c.items)
        fmt::format_to(std::back_inserter(s), " {} {}", spelling(it.who), it.value);
    return s;
}

}  // namespace

// The claim lines read, in record order, until the first that is wrong
// (reported); returns where that line is, or {~0u, ~0u} when none is.
Pos RecordChecker::summary_claims(const ast::Hand& hand, Pos stop_at, SheetReading& sr) {
    // A played hand: which line leaves one outcome, and one set of points.
    auto settled = [&](bool& outcome, bool& points) {
        bool known = false;
        const std::vector<SheetWay> ways = summary_ways(sr, known);
        outcome = known;
        points = known && same_points(ways);
    };
    bool outcome = false, points = false;
    if (sr.track) settled(outcome, points);
    for (const auto& line : claim_lines(hand, stop_at)) {
        bool ok = line.second == Line::end      ? summary_end_claim(hand, sr)
                  : line.second == Line::points ? summary_points_claim(hand, sr)
                                                : summary_score_claim(hand, sr);
        if (!ok) return line.first;
        if (!sr.track || (outcome && points)) continue;
        bool o = false, p = false;
        settled(o, p);
        if (o && !outcome) sr.winner_from = line_words(hand, line.second);
        if (p && !points) sr.points_from = line_words(hand, line.second);
        outcome = outcome || o;
        points = points || p;
    }
    return Pos{~0u, ~0u};
}

// The end line: the outcomes it states; false when it is wrong (reported).
bool RecordChecker::summary_end_claim(const ast::Hand& hand, SheetReading& sr) {
    Outcome stated;
    if (std::string bad = summary_end(*hand.end, stated); !bad.empty()) {
        error(hand.end->who && hand.end->kind == ast::EndLine::Kind::block ? hand.end->who_pos
                                                                           : hand.end->pos,
              Code::end_mismatch, fmt::format("hand {}: {}", hand.number, bad));
        return false;
    }
    std::vector<SheetCandidate> before = std::move(sr.cands);
    sr.cands = summary_candidates(stated, sr.ctx);
    // A played hand: only the outcomes its plies leave.
    restrict_to_proved(sr);
    if (sr.cands.empty()) {
        sr.cands = std::move(before);  // a wrong line settles nothing
        error(hand.end->pos, Code::end_mismatch,
              fmt::format("hand {}: the plies do not end it so", hand.number));
        return false;
    }
    return true;
}

// The points line, party by party; false at the first that is wrong (reported).
// A wrong line settles nothing, not even the parties listed before the
// wrong one.
bool RecordChecker::summary_points_claim(const ast::Hand& hand, SheetReading& sr) {
    std::vector<SheetCandidate> cands = sr.cands;
    for (const auto& it : hand.points->items)
        if (!summary_points_item(hand, it, cands)) return false;
    sr.cands = std::move(cands);
    return true;
}

// One party's points: the candidates that give them, and a match that fits.
bool RecordChecker::summary_points_item(const ast::Hand& hand, const ast::ClaimItem& it,
                                        std::vector<SheetCandidate>& cands) {
    int p = party_of_who(v_, it.who);
    if (p < 0) {
        error(it.pos, Code::points_mismatch, not_party(v_, it));
        return false;
    }
    std::vector<SheetCandidate> keep;
    for (auto c : cands) {
        if (c.fixed[p] ? *c.fixed[p] != it.value : !c.range[p].contains(it.value)) continue;
        c.fixed[p] = it.value;
        keep.push_back(c);
    }
    if (keep.empty()) {
        error(it.value_pos, Code::points_mismatch, summary_points_why(hand, it, p, cands));
        return false;
    }
    // The points must also leave a match that fits the outcome
    // (fives-threes: exactly 61 only by `target`).
    std::vector<SheetWay> ways;
    summary_settle(keep, nullptr, ways);
    if (ways.empty()) {
        bool target = hand.end && hand.end->kind == ast::EndLine::Kind::target;
        error(it.value_pos, Code::points_mismatch,
              target ? fmt::format("hand {} ended the match at exactly {}; with "
                                   "these points nobody reaches it",
                                   hand.number, v_.traits().target)
                     : fmt::format("{} {} in hand {} takes {} to {}, which only "
                                   "`end target` can do",
                                   who_name(it.who), it.value, hand.number, who_name(it.who),
                                   m_.score[p] + it.value));
        return false;
    }
    cands = std::move(keep);
    return true;
}

// Why no candidate gives party `p` the points `it` claims: the points the rule
// set allows, when every candidate allows the same.
std::string RecordChecker::summary_points_why(const ast::Hand& hand, const ast::ClaimItem& it,
                                              int p,
                                              const std::vector<SheetCandidate>& cands) const {
    bool same = !cands.empty();
    for (const auto& c : cands)
        same = same && c.range[p].lo == cands.front().range[p].lo &&
               c.range[p].hi == cands.front().range[p].hi &&
               c.range[p].step == cands.front().range[p].step && !c.fixed[p];
    if (same)
        return fmt::format("{} scores {} in hand {} of {}, not {}", who_name(it.who),
                           range_words(cands.front().range[p]), hand.number,
                           std::string(rules_id(v_.rules)), it.value);
    return fmt::format("no outcome of hand {} that fits the lines above gives {} {} points",
                       hand.number, who_name(it.who), it.value);
}

// The score line: against the known match score, or, after an unknown one,
// taken as the match score when it lists every party; false when it is wrong
// (reported).
bool RecordChecker::summary_score_claim(const ast::Hand& hand, SheetReading& sr) {
    int listed = 0;
    for (const auto& it : hand.score->items) {
        int p = party_of_who(v_, it.who);
        if (p < 0) {
            error(it.pos, Code::score_mismatch, not_party(v_, it));
            return false;
        }
        ++listed;
        sr.claimed_score[p] = it.value;
    }
    if (score_known_) {
        std::vector<SheetWay> fit;
        summary_settle(sr.cands, &*hand.score, fit);
        if (fit.empty()) {
            summary_score_wrong(hand, sr.cands);
            return false;
        }
        sr.score_line = &*hand.score;
    } else if (listed == v_.parties()) {
        return summary_adopt_score(hand, sr);
    } else {
        unchecked(fmt::format("score of hand {}: the match score is unknown", hand.number));
    }
    return true;
}

// A score line that no candidate explains, reported at the first party that
// no outcome explains.
void RecordChecker::summary_score_wrong(const ast::Hand& hand,
                                        const std::vector<SheetCandidate>& cands) {
    std::vector<SheetWay> all;
    summary_settle(cands, nullptr, all);
    const ast::ClaimItem* at = &hand.score->items.front();
    std::string why;
    for (const auto& it : hand.score->items) {
        int p = party_of_who(v_, it.who);
        bool any = false, same = !all.empty();
        for (const auto& s : all) {
            any = any || s.after.score[p] == it.value;
            same = same && s.after.score[p] == all.front().after.score[p];
        }
        if (any) continue;
        at = &it;
        if (same) {
            // Every way resets the score after the same win: say so.
            std::string reset = reset_words(m_, all.front().after, all.front().o.winner);
            for (const auto& s : all)
                if (s.o.winner != all.front().o.winner || s.after.prev != MatchState::Prev::reset)
                    reset.clear();
            // Every way adds the same points otherwise: say how many.
            std::string sum = sum_words(m_, all.front().after, p, hand.number);
            for (const auto& s : all)
                if (s.after.prev == MatchState::Prev::reset) sum.clear();
            why = fmt::format("after hand {}{} {} has {}{}, not {}", hand.number,
                              reset.empty() ? "" : reset + ",", who_name(it.who),
                              all.front().after.score[p], reset.empty() ? sum : "", it.value);
        }
        break;
    }
    if (why.empty())
        why = fmt::format(
            "no outcome of hand {} that fits the lines above takes the score from {} to this",
            hand.number, match_score_text(*rules_, m_));
    error(at->value_pos, Code::score_mismatch, std::move(why));
}

// A score line listing every party after an unknown score: one the match can
// stand at, and that some candidate leaves; false when it is not (reported).
bool RecordChecker::summary_adopt_score(const ast::Hand& hand, SheetReading& sr) {
    const int n = v_.parties();
    std::string text;
    for (int p = 0; p < n; ++p)
        fmt::format_to(std::back_inserter(text), "{}{} {}", p ? " " : "", rules_->party_name(p),
                       sr.claimed_score[p]);
    if (!rules_->score_reachable(sr.claimed_score, last_score_)) {
        error(hand.score->items.front().value_pos, Code::score_mismatch,
              fmt::format("{} cannot stand at {} after hand {}", v_.name(), text, hand.number));
        return false;
    }
    std::vector<SheetWay> ws;
    summary_settle(sr.cands, nullptr, ws);
    summary_rebase(ws, sr.claimed_score);
    if (ws.empty()) {
        error(hand.score->items.front().value_pos, Code::score_mismatch,
              fmt::format("no outcome of hand {} that fits the lines above leaves {}", hand.number,
                          text));
        return false;
    }
    sr.score_adopted = true;
    return true;
}

}  // namespace pips::checker::impl
