// fuzz_engine: the rules engine driven directly, without the parser, through
// its game API (engine/game.hpp).
//
// The input is decoded into a variant (a rule set, a player count and
// options, made with make_variant from a rules spec), then hands: a deal from
// a shuffled set (some lines shown, some not, sometimes spoiled), then a
// sequence of actions: a move chosen from Game::legal_moves(), or an arbitrary
// pose, play, pass, draw or foul (seats, tiles and ends taken from the input),
// a remain line, or the read-only queries the checker makes. The fuzzer so
// reaches both the refusals and the end of hands and matches: a move by a seat
// out of turn, a tile the seat does not hold, an end of the wrong layout must
// come back as a failed Step.
//
// Traps (__builtin_trap) when:
//   - check_invariants() is not empty after an accepted action;
//   - a refused action changed the game;
//   - an accepted play or pose did not put its tile on the table;
//   - with every hand known, a move legal_moves() listed was refused, or the
//     hand ended without a result;
//   - a move applied to a clone changed the original.
//
// Known bugs are stepped around (fuzz/known_bugs.hpp; PIPS_FUZZ_STRICT=1 turns
// that off).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/hand.hpp"
#include "engine/layout.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"
#include "fuzz/known_bugs.hpp"

namespace {

using namespace pips;

void require(bool ok) {
    if (!ok) __builtin_trap();
}

// The input, read a byte at a time; zeros once it runs out.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
    bool empty() const { return p_ == end_; }
    std::uint8_t byte() { return p_ == end_ ? 0 : *p_++; }
    int below(int n) { return n <= 1 ? 0 : byte() % n; }
    bool flag() { return byte() & 1; }
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = v << 8 | byte();
        return v;
    }

private:
    const std::uint8_t* p_;
    const std::uint8_t* end_;
};

// Deterministic shuffles from a seed (splitmix64): a 4-byte seed stands for a
// whole deal, so the rest of the input goes to the play.
class Shuffler {
public:
    explicit Shuffler(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[next() % i]);
    }

private:
    std::uint64_t s_;
};

struct Table {
    const char* rules;
    int players;
};
constexpr Table kTables[] = {
    {"jamaican", 4},   {"cutthroat", 2},    {"cutthroat", 3},    {"cutthroat", 4},
    {"french", 4},     {"chiva", 2},        {"chiva", 3},        {"chiva", 4},
    {"quinientos", 4}, {"fives-threes", 2}, {"fives-threes", 4},
};

// A rules spec ("quinientos:capicu,bonus") with the options the input picks.
Variant decode_variant(Input& in) {
    const Table& t = kTables[in.below(static_cast<int>(std::size(kTables)))];
    const std::uint8_t bits = in.byte();
    std::string spec = t.rules;
    int i = 0;
    for (std::string_view w : option_words(*parse_rules_id(t.rules))) {
        if (bits & (1u << i++)) {
            spec += spec.find(':') == std::string::npos ? ':' : ',';
            spec += w;
        }
    }
    const RulesSpec rs = split_rules_spec(spec);
    Variant v;
    if (make_variant(rs.rules, t.players, rs.options, v)) {
        // An option the table does not allow (draw with 3 players): play without.
        require(!make_variant(rs.rules, t.players, "", v));
    }
    return v;
}

Tile any_tile(Input& in) {
    return Tile::from_index(in.below(kTiles));
}

std::optional<End> any_end(Input& in) {
    int e = in.below(7);
    if (e == 0) return std::nullopt;
    return static_cast<End>(e - 1);
}

std::vector<Tile> tiles_of(TileSet s) {
    std::vector<Tile> v;
    s.for_each([&](Tile t) { v.push_back(t); });
    return v;
}

// Everything about a game that a move can change: a refused move must leave
// it as it was.
struct Snapshot {
    int hand, events, tiles, turn, boneyard, passes, last_player, poser, points;
    std::uint32_t on_table;
    HandOver over;
    std::array<std::array<int, 6>, 4> seats;
    std::array<int, 4> score, match;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const Game& g) {
    const HandState& h = g.hand();
    Snapshot s{g.hand_number(),    h.event_count(),
               h.layout().tiles(), h.turn(),
               h.boneyard(),       h.passes_in_row(),
               h.last_player(),    h.poser(),
               g.last_points(),    h.layout().on_table().bits(),
               h.over(),           {},
               g.score().points,   g.match().score};
    for (int p = 0; p < 4; ++p) {
        const SeatInfo& si = h.seat(p);
        s.seats[p] = {static_cast<int>(si.known.bits()), si.count, si.dealt, si.out, si.played, 0};
    }
    return s;
}

void check_accepted(const Game& g) {
    const std::string why = g.hand().check_invariants();
    require(why.empty());
}

// Every hand known (and in draw games the stock): the moves listed are legal.
bool all_known(const Game& g) {
    const HandState& h = g.hand();
    for (int s = 0; s < h.players(); ++s)
        if (!h.seat(s).exact()) return false;
    return !h.variant().draw_game() || h.boneyard() == 0 || h.stock_known();
}

// Read-only queries the checker makes between moves (notes, scoring).
void query(const Game& g) {
    const HandState& h = g.hand();
    const Layout& l = h.layout();
    (void)l.str();
    (void)l.open_total();
    (void)l.key_tile();
    if (l.kind() == LayoutKind::line && !l.empty()) {
        (void)l.hard(End::L);
        (void)l.hard(End::R);
    }
    for (End e : l.ends()) {
        (void)l.end_value(e);
        (void)l.double_at(e);
    }
    (void)h.blocked();
    (void)h.unplaced();
    for (int s = 0; s < h.players(); ++s) {
        (void)h.can_play(s);
        (void)h.pip_count(s);
        (void)h.hand_of(s);
        (void)h.proven_void(s);
    }
    for (int p = 0; p < h.variant().parties(); ++p) (void)g.rules().party_name(p);
}

class Driver {
public:
    Driver(Input& in, const Variant& v) : in_(in), v_(v), g_(v) {}

    void run() {
        for (int hand = 1; hand <= 6 && !in_.empty() && !g_.match_over(); ++hand) {
            if (!deal()) return;
            play_hand();
        }
    }

private:
    int seat() { return in_.below(v_.players); }

    // Runs a move; a refused one must change nothing, an accepted one must
    // keep the invariants. PIPS_FUZZ_TRACE=1 prints each move to stderr.
    template <class F>
    bool step(const char* what, const std::string& move, F&& act) {
        const Snapshot before = snapshot(g_);
        const Step st = act();
        if (trace_)
            std::fprintf(stderr, "%-8s %-12s -> %s\n", what, move.c_str(),
                         st ? "ok" : st.why.c_str());
        if (st) {
            check_accepted(g_);
            if (g_.hand_over()) require(g_.result().has_value());
        } else {
            require(st.fault != Fault::none);
            require(snapshot(g_) == before);
        }
        return static_cast<bool>(st);
    }

    bool apply(const Move& m) {
        const int tiles = g_.hand().layout().tiles();
        const bool ok = step("move", m.str(), [&] { return g_.apply(m); });
        if (ok && (m.kind == Move::Kind::play || m.kind == Move::Kind::pose)) {
            require(g_.hand().layout().on_table().contains(m.tile));
            require(g_.hand().layout().tiles() == tiles + 1);
        }
        return ok;
    }

    // The deal of the next hand: first perhaps spoiled (it must be refused
    // and change nothing), then as shuffled, with some lines not shown.
    bool deal() {
        Shuffler shuffler(in_.u32());
        std::vector<Tile> tiles = tiles_of(v_.tile_set());
        shuffler.shuffle(tiles);
        Deal d;
        const auto per = static_cast<std::ptrdiff_t>(v_.tiles_per_seat());
        for (std::ptrdiff_t s = 0; s < v_.players; ++s)
            d.hands.emplace_back(tiles.begin() + s * per, tiles.begin() + (s + 1) * per);
        if (v_.draw_game()) d.stock.assign(tiles.begin() + v_.players * per, tiles.end());
        const std::uint8_t shown = in_.byte();
        d.hidden = static_cast<std::uint8_t>(~shown & 0xF);
        d.stock_hidden = !(shown & 0x10);
        Deal bad = d;
        bad.hidden = 0;
        bad.stock_hidden = false;
        auto& line = bad.hands[0];
        switch (in_.below(16)) {
            case 1:  // a tile of the set, maybe another seat's
                line[static_cast<std::size_t>(in_.below(static_cast<int>(line.size())))] =
                    any_tile(in_);
                break;
            case 2:  // a tile short
                line.pop_back();
                break;
            case 3:  // a tile too many
                line.push_back(any_tile(in_));
                break;
            case 4:  // a seat too few
                bad.hands.pop_back();
                break;
            case 6:  // a tile twice in the line
                line[0] = line[1];
                break;
            case 7:  // the stock a tile short, or none shown where one is needed
                if (!bad.stock.empty()) bad.stock.pop_back();
                break;
            case 8:  // a dealt tile in the stock; a stock where there is no boneyard
                if (bad.stock.empty())
                    bad.stock.push_back(tiles.front());
                else
                    bad.stock.front() = tiles.front();
                break;
            default:
                break;
        }
        step("deal", "spoiled", [&] { return g_.deal(bad); });
        if (g_.hand_number() > 0 && !g_.hand_over()) return true;  // the spoil was harmless
        if (!step("deal", "", [&] { return g_.deal(d); })) return false;
        if (trace_) std::fprintf(stderr, "start    %s\n", v_.name().c_str());
        return true;
    }

    // A move from the list, or any move the input spells.
    void listed_move() {
        const std::vector<Move> moves = g_.legal_moves();
        if (moves.empty()) return;
        Move m = moves[static_cast<std::size_t>(in_.below(static_cast<int>(moves.size())))];
        if (m.kind == Move::Kind::play && !m.end_matters && in_.flag()) m.end.reset();
        if (in_.flag()) {
            // The move on a clone leaves the original as it was.
            const Snapshot before = snapshot(g_);
            Game c = g_.clone();
            (void)c.apply(m);
            require(snapshot(g_) == before);
        }
        const bool known = all_known(g_);
        const bool ok = apply(m);
        if (known) require(ok);
    }

    void remain() {
        const int s = seat();
        TileSet shown;
        if (in_.flag())
            shown = g_.hand().seat(s).known;
        else
            shown = TileSet::from_bits(in_.u32() & TileSet::full().bits());
        std::vector<Tile> line = tiles_of(shown);
        if (step("remain", std::string(1, static_cast<char>('A' + s)),
                 [&] { return g_.remain(s, line); }))
            require(g_.hand().seat(s).known == shown);
    }

    void play_hand() {
        for (int moves = 0; moves < 300 && !in_.empty(); ++moves) {
            if (g_.hand_over()) break;  // on to the next hand
            const int op = in_.below(16);
            const int turn = g_.hand().turn() >= 0 ? g_.hand().turn() : seat();
            if (op < 8) {
                listed_move();
            } else if (op == 8) {
                if (g_.hand().posed())
                    apply(Move::play(seat(), any_tile(in_), any_end(in_)));
                else
                    apply(Move::pose(seat(), any_tile(in_), in_.flag()));
            } else if (op == 9) {
                apply(Move::play(turn, any_tile(in_), any_end(in_)));
            } else if (op == 10) {
                apply(Move::pass(in_.flag() ? turn : seat()));
            } else if (op == 11) {
                apply(Move::draw(in_.flag() ? turn : seat()));
            } else if (op == 12) {
                apply(Move::foul(in_.flag() ? turn : seat(), any_tile(in_)));
            } else if (op == 13) {
                remain();
            } else {
                query(g_);
            }
        }
        query(g_);
        if (g_.hand_over() && all_known(g_)) require(g_.result().has_value());
    }

    Input& in_;
    Variant v_;
    Game g_;
    const bool trace_ = std::getenv("PIPS_FUZZ_TRACE") != nullptr;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Input in(data, size);
    const Variant v = decode_variant(in);
    Driver(in, v).run();
    return 0;
}
