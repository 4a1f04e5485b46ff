// The end of a hand: whether it is over, its result, and the record's end,
// points and score claims against it. A hand the engine cannot score (or
// that broke) is settled from those claims, so that later hands can be
// checked on.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "checker/replay.hpp"

namespace pips::checker::impl {

void RecordChecker::finish_hand(const ast::Hand& hand, HandState& h, HandScore& s, bool last) {
    for (const auto& rm : hand.remains) {
        if (Step st = h.remain(rm.seat, tiles_of(rm.tiles, tiles_buf_)); !st) {
            step_error(step_pos(st, rm.pos), st);
            break_hand(hand);
            return;
        }
    }
    bool assumed_block = false;
    // With the match score unknown, points made in play are not held to the
    // target (HandScore::score_known): a hand the record ends by `end target`
    // is read as ended there (also when its last play went out or blocked
    // it), its result taken from its claims.
    const bool target_unknown = !s.score_known && hand.end &&
                                hand.end->kind == ast::EndLine::Kind::target &&
                                v_.traits().scores_in_play;
    // A hand followed by another that some placement leaves blocked is read
    // as blocked, its outcome taken from its claims (RULINGS, "Checked
    // whatever the outcome").
    const bool read_blocked =
        h.over() == HandOver::no && !target_unknown && !hand.end && !last && h.may_be_blocked();
    if (read_blocked) {
        unchecked(fmt::format("hand {}: the block (read from the next hand; hands not shown)",
                              hand.number));
        assumed_block = true;
    } else if (h.over() == HandOver::no && !target_unknown &&
               !check_hand_over(hand, h, last, assumed_block))
        return;
    HandResult r;
    if (target_unknown) {
        r.how = HandOver::target;
        r.known = false;
    } else if (assumed_block) {
        r.how = HandOver::blocked;
        r.known = false;
    } else {
        r = rules_->result(h, s, m_, hand.number);
    }
    // How the result follows from the rules, in words: only for messages and notes.
    std::string why;
    bool worded = false;
    auto result_why = [&]() -> const std::string& {
        if (!worded) why = result_words(r, *rules_);
        worded = true;
        return why;
    };
    // A wrong end claim breaks nothing when the rules decide the hand: the
    // replay goes on with their result. When they do not, it settles
    // nothing, and neither do the lines after it.
    if (hand.end && !assumed_block && judging() && !check_end_claim(hand, h, r, result_why) &&
        !r.known) {
        m_.known = false;
        settle_from_claims(hand, r, hand.end->pos);
        return;
    }
    if (!r.known) {
        if (judging()) {
            solve_from_claims(hand, h, r, s);
        } else {
            unscored(hand, s);
            settle_from_claims(hand, r);
        }
        return;
    }
    if (ties_unknown_ && !r.tie && r.winner >= 0 && hand.points) {
        // The ties before the record are unknown: the claimed value is taken.
        for (const auto& it : hand.points->items)
            if (party_of_who(v_, it.who) == r.winner && it.value >= r.points[r.winner]) {
                unchecked(
                    fmt::format("hand {}: the hand's value (ties before the record are "
                                "unknown)",
                                hand.number));
                r.points[r.winner] = it.value;
            }
    }
    if (!r.tie) ties_unknown_ = false;
    if (opt_.annotate && hand.end) note(hand.end->pos, result_why());
    if (opt_.summaries) summarize(hand, r);
    if (hd_) data_result(r, &h);
    check_claims(hand, r, result_why, [&](int party) { return points_detail(party, h, s, r); });
    const bool score_before = score_known_;
    const MatchState before = m_;
    rules_->apply(m_, r);
    if (!score_known_) {
        // Points added to a score that is not known: the match end is not known either.
        m_.over = false;
        m_.winner = -1;
    }
    check_score(hand, &before, &r);
    // The plies decided the hand: who poses next follows from it, unless it
    // depends on the score before it, which is not known (a win that may
    // have reset it) and no score line shows.
    m_.known = true;
    if (!score_before && score_known_)
        rebase_on_score(before, r);
    else if (!score_before && rules_->poser_needs_score({r.how, r.tie, r.winner, r.winner_seat}))
        next_poser_unknown(hand);
}

// A score line taken after an unknown score: the match taken on from it as
// the rules give it after `r` (a reset, a play-off, the match end), from
// `before`, the match before the hand.
void RecordChecker::rebase_on_score(const MatchState& before, HandResult r) {
    bool exact = true;
    if (r.next_posers == 0 && !r.tie)
        r.next_posers = rules_->sheet_posers({r.how, r.tie, r.winner, r.winner_seat}, exact);
    const std::array<int, 4> claimed = m_.score;
    m_ = before;
    rules_->rebase(m_, r, claimed);
    // A win that did not reset the score: its winner poses (rebase moved the
    // match on from the score before, which may have reset it).
    if (m_.prev == MatchState::Prev::win && r.next_posers) m_.posers = r.next_posers;
    m_.known = true;
}

// Who poses after hand `hand` depends on the score before it, which is not known.
void RecordChecker::next_poser_unknown(const ast::Hand& hand) {
    m_.pose_unknown = true;
    pose_why_ = {hand.number + 1,
                 fmt::format("the score before hand {} is not known", hand.number)};
}

// A hand whose plies leave it not over. Returns true when it is read as
// over all the same (a block the record cannot show: `assumed_block`).
bool RecordChecker::check_hand_over(const ast::Hand& hand, const HandState& h, bool last,
                                    bool& assumed_block) {
    auto blocked = h.blocked();
    const bool not_over = blocked == std::optional<bool>(false);
    // Points or score claimed on a hand that is not over: reported below, at
    // the first claim line.
    const bool claimed = !hand.end && (hand.points || hand.score) && not_over;
    if (!hand.end && last && !claimed) {
        data_unknown("unfinished");
        out_.unfinished = true;
        unfinished_claims(hand);
        return false;
    }
    if (!hand.end && !claimed) {
        // Not the last hand: the next hand starts while this one is not over.
        const ast::Hand* next = &hand + 1;
        error(next->pos, Code::end_mismatch,
              fmt::format(
                  "hand {} is not over: {}", hand.number,
                  blocked ? "a seat can still play" : "no block is shown and nobody played out"));
        m_.known = false;
        settle_from_claims(hand, {});
        return false;
    }
    if (hand.end) {
        auto kind = hand.end->kind;
        if (!blocked && (kind == ast::EndLine::Kind::block || kind == ast::EndLine::Kind::tie)) {
            unchecked(
                fmt::format("hand {}: the block (pip counts and hands not shown)", hand.number));
            assumed_block = true;
            return true;
        }
    } else if (last) {
        out_.unfinished = true;
    }
    std::string why = fmt::format("hand {} is not over", hand.number);
    if (not_over) {
        for (int p = 0; p < v_.players; ++p) {
            if (h.seat(p).out) continue;
            TileSet pl = h.layout().playable(h.seat(p).known);
            if (!pl.empty()) {
                fmt::format_to(std::back_inserter(why), ": {} can still play {}", seat_char(p),
                               pl.first().str());
                break;
            }
        }
        if (v_.draw_game() && h.boneyard() > 0)
            fmt::format_to(std::back_inserter(why), " (the boneyard still holds {})", h.boneyard());
    }
    if (why.size() == fmt::formatted_size("hand {} is not over", hand.number))
        why += not_over_words(hand, h);
    // Claims on a hand that is not over: at the first claim line.
    Pos first{~0u, ~0u};
    if (hand.end) first = hand.end->pos;
    if (hand.points) first = std::min(first, hand.points->pos);
    if (hand.score) first = std::min(first, hand.score->pos);
    error(first, Code::end_mismatch, std::move(why));
    m_.known = false;
    settle_from_claims(hand, {});
    return false;
}

// The last hand stops before it is over, as far as the record shows; its
// claims say it is over, and nothing shows whether it is.
void RecordChecker::unfinished_claims(const ast::Hand& hand) {
    if (hand.points || hand.score)
        unchecked(fmt::format("hand {}: whether the hand is over (its claims are not checked)",
                              hand.number));
}

// The end line against how the hand ended. False when it is wrong (reported).
template <class Why>
bool RecordChecker::check_end_claim(const ast::Hand& hand, const HandState& h, const HandResult& r,
                                    Why&& result_why) {
    const auto& e = *hand.end;
    using K = ast::EndLine::Kind;
    bool ok = true;
    std::string why;
    if (e.kind == K::domino) {
        if (r.how != HandOver::domino) {
            ok = false;
        } else if (!e.who || static_cast<int>(*e.who) != h.domino_seat()) {
            ok = false;
            why = fmt::format("hand {} ended in a domino by {}{}", hand.number,
                              seat_char(h.domino_seat()),
                              e.who ? fmt::format(", not {}", who_name(*e.who)) : std::string());
        }
    } else if (e.kind == K::target) {
        ok = r.how == HandOver::target;
    } else if (r.how != HandOver::blocked) {
        ok = false;
    } else if (r.known) {
        why = block_claim_why(hand, e, r, result_why);
        ok = why.empty();
    }
    if (ok) return true;
    if (why.empty()) why = fmt::format("hand {} {}", hand.number, actual_end(r, h));
    error(e.who && e.kind == K::block ? e.who_pos : e.pos, Code::end_mismatch, std::move(why));
    return false;
}

// What is wrong with a block or tie claim on a blocked hand, or empty.
template <class Why>
std::string RecordChecker::block_claim_why(const ast::Hand& hand, const ast::EndLine& e,
                                           const HandResult& r, Why&& result_why) {
    using K = ast::EndLine::Kind;
    if (e.kind == K::tie && !r.tie)
        return fmt::format("hand {} is blocked and won by {}, not tied: {}", hand.number,
                           rules_->party_name(r.winner), result_why());
    if (e.kind == K::block && r.tie)
        return fmt::format("hand {} is blocked with no winner (a tie): {}", hand.number,
                           result_why());
    if (e.kind != K::block || !e.who) return {};
    int claimed = party_of_who(v_, *e.who);
    if (!v_.traits().block_has_winner)
        return fmt::format("a {} block names no winner", rules_id(v_.rules));
    if (claimed < 0 && v_.partnership() && static_cast<int>(*e.who) < v_.players)
        return block_seat_why(*e.who);
    if (claimed != r.winner)
        return fmt::format("hand {} is won by {}, not {}: {}", hand.number,
                           rules_->party_name(r.winner), who_name(*e.who), result_why());
    return {};
}

// `end block` with a seat in a partnership game: it names the side.
std::string RecordChecker::block_seat_why(ast::Who who) const {
    return fmt::format("end block names a side in a partnership game: {}, not {}",
                       rules_->party_name(v_.party_of(static_cast<int>(who))), who_name(who));
}

// Why a hand whose plies do not show a block is not over: ": A still holds
// 6 tiles" for `end domino A`, else who holds how many.
std::string RecordChecker::not_over_words(const ast::Hand& hand, const HandState& h) const {
    const auto seat = hand.end && hand.end->kind == ast::EndLine::Kind::domino && hand.end->who
                          ? static_cast<int>(*hand.end->who)
                          : -1;
    if (seat >= 0 && seat < v_.players) {
        const int n = h.seat(seat).count;
        return fmt::format(": {} still holds {} tile{}", seat_char(seat), n, n == 1 ? "" : "s");
    }
    std::string out = ": nobody has played out (tiles left:";
    for (int p = 0; p < v_.players; ++p)
        fmt::format_to(std::back_inserter(out), "{} {} {}", p ? "," : "", seat_char(p),
                       h.seat(p).count);
    out += ") and no block is shown";
    return out;
}

// How a hand ended, after "hand N".
std::string RecordChecker::actual_end(const HandResult& r, const HandState& h) const {
    switch (r.how) {
        case HandOver::domino:
            return fmt::format("ended in a domino by {}", seat_char(h.domino_seat()));
        case HandOver::blocked:
            return "is blocked";
        case HandOver::target:
            return fmt::format("ended the match at exactly {}", v_.traits().target);
        case HandOver::no:
            break;
    }
    return "is not over";
}

template <class Why, class Detail>
void RecordChecker::check_claims(const ast::Hand& hand, const HandResult& r, Why&& why_of,
                                 Detail&& detail) {
    if (!hand.points || !judging()) return;
    for (const auto& it : hand.points->items) {
        int party = party_of_who(v_, it.who);
        if (party < 0) {
            error(it.pos, Code::points_mismatch,
                  fmt::format("{} is not {} of {}", who_name(it.who),
                              v_.partnership() ? "a side" : "a seat", v_.name()));
            continue;
        }
        if (it.value != r.points[party]) {
            const std::string& w = why_of();
            const std::string d = detail(party);
            error(it.value_pos, Code::points_mismatch,
                  fmt::format("{} scores {} in hand {}, not {}{}{}{}{}", who_name(it.who),
                              r.points[party], hand.number, it.value, w.empty() ? "" : ": ", w,
                              d.empty()   ? ""
                              : w.empty() ? ": "
                                          : "; ",
                              d));
        }
    }
}

std::string RecordChecker::points_detail(int party, const HandState& h, const HandScore& s,
                                         const HandResult& r) const {
    // Points against (french): each seat's own count, doubled when it holds
    // a double and again after a domino with a double, plus its penalties.
    if (v_.traits().match_end != MatchEnd::lowest_after || v_.partnership() || !r.known) return {};
    const auto count = h.pip_count(party);
    const auto held = h.hand_of(party);
    if (!count || !held) return {};
    const int penalty = s.points[party];
    if (r.how == HandOver::domino && party == r.winner_seat)
        return penalty ? fmt::format("{} played out and scores only its penalties, {}",
                                     seat_char(party), penalty)
                       : std::string();
    std::string out = fmt::format("{} has {} pips", seat_char(party), *count);
    auto to = std::back_inserter(out);
    const bool own = held->has_double();
    const bool out_double = r.how == HandOver::domino && r.reason.double_domino;
    if (own && out_double)
        fmt::format_to(to, ", doubled twice (it holds a double, and {} went out with one)",
                       seat_char(r.winner_seat));
    else if (own)
        fmt::format_to(to, ", doubled (it holds a double)");
    else if (out_double)
        fmt::format_to(to, ", doubled ({} went out with a double)", seat_char(r.winner_seat));
    if (penalty) fmt::format_to(to, " + {} penalty", penalty);
    return out;
}

// A hand the record does not let us score (or that broke): take what its
// claims say, so that later hands can be checked on.
// Only the lines before `upto` are taken.
// `solved_outcome`, `solved_points`: the claim lines read as a summary hand's
// leave one outcome (one set of points), which `r` holds.
void RecordChecker::settle_from_claims(const ast::Hand& hand, HandResult r, Pos upto,
                                       bool solved_outcome, bool solved_points) {
    if (opt_.summaries)
        out_.summaries.push_back({hand.number, "unknown (taken from the record's claims)", ""});
    ClaimedOutcome c;
    const std::array<int, 4> solved = r.points;
    c.winner_known = claimed_end(hand, r, upto) || solved_outcome;
    if (solved_points) {
        c.points_complete = true;
        r.points = solved;
    }
    c.result = r;
    // Who led the hand is known whatever its outcome (the lead rotates on).
    if (c.result.leader < 0 && hand_ && hand_->posed()) c.result.leader = hand_->poser();
    if (hand.points && hand.points->pos < upto) {
        int listed = 0;
        std::array<int, 4> pts{};
        for (const auto& it : hand.points->items) {
            int p = party_of_who(v_, it.who);
            if (p >= 0) {
                pts[p] = it.value;
                ++listed;
            }
        }
        if (listed == v_.parties()) {
            c.points_complete = true;
            c.result.points = pts;
        }
    }
    if (hd_) data_claims(c);
    const bool score_before = score_known_;
    const MatchState before = m_;
    if (!rules_->apply_claims(m_, c)) score_known_ = false;
    settle_score_from_claim(hand, upto);
    // The match end follows from the score: with the score unknown, so is
    // the end (the points added to a stale sum must not end the match),
    // unless the record says the hand ended at the target.
    if (!score_known_ && c.result.how != HandOver::target) {
        m_.over = false;
        m_.winner = -1;
    }
    if (!m_.known && !v_.traits().lead_rotates)
        pose_why_ = {hand.number + 1, fmt::format("hand {}'s outcome is not shown", hand.number)};
    if (!score_before && !v_.traits().lead_rotates && m_.known) {
        // The score before the hand was not known: the claimed winner's win
        // may have reset it.
        const HandResult& w = c.result;
        if (score_known_ && c.winner_known)
            rebase_on_score(before, w);
        else if (!c.winner_known ||
                 rules_->poser_needs_score({w.how, w.tie, w.winner, w.winner_seat}))
            next_poser_unknown(hand);
        return;
    }
    // Who poses next depends on the score before the hand (a win that may
    // have reset it), which is known here, and on the winner, not on the
    // points: a win whose points the claims leave open still names the poser.
}

// A hand broken by a rules error: its claims are not taken. What it
// decided (who won, the points) is unknown, and with it the score, the
// match end and, as far as they depend on it, the next poser; the
// fives-threes lead moves on all the same.
void RecordChecker::break_hand(const ast::Hand& hand) {
    if (opt_.summaries) out_.summaries.push_back({hand.number, "unknown (the hand is broken)", ""});
    data_unknown("broken");
    if (judging() && (hand.end || hand.points || hand.score))
        unchecked(fmt::format("hand {}: its claims (the hand is broken)", hand.number));
    if (judging() && score_known_)
        unchecked(
            fmt::format("the score after hand {} (hand {} is broken)", hand.number, hand.number));
    if (score_known_) last_score_ = m_.score;
    ClaimedOutcome c;
    if (hand_ && hand_->posed()) c.result.leader = hand_->poser();
    rules_->apply_claims(m_, c);
    if (!v_.traits().lead_rotates) {
        // Who poses next is not known; the hand after it tells the one after.
        m_.known = true;
        m_.pose_unknown = true;
    }
    score_known_ = false;
    m_.over = false;
    m_.winner = -1;
    if (rules_->value_counts_ties()) ties_unknown_ = true;
    pose_why_ = {hand.number + 1, fmt::format("hand {} is broken", hand.number)};
}

// A hand that is over but that its plies do not let us score: its end,
// points and score lines read in record order, as a summary hand's are, over
// the outcomes that fit what the plies proved (how it ended, and the winner
// when they show it). The first line that none explains is the error; it and
// the lines after it settle nothing.
void RecordChecker::solve_from_claims(const ast::Hand& hand, const HandState& h,
                                      const HandResult& r, const HandScore& s) {
    if (score_known_) last_score_ = m_.score;
    Outcome proved;
    proved.how = r.how;
    proved.tie = r.tie;
    proved.winner = r.tie ? -1 : r.winner;
    proved.winner_seat = r.how == HandOver::domino ? r.winner_seat : -1;
    SheetReading sr;
    sr.ctx = SheetContext{hand.number, score_known_, ties_unknown_};
    sr.proved = proved;
    sr.cands = summary_candidates({}, sr.ctx);
    // What the plies proved a party made (points in play, penalties shown)
    // is the least it can have, when it is counted against a known score.
    if (s.score_known) sr.floor = s.points;
    // What a block's winner scores may follow from the layout, whoever won.
    if (r.how == HandOver::blocked) sr.block_won = rules_->block_points(h, hand.number);
    restrict_to_proved(sr);
    sr.track = true;
    Pos upto{~0u, ~0u};
    if (sr.cands.empty()) {
        unscored(hand, s);
        settle_from_claims(hand, r, upto);
        return;
    }
    upto = summary_claims(hand, upto, sr);
    // What the lines read leave: one outcome, and one set of points, are
    // taken as the hand's.
    bool outcome_known = false;
    const std::vector<SheetWay> ways = summary_ways(sr, outcome_known);
    const bool points_known = outcome_known && same_points(ways);
    HandResult solved = r;
    if (outcome_known) {
        const Outcome& o = ways.front().o;
        solved.tie = o.tie;
        solved.winner = o.tie ? -1 : o.winner;
        if (o.how != HandOver::no && solved.how == HandOver::no) solved.how = o.how;
        if (o.winner_seat >= 0) solved.winner_seat = o.winner_seat;
        if (points_known) solved.points = ways.front().points;
    }
    const char* why = unshown_words(s);
    if (!sr.winner_from.empty() && sr.winner_from == sr.points_from) {
        unchecked(fmt::format("winner and points of hand {} taken from `{}` ({})", hand.number,
                              sr.winner_from, why));
    } else {
        if (!sr.winner_from.empty())
            unchecked(fmt::format("winner of hand {} taken from `{}` ({})", hand.number,
                                  sr.winner_from, why));
        if (!sr.points_from.empty())
            unchecked(fmt::format("points of hand {} taken from `{}` ({})", hand.number,
                                  sr.points_from, why));
    }
    if (!points_known) unscored(hand, s);
    // After a win, no tie before the next hand is unknown.
    if (outcome_known && !solved.tie) ties_unknown_ = false;
    settle_from_claims(hand, solved, upto, outcome_known, points_known);
}

// Why a hand that is over cannot be scored from its plies, in words.
const char* RecordChecker::unshown_words(const HandScore& s) const {
    if (v_.traits().scores_in_play)
        return s.score_known ? "the block is not shown" : "the score before it is not known";
    return v_.traits().penalties ? "pip counts or penalties not shown" : "pip counts not shown";
}

// A hand that is over whose points neither its plies nor its claims settle.
void RecordChecker::unscored(const ast::Hand& hand, const HandScore& s) {
    if (!s.score_known && v_.traits().scores_in_play)
        unchecked(
            fmt::format("hand {}: the points made in play (the score before it is not "
                        "known, so whether a play would pass {} is not)",
                        hand.number, v_.traits().target));
    else
        unchecked(fmt::format("hand {}: the score ({})", hand.number, unshown_words(s)));
}

// The candidates left to what a played hand's plies proved: its outcome, and
// the least points of each party.
void RecordChecker::restrict_to_proved(SheetReading& sr) {
    std::erase_if(sr.cands, [&](const SheetCandidate& c) { return !fits_proved(c.o, sr.proved); });
    for (auto& c : sr.cands) {
        if (sr.block_won && !c.o.tie && c.o.winner >= 0 && c.o.how == HandOver::blocked)
            c.range[c.o.winner] = PointRange{*sr.block_won, *sr.block_won};
        for (int p = 0; p < v_.parties(); ++p) raise_floor(c.range[p], sr.floor[p]);
    }
    std::erase_if(sr.cands, [&](const SheetCandidate& c) {
        for (int p = 0; p < v_.parties(); ++p)
            if (c.range[p].lo > c.range[p].hi) return true;
        return false;
    });
}

// The least of a range raised to `floor` (kept on its steps).
void RecordChecker::raise_floor(PointRange& r, int floor) {
    if (floor <= r.lo) return;
    const int step = std::max(r.step, 1);
    r.lo += (floor - r.lo + step - 1) / step * step;
}

// Whether an outcome fits what a hand's plies proved.
bool RecordChecker::fits_proved(const Outcome& o, const Outcome& proved) {
    if (proved.how != HandOver::no && o.how != HandOver::no && o.how != proved.how) return false;
    if (proved.tie && !o.tie) return false;
    if (proved.winner >= 0 && (o.tie || (o.winner >= 0 && o.winner != proved.winner))) return false;
    if (proved.winner_seat >= 0 && o.winner_seat >= 0 && o.winner_seat != proved.winner_seat)
        return false;
    return true;
}

// The end line's outcome, into `r`. Returns whether it names the winner (or a tie).
bool RecordChecker::claimed_end(const ast::Hand& hand, HandResult& r, Pos upto) {
    using K = ast::EndLine::Kind;
    if (!hand.end || !(hand.end->pos < upto)) return false;
    const auto& e = *hand.end;
    if (e.kind == K::tie) {
        r.tie = true;
        r.how = HandOver::blocked;
        return true;
    }
    if (e.kind == K::domino && e.who && static_cast<int>(*e.who) < v_.players) {
        r.how = HandOver::domino;
        r.winner_seat = static_cast<int>(*e.who);
        r.winner = v_.party_of(r.winner_seat);
        return true;
    }
    if (e.kind == K::block && e.who) {
        r.how = HandOver::blocked;
        // A seat of a partnership game names no side: it settles nothing
        // (end-mismatch). Replaying under other rules, a record written for
        // an individual game names seats: the seat stands for its side.
        int p = party_of_who(v_, *e.who);
        if (p < 0 && !judging() && static_cast<int>(*e.who) < v_.players) {
            r.winner_seat = static_cast<int>(*e.who);
            p = v_.party_of(r.winner_seat);
        }
        if (p < 0) return false;
        r.winner = p;
        return true;
    }
    if (e.kind == K::target) r.how = HandOver::target;
    return false;
}

// A score claim naming every party settles the match score, and whether
// the match is over.
void RecordChecker::settle_score_from_claim(const ast::Hand& hand, Pos upto) {
    if (!hand.score || !(hand.score->pos < upto)) return;
    int listed = 0;
    for (const auto& it : hand.score->items) listed += party_of_who(v_, it.who) >= 0;
    if (listed != v_.parties()) return;
    for (const auto& it : hand.score->items)
        if (int p = party_of_who(v_, it.who); p >= 0) m_.score[p] = it.value;
    score_known_ = true;
    m_.winner = rules_->match_winner(m_.score);
    m_.over = m_.winner >= 0;
}

}  // namespace pips::checker::impl
