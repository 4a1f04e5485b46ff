// One hand replayed: its deals and redeals, then its plies, each handed to
// the engine and to the rule set's bookkeeping. The pose is in pose.cpp, the
// end of the hand and its claims in claims.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "checker/replay.hpp"

namespace pips::checker {

std::optional<End> end_of(ast::EndLetter e) {
    switch (e) {
        case ast::EndLetter::none:
            return std::nullopt;
        case ast::EndLetter::L:
            return End::L;
        case ast::EndLetter::R:
            return End::R;
        case ast::EndLetter::N:
            return End::N;
        case ast::EndLetter::E:
            return End::E;
        case ast::EndLetter::S:
            return End::S;
        case ast::EndLetter::W:
            return End::W;
    }
    return std::nullopt;
}

}  // namespace pips::checker

namespace pips::checker::impl {

Code code_of(Fault f) {
    switch (f) {
        case Fault::bad_deal:
            return Code::bad_deal;
        case Fault::not_in_hand:
            return Code::not_in_hand;
        case Fault::no_match:
            return Code::no_match;
        case Fault::ambiguous_end:
            return Code::ambiguous_end;
        case Fault::illegal_pass:
            return Code::illegal_pass;
        case Fault::illegal_draw:
            return Code::illegal_draw;
        case Fault::wrong_pose:
            return Code::wrong_pose;
        case Fault::after_end:
            return Code::after_end;
        case Fault::none:
            break;
    }
    return Code::syntax;
}

std::span<const Tile> tiles_of(const std::vector<ast::TileTok>& ts, std::vector<Tile>& buf) {
    buf.clear();
    for (const auto& t : ts) buf.push_back(tile_of(t));
    return buf;
}

namespace {

// A line with a syntax error gets that error only, and nothing after it is
// replayed: a deal, stock or redeal line (whose short list of tiles is not
// counted short) stops the record before the hand (false); a later line of
// the hand is left out of the copy in `kept`, and the hand is the last one
// replayed. `kept` stays empty when no line of the hand is cut.
bool cut_at_syntax(const ast::Hand& full, Pos stop_at, std::optional<ast::Hand>& kept) {
    auto cut = [&](Pos p) { return p.line >= stop_at.line; };
    for (const auto& d : full.deals)
        if (cut(d.pos)) return false;
    for (const auto& st : full.stocks)
        if (cut(st.pos)) return false;
    for (const auto& rd : full.redeals)
        if (cut(rd.pos)) return false;
    if (std::any_of(full.remains.begin(), full.remains.end(),
                    [&](const ast::SeatTiles& rm) { return cut(rm.pos); }) ||
        (full.end && cut(full.end->pos)) || (full.points && cut(full.points->pos)) ||
        (full.score && cut(full.score->pos))) {
        kept = full;
        std::erase_if(kept->remains, [&](const ast::SeatTiles& rm) { return cut(rm.pos); });
        if (kept->end && cut(kept->end->pos)) kept->end.reset();
        if (kept->points && cut(kept->points->pos)) kept->points.reset();
        if (kept->score && cut(kept->score->pos)) kept->score.reset();
    }
    return true;
}

}  // namespace

// Returns false when the record cannot be replayed further (a syntax error).
bool RecordChecker::replay_hand(const ast::Hand& full, bool last, Pos stop_at) {
    if (m_.over) return match_over_before(full);
    if (is_summary_hand(full)) return check_summary_hand(full, last, stop_at);
    std::optional<ast::Hand> kept;
    if (!cut_at_syntax(full, stop_at, kept)) return false;
    const ast::Hand& hand = kept ? *kept : full;
    if (!hand_) hand_.emplace(v_, opt_.observer != nullptr);
    HandState& h = *hand_;
    if (!deal_hand(hand, h)) {
        break_hand(hand);
        return true;
    }
    HandScore score;
    score.score_known = score_known_;
    event_pos_.clear();
    pre_pose_passes_ = 0;
    bool broken = false;
    bool stray = false;               // a ply after the end: it breaks nothing
    std::optional<HandState> before;  // --annotate: the state before the ply
    std::optional<HandScore> before_score;
    for (const auto& ply : hand.plies) {
        if (!(ply.pos < stop_at)) return false;
        ++out_.plies;
        if (opt_.annotate) before = h, before_score = score;
        // After the hand is over: only the knocks around the table after a block.
        if (h.over() != HandOver::no) {
            if (knock_after_end(ply, h, stray)) continue;
            if (stray) break;  // reported; the hand is over as it was
            broken = true;
            break;
        }
        if (!h.posed()) {
            if (!do_pose(hand, ply, ply.seat ? *ply.seat : -1, h, score)) {
                broken = true;
                break;
            }
            if (opt_.annotate && h.posed())
                note(ply.pos, after_ply_notes(*before, h, h.poser(), ply, *before_score, score));
            continue;
        }
        const int seat = h.turn();
        if (!replay_ply(ply, seat, h, score)) {
            broken = true;
            break;
        }
#ifdef PIPS_CHECK_INVARIANTS
        if (std::string inv = h.check_invariants(); !inv.empty()) {
            error(ply.pos, Code::syntax, "internal error: " + inv);
            broken = true;
            break;
        }
#endif
        if (opt_.annotate)
            note(ply.pos, after_ply_notes(*before, h, seat, ply, *before_score, score));
    }
    if (broken) {
        break_hand(hand);
        return true;
    }
    if (!kept) {
        finish_hand(hand, h, score, last);
        return true;
    }
    // Cut short by a syntax error: no hand follows it in the replay, and the
    // record is not unfinished for want of the lines that were cut.
    bool unfinished = out_.unfinished;
    finish_hand(hand, h, score, true);
    if (full.end || !last) out_.unfinished = unfinished;
    return false;
}

// A hand after the match is over, reported at its `hand` line. Returns
// false: nothing more is replayed.
bool RecordChecker::match_over_before(const ast::Hand& hand) {
    if (!judging()) {
        // Replaying under other rules: their match ended earlier. Not an error.
        if (opt_.summaries)
            out_.summaries.push_back(
                {hand.number,
                 fmt::format("match already won by {} ({})", rules_->party_name(m_.winner),
                             match_score_text(*rules_, m_)),
                 ""});
        return false;
    }
    error(hand.pos, Code::after_end,
          fmt::format("the match is already over: {} won ({})", rules_->party_name(m_.winner),
                      match_score_text(*rules_, m_)));
    return false;
}

// Deals, round by round (a redeal starts a new round). False when a deal,
// stock or redeal line is wrong: the hand cannot be replayed.
bool RecordChecker::deal_hand(const ast::Hand& hand, HandState& h) {
    int rounds = static_cast<int>(hand.redeals.size()) + 1;
    for (int r = 0; r < rounds; ++r) {
        h.reset();
        for (const auto& d : hand.deals) {
            if (d.round != r) continue;
            if (Step st = h.deal(d.seat, tiles_of(d.tiles, tiles_buf_)); !st) {
                error(d.pos, Code::bad_deal, st.why);
                return false;
            }
        }
        for (const auto& st : hand.stocks) {
            if (st.round != r) continue;
            if (Step x = h.stock(tiles_of(st.tiles, tiles_buf_)); !x) {
                error(st.pos, Code::bad_deal, x.why);
                return false;
            }
        }
        if (r + 1 < rounds && !check_redeal(hand, hand.redeals[static_cast<std::size_t>(r)], h))
            return false;
    }
    h.start();
    for (int s = 0; s < v_.players; ++s)
        if (!h.seat(s).dealt)
            unchecked(fmt::format("pass legality of seat {}: no deal", seat_char(s)));
    return true;
}

bool RecordChecker::check_redeal(const ast::Hand& hand, const ast::Redeal& rd, const HandState& h) {
    const SeatInfo& si = h.seat(rd.seat);
    std::string bad;
    const int need = rules_->redeal_doubles();
    if (need == 0)
        bad = "a redeal needs quinientos with option reshuffle";
    else if (si.dealt && si.known.doubles() < need)
        bad = fmt::format("{} was dealt {} doubles; a redeal needs {} or more", seat_char(rd.seat),
                          si.known.doubles(), need);
    else if (!si.dealt)
        unchecked(
            fmt::format("hand {}: redeal by {} (no deal shown)", hand.number, seat_char(rd.seat)));
    if (bad.empty()) return true;
    error(rd.pos, Code::bad_deal, std::move(bad));
    return false;
}

// A ply after the hand is over: only a knock around the table after a block.
// False when it is not one, or a knock out of turn: `stray` is set, and it
// breaks nothing (the hand stays as it ended).
bool RecordChecker::knock_after_end(const ast::Ply& ply, HandState& h, bool& stray) {
    bool knock =
        ply.kind == ast::Ply::Kind::pass && ply.pre.empty() && h.over() == HandOver::blocked;
    int seat = ply.seat ? *ply.seat : h.turn();
    if (!knock && ply.kind == ast::Ply::Kind::play && ply.pre.empty()) {
        // A play after a block that only the passes showed: when a pass (or
        // the pose) proves the seat could not hold the tile, that is the error.
        Step st = h.play_after_block(seat, tile_of(ply.tile));
        if (!st) return step_failed(st, ply.action_pos);
    }
    if (!knock) {
        error(
            ply.pos, Code::after_end,
            h.over() == HandOver::target
                ? fmt::format("the match ended when a side reached exactly {}", v_.traits().target)
                : std::string("the hand is already over"));
        stray = true;
        return false;
    }
    if (ply.seat && seat != h.turn()) {
        error(ply.seat_pos, Code::wrong_seat,
              fmt::format("it is {}'s turn, not {}'s", seat_char(h.turn()), seat_char(seat)));
        stray = true;  // the hand was over: what it decided stands
        return false;
    }
    set_event_pos(h.event_count(), ply.action_pos);
    if (Step st = h.pass(seat); !st) {
        error(ply.pos, Code::after_end, st.why);
        stray = true;
        return false;
    }
    return true;
}

std::string RecordChecker::cited(const std::string& why) const {
    if (why.find('\x1e') == std::string::npos) return why;
    std::string out;
    for (std::size_t i = 0; i < why.size(); ++i) {
        const std::size_t close = why[i] == '\x1e' ? why.find('\x1f', i) : std::string::npos;
        if (close == std::string::npos) {
            out += why[i];
            continue;
        }
        const auto event = static_cast<std::size_t>(std::stoi(why.substr(i + 1, close - i - 1)));
        if (opt_.annotate && out.ends_with(" at ")) {
            // A note stands beside the plies it cites, in a text laid out
            // anew: a line of the input would point elsewhere there (and
            // annotating the output again would change it).
            out.resize(out.size() - 4);
        } else if (event < event_pos_.size())
            fmt::format_to(std::back_inserter(out), "line {}", event_pos_[event].line);
        else
            out += "an earlier turn";
        i = close;
    }
    return out;
}

// The errors of the hot path below, kept out of it.
bool RecordChecker::step_failed(const Step& st, Pos here) {
    error(step_pos(st, here), code_of(st.fault), cited(st.why));
    return false;
}

bool RecordChecker::wrong_turn(const ast::Ply& ply, int seat) {
    error(ply.seat_pos, Code::wrong_seat,
          fmt::format("it is {}'s turn, not {}'s", seat_char(seat), seat_char(*ply.seat)));
    return false;
}

void RecordChecker::pass_claimed(const ast::Ply& ply) {
    error(ply.claim_pos, Code::points_mismatch, "a pass scores nothing");
}

void RecordChecker::points_claimed(const ast::Ply& ply, Tile t, int pts, const HandState& h) {
    error(ply.claim_pos, Code::points_mismatch,
          fmt::format("{}, not {}", play_points_why(t, pts, h, false), *ply.claim));
}

bool RecordChecker::replay_ply(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    if (ply.seat && *ply.seat != seat) return wrong_turn(ply, seat);
    if (!ply.pre.empty() && !pre_actions(ply, seat, h, score)) return false;
    if (ply.kind != ast::Ply::Kind::pass) return play_ply(ply, seat, h, score);
    set_event_pos(h.event_count(), ply.action_pos);
    auto able = h.can_play(seat);
    if (Step st = h.pass(seat); !st) return step_failed(st, ply.action_pos);
    rules_->after_move(score, h, {Event::Kind::pass, seat, {}, able}, m_);
    if (ply.claim && judging()) pass_claimed(ply);
    return true;
}

// Draws and fouls before a ply.
bool RecordChecker::pre_actions(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    for (const auto& pre : ply.pre) {
        set_event_pos(h.event_count(), pre.pos);
        if (pre.kind == ast::PreAction::Kind::draw) {
            if (Step st = h.draw(seat); !st) {
                error(step_pos(st, pre.pos), code_of(st.fault), cited(st.why));
                return false;
            }
            rules_->after_move(score, h, {Event::Kind::draw, seat, {}, {}}, m_);
            continue;
        }
        if (!v_.traits().fouls) {
            error(pre.pos, Code::syntax,
                  "expected a play, pass or draw; 'foul' is only used in french");
            return false;
        }
        if (Step st = h.foul(seat, tile_of(pre.tile)); !st) {
            error(step_pos(st, pre.tile.pos), code_of(st.fault), cited(st.why));
            return false;
        }
        rules_->after_move(score, h, {Event::Kind::foul, seat, tile_of(pre.tile), {}}, m_);
    }
    return true;
}

bool RecordChecker::play_ply(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    Tile t = tile_of(ply.tile);
    if (Step st = h.play(seat, t, end_of(ply.end)); !st) return step_failed(st, ply.action_pos);
    int pts = rules_->after_move(score, h, {Event::Kind::play, seat, t, {}}, m_);
    // A wrong claim breaks nothing: the play scored what the rules say.
    if (ply.claim && *ply.claim != pts && judging()) points_claimed(ply, t, pts, h);
    return true;
}

std::string RecordChecker::play_points_why(Tile t, int pts, const HandState& h, bool pose) const {
    if (!v_.traits().scores_in_play)
        return fmt::format("{} scores no points during play", rules_id(v_.rules));
    int total = h.layout().open_total();
    bool passes = fives_threes_points(total) != pts;
    if (pose)
        return fmt::format(
            "{} alone on the table counts {} and scores {}{}", t.str(), total, pts,
            passes ? fmt::format(" (its points would pass {}, so nothing)", v_.traits().target)
                   : std::string());
    std::string why = fmt::format("{} scores {}: the open ends add up to {}", t.str(), pts, total);
    if (passes)
        fmt::format_to(std::back_inserter(why), ", worth {} but that would pass {}, so nothing",
                       fives_threes_points(total), v_.traits().target);
    return why;
}

}  // namespace pips::checker::impl
