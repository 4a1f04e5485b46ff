// One hand replayed: its deals and redeals, then its plies, each handed to
// the engine and to the rule set's bookkeeping. The pose is in pose.cpp, the
// end of the hand and its claims in claims.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>

#include "checker/replay.hpp"

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

std::string as_written(std::string msg, const ast::TileTok& t) {
    const std::string norm = tile_of(t).str(), mine = written(t);
    if (norm == mine) return msg;
    const auto part = [](char c) { return (c >= '0' && c <= '9') || c == '-'; };
    for (std::size_t i = msg.find(norm); i != std::string::npos; i = msg.find(norm, i + 1)) {
        if ((i == 0 || !part(msg[i - 1])) && (i + norm.size() == msg.size() || !part(msg[i + 3]))) {
            msg.replace(i, norm.size(), mine);
            break;
        }
    }
    return msg;
}

std::span<const Tile> tiles_of(const std::vector<ast::TileTok>& ts, std::vector<Tile>& buf) {
    buf.resize(ts.size());
    for (std::size_t i = 0; i < ts.size(); ++i) buf[i] = tile_of(ts[i]);
    return buf;
}

namespace {

// A line with a syntax error gets that error only, and nothing after it is
// replayed: a deal, stock or redeal line (whose short list of tiles is not
// counted short) stops the record before the hand (false); a later line of
// the hand is left out of the copy in `kept`, and the hand is the last one
// replayed. `kept` stays empty when no line of the hand is cut. (A pointer,
// not a std::optional: an empty one of a hand's size was zeroed whole on
// every hand.)
bool cut_at_syntax(const ast::Hand& full, Pos stop_at, std::unique_ptr<ast::Hand>& kept) {
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
        kept = std::make_unique<ast::Hand>(full);
        std::erase_if(kept->remains, [&](const ast::SeatTiles& rm) { return cut(rm.pos); });
        if (kept->end && cut(kept->end->pos)) kept->end.reset();
        if (kept->points && cut(kept->points->pos)) kept->points.reset();
        if (kept->score && cut(kept->score->pos)) kept->score.reset();
    }
    return true;
}

}  // namespace

// Annotate and data: the state before a ply, kept to compare with after it.
void RecordChecker::track_before(const ast::Ply& ply, const HandState& h, const HandScore& score,
                                 std::optional<HandState>& before,
                                 std::optional<HandScore>& before_score) {
    if (hd_ && opt_.data_plies) data_ply(ply);
    before = h;
    before_score = score;
}

// Annotate and data: what a ply made, as notes and as data.
void RecordChecker::track_after(const HandState& before, const HandState& h, int seat,
                                const ast::Ply& ply, const HandScore& before_score,
                                const HandScore& score, bool pose) {
    if (opt_.annotate) note(ply.pos, after_ply_notes(before, h, seat, ply, before_score, score));
    if (hd_ && opt_.data_plies) data_after_ply(before, h, seat, before_score, score, pose);
}

// Data: a knock after a block (no notes are written for it).
void RecordChecker::track_knock(const HandState& before, const HandState& h, int seat,
                                const HandScore& before_score, const HandScore& score) {
    data_after_ply(before, h, seat, before_score, score, false);
}

// Returns false when the record cannot be replayed further (a syntax error).
bool RecordChecker::replay_hand(const ast::Hand& full, bool last, Pos stop_at) {
    if (m_.over) {
        data_unknown("after-end");
        return match_over_before(full);
    }
    if (is_summary_hand(full)) return check_summary_hand(full, last, stop_at);
    std::unique_ptr<ast::Hand> kept;
    if (!cut_at_syntax(full, stop_at, kept)) return false;
    const ast::Hand& hand = kept ? *kept : full;
    hand_ast_ = &hand;
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
    bool stray = false;                               // a ply after the end: it breaks nothing
    std::optional<HandState>& before = track_state_;  // --annotate: the state before the ply
    std::optional<HandScore>& before_score = track_score_;
    // The plies replayed, counted in a local and added to the verdict's when
    // the loop is left, however it is left.
    struct PlyCount {
        std::uint64_t& total;
        std::uint64_t n = 0;
        ~PlyCount() { total += n; }
    } plies{out_.plies};
    // The replay stops at the first ply at or after stop_at (a syntax
    // error's line), found once and then known by its address, not by
    // comparing positions ply by ply: nearly always there is none. (Plies
    // are in the order they are written. By address, not by index: the loop
    // keeps its ends in registers, where an index has the number of 72-byte
    // plies worked out again on every ply.)
    const auto before_stop = [stop_at](const ast::Ply& p) { return p.pos < stop_at; };
    const ast::Ply* const first_cut =
        hand.plies.empty() || before_stop(hand.plies.back())
            ? nullptr
            : &*std::partition_point(hand.plies.begin(), hand.plies.end(), before_stop);
    for (const auto& ply : hand.plies) {
        if (&ply == first_cut) return false;
        ++plies.n;
        if (track_) track_before(ply, h, score, before, before_score);
        // After the hand is over: only the knocks around the table after a block.
        if (h.over() != HandOver::no) {
            const int knocker = h.turn();
            if (knock_after_end(ply, h, stray)) {
                if (hd_ && opt_.data_plies) track_knock(*before, h, knocker, *before_score, score);
                continue;
            }
            if (stray) break;  // reported; the hand is over as it was
            broken = true;
            break;
        }
        if (!h.posed()) {
            if (!do_pose(hand, ply, ply.seat ? *ply.seat : -1, h, score)) {
                broken = true;
                break;
            }
            if (track_ && h.posed())
                track_after(*before, h, h.poser(), ply, *before_score, score, true);
            else if (hd_ && h.posed())
                hd_->poser = h.poser();  // data without the plies'
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
        if (track_) track_after(*before, h, seat, ply, *before_score, score, false);
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
            if (Step st = deal_line(h, d, tiles_buf_); !st) {
                deal_failed(hand, d, st, h);
                return false;
            }
        }
        for (const auto& st : hand.stocks) {
            if (st.round != r) continue;
            if (Step x = h.stock(tiles_of(st.tiles, tiles_buf_)); !x) {
                stock_failed(hand, st, x, h);
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

const ast::TileTok* RecordChecker::dealt_at(const ast::Hand& hand, Tile t, int round, int not_seat,
                                            int* seat) {
    for (const auto& d : hand.deals) {
        if (d.round != round || d.seat == not_seat) continue;
        for (const auto& tok : d.tiles)
            if (tile_of(tok) == t) {
                if (seat) *seat = d.seat;
                return &tok;
            }
    }
    return nullptr;
}

void RecordChecker::deal_failed(const ast::Hand& hand, const ast::SeatTiles& d, const Step& st,
                                const HandState& h) {
    // The engine's order: the first tile, as written, outside the set, dealt
    // twice to this seat, or dealt to another seat.
    const TileSet set = v_.tile_set();
    TileSet mine;
    for (const auto& tok : d.tiles) {
        const Tile t = tile_of(tok);
        const bool outside = !set.contains(t), again = mine.contains(t);
        int other = -1;
        for (int s = 0; s < v_.players && !outside && !again; ++s)
            if (s != d.seat && h.seat(s).dealt && h.seat(s).known.contains(t)) other = s;
        mine.insert(t);
        if (!outside && !again && other < 0) continue;
        if (st.why.rfind(t.str(), 0) != 0) break;  // not a tile's fault after all
        Diagnostic& e = error(tok.pos, Code::bad_deal, as_written(st.why, tok));
        if (again) {
            for (const auto& first : d.tiles)
                if (tile_of(first) == t) {
                    e.notes.push_back({first.pos, fmt::format("{} was dealt {} here first",
                                                              seat_char(d.seat), written(first))});
                    break;
                }
        } else if (other >= 0) {
            if (const auto* at = dealt_at(hand, t, d.round, d.seat))
                e.notes.push_back(
                    {at->pos, fmt::format("{} was dealt {} here", seat_char(other), written(*at))});
        }
        return;
    }
    Diagnostic& e = error(d.pos, Code::bad_deal, st.why);
    deal_count_note(hand, d, e);
}

void RecordChecker::deal_count_note(const ast::Hand& hand, const ast::SeatTiles& d, Diagnostic& e) {
    const auto k = static_cast<int>(d.tiles.size());
    if (k == v_.tiles_per_seat()) return;
    // The seats the deal lines of this round name, and whether they all
    // hold as many tiles as this one.
    int seats = 0;
    bool alike = true;
    for (const auto& x : hand.deals) {
        if (x.round != d.round) continue;
        seats = std::max(seats, x.seat + 1);
        alike = alike && static_cast<int>(x.tiles.size()) == k;
    }
    const auto deals_k = [&](int p) {
        Variant other = v_;
        other.players = p;
        return p != v_.players && ((v_.traits().players >> p) & 1u) != 0 &&
               other.tiles_per_seat() == k;
    };
    // Deal lines for as many seats as another player count has, each with
    // the tiles that count deals.
    if (!alike || seats == v_.players || !deals_k(seats)) return;
    fmt::format_to(std::back_inserter(e.message),
                   "; the deals show {} players ({} tiles each), the Players tag names {}", seats,
                   k, v_.players);
    if (const ast::Tag* players = rec_.find_tag("Players"))
        e.notes.push_back(
            {players->value_pos, fmt::format("the Players tag names {} players", v_.players)});
}

void RecordChecker::stock_failed(const ast::Hand& hand, const ast::Stock& s, const Step& st,
                                 const HandState& h) {
    (void)h;
    const TileSet set = v_.tile_set();
    TileSet seen;
    for (const auto& tok : s.tiles) {
        const Tile t = tile_of(tok);
        const bool outside = !set.contains(t), again = seen.contains(t);
        int other = -1;
        const ast::TileTok* at =
            outside || again ? nullptr : dealt_at(hand, t, s.round, -1, &other);
        seen.insert(t);
        if (!outside && !again && !at) continue;
        if (st.why.rfind(t.str(), 0) != 0) break;
        Diagnostic& e = error(tok.pos, Code::bad_deal, as_written(st.why, tok));
        if (at)
            e.notes.push_back(
                {at->pos, fmt::format("{} was dealt {} here", seat_char(other), written(*at))});
        return;
    }
    error(s.pos, Code::bad_deal, st.why);
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
        ply.kind == ast::Ply::Kind::pass && pre_of(ply).empty() && h.over() == HandOver::blocked;
    int seat = ply.seat ? *ply.seat : h.turn();
    if (!knock && ply.kind == ast::Ply::Kind::play && pre_of(ply).empty()) {
        // A play after a block that only the passes showed: when a pass (or
        // the pose) proves the seat could not hold the tile, that is the error.
        Step st = h.play_after_block(seat, tile_of(ply.tile));
        if (!st) return tile_step_failed(st, ply, ply.tile, seat, h);
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

std::string RecordChecker::cited(const std::string& why, bool lines) const {
    if (why.find('\x1e') == std::string::npos) return why;
    std::string out;
    for (std::size_t i = 0; i < why.size(); ++i) {
        const std::size_t close = why[i] == '\x1e' ? why.find('\x1f', i) : std::string::npos;
        if (close == std::string::npos) {
            out += why[i];
            continue;
        }
        const int event = std::stoi(why.substr(i + 1, close - i - 1));
        if (!lines && out.ends_with(" at ")) {
            // A note stands beside the plies it cites, in a text laid out
            // anew: a line of the input would point elsewhere there (and
            // annotating the output again would change it).
            out.resize(out.size() - 4);
        } else if (event_cited(event))
            fmt::format_to(std::back_inserter(out), "line {}", event_pos(event).line);
        else
            out += "an earlier turn";
        i = close;
    }
    return out;
}

Pos RecordChecker::event_pos(int id) const {
    auto at = std::lower_bound(event_pos_.begin(), event_pos_.end(), id,
                               [](const EventPos& e, int i) { return e.event < i; });
    return at != event_pos_.end() && at->event == id ? at->pos : Pos{};
}

Diagnostic& RecordChecker::step_error(Pos p, const Step& st) {
    Diagnostic& d = error(p, code_of(st.fault), cited(st.why, true));
    if (std::string bare = cited(st.why, false); bare != d.message) d.comment = std::move(bare);
    const std::string& why = st.why;
    for (std::size_t i = why.find('\x1e'); i != std::string::npos; i = why.find('\x1e', i + 1)) {
        const std::size_t close = why.find('\x1f', i);
        if (close == std::string::npos) break;
        const int event = std::stoi(why.substr(i + 1, close - i - 1));
        if (!event_cited(event) || event_pos(event) == p) continue;
        // "... B passed at <mark> on 6 and 4, ...": the seat and the verb
        // before the mark, the numbers after it.
        const std::string_view before = std::string_view(why).substr(0, i);
        if (!before.ends_with(" at ")) continue;
        std::string_view head = before.substr(0, before.size() - 4);
        const std::size_t verb = head.rfind(' ');
        if (verb == std::string_view::npos || verb == 0) continue;
        const char seat = head[verb - 1];
        const std::string_view did = head.substr(verb + 1);
        // " on 5 and 4", up to the next item (", C passed", " and D drew").
        std::string_view on = std::string_view(why).substr(close + 1);
        on = on.substr(0, on.find_first_of(",;)\x1e"));
        for (std::size_t a = on.find(" and "); a != std::string_view::npos;
             a = on.find(" and ", a + 1))
            if (a + 5 < on.size() && (on[a + 5] < '0' || on[a + 5] > '9')) {
                on = on.substr(0, a);
                break;
            }
        Related n{event_pos(event), fmt::format("{} {} here{}", seat, did, on)};
        if (std::find(d.notes.begin(), d.notes.end(), n) == d.notes.end())
            d.notes.push_back(std::move(n));
    }
    return d;
}

// The errors of the hot path below, kept out of it.
bool RecordChecker::step_failed(const Step& st, Pos here) {
    step_error(step_pos(st, here), st);
    return false;
}

bool RecordChecker::tile_step_failed(const Step& st, const ast::Ply& ply, const ast::TileTok& tok,
                                     int seat, const HandState& h) {
    const Pos here = tok.pos;
    Diagnostic& d = step_error(step_pos(st, here), st);
    d.message = as_written(std::move(d.message), tok);
    const Tile t = tile_of(tok);
    if (d.pos != here) {
        // Reported at the earlier pass, draw or pose this play proves wrong.
        d.notes.push_back(
            {here, fmt::format("proven by {}'s {} here", seat_char(seat), written(tok))});
        return false;
    }
    if (st.fault != Fault::not_in_hand || hand_ast_ == nullptr) return false;
    if (h.layout().on_table().contains(t)) {
        for (const auto& p : hand_ast_->plies) {
            if (!(p.pos < ply.pos)) break;
            if (p.kind == ast::Ply::Kind::play && tile_of(p.tile) == t) {
                d.notes.push_back(
                    {p.action_pos, fmt::format("{} was played here", written(p.tile))});
                break;
            }
        }
        return false;
    }
    int other = -1;
    const int round = static_cast<int>(hand_ast_->redeals.size());
    if (const auto* at = dealt_at(*hand_ast_, t, round, seat, &other);
        at && other < v_.players && h.seat(other).known.contains(t))
        d.notes.push_back(
            {at->pos, fmt::format("{} was dealt {} here", seat_char(other), written(*at))});
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

void RecordChecker::points_claimed(const ast::Ply& ply, int pts, const HandState& h) {
    error(ply.claim_pos, Code::points_mismatch,
          play_points_why(written(ply.tile), pts, *ply.claim, h, false));
}

bool RecordChecker::replay_ply(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    if (ply.seat && *ply.seat != seat) return wrong_turn(ply, seat);
    // (Draws and fouls are in the ply's extra, with its comments.)
    if (ply.extra != 0 && !pre_actions(ply, seat, h, score)) return false;
    if (ply.kind != ast::Ply::Kind::pass) return play_ply(ply, seat, h, score);
    set_event_pos(h.event_count(), ply.action_pos);
    // Whether the seat could have played: asked only where a seat may pass
    // while able (french's penalty). Elsewhere a pass the engine accepts is
    // one the seat could not help, and no rule set reads it.
    std::optional<bool> able;
    if (v_.traits().pass_while_able) able = h.can_play(seat);
    if (!h.pass_plain(seat))
        if (Step st = h.pass(seat); !st) return step_failed(st, ply.action_pos);
    if (rules_->moves_score())
        rules_->after_move(score, h, {Event::Kind::pass, seat, {}, able}, m_);
    if (ply.claim && judging()) pass_claimed(ply);
    return true;
}

// Draws and fouls before a ply.
bool RecordChecker::pre_actions(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    for (const auto& pre : pre_of(ply)) {
        set_event_pos(h.event_count(), pre.pos);
        if (pre.kind == ast::PreAction::Kind::draw) {
            if (Step st = h.draw(seat); !st) {
                step_error(step_pos(st, pre.pos), st);
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
        if (Step st = h.foul(seat, tile_of(pre.tile)); !st)
            return tile_step_failed(st, ply, pre.tile, seat, h);
        rules_->after_move(score, h, {Event::Kind::foul, seat, tile_of(pre.tile), {}}, m_);
    }
    return true;
}

bool RecordChecker::play_ply(const ast::Ply& ply, int seat, HandState& h, HandScore& score) {
    Tile t = tile_of(ply.tile);
    if (!h.play_plain(seat, t, ends_allowed(ply.end)))
        if (Step st = h.play(seat, t, end_of(ply.end)); !st)
            return tile_step_failed(st, ply, ply.tile, seat, h);
    // (The event built only where the rules read it.)
    const int pts = rules_->moves_score()
                        ? rules_->after_move(score, h, {Event::Kind::play, seat, t, {}}, m_)
                        : 0;
    // A wrong claim breaks nothing: the play scored what the rules say.
    // (Whether a claim is written changes from play to play: read without
    // a branch on it.)
    if (ply.claim.value_or(pts) != pts && judging()) points_claimed(ply, pts, h);
    return true;
}

std::string RecordChecker::play_points_why(const std::string& tile, int pts, int claim,
                                           const HandState& h, bool pose) const {
    if (!v_.traits().scores_in_play)
        return fmt::format("{} scores no points during play, not {}", rules_id(v_.rules), claim);
    int total = h.layout().open_total();
    bool passes = fives_threes_points(total) != pts;
    if (pose)
        return fmt::format(
            "{} alone on the table counts {} and scores {}, not {}{}", tile, total, pts, claim,
            passes ? fmt::format(" (its points would pass {}, so nothing)", v_.traits().target)
                   : std::string());
    std::string why =
        fmt::format("{} scores {}, not {}: the open ends add up to {}", tile, pts, claim, total);
    if (passes)
        fmt::format_to(std::back_inserter(why), ", worth {} but that would pass {}, so nothing",
                       fives_threes_points(total), v_.traits().target);
    return why;
}

}  // namespace pips::checker::impl
