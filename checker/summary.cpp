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

std::string range_words(const PointRange& r) {
    if (r.lo == r.hi) return fmt::format("{}", r.lo);
    std::string s = r.step > 1 ? fmt::format("a multiple of {}", r.step) : std::string();
    if (r.hi >= PointRange::kNoLimit) return s.empty() ? fmt::format("{} or more", r.lo) : s;
    if (!s.empty()) s += ", ";
    if (r.hi == r.lo + r.step) return s + fmt::format("{} or {}", r.lo, r.hi);
    return s + fmt::format("{} to {}", r.lo, r.hi);
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
            if (Step st = h.deal(d.seat, tiles_of(d.tiles, tiles_buf_)); !st) {
                error(d.pos, Code::bad_deal, st.why);
                return false;
            }
        }
        for (const auto& st : hand.stocks) {
            if (st.round != r || !read(st.pos)) continue;
            if (Step x = h.stock(tiles_of(st.tiles, tiles_buf_)); !x) {
                error(st.pos, Code::bad_deal, x.why);
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
            if (o.winner < 0 && is_seat && v_.partnership()) o.winner = v_.party_of(seat);
            if (o.winner < 0)
                return fmt::format("{} is not {} of {}", who_name(*e.who),
                                   v_.partnership() ? "a side or seat" : "a seat", v_.name());
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

// A summary hand: its claim lines read in record order, each against the
// outcomes the lines above it leave; the first that none explains is the error.
bool RecordChecker::check_summary_hand(const ast::Hand& hand, bool last, Pos stop_at) {
    // A wrong tile line decides nothing: the claims are read all the same.
    summary_tiles(hand, stop_at);
    if (score_known_) last_score_ = m_.score;
    const int n = v_.parties();
    const std::string rs(rules_id(v_.rules));
    // A claimed score taken after an unknown one: each way to it, as the
    // match takes it from there; the ways that do not fit it go.
    const MatchState before = m_;
    auto adopt = [&](std::vector<SheetWay>& ws, const std::array<int, 4>& score) {
        for (auto& w : ws) {
            w.after = before;
            rules_->rebase(w.after, rules_->sheet_result(w.o, w.points, before), score);
        }
        std::erase_if(ws, [&](const SheetWay& w) { return !rules_->fits(w.o, w.after); });
    };
    if (!judging()) {
        // Replaying under other rules: a score sheet cannot be rescored.
        if (opt_.summaries)
            out_.summaries.push_back({hand.number, "not replayed (summary hand)", ""});
        HandResult tie;
        tie.how = HandOver::blocked;
        tie.tie = true;
        rules_->apply(m_, tie);
        m_.known = false;
        score_known_ = false;
        return !stops_in(hand, stop_at);
    }
    SheetContext ctx{hand.number, score_known_, ties_unknown_};
    auto candidates_of = [&](const Outcome& stated) {
        std::vector<SheetCandidate> cs;
        for (const Outcome& o : rules_->outcomes(stated)) {
            SheetCandidate c;
            c.o = o;
            for (int p = 0; p < n; ++p) c.range[p] = rules_->points_range(m_, o, p, ctx);
            cs.push_back(c);
        }
        return cs;
    };
    std::vector<SheetCandidate> cands = candidates_of({});
    // The claim lines in record order.
    enum class Line { end, points, score };
    std::vector<std::pair<Pos, Line>> lines;
    // A line with a syntax error gets that error only; nothing after it is read.
    auto read = [&](Pos p) { return p.line < stop_at.line; };
    if (hand.end && read(hand.end->pos)) lines.push_back({hand.end->pos, Line::end});
    if (hand.points && read(hand.points->pos)) lines.push_back({hand.points->pos, Line::points});
    if (hand.score && read(hand.score->pos)) lines.push_back({hand.score->pos, Line::score});
    std::sort(lines.begin(), lines.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    const ast::ClaimLine* score_line = nullptr;  // a score line that the outcomes explain
    bool score_adopted = false;                  // ... that settles an unknown score
    std::array<int, 4> claimed_score{};
    auto not_party = [&](const ast::ClaimItem& it) {
        return fmt::format("{} is not {} of {}", who_name(it.who),
                           v_.partnership() ? "a side" : "a seat", v_.name());
    };
    for (const auto& [pos, kind] : lines) {
        if (kind == Line::end) {
            Outcome stated;
            if (std::string bad = summary_end(*hand.end, stated); !bad.empty()) {
                error(hand.end->who && hand.end->kind == ast::EndLine::Kind::block
                          ? hand.end->who_pos
                          : hand.end->pos,
                      Code::end_mismatch, fmt::format("hand {}: {}", hand.number, bad));
                break;
            }
            cands = candidates_of(stated);
            continue;
        }
        if (kind == Line::points) {
            bool failed = false;
            for (const auto& it : hand.points->items) {
                int p = party_of_who(v_, it.who);
                if (p < 0) {
                    error(it.pos, Code::points_mismatch, not_party(it));
                    failed = true;
                    break;
                }
                std::vector<SheetCandidate> keep;
                for (auto c : cands) {
                    if (c.fixed[p] ? *c.fixed[p] != it.value : !c.range[p].contains(it.value))
                        continue;
                    c.fixed[p] = it.value;
                    keep.push_back(c);
                }
                if (keep.empty()) {
                    std::string why;
                    bool same = !cands.empty();
                    for (const auto& c : cands)
                        same = same && c.range[p].lo == cands.front().range[p].lo &&
                               c.range[p].hi == cands.front().range[p].hi &&
                               c.range[p].step == cands.front().range[p].step && !c.fixed[p];
                    if (same)
                        why = fmt::format("{} scores {} in hand {} of {}, not {}", who_name(it.who),
                                          range_words(cands.front().range[p]), hand.number, rs,
                                          it.value);
                    else
                        why = fmt::format(
                            "no outcome of hand {} that fits the lines above gives {} {} points",
                            hand.number, who_name(it.who), it.value);
                    error(it.value_pos, Code::points_mismatch, std::move(why));
                    failed = true;
                    break;
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
                                               who_name(it.who), it.value, hand.number,
                                               who_name(it.who), m_.score[p] + it.value));
                    failed = true;
                    break;
                }
                cands = std::move(keep);
            }
            if (failed) break;
            continue;
        }
        // The score line.
        bool failed = false;
        int listed = 0;
        for (const auto& it : hand.score->items) {
            int p = party_of_who(v_, it.who);
            if (p < 0) {
                error(it.pos, Code::score_mismatch, not_party(it));
                failed = true;
                break;
            }
            ++listed;
            claimed_score[p] = it.value;
        }
        if (failed) break;
        if (score_known_) {
            std::vector<SheetWay> fit;
            summary_settle(cands, &*hand.score, fit);
            if (fit.empty()) {
                // The first party that no outcome explains.
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
                    if (same)
                        why = fmt::format("after hand {} {} has {}, not {}", hand.number,
                                          who_name(it.who), all.front().after.score[p], it.value);
                    break;
                }
                if (why.empty())
                    why = fmt::format(
                        "no outcome of hand {} that fits the lines above takes the score from {} "
                        "to this",
                        hand.number, match_score_text(*rules_, m_));
                error(at->value_pos, Code::score_mismatch, std::move(why));
                break;
            }
            score_line = &*hand.score;
        } else if (listed == n) {
            std::string text;
            for (int p = 0; p < n; ++p)
                fmt::format_to(std::back_inserter(text), "{}{} {}", p ? " " : "",
                               rules_->party_name(p), claimed_score[p]);
            if (!rules_->score_reachable(claimed_score, last_score_)) {
                error(hand.score->items.front().value_pos, Code::score_mismatch,
                      fmt::format("{} cannot stand at {} after hand {}", v_.name(), text,
                                  hand.number));
                break;
            }
            std::vector<SheetWay> ws;
            summary_settle(cands, nullptr, ws);
            adopt(ws, claimed_score);
            if (ws.empty()) {
                error(hand.score->items.front().value_pos, Code::score_mismatch,
                      fmt::format("no outcome of hand {} that fits the lines above leaves {}",
                                  hand.number, text));
                break;
            }
            score_adopted = true;
        } else {
            unchecked(fmt::format("score of hand {}: the match score is unknown", hand.number));
        }
    }

    // What the lines read settle.
    std::vector<SheetWay> ways;
    summary_settle(cands, score_line, ways);
    if (score_adopted) adopt(ways, claimed_score);
    bool outcome_known = !ways.empty();
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
    bool score_known = score_adopted || score_known_;
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
        if (!score_known && rules_->poser_needs_score(s.o)) poser_known = false;
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
        if (!last)
            unchecked(fmt::format("who poses hand {}: hand {}'s outcome is not shown",
                                  hand.number + 1, hand.number));
    } else if (!exact && !last && next.known) {
        unchecked(
            fmt::format("who poses hand {}: a seat of the winning side (the sheet does not "
                        "show which)",
                        hand.number + 1));
    }
    if (opt_.summaries) {
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
    return !stops_in(hand, stop_at);
}

// Whether the record's first syntax error is in this hand: nothing after it
// is replayed.
bool RecordChecker::stops_in(const ast::Hand& hand, Pos stop_at) const {
    const Pos end_of_hand =
        &hand + 1 < rec_.hands.data() + rec_.hands.size() ? (&hand + 1)->pos : Pos{~0u, ~0u};
    return stop_at < end_of_hand;
}

}  // namespace pips::checker::impl
