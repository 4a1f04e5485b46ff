// Summary hands (score sheets): a hand with no plies and an end, points or
// score line. It is not replayed: its tile lines are checked as tiles, and its
// claims against each other and against what the rule set can give (DGN.md
// section 4, RULINGS.md "Summary hands"). What they settle carries the match on.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "checker/replay.hpp"

namespace pips::checker::impl {

namespace {

bool same_pose(const PoseRule& a, const PoseRule& b) {
    return a.known == b.known && a.seats == b.seats && a.holder == b.holder &&
           a.draw_holder == b.draw_holder && a.what == b.what && a.may_pass == b.may_pass;
}

}  // namespace

bool is_summary_hand(const ast::Hand& hand) {
    return hand.plies.empty() && (hand.end || hand.points || hand.score);
}

// The tile lines of a summary hand: checked as tiles, deciding nothing.
bool RecordChecker::summary_tiles(const ast::Hand& hand, Pos stop_at) {
    // A line with a syntax error gets that error only; nothing after it is read.
    auto read = [&](Pos p) { return p.line < stop_at.line; };
    if (!hand_) hand_.emplace(v_);
    HandState& h = *hand_;
    int rounds = static_cast<int>(hand.redeals.size()) + 1;
    for (int r = 0; r < rounds; ++r) {
        h.reset();
        for (const auto& d : hand.deals) {
            if (d.round != r || !read(d.pos)) continue;
            if (Step st = deal_line(h, d, tiles_buf_); !st) {
                deal_failed(hand, d, st, h);
                return false;
            }
        }
        for (const auto& st : hand.stocks) {
            if (st.round != r || !read(st.pos)) continue;
            if (Step x = h.stock(tiles_of(st.tiles, tiles_buf_)); !x) {
                stock_failed(hand, st, x, h);
                return false;
            }
        }
        if (r + 1 < rounds && read(hand.redeals[static_cast<std::size_t>(r)].pos) &&
            !check_redeal(hand, hand.redeals[static_cast<std::size_t>(r)], h))
            return false;
    }
    // What a seat still held: tiles of the set, each once, none dealt to
    // another seat, and (without draws) only tiles of its own deal.
    TileSet shown;
    for (const auto& rm : hand.remains) {
        if (!read(rm.pos)) break;
        std::string bad;
        TileSet mine;
        for (const auto& tok : rm.tiles) {
            Tile t = tile_of(tok);
            if (rm.seat >= v_.players) {
                bad = fmt::format("seat {} is not at this table ({} players)", seat_char(rm.seat),
                                  v_.players);
            } else if (!v_.tile_set().contains(t)) {
                bad = fmt::format("{} is not in the set in use", t.str());
            } else if (mine.contains(t) || shown.contains(t)) {
                bad = fmt::format("{} is shown twice", t.str());
            } else {
                for (int s = 0; s < v_.players && bad.empty(); ++s) {
                    const SeatInfo& si = h.seat(s);
                    if (!si.dealt) continue;
                    if (s != rm.seat && si.known.contains(t))
                        bad = fmt::format("{} was dealt to {}, not {}", t.str(), seat_char(s),
                                          seat_char(rm.seat));
                    else if (s == rm.seat && !v_.draw_game() && !si.known.contains(t))
                        bad = fmt::format("{} was not dealt to {}", t.str(), seat_char(s));
                }
            }
            if (!bad.empty()) break;
            mine.insert(t);
        }
        if (bad.empty() && mine.size() > v_.tiles_per_seat() && !v_.draw_game())
            bad = fmt::format("{} was dealt {} tiles, not {}", seat_char(rm.seat),
                              v_.tiles_per_seat(), mine.size());
        if (!bad.empty()) {
            error(rm.pos, Code::bad_deal, std::move(bad));
            return false;
        }
        shown |= mine;
    }
    return true;
}

// What is wrong with a summary hand's end line, or empty; `o` gets its outcome.
std::string RecordChecker::summary_end(const ast::EndLine& e, Outcome& o) const {
    using K = ast::EndLine::Kind;
    const std::string rs(rules_id(v_.rules));
    const int seat = e.who ? static_cast<int>(*e.who) : -1;
    const bool is_seat = seat >= 0 && seat < 4 && seat < v_.players;
    switch (e.kind) {
        case K::domino:
            if (!is_seat) return "end domino names the seat that played out";
            o.how = HandOver::domino;
            o.winner_seat = seat;
            o.winner = v_.party_of(seat);
            return {};
        case K::block:
            o.how = HandOver::blocked;
            if (!e.who) return {};
            if (!v_.traits().block_has_winner) return fmt::format("a {} block names no winner", rs);
            o.winner = party_of_who(v_, *e.who);
            if (o.winner < 0 && is_seat && v_.partnership()) return block_seat_why(*e.who);
            if (o.winner < 0)
                return fmt::format("{} is not {} of {}", who_name(*e.who),
                                   v_.partnership() ? "a side" : "a seat", v_.name());
            return {};
        case K::tie:
            if (!rules_->can_tie())
                return v_.traits().block_has_winner
                           ? fmt::format("{} with option tie-closer has no tied hands", rs)
                           : fmt::format("a {} hand is not tied: `end block` names no winner", rs);
            if (e.who) return "a tied hand has no winner";
            o.how = HandOver::blocked;
            o.tie = true;
            return {};
        case K::target:
            if (!rules_->has_target())
                return fmt::format("{} has no match target reached during a hand", rs);
            if (e.who) return "end target names no seat";
            o.how = HandOver::target;
            return {};
    }
    return {};
}

// Every way the candidates can have gone, with the points fixed or sampled:
// a party whose points no line fixes takes its least value, the next one
// and its greatest, and the value that the score line gives it.
void RecordChecker::summary_settle(const std::vector<SheetCandidate>& cands,
                                   const ast::ClaimLine* score, std::vector<SheetWay>& out) const {
    const int n = v_.parties();
    const MatchState& m = m_;
    std::array<std::optional<int>, 4> listed{};
    if (score)
        for (const auto& it : score->items)
            if (int p = party_of_who(v_, it.who); p >= 0) listed[p] = it.value;
    for (const auto& c : cands) {
        std::array<std::vector<int>, 4> values;
        for (int p = 0; p < n; ++p) {
            auto& vs = values[p];
            const PointRange& r = c.range[p];
            if (c.fixed[p]) {
                vs.push_back(*c.fixed[p]);
                continue;
            }
            auto add = [&](long long x) {
                if (x >= r.lo && x <= r.hi && r.contains(static_cast<int>(x)) &&
                    std::find(vs.begin(), vs.end(), static_cast<int>(x)) == vs.end())
                    vs.push_back(static_cast<int>(x));
            };
            if (listed[p] && score_known_) add(static_cast<long long>(*listed[p]) - m.score[p]);
            add(r.lo);
            add(static_cast<long long>(r.lo) + r.step);
            if (r.hi < PointRange::kNoLimit) add(r.hi);
        }
        std::array<std::size_t, 4> idx{};
        for (;;) {
            bool empty = false;
            for (int p = 0; p < n; ++p) empty = empty || values[p].empty();
            if (empty) break;
            SheetWay s;
            s.o = c.o;
            for (int p = 0; p < n; ++p) s.points[p] = values[p][idx[p]];
            s.after = m;
            HandResult r = rules_->sheet_result(c.o, s.points, m);
            rules_->apply(s.after, r);
            bool ok = rules_->fits(c.o, s.after) || !score_known_;
            if (score_known_)
                for (int p = 0; p < n && ok; ++p) ok = !listed[p] || *listed[p] == s.after.score[p];
            if (ok) out.push_back(s);
            int p = 0;
            for (; p < n; ++p) {
                if (++idx[p] < values[p].size()) break;
                idx[p] = 0;
            }
            if (p == n) break;
        }
    }
}

// The match after a summary hand replayed under other rules: a score sheet
// cannot be rescored, so the hand counts as a tie and the score is lost.
void RecordChecker::summary_unjudged(const ast::Hand& hand) {
    if (opt_.summaries) out_.summaries.push_back({hand.number, "not replayed (summary hand)", ""});
    data_unknown("summary");
    HandResult tie;
    tie.how = HandOver::blocked;
    tie.tie = true;
    rules_->apply(m_, tie);
    m_.known = false;
    score_known_ = false;
}

// The outcomes the rule set allows within `stated`, each with the points it can give.
std::vector<SheetCandidate> RecordChecker::summary_candidates(const Outcome& stated,
                                                              const SheetContext& ctx) const {
    const int n = v_.parties();
    std::vector<SheetCandidate> cs;
    for (const Outcome& o : rules_->outcomes(stated)) {
        SheetCandidate c;
        c.o = o;
        for (int p = 0; p < n; ++p) c.range[p] = rules_->points_range(m_, o, p, ctx);
        cs.push_back(c);
    }
    return cs;
}

// A claimed score taken after an unknown one: each way to it, as the match
// takes it from there; the ways that do not fit it go. (The match is not
// moved on until the hand's lines are all read.)
void RecordChecker::summary_rebase(std::vector<SheetWay>& ws,
                                   const std::array<int, 4>& score) const {
    for (auto& w : ws) {
        w.after = m_;
        rules_->rebase(w.after, rules_->sheet_result(w.o, w.points, m_), score);
    }
    std::erase_if(ws, [&](const SheetWay& w) { return !rules_->fits(w.o, w.after); });
}

// A summary hand: its claim lines read in record order, each against the
// outcomes the lines above it leave; the first that none explains is the error.
bool RecordChecker::check_summary_hand(const ast::Hand& hand, bool last, Pos stop_at) {
    // A wrong tile line decides nothing: the claims are read all the same.
    summary_tiles(hand, stop_at);
    if (score_known_) last_score_ = m_.score;
    if (!judging()) {
        // Replaying under other rules.
        summary_unjudged(hand);
        return !stops_in(hand, stop_at);
    }
    SheetReading sr;
    sr.ctx = SheetContext{hand.number, score_known_, ties_unknown_};
    sr.cands = summary_candidates({}, sr.ctx);
    summary_claims(hand, stop_at, sr);
    bool outcome_known = false;
    const std::vector<SheetWay> ways = summary_ways(sr, outcome_known);
    summary_carry_on(hand, last, ways, outcome_known, sr.score_adopted);
    if (opt_.summaries) summarize_sheet(hand, ways, outcome_known);
    if (hd_) data_sheet(ways, outcome_known);
    return !stops_in(hand, stop_at);
}

// What the lines read settle: every way the hand can have gone, never none;
// `outcome_known` gets whether they all give one winner, or all a tie.
std::vector<SheetWay> RecordChecker::summary_ways(const SheetReading& sr,
                                                  bool& outcome_known) const {
    std::vector<SheetWay> ways;
    summary_settle(sr.cands, sr.score_line, ways);
    if (sr.score_adopted) summary_rebase(ways, sr.claimed_score);
    // What the lines settle is known from then on.
    for (auto& w : ways) w.after.known = true;
    outcome_known = !ways.empty();
    for (const auto& s : ways)
        outcome_known =
            outcome_known && s.o.winner == ways.front().o.winner && s.o.tie == ways.front().o.tie;
    if (ways.empty()) {
        // Cannot happen with the lines above read; keep the match moving all the same.
        SheetWay s;
        s.o.tie = true;
        s.after = m_;
        rules_->apply(s.after, rules_->sheet_result(s.o, {}, m_));
        ways.push_back(s);
        outcome_known = false;
    }
    return ways;
}

// Whether every way gives every party the same points.
bool RecordChecker::same_points(const std::vector<SheetWay>& ways) {
    for (const auto& w : ways)
        if (w.points != ways.front().points) return false;
    return !ways.empty();
}

// The match carried on by a summary hand's ways: the score, the ties and who
// poses next, as far as all the ways agree; what they leave open is unchecked.
void RecordChecker::summary_carry_on(const ast::Hand& hand, bool last,
                                     const std::vector<SheetWay>& ways, bool outcome_known,
                                     bool score_adopted) {
    const int n = v_.parties();
    // Whether a win reset the score follows from the score before the hand
    // (or the one a score line settles) and the winner, not from its points.
    const bool basis_known = score_adopted || score_known_;
    bool score_known = basis_known;
    bool ties_known = true;
    for (const auto& s : ways) {
        for (int p = 0; p < n; ++p)
            score_known = score_known && s.after.score[p] == ways.front().after.score[p];
        ties_known = ties_known && s.after.ties == ways.front().after.ties;
    }
    bool poser_known = true, exact = true;
    PoseRule next = rules_->pose_rule(ways.front().after);
    for (const auto& s : ways) {
        poser_known = poser_known && same_pose(rules_->pose_rule(s.after), next);
        bool e = true;
        rules_->sheet_posers(s.o, e);
        exact = exact && e;
        if (!basis_known && rules_->poser_needs_score(s.o)) poser_known = false;
    }
    m_ = ways.front().after;
    m_.known = true;
    score_known_ = score_known;
    if (score_known) {
        last_score_ = m_.score;
    } else {
        m_.over = false;
        m_.winner = -1;
        unchecked(fmt::format("the score after hand {} (not shown)", hand.number));
    }
    if (!ties_known) ties_unknown_ = true;
    if (outcome_known && !ways.front().o.tie) ties_unknown_ = false;
    if (!poser_known) {
        m_.pose_unknown = true;
        // Why, listed once (the pose of the next hand does not list it again).
        if (!last) {
            unchecked(outcome_known
                          ? fmt::format("who poses hand {}: whether hand {} reset the score (the "
                                        "score before it is not known)",
                                        hand.number + 1, hand.number)
                          : fmt::format("who poses hand {}: hand {}'s outcome is not shown",
                                        hand.number + 1, hand.number));
            pose_why_ = {hand.number + 1, {}, true};
        }
    } else if (!exact && !last && next.known) {
        unchecked(
            fmt::format("who poses hand {}: a seat of the winning side (the sheet does not "
                        "show which)",
                        hand.number + 1));
    }
}

// The summary of a summary hand: its outcome, and its points when all the
// ways agree on them.
void RecordChecker::summarize_sheet(const ast::Hand& hand, const std::vector<SheetWay>& ways,
                                    bool outcome_known) {
    const int n = v_.parties();
    HandSummary sum;
    sum.number = hand.number;
    const Outcome& o = ways.front().o;
    if (!outcome_known)
        sum.outcome = "unknown (summary hand)";
    else if (o.tie)
        sum.outcome = "blocked, tied";
    else if (o.how == HandOver::domino && o.winner_seat >= 0)
        sum.outcome = fmt::format("domino by {}", seat_char(o.winner_seat));
    else if (o.winner >= 0)
        sum.outcome = "won by " + rules_->party_name(o.winner);
    else
        sum.outcome = "blocked";
    bool points_known = outcome_known;
    for (const auto& s : ways) points_known = points_known && s.points == ways.front().points;
    if (points_known)
        for (int p = 0; p < n; ++p)
            fmt::format_to(std::back_inserter(sum.points), "{}{} {}", p ? " " : "",
                           rules_->party_name(p), ways.front().points[p]);
    out_.summaries.push_back(std::move(sum));
}

// Whether the record's first syntax error is in this hand: nothing after it
// is replayed.
bool RecordChecker::stops_in(const ast::Hand& hand, Pos stop_at) const {
    const Pos end_of_hand =
        &hand + 1 < rec_.hands.data() + rec_.hands.size() ? (&hand + 1)->pos : Pos{~0u, ~0u};
    return stop_at < end_of_hand;
}

}  // namespace pips::checker::impl
