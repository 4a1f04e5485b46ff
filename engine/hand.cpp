#include "engine/hand.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

namespace pips {

namespace {
char seat_name(int s) {
    return static_cast<char>('A' + s);
}

std::string ends_text(const Layout& l) {
    if (l.kind() == LayoutKind::line)
        return fmt::format("left {}, right {}", l.end_value(End::L), l.end_value(End::R));
    return l.str();
}

std::string end_name(const Layout& l, End e) {
    switch (e) {
        case End::L:
            return fmt::format("the left end ({})", l.end_value(e));
        case End::R:
            return fmt::format("the right end ({})", l.end_value(e));
        default:
            if (!l.arm_used(e)) return fmt::format("arm {} (empty)", end_letter(e));
            return fmt::format("arm {} ({})", end_letter(e), l.end_value(e));
    }
}

std::string list_tiles(std::span<const Tile> ts) {
    std::string s;
    for (Tile t : ts) fmt::format_to(std::back_inserter(s), "{}{}", s.empty() ? "" : " ", t.str());
    return s;
}

// A step refused, its message formatted.
template <class... Args>
Step fail(Fault f, fmt::format_string<Args...> text, Args&&... args) {
    return Step::fail(f, fmt::format(text, std::forward<Args>(args)...));
}
}  // namespace

HandState::HandState(const Variant& v, bool trace_plays)
    : v_(v),
      layout_(v.layout(), v.tile_set()),
      trace_plays_(trace_plays),
      all_dealt_(v.all_dealt() && !v.draw_game()) {}

void HandState::reset() {
    layout_.clear();  // of v_.layout() and set_, as constructed
    trace_.clear();
    seats_ = {};
    dealt_ = {};
    stock_.clear();
    stock_next_ = 0;
    stock_known_ = false;
    bone_count_ = 0;
    turn_ = -1;
    over_ = HandOver::no;
    domino_seat_ = -1;
    last_player_ = -1;
    poser_ = -1;
    last_tile_.reset();
    last_fit_both_ = false;
    last_was_key_ = false;
    last_ends_differ_ = false;
    passes_in_row_ = 0;
    events_ = 0;
    after_block_passes_ = 0;
    constraints_.clear();
    proofs_.clear();
    limited_ = false;
    rank_proof_ = {};
    dealt_to_ = {};
    draws_.clear();
    have_witness_ = false;
}

Step HandState::not_at_table(int seat) const {
    return fail(Fault::not_in_hand, "seat {} is not at this table of {}", seat, v_.players);
}

Step HandState::deal(int seat, std::span<const Tile> tiles) {
    if (seat < 0 || seat >= v_.players)
        return fail(Fault::bad_deal, "seat {} is not at this table ({} players)", seat_name(seat),
                    v_.players);
    if (seats_[seat].dealt) return fail(Fault::bad_deal, "{} is dealt twice", seat_name(seat));
    TileSet mine;
    bool twice = false;
    for (Tile t : tiles) {
        twice |= mine.contains(t);
        mine.insert(t);
    }
    const bool plain = !twice && (mine - set_).empty() && (mine & dealt_).empty();
    // Otherwise find the first tile at fault, in the order written.
    if (!plain) mine = {};
    for (Tile t : plain ? std::span<const Tile>() : tiles) {
        if (!set_.contains(t))
            return fail(Fault::bad_deal, "{} is not in the set of {} with {} players", t.str(),
                        rules_id(v_.rules), v_.players);
        if (mine.contains(t))
            return fail(Fault::bad_deal, "{} is dealt twice to {}", t.str(), seat_name(seat));
        if (dealt_.contains(t)) {
            int other = -1;
            for (int s = 0; s < v_.players; ++s)
                if (seats_[s].dealt && seats_[s].known.contains(t)) other = s;
            return fail(Fault::bad_deal, "{} is dealt twice: {} was dealt it too", t.str(),
                        other >= 0 ? std::string(1, seat_name(other)) : "another seat");
        }
        mine.insert(t);
    }
    if (static_cast<int>(tiles.size()) != v_.tiles_per_seat())
        return fail(Fault::bad_deal, "{} is dealt {} tiles; {} deals {}", seat_name(seat),
                    tiles.size(), v_.name(), v_.tiles_per_seat());
    take_deal(seat, mine);
    return Step::ok();
}

bool HandState::deal_plain(int seat, TileSet tiles, int count, bool twice) {
    if (seat < 0 || seat >= v_.players || seats_[seat].dealt || twice || !(tiles - set_).empty() ||
        !(tiles & dealt_).empty() || count != v_.tiles_per_seat())
        return false;
    take_deal(seat, tiles);
    return true;
}

void HandState::take_deal(int seat, TileSet tiles) {
    dealt_ |= tiles;
    dealt_to_[static_cast<std::size_t>(seat)] = tiles;
    seats_[seat].known = tiles;
    seats_[seat].count = v_.tiles_per_seat();
    seats_[seat].dealt = true;
}

Step HandState::stock(std::span<const Tile> tiles) {
    if (!draw_game_) return fail(Fault::bad_deal, "{} has no boneyard to draw from", v_.name());
    int want = set_.size() - v_.players * v_.tiles_per_seat();
    TileSet seen;
    for (Tile t : tiles) {
        if (!set_.contains(t)) return fail(Fault::bad_deal, "{} is not in the set", t.str());
        if (seen.contains(t)) return fail(Fault::bad_deal, "{} is twice in the stock", t.str());
        if (dealt_.contains(t))
            return fail(Fault::bad_deal, "{} is in the stock and also dealt", t.str());
        seen.insert(t);
    }
    if (static_cast<int>(tiles.size()) != want)
        return fail(Fault::bad_deal, "the stock holds {} tiles; {} leaves {}", tiles.size(),
                    v_.name(), want);
    stock_.assign(tiles.begin(), tiles.end());
    stock_next_ = 0;
    stock_known_ = true;
    return Step::ok();
}

void HandState::start() {
    int undealt = 0, missing = -1;
    for (int s = 0; s < v_.players; ++s) {
        if (!seats_[s].dealt) {
            ++undealt;
            missing = s;
            seats_[s].count = v_.tiles_per_seat();
        }
    }
    TileSet stock_set;
    for (Tile t : stock_) stock_set.insert(t);
    if (undealt == 1 && (v_.all_dealt() || stock_known_)) {
        // Every tile is dealt (or the rest is in the known stock): the missing deal
        // is what is left.
        SeatInfo& si = seats_[missing];
        si.known = set_ - dealt_ - stock_set;
        si.dealt = si.known.size() == si.count;
        if (!si.dealt)
            si.known = {};
        else
            dealt_ |= si.known, dealt_to_[static_cast<std::size_t>(missing)] = si.known;
    }
    bone_count_ = draw_game_ ? set_.size() - v_.players * v_.tiles_per_seat() : 0;
}

int HandState::next_seat(int s) const {
    // (Without a branch: it goes back to 0 once a round.)
    const int first = (s + 1) & -static_cast<int>(s + 1 < v_.players);
    if (!seats_[static_cast<std::size_t>(first)].out) return first;  // the usual answer
    for (int n = first, i = 0; i < v_.players; ++i) {
        if (!seats_[static_cast<std::size_t>(n)].out) return n;
        if (++n == v_.players) n = 0;
    }
    return first;
}

int HandState::in_hand() const {
    int n = 0;
    for (int s = 0; s < v_.players; ++s) n += !seats_[s].out;
    return n;
}

TileSet HandState::unplaced() const {
    TileSet t = set_ - layout_.on_table();
    for (int s = 0; s < v_.players; ++s) t -= seats_[s].known;
    for (std::size_t i = stock_next_; i < stock_.size(); ++i) t.erase(stock_[i]);
    // With every deal known, what is left is undealt (fives-threes) or in the boneyard.
    bool all = true;
    for (int s = 0; s < v_.players; ++s) all = all && seats_[s].exact();
    if (all && !draw_game_) return {};
    return t;
}

Step HandState::can_hold(int seat, Tile t) const {
    const SeatInfo& si = seats_[seat];
    if (!set_.contains(t)) return fail(Fault::not_in_hand, "{} is not in the set in use", t.str());
    if (layout_.on_table().contains(t))
        return fail(Fault::not_in_hand, "{} is already on the layout", t.str());
    if (si.known.contains(t)) return Step::ok();
    for (int s = 0; s < v_.players; ++s) {
        if (s != seat && seats_[s].known.contains(t))
            return fail(Fault::not_in_hand, "{} is in {}'s hand, not {}'s", t.str(), seat_name(s),
                        seat_name(seat));
    }
    for (std::size_t i = stock_next_; i < stock_.size(); ++i)
        if (stock_[i] == t) return fail(Fault::not_in_hand, "{} is still in the boneyard", t.str());
    if (si.unknown() <= 0) {
        if (si.dealt && si.count == si.known.size()) {
            if (si.count == 0)
                return fail(Fault::not_in_hand, "{} holds no tiles", seat_name(seat));
            return fail(Fault::not_in_hand, "{} does not hold {} (holds {})", seat_name(seat),
                        t.str(), si.known.str());
        }
        return fail(Fault::not_in_hand, "{} cannot hold {}", seat_name(seat), t.str());
    }
    return Step::ok();
}

Step HandState::check_holding(int seat, Tile t) const {
    if (Step s = check_proofs(seat, t); !s) return s;
    if (Step s = can_hold(seat, t); !s) return s;
    return check_constraints(seat, t);
}

Step HandState::check_proofs(int seat, Tile t, bool remain_line) const {
    for (const auto& p : proofs_) {
        // A proven tile on the table was played by its holder: the pose was
        // right, and playing it again is not-in-hand (can_hold says so).
        if (p.tile == t && p.seat != seat && !layout_.on_table().contains(t))
            return Step::fail(Fault::wrong_pose,
                              fmt::format("the pose belonged to the holder of {0}, but {1} "
                                          "{2}, so {3} did not hold it",
                                          t.str(), seat_name(seat),
                                          remain_line ? "shows it on its remain line"
                                                      : fmt::format("plays {} later", t.str()),
                                          seat_name(p.seat)),
                              p.event);
    }
    return Step::ok();
}

Step HandState::check_constraints(int seat, Tile t, bool remain_line) const {
    const std::string proof = remain_line ? fmt::format("by {}'s remain line", seat_name(seat))
                                          : std::string("when it is played later");
    for (const auto& c : constraints_) {
        if (c.seat != seat || !c.fits.contains(t) || c.drawn_since.contains(t) ||
            c.unknown_draw_since)
            continue;
        if (c.from_draw)
            return Step::fail(Fault::illegal_draw,
                              fmt::format("{} drew while holding {}, which fitted then (proven "
                                          "{})",
                                          seat_name(seat), t.str(), proof),
                              c.event);
        return Step::fail(Fault::illegal_pass,
                          fmt::format("{} passed while holding {}, which fitted then (proven "
                                      "{})",
                                      seat_name(seat), t.str(), proof),
                          c.event);
    }
    return Step::ok();
}

inline void HandState::remove_from_hand(int seat, Tile t) {
    SeatInfo& si = seats_[seat];
    si.known.erase(t);
    --si.count;
    ++si.played;
}

// A seat has played its last tile, now on the table (make_play, once the
// rest of the play is made): whether it was the key tile, and the end of
// the hand unless a partner plays on; then the move is over as any other
// is. Out of the play's path, and called last, so that the play keeps no
// value across the call. (A pose of a seat's last tile goes through
// seat_out: the key tile is never posed.)
void HandState::played_last_tile(int seat, Tile t) {
    last_was_key_ = layout_.kind() == LayoutKind::line && layout_.was_key_tile(t);
    seat_out(seat);
    after_move(seat);
}

// A seat without tiles: the hand is over unless a partner plays on.
void HandState::seat_out(int seat) {
    if (partner_plays_on_) {
        seats_[seat].out = true;
        if (seats_[(seat + 2) % 4].out) {
            over_ = HandOver::domino;
            domino_seat_ = seat;
        }
    } else {
        over_ = HandOver::domino;
        domino_seat_ = seat;
    }
}

void HandState::after_move(int seat) {
    ++events_;
    turn_ = next_seat(seat);
    update_over();
}

void HandState::update_over() {
    if (over_ != HandOver::no) return;
    // Every tile dealt and none drawn (blocked's first answer, here without
    // the call: this runs after every move): blocked exactly when nothing
    // fits.
    bool is_blocked = false;
    if (all_dealt_ && posed()) {
        is_blocked = layout_.fit_mask().empty();
    } else if (posed()) {
        // The usual answer first, without the call or a branch on whose
        // turn it is: some seat holds a tile known to fit (blocked() would
        // say no there; a seat out of the hand holds none).
        const TileSet fits = layout_.fit_mask();
        const TileSet known = seats_[0].known | seats_[1].known | seats_[2].known | seats_[3].known;
        if ((known & fits).empty()) is_blocked = blocked() == std::optional<bool>(true);
    }
    if (is_blocked) {
        over_ = HandOver::blocked;
        after_block_passes_ = 0;
        // Detected from a round of passes: those passes were the knocks.
        if (passes_in_row_ >= in_hand()) after_block_passes_ = 0xF;
    }
}

Step HandState::pose(int seat, Tile t, int a, int b, std::optional<Tile> proof_holder,
                     TileSet outranks) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (posed()) return Step::fail(Fault::wrong_pose, "the hand is already posed");
    if (!(Tile(a, b) == t))
        return Step::fail(Fault::wrong_pose, "the pose is written as another tile");
    if (layout_.kind() == LayoutKind::spinner && !t.is_double())
        return Step::fail(Fault::wrong_pose, "a french hand is posed with a double (the spinner)");
    if (!holds_plainly(seat, t))
        if (Step s = check_holding(seat, t); !s) return s;
    if (proof_holder) {
        Tile h = *proof_holder;
        SeatInfo& si = seats_[seat];
        // The seat must be able to hold it: not on the table, in another hand or
        // in the known boneyard.
        if (!can_hold(seat, h))
            return fail(Fault::wrong_pose, "{} does not hold {}", seat_name(seat), h.str());
        if (!(h == t) && !si.known.contains(h)) {
            // Proven to hold h, which stays in hand.
            if (si.unknown() >= 2 || (si.unknown() >= 1 && si.known.contains(t))) {
                si.known.insert(h);
                proofs_.push_back({seat, h, events_});
                limited_ = true;
            }
        }
    }
    last_fit_both_ = false;
    last_ends_differ_ = false;
    remove_from_hand(seat, t);
    if (seats_[seat].count == 0) [[unlikely]]
        seat_out(seat);
    last_was_key_ = false;
    played_by_[static_cast<std::size_t>(t.index())] = static_cast<std::int8_t>(seat);
    played_at_[static_cast<std::size_t>(t.index())] = static_cast<std::int16_t>(events_);
    layout_.pose(a, b);
    if (trace_plays_) trace_.pose(a, b);
    poser_ = seat;
    last_player_ = seat;
    last_tile_ = t;
    passes_in_row_ = 0;
    if (!outranks.empty()) rank_proof_ = {outranks, t, seat, events_};
    after_move(seat);
    if (!outranks.empty() && !placeable()) [[unlikely]] {
        // What the record already shows (a deal, the stock) or the room left
        // for the tiles above the pose rules it out: the pose is at fault.
        PlacementCut cut;
        Places where;
        placeable(Keep{}, &cut, &where);
        bool several = false;
        return Step::fail(Fault::wrong_pose, fmt::format("{}, but {}", pose_proof_words(),
                                                         shortfall_words(cut, where, -1, several)));
    }
    return Step::ok();
}

Step HandState::play(int seat, Tile t, std::optional<End> end, End* chosen) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (over_ != HandOver::no) return Step::fail(Fault::after_end, "the hand is already over");
    if (!posed()) return Step::fail(Fault::wrong_pose, "the hand has not been posed");
    if (!holds_plainly(seat, t))
        if (Step s = check_holding(seat, t); !s) return own_passes_or_pose(s, seat, t, end, {});
    Layout::Ends fit = layout_.fitting(t);
    End e;
    if (end) {
        if (is_line_end(*end) != (layout_.kind() == LayoutKind::line))
            return fail(Fault::no_match, "end {} is not an end of {}", end_letter(*end),
                        layout_.kind() == LayoutKind::line ? "a line layout (L or R)"
                                                           : "a french layout (N, E, S or W)");
        if (!layout_.fits(t, *end)) {
            std::string why = fmt::format("{} does not fit {}", t.str(), end_name(layout_, *end));
            if (layout_.kind() == LayoutKind::spinner) {
                bool all_used = true;
                for (End x : {End::N, End::E, End::S, End::W})
                    all_used = all_used && layout_.arm_used(x);
                if (!all_used && layout_.arm_used(*end))
                    why += ": until all four arms hold a tile only empty arms take tiles";
                else if (!all_used)
                    fmt::format_to(std::back_inserter(why),
                                   ": until all four arms hold a tile only tiles carrying {} may "
                                   "be played",
                                   layout_.spinner());
                else if (layout_.arm_closed(*end) && t.carries(layout_.end_value(*end)))
                    fmt::format_to(std::back_inserter(why),
                                   ": the arm is closed until {} is played",
                                   Tile(layout_.end_value(*end), layout_.end_value(*end)).str());
            }
            return Step::fail(Fault::no_match, why);
        }
        e = *end;
    } else {
        if (fit.empty())
            return fail(Fault::no_match, "{} fits no end ({})", t.str(), ends_text(layout_));
        // Where play scores from the open ends, a double at an end tells them apart.
        bool ff = scores_in_play_;
        for (End x : fit) {
            if (x != fit.front() && !layout_.same_result(t, fit.front(), x, ff)) {
                return fail(Fault::ambiguous_end,
                            "{} fits {} and {}, which give different positions; write the end",
                            t.str(), end_name(layout_, fit.front()), end_name(layout_, x));
            }
        }
        e = fit.front();
    }
    if (chosen) *chosen = e;
    if (trace_plays_) trace_.play(layout_, t, e);  // (before the layout changes)
    make_play(seat, t, e, fit.size() >= 2);
    if (placement_needed() && !witness_keeps_play(seat, t) && !placeable()) [[unlikely]]
        return no_placement(seat, t, Fault::not_in_hand, false);
    return Step::ok();
}

// What play() and play_plain() do once the play is known to be legal (the
// trace is play()'s).
inline void HandState::make_play(int seat, Tile t, End e, bool fit_both) {
    last_fit_both_ = fit_both;
    last_was_key_ = false;  // (played_last_tile judges a seat's last tile)
    // (A spinner's line ends both read as the spinner: they never differ.)
    last_ends_differ_ = layout_.end_value(End::L) != layout_.end_value(End::R);
    remove_from_hand(seat, t);
    played_by_[static_cast<std::size_t>(t.index())] = static_cast<std::int8_t>(seat);
    played_at_[static_cast<std::size_t>(t.index())] = static_cast<std::int16_t>(events_);
    layout_.play(t, e);
    last_player_ = seat;
    last_tile_ = t;
    passes_in_row_ = 0;
    if (seats_[static_cast<std::size_t>(seat)].count == 0) [[unlikely]] {
        played_last_tile(seat, t);  // (and the rest of the move)
        return;
    }
    after_move(seat);
}

bool HandState::same_at_each(Tile t, unsigned ends) const {
    const auto first = static_cast<End>(std::countr_zero(ends));
    for (unsigned other = ends & (ends - 1); other != 0; other &= other - 1)
        if (!layout_.same_result(t, first, static_cast<End>(std::countr_zero(other)),
                                 scores_in_play_))
            return false;
    return true;
}

bool HandState::play_plain(int seat, Tile t, unsigned ends) {
    if (static_cast<unsigned>(seat) >= static_cast<unsigned>(v_.players) || over_ != HandOver::no ||
        !posed() || placement_needed() || trace_plays_)
        return false;
    SeatInfo& si = seats_[static_cast<std::size_t>(seat)];
    // Known to be held (the seat's last tile too: the end of the hand and
    // the key tile are make_play's).
    if (!si.known.contains(t)) return false;
    // Without branches on the tile and the end letter (random from play to
    // play): the ends the tile fits and those allowed, as bits, and the end
    // played, the first of them.
    const unsigned fits = layout_.fit_bits(t);
    const unsigned at = fits & ends;
    if (at == 0) return false;
    const auto e = static_cast<End>(std::countr_zero(at));
    // More than one end, none written: the same position at each, or play()
    // says the end must be written. (On a line, asked without a branch on
    // whether the tile fits both ends: that changes from play to play.)
    const auto more = static_cast<unsigned>((at & (at - 1)) != 0);
    if (layout_.kind() == LayoutKind::line) {
        if (more & static_cast<unsigned>(!layout_.line_ends_alike(scores_in_play_))) return false;
    } else if (more != 0 && !same_at_each(t, at)) {
        return false;
    }
    make_play(seat, t, e, (fits & (fits - 1)) != 0);
    return true;
}

bool HandState::pass_plain(int seat) {
    if (static_cast<unsigned>(seat) >= static_cast<unsigned>(v_.players) || !posed() ||
        over_ != HandOver::no || (draw_game_ && bone_count_ > 0) || placement_needed())
        return false;
    if (!pass_while_able_) {
        const SeatInfo& si = seats_[static_cast<std::size_t>(seat)];
        // pass() says why it is refused, or keeps what it proves and
        // checks that the tiles can still be placed.
        if (!si.exact() || !layout_.playable(si.known).empty()) return false;
    }
    ++passes_in_row_;
    after_move(seat);
    return true;
}

std::optional<bool> HandState::can_play(int seat) const {
    const SeatInfo& si = seats_[seat];
    if (si.out || si.count == 0) return false;
    if (!posed()) {
        if (v_.layout() == LayoutKind::spinner) {
            if (si.known.has_double()) return true;
            if (si.exact()) return false;
            return std::nullopt;
        }
        return true;
    }
    if (!layout_.playable(si.known).empty()) return true;
    if (si.exact()) return false;
    if (layout_.playable(unplaced()).empty()) return false;
    return std::nullopt;
}

std::optional<bool> HandState::blocked() const {
    if (!posed()) return false;
    if (draw_game_ && bone_count_ > 0) return false;
    // Tiles that fit somewhere, computed once for every seat.
    const TileSet fits = layout_.fit_mask();
    // Every tile is dealt and none drawn: a tile off the table is in a hand
    // still playing, so the hand is blocked exactly when nothing fits.
    if (all_dealt_) return fits.empty();
    bool unknown = false;
    // From the seat to play next: the one most likely to hold a tile that fits.
    for (int i = 0, s = turn_ < 0 ? 0 : turn_; i < v_.players;
         ++i, s = s + 1 == v_.players ? 0 : s + 1) {
        const SeatInfo& si = seats_[static_cast<std::size_t>(s)];
        if (si.out || si.count == 0) continue;
        if (!(si.known & fits).empty()) return false;
        if (!si.exact()) unknown = true;
    }
    if (!unknown) return true;
    // Nothing that fits is left anywhere a seat could hold it.
    if ((unplaced() & fits).empty()) return true;
    // A full round of passes by every seat still in the hand (passing while able
    // is not allowed outside french, so the round proves the block).
    if (!pass_while_able_ && passes_in_row_ >= in_hand()) return true;
    return std::nullopt;
}

std::uint8_t HandState::line_ends() const {
    if (layout_.kind() != LayoutKind::line || layout_.empty()) return 0;
    return static_cast<std::uint8_t>((1u << layout_.end_value(End::L)) |
                                     (1u << layout_.end_value(End::R)));
}

void HandState::add_constraint(int seat) {
    if (pass_while_able_) return;  // a pass proves nothing
    TileSet fits = layout_.playable(set_ - layout_.on_table());
    constraints_.push_back({seat, fits, events_, {}, false, false, line_ends()});
    limited_ = true;
}

Step HandState::pass(int seat) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (!posed()) return Step::fail(Fault::wrong_pose, "the hand has not been posed");
    if (over_ == HandOver::blocked) return pass_after_block(seat);
    if (over_ != HandOver::no) return Step::fail(Fault::after_end, "the hand is already over");
    if (draw_game_ && bone_count_ > 0)
        return fail(Fault::illegal_pass,
                    "{} passed with {} tile{} still in the boneyard: a seat that cannot play draws",
                    seat_name(seat), bone_count_, bone_count_ == 1 ? "" : "s");
    const std::size_t constraints_before = constraints_.size();
    if (!pass_while_able_) {
        const SeatInfo& si = seats_[seat];
        TileSet p = layout_.playable(si.known);
        if (!p.empty()) {
            Tile t = p.first();
            End e = layout_.fitting(t).front();
            return fail(Fault::illegal_pass, "{} passed holding {}, which fits {}", seat_name(seat),
                        t.str(), end_name(layout_, e));
        }
        if (!si.exact()) add_constraint(seat);
    }
    ++passes_in_row_;
    after_move(seat);
    if (placement_needed() && constraints_.size() != constraints_before &&
        !witness_keeps_pass(seat) && !placeable()) [[unlikely]]
        return no_placement(seat, std::nullopt, Fault::illegal_pass, false);
    return Step::ok();
}

Step HandState::pass_after_block(int seat) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (seats_[seat].out)
        return fail(Fault::after_end, "the hand is over and {} is out", seat_name(seat));
    std::uint8_t bit = static_cast<std::uint8_t>(1u << seat);
    if (after_block_passes_ & bit)
        return fail(Fault::after_end, "the hand is blocked and {} has already knocked",
                    seat_name(seat));
    after_block_passes_ |= bit;
    ++events_;
    turn_ = next_seat(seat);
    return Step::ok();
}

Step HandState::pass_before_pose(int seat) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    ++events_;
    turn_ = next_seat(seat);
    return Step::ok();
}

Step HandState::draw(int seat, std::optional<Tile>* drawn) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (over_ != HandOver::no) return Step::fail(Fault::after_end, "the hand is already over");
    if (!draw_game_) return fail(Fault::illegal_draw, "{} has no boneyard to draw from", v_.name());
    if (bone_count_ <= 0) return Step::fail(Fault::illegal_draw, "the boneyard is empty");
    SeatInfo& si = seats_[seat];
    TileSet p = layout_.playable(si.known);
    if (!p.empty()) {
        Tile t = p.first();
        End e = layout_.fitting(t).front();
        return fail(Fault::illegal_draw, "{} drew holding {}, which fits {}", seat_name(seat),
                    t.str(), end_name(layout_, e));
    }
    if (!si.exact() && posed()) {
        TileSet fits = layout_.playable(set_ - layout_.on_table());
        constraints_.push_back({seat, fits, events_, {}, false, true, line_ends()});
        limited_ = true;
    }
    std::optional<Tile> t;
    if (stock_known_ && stock_next_ < stock_.size()) {
        t = stock_[stock_next_++];
        si.known.insert(*t);
    }
    ++si.count;
    --bone_count_;
    for (auto& c : constraints_) {
        if (c.seat != seat) continue;
        if (t)
            c.drawn_since.insert(*t);
        else
            c.unknown_draw_since = true;
    }
    if (drawn) *drawn = t;
    draws_.push_back({seat, events_});
    ++events_;
    if (placement_needed() && !placeable()) [[unlikely]]
        return no_placement(seat, std::nullopt, Fault::illegal_draw, false);
    return Step::ok();
}

Step HandState::foul(int seat, Tile t) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    if (over_ != HandOver::no) return Step::fail(Fault::after_end, "the hand is already over");
    if (Step s = can_hold(seat, t); !s) return s;
    ++events_;
    if (placement_needed() && !placeable()) [[unlikely]]
        return no_placement(seat, t, Fault::not_in_hand, false);
    return Step::ok();
}

std::optional<TileSet> HandState::hand_of(int seat) const {
    const SeatInfo& si = seats_[seat];
    if (!si.exact()) return std::nullopt;
    return si.known;
}

std::uint8_t HandState::proven_void(int seat) const {
    std::uint8_t mask = 0;
    for (const auto& c : constraints_)
        if (c.seat == seat && !c.unknown_draw_since && c.drawn_since.empty()) mask |= c.ends;
    return mask;
}

Step HandState::remain(int seat, std::span<const Tile> tiles) {
    if (seat < 0 || seat >= v_.players) return not_at_table(seat);
    SeatInfo& si = seats_[seat];
    TileSet mine;
    for (Tile t : tiles) {
        if (!set_.contains(t)) return fail(Fault::bad_deal, "{} is not in the set in use", t.str());
        if (mine.contains(t)) return fail(Fault::bad_deal, "{} is shown twice", t.str());
        if (layout_.on_table().contains(t))
            return fail(Fault::bad_deal, "{} is on the layout, not in {}'s hand", t.str(),
                        seat_name(seat));
        mine.insert(t);
    }
    // What the pose proved comes first (RULINGS: a remain line is explained
    // by the pose's proof before anything else): a proven tile shown with
    // another seat, or left out of its holder's line.
    for (Tile t : tiles)
        if (Step s = check_proofs(seat, t, true); !s) return s;
    for (const auto& p : proofs_)
        if (p.seat == seat && si.known.contains(p.tile) && !mine.contains(p.tile))
            return Step::fail(Fault::wrong_pose,
                              fmt::format("the pose belonged to the holder of {0}, but {1}'s "
                                          "remain line leaves {0} out, so {1} did not hold it",
                                          p.tile.str(), seat_name(seat)),
                              p.event);
    for (Tile t : tiles) {
        for (int s = 0; s < v_.players; ++s)
            if (s != seat && seats_[s].known.contains(t))
                return fail(Fault::bad_deal, "{} is in {}'s hand", t.str(), seat_name(s));
        for (std::size_t i = stock_next_; i < stock_.size(); ++i)
            if (stock_[i] == t)
                return fail(Fault::bad_deal, "{} is still in the boneyard", t.str());
    }
    if ((si.known - mine).size() > 0)
        return fail(Fault::bad_deal, "{} still holds {}, which the remain line leaves out",
                    seat_name(seat), (si.known - mine).str());
    if (mine.size() != si.count)
        return fail(Fault::bad_deal, "{} holds {} tiles, not {} ({})", seat_name(seat), si.count,
                    mine.size(), list_tiles(tiles));
    for (Tile t : tiles) {
        if (si.known.contains(t)) continue;
        if (Step s = check_constraints(seat, t, true); !s)
            return own_passes_or_pose(s, seat, std::nullopt, std::nullopt, tiles);
    }
    si.known = mine;
    if (placement_needed() && !placeable()) [[unlikely]]
        return no_placement(seat, std::nullopt, Fault::bad_deal, true);
    update_over();
    return Step::ok();
}

std::string HandState::check_invariants() const {
    if (std::string e = layout_.check_invariants(); !e.empty()) return e;
    TileSet seen = layout_.on_table();
    int total = layout_.tiles() + bone_count_;
    for (int s = 0; s < v_.players; ++s) {
        const SeatInfo& si = seats_[s];
        if (si.count < 0 || si.known.size() > si.count)
            return fmt::format("seat {} holds more than it counts", seat_name(s));
        if (!(seen & si.known).empty())
            return fmt::format("a tile of {} is also elsewhere", seat_name(s));
        seen |= si.known;
        total += si.count;
    }
    for (std::size_t i = stock_next_; i < stock_.size(); ++i) {
        if (seen.contains(stock_[i])) return "a boneyard tile is also elsewhere";
        seen.insert(stock_[i]);
    }
    int want = v_.players * v_.tiles_per_seat() +
               (draw_game_ ? set_.size() - v_.players * v_.tiles_per_seat() : 0);
    if (total != want) return "tiles are not conserved";
    return {};
}

// --- placements -------------------------------------------------------------

std::string HandState::event_mark(int event) {
    return fmt::format("\x1e{}\x1f", event);
}

bool HandState::placeable() const {
    return placeable(Keep{}, nullptr);
}

PlacementProblem HandState::problem(const Keep& keep, Places& w) const {
    PlacementProblem p;
    w = {};
    const int n = v_.players;
    const int per_seat = v_.tiles_per_seat();
    // The deals, the boneyard or the unused tiles, then the draws: a place
    // keeps its number from move to move, so the last placement found can be
    // tried again first.
    for (int s = 0; s < n; ++s) w.seat[static_cast<std::size_t>(s)] = 1u << p.add_place(per_seat);
    std::uint32_t bone_bit = 0;
    if (draw_game_)
        w.boneyard = p.add_place(bone_count_), bone_bit = 1u << w.boneyard;
    else if (const int u = set_.size() - n * per_seat; u > 0)
        w.unused = p.add_place(u);
    const int first_draw = p.places;
    std::uint32_t draw_bits = 0;
    const std::size_t draws = std::min<std::size_t>(
        draws_.size(), static_cast<std::size_t>(PlacementProblem::kMaxPlaces - first_draw));
    for (std::size_t k = 0; k < draws; ++k) {
        const int q = p.add_place(1);
        w.seat[static_cast<std::size_t>(draws_[k].seat)] |= 1u << q;
        draw_bits |= 1u << q;
    }
    const std::uint32_t all = p.places >= 32 ? ~0u : (1u << p.places) - 1;
    // A seat's deal and the draws it made before `event`.
    auto before = [&](int s, int event) {
        std::uint32_t m = 1u << s;
        for (std::size_t k = 0; k < draws; ++k)
            if (draws_[k].seat == s && draws_[k].event < event)
                m |= 1u << (first_draw + static_cast<int>(k));
        return m;
    };
    // Where each tile may be: first where the record puts it, then what rules
    // places out. Built tile set by tile set; this runs after every move of a
    // record that hides tiles.
    const TileSet table = layout_.on_table();
    auto& allowed = p.allowed;
    set_.for_each([&](Tile u) { allowed[static_cast<std::size_t>(u.index())] = all; });
    table.for_each([&](Tile u) {
        const auto i = static_cast<std::size_t>(u.index());
        allowed[i] = before(played_by_[i], played_at_[i]);
    });
    auto restrict_to = [&](TileSet ts, std::uint32_t m) {
        ts.for_each([&](Tile u) { allowed[static_cast<std::size_t>(u.index())] &= m; });
    };
    std::uint32_t in_hand = 0;
    for (int s = 0; s < n; ++s) {
        const SeatInfo& si = seats_[static_cast<std::size_t>(s)];
        si.known.for_each([&](Tile u) {
            allowed[static_cast<std::size_t>(u.index())] = w.seat[static_cast<std::size_t>(s)];
        });
        restrict_to(dealt_to_[static_cast<std::size_t>(s)], 1u << s);
        if (!si.out && si.count > 0) in_hand |= w.seat[static_cast<std::size_t>(s)];
    }
    // A tile a pose proves is in its poser's hand is known there: without the
    // proof it may be anywhere.
    if (!keep.proofs)
        for (const Proof& pr : proofs_)
            if (!table.contains(pr.tile)) allowed[static_cast<std::size_t>(pr.tile.index())] = all;
    if (keep.void_now) restrict_to(layout_.playable(set_ - table), ~in_hand);
    if (stock_known_) {
        TileSet in_stock;
        for (std::size_t k = 0; k < stock_.size(); ++k) {
            in_stock.insert(stock_[k]);
            allowed[static_cast<std::size_t>(stock_[k].index())] &=
                k < draws ? 1u << (first_draw + static_cast<int>(k)) : bone_bit;
        }
        restrict_to(set_ - in_stock, ~(draw_bits | bone_bit));
    }
    if (keep.proofs) {
        for (const Proof& pr : proofs_)
            allowed[static_cast<std::size_t>(pr.tile.index())] &= 1u << pr.seat;
        // Dealt to nobody: in the boneyard, or drawn.
        restrict_to(rank_proof_.above, ~((1u << n) - 1));
    }
    for (std::size_t c = 0; c < constraints_.size(); ++c) {
        const Constraint& k = constraints_[c];
        if (k.seat == keep.drop_seat) continue;
        restrict_to(k.fits, ~before(k.seat, k.event));
    }
    p.tiles = set_;
    return p;
}

bool HandState::placeable(const Keep& keep, PlacementCut* cut, Places* where) const {
    Places w;
    const PlacementProblem p = problem(keep, w);
    if (where) *where = w;
    const bool plain = keep.proofs && keep.drop_seat < 0 && !keep.void_now && !cut;
    if (!plain) return place_tiles(p, cut);
    // Most moves leave the last placement standing.
    if (have_witness_ && still_placed(p, witness_)) return true;
    Placement last = witness_;
    have_witness_ = place_tiles(p, nullptr, &witness_, have_witness_ ? &last : nullptr);
    return have_witness_;
}

std::optional<TileSet> HandState::fixed_deal(int seat) const {
    if (seat < 0 || seat >= v_.players) return std::nullopt;
    const auto s = static_cast<std::size_t>(seat);
    if (seats_[s].dealt) return dealt_to_[s];
    // One placement; the deal is fixed when no tile it puts in the seat's
    // dealt hand can be anywhere else.
    Places w;
    PlacementProblem p = problem(Keep{}, w);
    Placement found{};
    if (!place_tiles(p, nullptr, &found)) return std::nullopt;
    TileSet mine;
    p.tiles.for_each([&](Tile t) {
        if (found[static_cast<std::size_t>(t.index())] == seat) mine.insert(t);
    });
    bool fixed = true;
    mine.for_each([&](Tile t) {
        if (!fixed) return;
        auto& allowed = p.allowed[static_cast<std::size_t>(t.index())];
        const std::uint32_t was = allowed;
        allowed &= ~(1u << seat);
        fixed = !place_tiles(p);
        allowed = was;
    });
    if (!fixed) return std::nullopt;
    return mine;
}

int HandState::seat_of_place(int q) const {
    const int n = v_.players;
    if (q < n) return q;
    const int first_draw = n + (draw_game_ || set_.size() > n * v_.tiles_per_seat() ? 1 : 0);
    if (q < first_draw) return -1;
    const auto k = static_cast<std::size_t>(q - first_draw);
    return k < draws_.size() ? draws_[k].seat : -1;
}

bool HandState::witness_keeps_play(int seat, Tile t) const {
    return have_witness_ && seat_of_place(witness_[static_cast<std::size_t>(t.index())]) == seat;
}

bool HandState::witness_keeps_pass(int seat) const {
    if (!have_witness_) return false;
    bool kept = true;
    constraints_.back().fits.for_each([&](Tile u) {
        kept = kept && seat_of_place(witness_[static_cast<std::size_t>(u.index())]) != seat;
    });
    return kept;
}

Step HandState::play_after_block(int seat, Tile t) const {
    if (over_ != HandOver::blocked || seat < 0 || seat >= v_.players || !set_.contains(t) ||
        layout_.on_table().contains(t))
        return Step::ok();
    Step s = check_holding(seat, t);
    if (!s && s.event >= 0) return s;
    return Step::ok();
}

bool HandState::may_be_blocked() const {
    if (over_ != HandOver::no || !posed()) return over_ == HandOver::blocked;
    if (draw_game_ && bone_count_ > 0) return false;
    if (blocked() == std::optional<bool>(false)) return false;
    Keep keep;
    keep.void_now = true;
    return placeable(keep, nullptr);
}

namespace {
// "6 and 3", from a mask of numbers.
std::string numbers_text(std::uint8_t mask) {
    std::string s;
    int left = std::popcount(static_cast<unsigned>(mask));
    for (int v = 6; v >= 0; --v) {
        if (!(mask >> v & 1u)) continue;
        --left;
        fmt::format_to(std::back_inserter(s), "{}{}", v,
                       left == 0   ? ""
                       : left == 1 ? " and "
                                   : ", ");
    }
    return s;
}

// "A", "A and C", "A, B and D".
std::string names_text(const std::vector<std::string>& names) {
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i)
        s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return s;
}
}  // namespace

std::string HandState::pose_proof_words() const {
    if (!proofs_.empty())
        return fmt::format("the pose belonged to the holder of {} (so {} held it)",
                           proofs_[0].tile.str(), seat_name(proofs_[0].seat));
    const Tile t = rank_proof_.posed;
    // What ranks above it: higher doubles; for a tile that is no double,
    // every double, the tiles with more pips, and those of the same pips with
    // a higher half (6-3 above 5-4).
    std::string above;
    if (t.is_double()) {
        above = fmt::format("a double above {}", t.str());
    } else {
        std::vector<std::string> tied;
        bool heavier = false;
        rank_proof_.above.for_each([&](Tile u) {
            if (u.is_double()) return;
            if (u.pips() > t.pips())
                heavier = true;
            else
                tied.push_back(u.str());
        });
        above = "a double";
        if (heavier) above += fmt::format(", a tile of more than {} pips", t.pips());
        if (!tied.empty()) above += fmt::format(", {}", fmt::join(tied, " or "));
        if (const auto comma = above.rfind(", "); comma != std::string::npos) {
            above.replace(comma, 2, tied.empty() || !heavier ? " or " : ", or ");
        }
    }
    return fmt::format("{} posed {} under the draw-game pose rule, so no seat was dealt {}",
                       seat_name(rank_proof_.seat), t.str(), above);
}

// The tiles that have too little room, and why: which seats the record
// shows holding none of them (their passes and draws, cited by event), whose
// hands are known, and the room the others have.
std::string HandState::shortfall_words(const PlacementCut& cut, const Places& where, int seat,
                                       bool& several) const {
    const TileSet table = layout_.on_table();
    if (cut.places == 0 && !cut.tiles.empty() && (cut.tiles - rank_proof_.above).empty()) {
        // Tiles the pose proves nobody was dealt, played or held by a seat
        // that had drawn none of them.
        std::string out;
        std::vector<std::string> who;
        for (int s = 0; s < v_.players; ++s) {
            TileSet played, held = cut.tiles & seats_[static_cast<std::size_t>(s)].known;
            (cut.tiles & table).for_each([&](Tile u) {
                if (played_by_[static_cast<std::size_t>(u.index())] == s) played.insert(u);
            });
            if (!played.empty())
                fmt::format_to(std::back_inserter(out), "{}{} played {}", out.empty() ? "" : ", ",
                               seat_name(s), played.str());
            if (!held.empty())
                fmt::format_to(std::back_inserter(out), "{}{} holds {}", out.empty() ? "" : ", ",
                               seat_name(s), held.str());
            if (!played.empty() || !held.empty()) who.emplace_back(1, seat_name(s));
        }
        several = cut.tiles.size() > 1;
        fmt::format_to(std::back_inserter(out), ", and no draw of {} can account for {}",
                       names_text(who), several ? "them" : "it");
        return out;
    }
    TileSet hidden = cut.tiles - table;
    for (int s = 0; s < v_.players; ++s) hidden -= seats_[static_cast<std::size_t>(s)].known;
    const TileSet played = cut.tiles & table;
    // What has too little room: the tiles nobody has shown, or else the
    // tiles played (from a hand that had no room for them) or held.
    const TileSet subject = !hidden.empty() ? hidden : !played.empty() ? played : cut.tiles - table;
    several = subject.size() > 1;
    const char* them = several ? "them" : "it";
    std::string out;
    if (!hidden.empty()) {
        out = fmt::format("the {} {} not on the layout", hidden.str(), several ? "are" : "is");
    } else if (!played.empty()) {
        for (int s = 0; s < v_.players; ++s) {
            TileSet mine;
            played.for_each([&](Tile u) {
                if (played_by_[static_cast<std::size_t>(u.index())] == s) mine.insert(u);
            });
            if (!mine.empty())
                fmt::format_to(std::back_inserter(out), "{}{} played {}", out.empty() ? "" : ", ",
                               seat_name(s), mine.str());
        }
    } else {
        out = fmt::format("{} cannot all be held", subject.str());
    }
    std::vector<std::string> none, known, cites, room;
    for (int s = 0; s < v_.players; ++s) {
        const bool has_room = (where.seat[static_cast<std::size_t>(s)] & cut.places) != 0;
        if (has_room) room.emplace_back(1, seat_name(s));
        if (s == seat) continue;
        std::string mine;
        for (const Constraint& c : constraints_) {
            if (c.seat != s || (c.fits & subject).empty()) continue;
            fmt::format_to(std::back_inserter(mine), "{}{} {} at {} on {}",
                           mine.empty() ? "" : ", ", seat_name(s), c.from_draw ? "drew" : "passed",
                           event_mark(c.event), numbers_text(c.ends));
        }
        if (!mine.empty()) {
            none.emplace_back(1, seat_name(s));
            cites.push_back(std::move(mine));
        } else if (!has_room && !hidden.empty() && seats_[static_cast<std::size_t>(s)].exact()) {
            known.push_back(fmt::format("{}'s hand is known", seat_name(s)));
        }
    }
    if (!none.empty())
        fmt::format_to(std::back_inserter(out), ", {} showed {} held none of {} then ({})",
                       names_text(none), none.size() == 1 ? "it" : "they", them, names_text(cites));
    for (const auto& k : known) fmt::format_to(std::back_inserter(out), ", {}", k);
    if (where.boneyard >= 0 && (cut.places >> where.boneyard & 1u)) room.push_back("the boneyard");
    if (where.unused >= 0 && (cut.places >> where.unused & 1u)) room.push_back("the unused tiles");
    if (!room.empty())
        fmt::format_to(std::back_inserter(out), ", and {} {} room for only {} of {}",
                       names_text(room),
                       room.size() == 1 && room[0] != "the unused tiles" ? "has" : "have",
                       std::max(0, cut.room - (cut.tiles - subject).size()), them);
    else
        fmt::format_to(std::back_inserter(out), ", and nobody else can hold {}", them);
    return out;
}

Step HandState::own_passes_or_pose(const Step& direct, int seat, std::optional<Tile> t,
                                   std::optional<End> end,
                                   std::span<const Tile> remain_tiles) const {
    if ((direct.fault != Fault::illegal_pass && direct.fault != Fault::illegal_draw) ||
        !pose_proven())
        return direct;
    // Replayed without the seat's passes and draws: when the pose is then at
    // fault, the event needs both.
    HandState c = *this;
    std::erase_if(c.constraints_, [&](const Constraint& k) { return k.seat == seat; });
    c.have_witness_ = false;
    const Step r = t ? c.play(seat, *t, end) : c.remain(seat, remain_tiles);
    if (r.fault != Fault::wrong_pose || r.event != pose_proof_event()) return direct;
    return Step::fail(Fault::wrong_pose, fmt::format("{}; and {}", r.why, direct.why), r.event);
}

Step HandState::no_placement(int seat, std::optional<Tile> t, Fault own, bool remain_line) const {
    PlacementCut cut;
    Places where;
    placeable(Keep{}, &cut, &where);
    bool several = false;
    if (own == Fault::illegal_pass || own == Fault::illegal_draw) {
        const std::uint8_t ends = constraints_.empty() ? 0 : constraints_.back().ends;
        std::string core = shortfall_words(cut, where, seat, several);
        const int at = own == Fault::illegal_pass ? events_ - 1 : draws_.back().event;
        return Step::fail(
            own, fmt::format("{} {} at {} on {}; {}: {} held {}", seat_name(seat),
                             own == Fault::illegal_pass ? "passed" : "drew", event_mark(at),
                             numbers_text(ends), core, seat_name(seat),
                             several ? "at least one of them" : "it"));
    }
    const std::string what = t ? fmt::format("{}'s {}", seat_name(seat), t->str())
                               : fmt::format("{}'s remain line", seat_name(seat));
    if (pose_proven()) {
        Keep k;
        k.proofs = false;
        if (placeable(k, nullptr))
            return Step::fail(Fault::wrong_pose,
                              fmt::format("{}, but after {}: {}", pose_proof_words(), what,
                                          shortfall_words(cut, where, -1, several)),
                              pose_proof_event());
    }
    const Constraint* first = nullptr;
    const Constraint* holding = nullptr;
    for (const Constraint& c : constraints_)
        if (c.seat == seat) {
            if (!first) first = &c;
            if (!holding && t && c.fits.contains(*t)) holding = &c;
        }
    if (first) {
        Keep k;
        k.drop_seat = seat;
        bool by_passes = placeable(k, nullptr);
        if (!by_passes && pose_proven()) {
            k.proofs = false;
            if (placeable(k, nullptr))
                return Step::fail(
                    Fault::wrong_pose,
                    fmt::format("{}, and with {}'s {} no placement of the unseen tiles allows {}: "
                                "{}",
                                pose_proof_words(), seat_name(seat),
                                first->from_draw ? "passes and draws" : "passes", what,
                                shortfall_words(cut, where, -1, several)),
                    pose_proof_event());
        }
        if (by_passes) {
            const Constraint& c = holding ? *holding : *first;
            return Step::fail(
                c.from_draw ? Fault::illegal_draw : Fault::illegal_pass,
                fmt::format("{} {} at {} on {} while holding a tile that fitted (proven "
                            "by {}): {}",
                            seat_name(seat), c.from_draw ? "drew" : "passed", event_mark(c.event),
                            numbers_text(c.ends), what, shortfall_words(cut, where, -1, several)),
                c.event);
        }
    }
    if (remain_line)
        return Step::fail(Fault::bad_deal,
                          fmt::format("{} cannot hold these tiles: {}", seat_name(seat),
                                      shortfall_words(cut, where, -1, several)));
    return Step::fail(Fault::not_in_hand,
                      fmt::format("{} cannot hold {}: {}", seat_name(seat), t ? t->str() : "it",
                                  shortfall_words(cut, where, -1, several)));
}

}  // namespace pips
