// fuzz_engine: the rules engine driven directly, without the parser.
//
// The input is decoded into a variant (rule set, player count, options), then
// hands: deal lines from a shuffled set (some shown, some not, sometimes
// spoiled), the stock, and a sequence of actions — pose, play, pass, draw,
// foul, remain, pass before the pose — with seats, tiles and ends that are
// either arbitrary or chosen to be legal, so that the fuzzer reaches both the
// refusals and the end of a hand. The engine is used the way the checker uses
// it in two respects (one pose per hand, before any other move; seats are
// seats at the table), but nothing else is filtered: a move by a seat out of
// turn, a tile the seat does not hold, an end of the wrong layout must come
// back as a failed Step.
//
// Traps (__builtin_trap) when:
//   - check_invariants() is not empty after an accepted action;
//   - a refused action changed the hand;
//   - an accepted play or pose did not put its tile on the table.
// Rules (make_rules) follow every accepted move as in the checker, and score
// each hand that ends, so that the rule sets run on the positions too.
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
    RuleSet rules;
    int players;
};
constexpr Table kTables[] = {
    {RuleSet::jamaican, 4},     {RuleSet::cutthroat, 2},    {RuleSet::cutthroat, 3},
    {RuleSet::cutthroat, 4},    {RuleSet::french, 4},       {RuleSet::chiva, 2},
    {RuleSet::chiva, 3},        {RuleSet::chiva, 4},        {RuleSet::quinientos, 4},
    {RuleSet::fives_threes, 2}, {RuleSet::fives_threes, 4},
};

Variant decode_variant(Input& in) {
    const Table& t = kTables[in.below(static_cast<int>(std::size(kTables)))];
    const std::uint8_t bits = in.byte();
    std::string opts;
    int i = 0;
    for (std::string_view w : option_words(t.rules)) {
        if (bits & (1u << i++)) {
            if (!opts.empty()) opts += ' ';
            opts += w;
        }
    }
    Variant v;
    if (make_variant(rules_id(t.rules), t.players, opts, v)) {
        // An option the table does not allow (draw with 3 players): play without.
        require(!make_variant(rules_id(t.rules), t.players, "", v));
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

// Picks one tile of a set, or nothing from an empty one.
std::optional<Tile> pick(Input& in, TileSet s) {
    if (s.empty()) return std::nullopt;
    int k = in.below(s.size());
    std::optional<Tile> out;
    s.for_each([&](Tile t) {
        if (k-- == 0) out = t;
    });
    return out;
}

std::vector<Tile> tiles_of(TileSet s) {
    std::vector<Tile> v;
    s.for_each([&](Tile t) { v.push_back(t); });
    return v;
}

// Everything about a hand that a move can change: a refused move must leave
// it as it was.
struct Snapshot {
    int events, tiles, turn, boneyard, passes, last_player, poser;
    std::uint32_t on_table;
    HandOver over;
    std::array<std::array<int, 6>, 4> seats;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const HandState& h) {
    Snapshot s{h.event_count(),   h.layout().tiles(),
               h.turn(),          h.boneyard(),
               h.passes_in_row(), h.last_player(),
               h.poser(),         h.layout().on_table().bits(),
               h.over(),          {}};
    for (int p = 0; p < 4; ++p) {
        const SeatInfo& si = h.seat(p);
        s.seats[p] = {static_cast<int>(si.known.bits()), si.count, si.dealt, si.out, si.played, 0};
    }
    return s;
}

void check_accepted(const HandState& h) {
    const std::string why = h.check_invariants();
    require(why.empty());
}

// Read-only queries the checker makes between moves (notes, scoring).
void query(const HandState& h) {
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
}

class Driver {
public:
    Driver(Input& in, const Variant& v) : in_(in), v_(v), rules_(make_rules(v)) {}

    void run() {
        for (int hand = 1; hand <= 6 && !in_.empty() && !m_.over; ++hand) play_hand(hand);
    }

private:
    int seat() { return in_.below(v_.players); }

    // Runs a move; a refused one must change nothing, and an accepted one
    // must keep the invariants once the hand is set up (after start()).
    // PIPS_FUZZ_TRACE=1 in the environment prints each move to stderr.
    template <class F>
    bool step(HandState& h, const char* what, int seat, std::optional<Tile> t, F&& move,
              bool set_up = true) {
        const Snapshot before = snapshot(h);
        const Step st = move();
        if (trace_)
            std::fprintf(stderr, "%-8s %c %-4s -> %s\n", what, 'A' + seat,
                         t ? t->str().c_str() : "", st ? "ok" : st.why.c_str());
        if (st) {
            if (set_up) check_accepted(h);
        } else {
            require(st.fault != Fault::none);
            require(snapshot(h) == before);
        }
        return static_cast<bool>(st);
    }

    void deal(HandState& h) {
        Shuffler shuffler(in_.u32());
        std::vector<Tile> tiles = tiles_of(v_.tile_set());
        shuffler.shuffle(tiles);
        const std::uint8_t shown = in_.byte();
        const int spoil = in_.below(16);
        const int per = v_.tiles_per_seat();
        for (int s = 0; s < v_.players; ++s) {
            if (!(shown & (1u << s))) continue;
            std::vector<Tile> line(tiles.begin() + s * per, tiles.begin() + (s + 1) * per);
            int to = s;
            if (s == 0) {
                switch (spoil) {
                    case 1:  // a tile of the set, maybe another seat's
                        line[in_.below(per)] = any_tile(in_);
                        break;
                    case 2:  // a tile short
                        line.pop_back();
                        break;
                    case 3:  // a tile too many
                        line.push_back(any_tile(in_));
                        break;
                    case 4:  // a seat not at this table
                        to = v_.players + in_.below(2);
                        break;
                    case 5:  // maybe a seat dealt twice
                        to = in_.below(v_.players);
                        break;
                    case 6:  // a tile twice in the line
                        line[0] = line[1];
                        break;
                    default:
                        break;
                }
            }
            step(
                h, "deal", to, std::nullopt, [&] { return h.deal(to, line); }, false);
        }
        if (v_.draw_game() && (shown & 0x10)) {
            std::vector<Tile> stock(tiles.begin() + v_.players * per, tiles.end());
            if (spoil == 7 && !stock.empty()) stock.pop_back();
            if (spoil == 8 && !stock.empty()) stock.front() = tiles.front();
            step(
                h, "stock", 0, std::nullopt, [&] { return h.stock(stock); }, false);
        }
        if (spoil == 9)
            step(
                h, "stock", 0, std::nullopt, [&] { return h.stock(tiles); },
                false);  // no boneyard here, or too big
        h.start();
        check_accepted(h);
        if (trace_) std::fprintf(stderr, "start    %s\n", v_.name().c_str());
    }

    void after(HandState& h, Event::Kind kind, int seat, Tile t, std::optional<bool> able) {
        rules_->on_event(score_, h, {kind, seat, t, able}, m_);
        if (score_.target) h.end_by_target();
        check_accepted(h);
    }

    void pose(HandState& h, int seat, Tile t, bool flip, std::optional<Tile> proof) {
        const int a = flip ? t.lo : t.hi, b = flip ? t.hi : t.lo;
        if (step(h, "pose", seat, t, [&] { return h.pose(seat, t, a, b, proof); })) {
            require(h.layout().on_table().contains(t) && h.layout().tiles() == 1);
            after(h, Event::Kind::pose, seat, t, {});
        }
    }

    // A pose that the rules would mostly allow: the holder of the pose tile,
    // or the seat whose turn it is, with a tile it may hold.
    void legal_pose(HandState& h) {
        const PoseRule pr = rules_->pose_rule(m_);
        int s = h.turn() >= 0 ? h.turn() : seat();
        std::optional<Tile> proof;
        std::optional<Tile> t;
        if (pr.holder) {
            int holder = -1;
            for (int p = 0; p < v_.players; ++p)
                if (h.seat(p).known.contains(*pr.holder)) holder = p;
            if (holder >= 0)
                s = holder;
            else
                proof = pr.holder;
            if (pr.what == PoseRule::What::holder_tile) t = pr.holder;
        }
        if (!t) t = pick(in_, h.seat(s).known);
        if (!t || (!h.seat(s).exact() && in_.flag())) t = pick(in_, h.unplaced());
        if (!t) return;
        pose(h, s, *t, in_.flag(), proof);
    }

    void play(HandState& h, int seat, Tile t, std::optional<End> end) {
        const int tiles = h.layout().tiles();
        End chosen = End::W;
        if (step(h, "play", seat, t, [&] { return h.play(seat, t, end, &chosen); })) {
            require(h.layout().on_table().contains(t) && h.layout().tiles() == tiles + 1);
            if (end) require(chosen == *end);
            after(h, Event::Kind::play, seat, t, {});
        }
    }

    void pass(HandState& h, int seat) {
        const std::optional<bool> able = h.can_play(seat);
        if (step(h, "pass", seat, std::nullopt, [&] { return h.pass(seat); }))
            after(h, Event::Kind::pass, seat, {}, able);
    }

    void draw(HandState& h, int seat) {
        std::optional<Tile> drawn;
        if (step(h, "draw", seat, std::nullopt, [&] { return h.draw(seat, &drawn); }))
            after(h, Event::Kind::draw, seat, drawn.value_or(Tile{}), {});
    }

    // The seat whose turn it is plays a tile it may hold at an end it fits,
    // or draws, or passes when it has nothing.
    void legal_move(HandState& h) {
        if (!h.posed()) return legal_pose(h);
        const int s = h.turn();
        const SeatInfo& si = h.seat(s);
        TileSet can = h.layout().playable(si.known);
        if (!si.exact()) can |= h.layout().playable(h.unplaced());
        if (std::optional<Tile> t = pick(in_, can)) {
            const std::vector<End> ends = h.layout().fitting_ends(*t);
            std::optional<End> end;
            const int k = in_.below(static_cast<int>(ends.size()) + 1);
            if (k < static_cast<int>(ends.size())) end = ends[k];
            return play(h, s, *t, end);
        }
        if (v_.draw_game() && h.boneyard() > 0) return draw(h, s);
        pass(h, s);
    }

    void remain(HandState& h) {
        const int s = seat();
        TileSet shown;
        if (in_.flag())
            shown = h.seat(s).known;
        else
            shown = TileSet::from_bits(in_.u32() & TileSet::full().bits());
        std::vector<Tile> line = tiles_of(shown);
        if (step(h, "remain", s, std::nullopt, [&] { return h.remain(s, line); })) {
            require(h.seat(s).known == shown);
        }
    }

    void finish(HandState& h, int hand) {
        if (scored_ || h.over() == HandOver::no) return;
        scored_ = true;
        const HandResult r = rules_->result(h, score_, m_, hand);
        for (int p = 0; p < v_.parties(); ++p) (void)rules_->party_name(p);
        if (r.known) {
            rules_->apply(m_, r);
            applied_ = true;
        }
    }

    void play_hand(int hand) {
        HandState h(v_);
        score_ = HandScore{};
        scored_ = false;
        applied_ = false;
        (void)rules_->pose_rule(m_);
        deal(h);
        for (int moves = 0; moves < 300 && !in_.empty(); ++moves) {
            const int op = in_.below(16);
            if (op < 7 && h.over() != HandOver::no) break;  // on to the next hand
            if (op < 7) {
                legal_move(h);
            } else if (op == 7) {
                if (h.posed()) break;  // the next hand
                legal_pose(h);
            } else if (op == 8) {
                if (h.posed())
                    play(h, seat(), any_tile(in_), any_end(in_));
                else
                    pose(h, seat(), any_tile(in_), in_.flag(),
                         in_.flag() ? std::optional<Tile>(any_tile(in_)) : std::nullopt);
            } else if (op == 9) {
                play(h, h.posed() ? h.turn() : seat(), any_tile(in_), any_end(in_));
            } else if (op == 10) {
                pass(h, seat());
            } else if (op == 11) {
                draw(h, seat());
            } else if (op == 12) {
                const int s = seat();
                const Tile t = any_tile(in_);
                if (step(h, "foul", s, t, [&] { return h.foul(s, t); }))
                    after(h, Event::Kind::foul, s, t, {});
            } else if (op == 13) {
                remain(h);
            } else if (op == 14) {
                if (!h.posed()) {
                    const int s = h.turn() >= 0 ? h.turn() : seat();
                    const std::optional<bool> able = h.can_play(s);
                    if (step(h, "prepass", s, std::nullopt, [&] { return h.pass_before_pose(s); }))
                        after(h, Event::Kind::pass, s, {}, able);
                } else {
                    pass(h, h.turn());
                }
            } else {
                query(h);
            }
            finish(h, hand);
        }
        query(h);
        finish(h, hand);
        if (!applied_) {
            // As the checker does when a hand cannot be scored: the match
            // state is unknown from here on.
            m_.first = false;
            m_.known = false;
        }
    }

    Input& in_;
    Variant v_;
    std::unique_ptr<Rules> rules_;
    MatchState m_;
    HandScore score_;
    const bool trace_ = std::getenv("PIPS_FUZZ_TRACE") != nullptr;
    bool scored_ = false;
    bool applied_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Input in(data, size);
    const Variant v = decode_variant(in);
    Driver(in, v).run();
    return 0;
}
