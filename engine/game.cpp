#include "engine/game.hpp"

#include <algorithm>
#include <array>

namespace pips {

namespace {

std::string seat_name(int s) {
    return std::string(1, static_cast<char>('A' + s));
}

constexpr std::uint8_t bit(int seat) {
    return static_cast<std::uint8_t>(1u << seat);
}

// The rule without its explanation: a Game is copied at every node of a
// search, and the words would be copied with it.
PoseRule rule_only(const PoseRule& p) {
    PoseRule r;
    r.known = p.known;
    r.seats = p.seats;
    r.holder = p.holder;
    r.draw_holder = p.draw_holder;
    r.what = p.what;
    r.may_pass = p.may_pass;
    return r;
}

}  // namespace

// --- Move -------------------------------------------------------------------

Move Move::pose(int seat, Tile t, bool flip) {
    Move m;
    m.kind = Kind::pose;
    m.seat = seat;
    m.tile = t;
    m.flip = flip;
    return m;
}

Move Move::play(int seat, Tile t, std::optional<End> end) {
    Move m;
    m.kind = Kind::play;
    m.seat = seat;
    m.tile = t;
    m.end = end;
    return m;
}

Move Move::pass(int seat) {
    Move m;
    m.seat = seat;
    return m;
}

Move Move::draw(int seat) {
    Move m;
    m.kind = Kind::draw;
    m.seat = seat;
    return m;
}

Move Move::foul(int seat, Tile t) {
    Move m;
    m.kind = Kind::foul;
    m.seat = seat;
    m.tile = t;
    return m;
}

std::string Move::str() const {
    std::string s = seat_name(seat) + ":";
    switch (kind) {
        case Kind::pose:
            return s + (flip ? Tile(tile.lo, tile.hi).str() : tile.str());
        case Kind::play:
            s += tile.str();
            if (end) s += end_letter(*end);
            return s;
        case Kind::pass:
            return s + "pass";
        case Kind::draw:
            return s + "draw";
        case Kind::foul:
            return s + "foul " + tile.str();
    }
    return s;
}

// --- free functions -----------------------------------------------------------

Deal shuffled_deal(const Variant& v, std::mt19937_64& rng) {
    std::vector<Tile> all;
    v.tile_set().for_each([&](Tile t) { all.push_back(t); });
    std::shuffle(all.begin(), all.end(), rng);
    Deal d;
    const auto per = static_cast<std::ptrdiff_t>(v.tiles_per_seat());
    for (std::ptrdiff_t s = 0; s < v.players; ++s)
        d.hands.emplace_back(all.begin() + s * per, all.begin() + (s + 1) * per);
    if (v.draw_game()) d.stock.assign(all.begin() + v.players * per, all.end());
    return d;
}

std::vector<PoseCandidate> draw_pose_candidates(std::span<const TileSet> dealt) {
    std::vector<PoseCandidate> out;
    TileSet all;
    for (TileSet s : dealt) all |= s;
    auto holder = [&](Tile t) {
        for (std::size_t s = 0; s < dealt.size(); ++s)
            if (dealt[s].contains(t)) return static_cast<int>(s);
        return -1;
    };
    for (int d = 6; d >= 0; --d)
        if (all.contains(Tile(d, d))) return {{holder(Tile(d, d)), Tile(d, d)}};
    // No double dealt: the tile with the most pips, the higher half breaking
    // a tie (6-3 before 5-4). Two tiles of the same pips and the same higher
    // half are the same tile, so there is one candidate.
    std::optional<Tile> best;
    all.for_each([&](Tile t) {
        if (!best || t.pips() > best->pips() || (t.pips() == best->pips() && t.hi > best->hi))
            best = t;
    });
    if (best) out.push_back({holder(*best), *best});
    return out;
}

TileSet draw_pose_outranks(Tile posed, TileSet set) {
    TileSet above;
    set.for_each([&](Tile u) {
        if (u == posed) return;
        std::array<TileSet, 2> dealt{};
        dealt[0].insert(posed);
        dealt[1].insert(u);
        const auto c = draw_pose_candidates(dealt);
        if (std::find(c.begin(), c.end(), PoseCandidate{0, posed}) == c.end()) above.insert(u);
    });
    return above;
}

// --- Game: setting up ---------------------------------------------------------

Game::Game(const Variant& v) : rules_(make_rules(v)), h_(v) {}

Game Game::at(const HandState& h) {
    Game g(h.variant());
    g.h_ = h;
    g.hand_ = 1;
    g.pr_ = rule_only(g.rules_->pose_rule(g.m_));
    if (h.over() != HandOver::no) g.finish_hand();
    return g;
}

Step Game::deal(const Deal& d) {
    const Variant& v = variant();
    if (m_.over) return Step::fail(Fault::bad_deal, "the match is over");
    if (hand_ > 0 && h_.over() == HandOver::no)
        return Step::fail(Fault::bad_deal, "hand " + std::to_string(hand_) + " is not over");
    if (static_cast<int>(d.hands.size()) != v.players)
        return Step::fail(Fault::bad_deal, "a deal is needed for each of the " +
                                               std::to_string(v.players) + " seats, not " +
                                               std::to_string(d.hands.size()));
    HandState h(v);
    for (int s = 0; s < v.players; ++s) {
        if (d.hidden & bit(s)) continue;
        if (Step st = h.deal(s, d.hands[static_cast<std::size_t>(s)]); !st)
            return Step::fail(Fault::bad_deal, "deal " + seat_name(s) + ": " + st.why);
    }
    if (v.draw_game()) {
        if (!d.stock_hidden)
            if (Step st = h.stock(d.stock); !st)
                return Step::fail(Fault::bad_deal, "stock: " + st.why);
    } else if (!d.stock.empty()) {
        return Step::fail(Fault::bad_deal, v.name() + " has no boneyard to draw from");
    }
    h.start();
    h_ = std::move(h);
    s_ = HandScore{};
    result_.reset();
    pr_ = rule_only(rules_->pose_rule(m_));
    pose_passes_ = 0;
    last_points_ = 0;
    ++hand_;
    return Step::ok();
}

// --- Game: queries -------------------------------------------------------------

TileSet Game::may_hold(int seat) const {
    const SeatInfo& si = h_.seat(seat);
    if (si.exact()) return si.known;
    return si.known | h_.unplaced();
}

int Game::holder_of(Tile t) const {
    for (int s = 0; s < variant().players; ++s)
        if (h_.seat(s).known.contains(t)) return s;
    return -1;
}

bool Game::same_position(const Move& a, const Move& b) const {
    if (a.kind != Move::Kind::play || b.kind != Move::Kind::play || !(a.tile == b.tile))
        return false;
    const Layout& l = h_.layout();
    Layout::Ends fit = l.fitting(a.tile);
    if (fit.empty()) return false;
    return l.same_result(a.tile, a.end.value_or(fit.front()), b.end.value_or(fit.front()),
                         variant().traits().scores_in_play);
}

int Game::points_after(const Move& m) const {
    if (!variant().traits().scores_in_play || m.kind != Move::Kind::play) return 0;
    Layout::Ends fit = h_.layout().fitting(m.tile);
    const End e = m.end.value_or(fit.empty() ? End::L : fit.front());
    if (!h_.layout().fits(m.tile, e)) return 0;
    Layout x = h_.layout();
    x.play(m.tile, e);
    return fives_threes_points(x.open_total());
}

// --- Game: listing moves -------------------------------------------------------

template <class Out>
void Game::list_moves(Out& out) const {
    if (hand_ == 0 || h_.over() != HandOver::no) return;
    if (!h_.posed())
        pose_moves(out);
    else
        turn_moves(out);
}

std::vector<Move> Game::legal_moves() const {
    std::vector<Move> out;
    list_moves(out);
    return out;
}

void Game::legal_moves(MoveList& out) const {
    out.clear();
    list_moves(out);
}

// After `seat` passes at the pose, some seat that may still pose may hold a
// tile it may pose.
bool Game::pass_at_pose_leads_on(int seat) const {
    const int n = variant().players;
    if (pose_passes_ + 1 >= n) return false;
    // What pose_moves lets a seat pose: a double on a spinner layout or
    // where the rule asks for one, else any tile.
    const bool a_double = variant().layout() == LayoutKind::spinner ||
                          (pr_.known && pr_.what == PoseRule::What::a_double);
    for (int k = 1; k <= n - 1 - pose_passes_; ++k) {
        TileSet t = may_hold((seat + k) % n);
        if (a_double ? t.has_double() : !t.empty()) return true;
    }
    return false;
}

template <class Out>
void Game::pose_moves(Out& out) const {
    const Variant& v = variant();
    const bool spinner = v.layout() == LayoutKind::spinner;
    auto poses = [&](int s, TileSet tiles) {
        tiles.for_each([&](Tile t) {
            if (spinner && !t.is_double()) return;
            if (pr_.known && pr_.what == PoseRule::What::a_double && !t.is_double()) return;
            out.push_back(Move::pose(s, t));
        });
    };
    std::uint8_t seats = pr_.known ? pr_.seats : 0xF;
    if (pose_passes_ > 0) seats = bit(h_.turn());
    if (pr_.known && pose_passes_ == 0 && pr_.draw_holder) {
        std::array<TileSet, 4> dealt{};
        bool all = true;
        for (int s = 0; s < v.players; ++s) {
            all = all && h_.seat(s).dealt;
            dealt[static_cast<std::size_t>(s)] = h_.seat(s).known;
        }
        if (all) {
            auto c = draw_pose_candidates(std::span<const TileSet>(dealt.data(), 4));
            for (const auto& p : c) out.push_back(Move::pose(p.seat, p.tile));
            return;
        }
        seats = 0xF;  // not every deal is shown: the rule cannot be applied
    } else if (pr_.known && pose_passes_ == 0 && pr_.holder) {
        const Tile t = *pr_.holder;
        const int hold = holder_of(t);
        for (int s = 0; s < v.players; ++s) {
            if (hold >= 0 ? s != hold : !may_hold(s).contains(t)) continue;
            if (pr_.what == PoseRule::What::holder_tile)
                out.push_back(Move::pose(s, t));
            else
                poses(s, may_hold(s));
        }
        return;
    }
    for (int s = 0; s < v.players; ++s)
        if (seats & bit(s)) poses(s, may_hold(s));
    if (!pr_.may_pass) return;
    for (int s = 0; s < v.players; ++s)
        if ((seats & bit(s)) && pass_at_pose_leads_on(s)) out.push_back(Move::pass(s));
}

template <class Out>
void Game::turn_moves(Out& out) const {
    const Variant& v = variant();
    const int s = h_.turn();
    const Layout& l = h_.layout();
    const bool count_doubles = v.traits().scores_in_play;
    l.playable(may_hold(s)).for_each([&](Tile t) {
        const Layout::Ends ends = l.fitting(t);
        bool same = true;
        for (End e : ends) same = same && l.same_result(t, ends.front(), e, count_doubles);
        if (same) {
            out.push_back(Move::play(s, t, ends.front()));
            return;
        }
        for (End e : ends) {
            out.push_back(Move::play(s, t, e));
            out.back().end_matters = true;
        }
    });
    const std::optional<bool> able = h_.can_play(s);
    if (able != std::optional<bool>(true)) {
        if (v.draw_game() && h_.boneyard() > 0)
            out.push_back(Move::draw(s));
        else
            out.push_back(Move::pass(s));
    } else if (v.traits().pass_while_able) {
        out.push_back(Move::pass(s));
    }
}

// --- Game: making moves --------------------------------------------------------

Step Game::check_pose(const Move& m, std::optional<Tile>& proof, TileSet& outranks) const {
    if (!pr_.known) return Step::ok();
    const int seat = m.seat;
    if (pose_passes_ > 0) {
        if (seat != h_.turn())
            return Step::fail(Fault::wrong_pose,
                              "it is " + seat_name(h_.turn()) + "'s turn to pose");
    } else if (pr_.draw_holder) {
        bool all = true;
        std::array<TileSet, 4> dealt{};
        for (int s = 0; s < variant().players; ++s) {
            all = all && h_.seat(s).dealt;
            dealt[static_cast<std::size_t>(s)] = h_.seat(s).known;
        }
        if (!all) {
            if (m.tile == Tile(6, 6)) proof = Tile(6, 6);
            outranks = draw_pose_outranks(m.tile, variant().tile_set());
            return Step::ok();
        }
        const auto c = draw_pose_candidates(std::span<const TileSet>(dealt.data(), 4));
        if (std::find(c.begin(), c.end(), PoseCandidate{seat, m.tile}) == c.end())
            return Step::fail(Fault::wrong_pose,
                              seat_name(seat) + " may not pose " + m.tile.str() +
                                  ": the holder of 6-6, or else of the highest double dealt, "
                                  "or else of the heaviest tile, the higher half breaking a "
                                  "tie, poses it");
        return Step::ok();
    } else if (pr_.holder) {
        const int hold = holder_of(*pr_.holder);
        if (hold >= 0 && hold != seat)
            return Step::fail(Fault::wrong_pose,
                              seat_name(hold) + " holds " + pr_.holder->str() + " and poses");
        if (hold < 0) proof = *pr_.holder;
        if (pr_.what == PoseRule::What::holder_tile && !(m.tile == *pr_.holder))
            return Step::fail(Fault::wrong_pose, "the pose must be " + pr_.holder->str());
        return Step::ok();
    } else if (!(pr_.seats & bit(seat))) {
        return Step::fail(Fault::wrong_pose, seat_name(seat) + " may not pose");
    }
    if (pr_.what == PoseRule::What::a_double && !m.tile.is_double())
        return Step::fail(Fault::wrong_pose, "the pose must be a double");
    return Step::ok();
}

Step Game::pass_at_pose(const Move& m) {
    const int n = variant().players;
    if (!pr_.may_pass) return Step::fail(Fault::wrong_pose, "the hand must begin with a pose");
    if (pose_passes_ == 0 && !(pr_.seats & bit(m.seat)))
        return Step::fail(Fault::wrong_pose, seat_name(m.seat) + " may not pose");
    if (pose_passes_ > 0 && m.seat != h_.turn())
        return Step::fail(Fault::wrong_pose, "it is " + seat_name(h_.turn()) + "'s turn to pose");
    if (pose_passes_ + 1 >= n)
        return Step::fail(Fault::wrong_pose, "every seat passed at the pose");
    const std::optional<bool> able = h_.can_play(m.seat);
    if (Step st = h_.pass_before_pose(m.seat); !st) return st;
    ++pose_passes_;
    last_points_ = rules_->on_event(s_, h_, {Event::Kind::pass, m.seat, {}, able}, m_);
    return Step::ok();
}

Step Game::apply_move(const Move& m, Event& e) {
    e.seat = m.seat;
    e.tile = m.tile;
    const bool in_turn = m.seat == h_.turn();
    auto out_of_turn = [&] {
        return Step::fail(Fault::not_in_hand, "it is " + seat_name(h_.turn()) + "'s turn, not " +
                                                  seat_name(m.seat) + "'s");
    };
    switch (m.kind) {
        case Move::Kind::pose: {
            e.kind = Event::Kind::pose;
            if (h_.posed()) return Step::fail(Fault::wrong_pose, "the hand is already posed");
            std::optional<Tile> proof;
            TileSet outranks;
            if (Step st = check_pose(m, proof, outranks); !st) return st;
            const int a = m.flip ? m.tile.lo : m.tile.hi, b = m.flip ? m.tile.hi : m.tile.lo;
            return h_.pose(m.seat, m.tile, a, b, proof, outranks);
        }
        case Move::Kind::play:
            e.kind = Event::Kind::play;
            if (h_.posed() && !in_turn) return out_of_turn();
            return h_.play(m.seat, m.tile, m.end);
        case Move::Kind::pass:
            e.kind = Event::Kind::pass;
            if (!in_turn) return out_of_turn();
            e.able = h_.can_play(m.seat);
            return h_.pass(m.seat);
        case Move::Kind::draw:
            e.kind = Event::Kind::draw;
            e.tile = Tile{};
            if (!h_.posed()) return Step::fail(Fault::wrong_pose, "the hand has not been posed");
            if (!in_turn) return out_of_turn();
            return h_.draw(m.seat);
        case Move::Kind::foul:
            e.kind = Event::Kind::foul;
            if (h_.posed() && !in_turn) return out_of_turn();
            return h_.foul(m.seat, m.tile);
    }
    return Step::fail(Fault::not_in_hand, "not a move");
}

// Where tiles are hidden, or a deal line is missing at a pose, the hand
// refuses a move (or a remain line) that leaves no placement of them only
// after taking it (the checker stops there); a game refuses without a
// change, so it keeps the hand to go back.
std::optional<HandState> Game::undo_point(bool pose) const {
    for (int s = 0; s < variant().players; ++s)
        if (!h_.seat(s).exact() || (pose && !h_.seat(s).dealt)) return h_;
    return std::nullopt;
}

Step Game::apply(const Move& m) {
    const Variant& v = variant();
    if (hand_ == 0) return Step::fail(Fault::wrong_pose, "no hand is dealt");
    if (h_.over() != HandOver::no) return Step::fail(Fault::after_end, "the hand is already over");
    if (m.seat < 0 || m.seat >= v.players)
        return Step::fail(Fault::not_in_hand, "seat " + std::to_string(m.seat) +
                                                  " is not at this table of " +
                                                  std::to_string(v.players));
    if (m.kind == Move::Kind::pass && !h_.posed()) return pass_at_pose(m);
    std::optional<HandState> before = undo_point(m.kind == Move::Kind::pose);
    Event e;
    if (Step st = apply_move(m, e); !st) {
        if (before) h_ = std::move(*before);
        return st;
    }
    last_points_ = rules_->after_move(s_, h_, e, m_);
    if (h_.over() != HandOver::no) finish_hand();
    return Step::ok();
}

Step Game::remain(int seat, std::span<const Tile> tiles) {
    if (hand_ == 0) return Step::fail(Fault::bad_deal, "no hand is dealt");
    const bool over = h_.over() != HandOver::no;
    std::optional<HandState> before = undo_point();
    if (Step st = h_.remain(seat, tiles); !st) {
        if (before) h_ = std::move(*before);
        return st;
    }
    if (!over && h_.over() != HandOver::no) finish_hand();
    return Step::ok();
}

void Game::set_match(const MatchState& m) {
    m_ = m;
    h_ = HandState(variant());
    h_.end_by_target();  // no hand in play: the next deal is accepted
    s_ = HandScore{};
    result_.reset();
    pr_ = rule_only(rules_->pose_rule(m_));
}

void Game::finish_hand() {
    result_ = rules_->result(h_, s_, m_, hand_);
    if (result_->known) {
        rules_->apply(m_, *result_);
    } else {
        // As the checker does when a hand cannot be scored: the match state is
        // unknown from here on.
        m_.first = false;
        m_.known = false;
    }
}

}  // namespace pips
