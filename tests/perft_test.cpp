// Perft: the number of legal ply sequences of fixed deals, pinned (docs/perft.md).
// Every pinned number comes from, and is checked against, a brute-force counter
// written here from the rulings alone: it keeps its own line (two end numbers and
// double flags) or four-arm spinner, its own hands as plain arrays, and finds the
// moves itself. It uses no HandState and no Layout.
//
// PIPS_PERFT_PRINT=1 ./perft_test prints the brute-force counts as literals to
// paste here when the definition of a ply changes on purpose.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/hand.hpp"
#include "engine/perft.hpp"
#include "engine/tile.hpp"
#include "engine/variant.hpp"

namespace {

using u64 = std::uint64_t;

// ---------------------------------------------------------------------------
// The brute-force counter.
namespace brute {

enum class Game { jamaican, cutthroat, french, chiva, quinientos, fives_threes };

struct Rules {
    Game game = Game::jamaican;
    int players = 4;
    bool sporting = false;      // jamaican: the holder of 6-6 poses any tile
    bool draw = false;          // cutthroat 2 players: a boneyard
    bool blank_ten = false;     // french: 0-0 counts 10
    bool tie_closer = false;    // quinientos: a blocked tie goes to the closer's side
    bool block_player = false;  // quinientos: blocks by the single lowest seat

    bool draws() const {
        return (game == Game::cutthroat && players == 2 && draw) ||
               (game == Game::chiva && players < 4);
    }
    bool partners() const {
        return game == Game::jamaican || game == Game::quinientos ||
               ((game == Game::chiva || game == Game::fives_threes) && players == 4);
    }
    int party(int seat) const { return partners() ? seat % 2 : seat; }
    bool spinner() const { return game == Game::french; }
};

struct T {
    std::int8_t a = 0, b = 0;  // a >= b
    bool dbl() const { return a == b; }
    bool has(int v) const { return a == v || b == v; }
    int other(int v) const { return a == v ? b : a; }
};

T tile(int x, int y) {
    return x >= y ? T{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}
                  : T{static_cast<std::int8_t>(y), static_cast<std::int8_t>(x)};
}

struct Pos {
    std::array<std::array<T, 28>, 4> hand{};
    std::array<int, 4> n{};
    std::array<bool, 4> out{};
    std::array<T, 28> stock{};
    int stock_n = 0, stock_next = 0;
    std::array<std::array<bool, 7>, 7> on{};  // on[a][b], a >= b
    bool posed = false;
    // line
    std::array<int, 2> end{};
    std::array<bool, 2> end_dbl{};
    // spinner
    int spin = -1;
    std::array<int, 4> arm{};
    std::array<bool, 4> used{};

    int turn = 0;
    int last = -1;  // the seat that posed or played last
    enum class Over { no, domino, blocked } over = Over::no;
    int domino_seat = -1;
};

struct Count {
    std::vector<u64> nodes;
    std::array<u64, 4> domino{};
    std::array<u64, 4> blocked_win{};
    u64 blocked_tie = 0;
};

class Counter {
public:
    explicit Counter(const Rules& r) : r_(r) {}

    // The fixed input: one tile list per seat, the boneyard in draw order.
    Pos deal(const std::vector<std::vector<std::array<int, 2>>>& deals,
             const std::vector<std::array<int, 2>>& stock) const {
        Pos p;
        for (std::size_t s = 0; s < deals.size(); ++s)
            for (auto [x, y] : deals[s]) p.hand[s][p.n[s]++] = tile(x, y);
        for (auto [x, y] : stock) p.stock[p.stock_n++] = tile(x, y);
        return p;
    }

    Count count(const Pos& root, int depth) {
        c_ = Count{};
        depth_ = depth;
        c_.nodes.assign(static_cast<std::size_t>(depth) + 1, 0);
        c_.nodes[0] = 1;
        visit(root, 0);
        return c_;
    }

    // Every position one ply on, one per distinct legal ply.
    std::vector<Pos> children(const Pos& p) const {
        std::vector<Pos> out;
        if (!p.posed) {
            for (auto [s, t] : poses(p)) out.push_back(pose(p, s, t));
            return out;
        }
        Pos q = p;
        int s = q.turn;
        if (r_.draws())
            while (!can_play(q, s) && q.stock_next < q.stock_n)
                q.hand[s][q.n[s]++] = q.stock[q.stock_next++];
        for (int i = 0; i < q.n[s]; ++i) {
            std::vector<std::array<int, 4>> keys;
            for (int e = 0; e < (r_.spinner() ? 4 : 2); ++e) {
                if (!fits(q, q.hand[s][i], e)) continue;
                Pos c = play(q, s, i, e);
                auto k = key(c);
                if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
                keys.push_back(k);
                out.push_back(c);
            }
        }
        if (out.empty() || r_.game == Game::french) {
            Pos c = q;
            after_move(c, s);
            out.push_back(c);
        }
        return out;
    }

    // Replays one ply written "A:6-6" (the pose: seat and tile; the seat may be
    // left out where the rules name it), "6-4R", "0-3N", "5-1" (the only end or
    // ends alike) or "pass". Draws are made as the rules force them.
    bool replay(Pos& p, const std::string& ply) const {
        if (!p.posed) {
            for (auto [s, t] : poses(p)) {
                std::string want = std::string(1, char('0' + t.a)) + "-" + char('0' + t.b);
                std::string alt = std::string(1, char('0' + t.b)) + "-" + char('0' + t.a);
                std::string body = ply.size() > 2 && ply[1] == ':' ? ply.substr(2) : ply;
                bool seat_ok = !(ply.size() > 2 && ply[1] == ':') || ply[0] - 'A' == s;
                if (seat_ok && (body == want || body == alt)) {
                    p = pose(p, s, t);
                    return true;
                }
            }
            return false;
        }
        int s = p.turn;
        if (r_.draws())
            while (!can_play(p, s) && p.stock_next < p.stock_n)
                p.hand[s][p.n[s]++] = p.stock[p.stock_next++];
        if (ply == "pass") {
            if (can_play(p, s) && r_.game != Game::french) return false;
            after_move(p, s);
            return true;
        }
        if (ply.size() < 3) return false;
        T t = tile(ply[0] - '0', ply[2] - '0');
        int idx = -1;
        for (int i = 0; i < p.n[s]; ++i)
            if (p.hand[s][i].a == t.a && p.hand[s][i].b == t.b) idx = i;
        if (idx < 0) return false;
        const std::string letters = r_.spinner() ? "NESW" : "LR";
        int e = -1;
        if (ply.size() > 3) {
            auto at = letters.find(ply[3]);
            if (at == std::string::npos) return false;
            e = static_cast<int>(at);
        } else {
            for (int x = 0; x < static_cast<int>(letters.size()) && e < 0; ++x)
                if (fits(p, t, x)) e = x;
        }
        if (e < 0 || !fits(p, t, e)) return false;
        p = play(p, s, idx, e);
        return true;
    }

private:
    void visit(const Pos& p, int ply) {
        if (p.over != Pos::Over::no) {
            if (ply > 0) finish(p);
            return;
        }
        if (ply == depth_) return;
        for (const Pos& c : children(p)) {
            ++c_.nodes[static_cast<std::size_t>(ply) + 1];
            visit(c, ply + 1);
        }
    }

    static int holder(const Pos& p, T t) {
        for (int s = 0; s < 4; ++s)
            for (int i = 0; i < p.n[s]; ++i)
                if (p.hand[s][i].a == t.a && p.hand[s][i].b == t.b) return s;
        return -1;
    }

    // Hand 1: who may pose and what.
    std::vector<std::pair<int, T>> poses(const Pos& p) const {
        std::vector<std::pair<int, T>> out;
        if (r_.game == Game::fives_threes) {  // any seat, any tile
            for (int s = 0; s < r_.players; ++s)
                for (int i = 0; i < p.n[s]; ++i) out.emplace_back(s, p.hand[s][i]);
            return out;
        }
        if (r_.game == Game::french) {
            out.emplace_back(holder(p, tile(0, 0)), tile(0, 0));
            return out;
        }
        if (r_.draws()) {
            // 6-6, else the highest double dealt, else the heaviest tile dealt,
            // the higher half breaking a tie (6-3 before 5-4).
            for (int d = 6; d >= 0; --d) {
                int s = holder(p, tile(d, d));
                if (s >= 0) {
                    out.emplace_back(s, tile(d, d));
                    return out;
                }
            }
            int bs = -1;
            T bt;
            for (int s = 0; s < r_.players; ++s)
                for (int i = 0; i < p.n[s]; ++i) {
                    const T t = p.hand[s][i];
                    const int pips = t.a + t.b, high = std::max(t.a, t.b);
                    const int bpips = bt.a + bt.b, bhigh = std::max(bt.a, bt.b);
                    if (bs < 0 || pips > bpips || (pips == bpips && high > bhigh)) {
                        bs = s;
                        bt = t;
                    }
                }
            if (bs >= 0) out.emplace_back(bs, bt);
            return out;
        }
        int s = holder(p, tile(6, 6));
        if (r_.game == Game::jamaican && r_.sporting) {
            for (int i = 0; i < p.n[s]; ++i) out.emplace_back(s, p.hand[s][i]);
            return out;
        }
        out.emplace_back(s, tile(6, 6));
        return out;
    }

    static void take(Pos& p, int s, T t) {
        for (int i = 0; i < p.n[s]; ++i) {
            if (p.hand[s][i].a == t.a && p.hand[s][i].b == t.b) {
                p.hand[s][i] = p.hand[s][p.n[s] - 1];
                --p.n[s];
                return;
            }
        }
    }

    Pos pose(const Pos& p, int s, T t) const {
        Pos c = p;
        take(c, s, t);
        c.on[t.a][t.b] = true;
        c.posed = true;
        if (r_.spinner()) {
            c.spin = t.a;
        } else {
            c.end = {t.a, t.b};
            c.end_dbl = {t.dbl(), t.dbl()};
        }
        c.last = s;
        after_move(c, s);
        return c;
    }

    bool all_arms(const Pos& p) const { return p.used[0] && p.used[1] && p.used[2] && p.used[3]; }

    // Whether t may go on end e (line: 0 left, 1 right; spinner: arms 0..3).
    bool fits(const Pos& p, T t, int e) const {
        if (!r_.spinner()) return t.has(p.end[e]);
        if (!all_arms(p)) return !p.used[e] && t.has(p.spin);
        int v = p.arm[e];
        if (!t.has(v)) return false;
        return t.dbl() || p.on[v][v];  // closed to all but v-v until v-v is down
    }

    bool can_play(const Pos& p, int s) const {
        if (p.out[s]) return false;
        for (int i = 0; i < p.n[s]; ++i)
            for (int e = 0; e < (r_.spinner() ? 4 : 2); ++e)
                if (fits(p, p.hand[s][i], e)) return true;
        return false;
    }

    Pos play(const Pos& p, int s, int i, int e) const {
        Pos c = p;
        T t = c.hand[s][i];
        take(c, s, t);
        c.on[t.a][t.b] = true;
        if (r_.spinner()) {
            int from = c.used[e] ? c.arm[e] : c.spin;
            c.arm[e] = t.other(from);
            c.used[e] = true;
        } else {
            c.end[e] = t.other(c.end[e]);
            c.end_dbl[e] = t.dbl();
        }
        c.last = s;
        if (c.n[s] == 0) {
            if (r_.game == Game::fives_threes && r_.players == 4) {
                c.out[s] = true;  // chips out; the side is out when both partners are
                if (c.out[(s + 2) % 4]) c.over = Pos::Over::domino, c.domino_seat = s;
            } else {
                c.over = Pos::Over::domino;
                c.domino_seat = s;
            }
        }
        after_move(c, s);
        return c;
    }

    // The position as a set: line ends (and in fives-threes the doubles there),
    // or the multiset of arm ends with empty arms alike.
    std::array<int, 4> key(const Pos& p) const {
        std::array<int, 4> k{-1, -1, -1, -1};
        if (r_.spinner()) {
            for (int a = 0; a < 4; ++a) k[a] = p.used[a] ? p.arm[a] : -1;
        } else {
            bool ff = r_.game == Game::fives_threes;
            for (int e = 0; e < 2; ++e) k[e] = p.end[e] * 2 + (ff && p.end_dbl[e] ? 1 : 0);
        }
        std::sort(k.begin(), k.end());
        return k;
    }

    void after_move(Pos& p, int s) const {
        for (int i = 1; i <= r_.players; ++i) {
            int x = (s + i) % r_.players;
            if (!p.out[x]) {
                p.turn = x;
                break;
            }
        }
        if (p.over != Pos::Over::no) return;
        if (r_.draws() && p.stock_next < p.stock_n) return;
        for (int x = 0; x < r_.players; ++x)
            if (can_play(p, x)) return;
        p.over = Pos::Over::blocked;
    }

    int pips(const Pos& p, int s) const {
        int n = 0;
        for (int i = 0; i < p.n[s]; ++i) {
            n += p.hand[s][i].a + p.hand[s][i].b;
            if (r_.blank_ten && p.hand[s][i].a == 0 && p.hand[s][i].b == 0) n += 10;
        }
        return n;
    }

    void finish(const Pos& p) {
        if (p.over == Pos::Over::domino) {
            ++c_.domino[p.domino_seat];
            return;
        }
        int winner = -1;  // party
        if (r_.game == Game::fives_threes) {
            // a block names no winner
        } else if ((r_.game == Game::chiva && r_.players == 4) ||
                   (r_.game == Game::quinientos && !r_.block_player)) {
            int ac = pips(p, 0) + pips(p, 2), bd = pips(p, 1) + pips(p, 3);
            if (ac != bd) winner = ac < bd ? 0 : 1;
        } else {
            int low = 1 << 30;
            for (int s = 0; s < r_.players; ++s)
                if (!p.out[s]) low = std::min(low, pips(p, s));
            std::vector<int> parties;
            for (int s = 0; s < r_.players; ++s)
                if (!p.out[s] && pips(p, s) == low &&
                    std::find(parties.begin(), parties.end(), r_.party(s)) == parties.end())
                    parties.push_back(r_.party(s));
            if (parties.size() == 1) winner = parties[0];
        }
        if (winner < 0 && r_.game == Game::quinientos && r_.tie_closer) winner = r_.party(p.last);
        if (winner < 0)
            ++c_.blocked_tie;
        else
            ++c_.blocked_win[winner];
    }

    Rules r_;
    Count c_;
    int depth_ = 0;
};

}  // namespace brute

// ---------------------------------------------------------------------------
// The fixed deals. Made with std::mt19937(seed) and std::shuffle of the set
// listed from 6-6 down (3-player cutthroat without 0-0), dealt in order to A,
// B, ... and the rest to the stock; printed once and pasted, so the test does
// not depend on the library's RNG. The last ones are made by hand.

using TL = std::vector<std::array<int, 2>>;

struct Deal {
    const char* name;
    const char* rules;  // Rules tag value
    int players;
    const char* options;  // Options tag value
    std::vector<TL> deals;
    TL stock;
};

const std::vector<Deal>& deals() {
    // One seat a line.
    // clang-format off
    static const std::vector<Deal> d = {
        {"jamaican", "jamaican", 4, "",  // seed 101
         {{{4, 2}, {6, 4}, {3, 2}, {4, 4}, {6, 3}, {5, 5}, {2, 2}},
          {{2, 0}, {6, 6}, {5, 1}, {3, 3}, {3, 0}, {5, 3}, {6, 5}},
          {{5, 4}, {1, 0}, {0, 0}, {1, 1}, {5, 2}, {5, 0}, {4, 1}},
          {{4, 0}, {6, 0}, {4, 3}, {6, 1}, {3, 1}, {2, 1}, {6, 2}}},
         {}},
        {"jamaican_sporting", "jamaican", 4, "sporting",  // seed 102
         {{{6, 3}, {5, 5}, {5, 4}, {2, 1}, {1, 1}, {3, 2}, {1, 0}},
          {{4, 3}, {6, 1}, {4, 1}, {6, 0}, {6, 6}, {0, 0}, {5, 3}},
          {{6, 4}, {4, 0}, {3, 1}, {6, 2}, {5, 2}, {6, 5}, {5, 0}},
          {{3, 0}, {4, 2}, {3, 3}, {5, 1}, {2, 0}, {4, 4}, {2, 2}}},
         {}},
        {"cutthroat2", "cutthroat", 2, "",  // seed 103
         {{{2, 1}, {5, 4}, {1, 0}, {6, 3}, {6, 4}, {0, 0}, {4, 2}, {5, 1}, {6, 6}, {3, 1}, {4, 4}, {6, 0}, {6, 2}, {4, 3}},
          {{1, 1}, {6, 1}, {5, 5}, {4, 0}, {4, 1}, {6, 5}, {2, 0}, {5, 0}, {3, 2}, {5, 2}, {3, 3}, {3, 0}, {2, 2}, {5, 3}}},
         {}},
        {"cutthroat3", "cutthroat", 3, "",  // seed 104, no 0-0
         {{{5, 2}, {5, 0}, {2, 1}, {4, 0}, {4, 4}, {2, 0}, {3, 3}, {6, 2}, {5, 3}},
          {{6, 0}, {1, 1}, {6, 6}, {6, 1}, {6, 5}, {1, 0}, {5, 5}, {3, 0}, {6, 4}},
          {{4, 2}, {3, 2}, {3, 1}, {5, 1}, {2, 2}, {4, 3}, {4, 1}, {6, 3}, {5, 4}}},
         {}},
        {"cutthroat4", "cutthroat", 4, "",  // seed 105
         {{{0, 0}, {3, 1}, {6, 5}, {6, 3}, {6, 1}, {4, 4}, {6, 6}},
          {{2, 0}, {2, 2}, {4, 1}, {1, 1}, {4, 2}, {5, 1}, {3, 3}},
          {{6, 0}, {6, 2}, {5, 4}, {5, 0}, {4, 3}, {3, 2}, {1, 0}},
          {{5, 2}, {5, 5}, {6, 4}, {3, 0}, {5, 3}, {4, 0}, {2, 1}}},
         {}},
        {"cutthroat2_draw", "cutthroat", 2, "draw",  // seed 106; 6-6 in the stock: A poses 5-5
         {{{1, 0}, {4, 3}, {5, 5}, {6, 0}, {5, 4}, {5, 1}, {6, 5}},
          {{5, 0}, {4, 0}, {0, 0}, {6, 2}, {3, 0}, {3, 2}, {4, 2}}},
         {{4, 1}, {3, 1}, {6, 6}, {6, 1}, {4, 4}, {6, 4}, {3, 3}, {5, 2}, {2, 1}, {2, 2}, {2, 0}, {6, 3}, {5, 3}, {1, 1}}},
        {"chiva2", "chiva", 2, "",  // seed 107
         {{{2, 2}, {6, 6}, {5, 0}, {3, 1}, {3, 0}, {4, 1}, {3, 2}},
          {{3, 3}, {2, 0}, {2, 1}, {5, 1}, {5, 3}, {4, 4}, {4, 3}}},
         {{4, 0}, {5, 5}, {1, 1}, {6, 4}, {1, 0}, {4, 2}, {0, 0}, {6, 1}, {5, 2}, {6, 5}, {6, 3}, {5, 4}, {6, 2}, {6, 0}}},
        {"chiva3", "chiva", 3, "",  // seed 108
         {{{1, 0}, {5, 0}, {3, 2}, {2, 1}, {5, 5}, {5, 4}, {2, 2}},
          {{3, 0}, {5, 1}, {4, 4}, {6, 4}, {4, 0}, {6, 1}, {6, 3}},
          {{3, 1}, {4, 2}, {6, 6}, {4, 1}, {5, 2}, {4, 3}, {5, 3}}},
         {{1, 1}, {3, 3}, {6, 0}, {6, 5}, {0, 0}, {6, 2}, {2, 0}}},
        {"chiva4", "chiva", 4, "",  // seed 109
         {{{6, 6}, {3, 3}, {5, 0}, {1, 1}, {6, 5}, {5, 2}, {4, 3}},
          {{2, 2}, {6, 3}, {2, 0}, {6, 2}, {5, 4}, {5, 3}, {3, 2}},
          {{3, 1}, {4, 4}, {6, 0}, {0, 0}, {6, 4}, {3, 0}, {2, 1}},
          {{4, 1}, {4, 2}, {5, 1}, {6, 1}, {4, 0}, {1, 0}, {5, 5}}},
         {}},
        {"quinientos", "quinientos", 4, "",  // seed 110
         {{{6, 5}, {6, 1}, {3, 3}, {5, 3}, {6, 6}, {6, 3}, {5, 1}},
          {{3, 0}, {6, 2}, {4, 0}, {5, 2}, {4, 1}, {4, 3}, {4, 2}},
          {{2, 2}, {4, 4}, {6, 4}, {5, 4}, {5, 5}, {3, 2}, {0, 0}},
          {{2, 1}, {1, 1}, {1, 0}, {5, 0}, {3, 1}, {2, 0}, {6, 0}}},
         {}},
        {"fives_threes2", "fives-threes", 2, "",  // seed 111
         {{{2, 0}, {6, 3}, {3, 0}, {3, 1}, {2, 2}, {4, 1}, {6, 6}},
          {{3, 3}, {6, 5}, {5, 2}, {5, 0}, {6, 4}, {5, 3}, {5, 5}}},
         {}},
        {"fives_threes4", "fives-threes", 4, "",  // seed 112
         {{{5, 0}, {2, 0}, {4, 2}, {4, 0}, {5, 1}, {2, 2}},
          {{6, 4}, {4, 3}, {5, 4}, {1, 1}, {3, 0}, {3, 2}},
          {{0, 0}, {4, 1}, {6, 1}, {6, 0}, {4, 4}, {3, 1}},
          {{6, 5}, {2, 1}, {6, 2}, {6, 6}, {5, 3}, {3, 3}}},
         {}},
        // By hand: no double dealt and two heaviest tiles (9 pips) with different
        // seats, A's 6-3 and B's 5-4: the higher half breaks the tie, A poses 6-3.
        {"chiva2_no_double", "chiva", 2, "",
         {{{6, 3}, {5, 0}, {4, 1}, {3, 1}, {2, 0}, {6, 1}, {4, 0}},
          {{5, 4}, {5, 1}, {3, 2}, {6, 0}, {4, 2}, {2, 1}, {3, 0}}},
         {{6, 6}, {5, 5}, {4, 4}, {3, 3}, {2, 2}, {1, 1}, {0, 0}, {6, 5}, {6, 4}, {6, 2}, {5, 3}, {5, 2}, {4, 3}, {1, 0}}},
        {"french", "french", 4, "",  // seed 113
         {{{1, 1}, {6, 3}, {3, 0}, {4, 0}, {6, 4}, {5, 0}, {6, 2}},
          {{1, 0}, {5, 4}, {4, 4}, {4, 2}, {5, 1}, {2, 2}, {3, 2}},
          {{6, 5}, {6, 0}, {6, 1}, {4, 3}, {5, 5}, {2, 1}, {6, 6}},
          {{2, 0}, {3, 1}, {5, 2}, {4, 1}, {5, 3}, {3, 3}, {0, 0}}},
         {}},
    };
    // clang-format on
    return d;
}

const Deal& deal_named(const std::string& name) {
    for (const auto& d : deals())
        if (name == d.name) return d;
    ADD_FAILURE() << "no deal " << name;
    return deals().front();
}

pips::Variant variant_of(const Deal& d) {
    pips::Variant v;
    auto err = pips::make_variant(d.rules, d.players, d.options, v);
    EXPECT_FALSE(err) << d.name << ": " << (err ? err->message : "");
    return v;
}

brute::Rules brute_rules(const Deal& d) {
    brute::Rules r;
    const std::string id = d.rules, opt = d.options;
    if (id == "jamaican") r.game = brute::Game::jamaican;
    if (id == "cutthroat") r.game = brute::Game::cutthroat;
    if (id == "french") r.game = brute::Game::french;
    if (id == "chiva") r.game = brute::Game::chiva;
    if (id == "quinientos") r.game = brute::Game::quinientos;
    if (id == "fives-threes") r.game = brute::Game::fives_threes;
    r.players = d.players;
    auto has = [&](const std::string& w) {
        return (" " + opt + " ").find(" " + w + " ") != std::string::npos;
    };
    r.sporting = has("sporting");
    r.draw = has("draw");
    r.blank_ten = has("blank-ten");
    r.tie_closer = has("tie-closer");
    r.block_player = has("block-player");
    return r;
}

std::vector<pips::Tile> tiles_of(const TL& l) {
    std::vector<pips::Tile> out;
    for (auto [a, b] : l) out.emplace_back(a, b);
    return out;
}

std::vector<std::vector<pips::Tile>> engine_deals(const Deal& d) {
    std::vector<std::vector<pips::Tile>> v;
    for (const auto& l : d.deals) v.push_back(tiles_of(l));
    return v;
}

// The engine's position after replaying `prefix` from the deal (same notation
// as brute::Counter::replay), played through Game: a ply's forced draws are
// the moves Game lists before it.
pips::HandState engine_after(const Deal& d, const std::vector<std::string>& prefix) {
    using namespace pips;
    Game g(variant_of(d));
    const Step dealt = g.deal({engine_deals(d), tiles_of(d.stock)});
    EXPECT_TRUE(dealt) << d.name << ": " << dealt.why;
    for (const std::string& ply : prefix) {
        if (!g.hand().posed()) {
            const bool label = ply.size() > 2 && ply[1] == ':';
            const std::string body = label ? ply.substr(2) : ply;
            const Tile t(body[0] - '0', body[2] - '0');
            int seat = label ? ply[0] - 'A' : -1;
            for (int s = 0; s < d.players && seat < 0; ++s)
                if (g.hand().seat(s).known.contains(t)) seat = s;
            const Step st = g.apply(Move::pose(seat, t, body[0] < body[2]));
            EXPECT_TRUE(st) << d.name << " " << ply << ": " << st.why;
            continue;
        }
        for (auto m = g.legal_moves(); m.size() == 1 && m.front().kind == Move::Kind::draw;
             m = g.legal_moves())
            EXPECT_TRUE(g.apply(m.front())) << d.name << " " << ply;
        const int s = g.hand().turn();
        Move m = Move::pass(s);
        if (ply != "pass") {
            std::optional<End> e;
            if (ply.size() > 3)
                for (End x : {End::L, End::R, End::N, End::E, End::S, End::W})
                    if (end_letter(x) == ply[3]) e = x;
            m = Move::play(s, Tile(ply[0] - '0', ply[2] - '0'), e);
        }
        const Step st = g.apply(m);
        EXPECT_TRUE(st) << d.name << " " << ply << ": " << st.why;
    }
    return g.hand();
}

brute::Pos brute_after(const Deal& d, const std::vector<std::string>& prefix) {
    brute::Counter c(brute_rules(d));
    brute::Pos p = c.deal(d.deals, d.stock);
    for (const std::string& ply : prefix) EXPECT_TRUE(c.replay(p, ply)) << d.name << " " << ply;
    return p;
}

// What both counters and the pins report.
struct Pinned {
    std::vector<u64> nodes;  // d = 1..depth
    std::array<u64, 4> domino{};
    std::array<u64, 4> blocked_win{};
    u64 blocked_tie = 0;
    friend bool operator==(const Pinned&, const Pinned&) = default;
};

Pinned from_engine(const pips::PerftResult& r) {
    Pinned p;
    if (!r.nodes.empty()) p.nodes.assign(r.nodes.begin() + 1, r.nodes.end());
    p.domino = r.domino;
    p.blocked_win = r.blocked_win;
    p.blocked_tie = r.blocked_tie;
    return p;
}

Pinned from_brute(const brute::Count& r) {
    Pinned p;
    p.nodes.assign(r.nodes.begin() + 1, r.nodes.end());
    p.domino = r.domino;
    p.blocked_win = r.blocked_win;
    p.blocked_tie = r.blocked_tie;
    return p;
}

std::string show(const Pinned& p) {
    auto arr = [](const std::array<u64, 4>& a) {
        return fmt::format("{{{}, {}, {}, {}}}", a[0], a[1], a[2], a[3]);
    };
    std::string s = "{{";
    for (std::size_t i = 0; i < p.nodes.size(); ++i)
        s += (i ? ", " : "") + std::to_string(p.nodes[i]);
    s += "}, " + arr(p.domino) + ", " + arr(p.blocked_win) + ", " + std::to_string(p.blocked_tie) +
         "}";
    return s;
}

bool printing() {
    const char* e = std::getenv("PIPS_PERFT_PRINT");
    return e && *e && std::string(e) != "0";
}

// A pinned count: perft of a deal (after `prefix`, if any) to `depth`.
struct Case {
    const char* deal;
    std::vector<std::string> prefix;
    int depth;
    Pinned pinned;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> c = {
        // From the deal, before the pose.
        {"jamaican",
         {},
         10,
         {{1, 1, 3, 9, 24, 81, 239, 580, 1274, 3630}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"jamaican_sporting",
         {},
         7,
         {{7, 24, 69, 214, 551, 1715, 4148}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"cutthroat2", {}, 6, {{1, 2, 14, 80, 450, 2288}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"cutthroat3", {}, 8, {{1, 1, 3, 12, 43, 151, 433, 1385}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"cutthroat4",
         {},
         10,
         {{1, 1, 2, 6, 21, 56, 162, 502, 1046, 2349}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"cutthroat2_draw",
         {},
         12,
         {{1, 1, 5, 14, 36, 79, 141, 270, 396, 756, 1167, 1992}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"chiva2",
         {},
         16,
         {{1, 1, 1, 3, 4, 9, 13, 27, 40, 76, 103, 195, 309, 707, 1143, 2422},
          {0, 0, 0, 0},
          {15, 1, 0, 0},
          0}},
        {"chiva3", {}, 9, {{1, 1, 5, 14, 49, 164, 448, 1536, 3334}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"chiva4", {}, 9, {{1, 2, 7, 25, 53, 147, 384, 1163, 2456}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"quinientos",
         {},
         10,
         {{1, 1, 3, 7, 20, 54, 136, 343, 848, 1929}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"fives_threes2",
         {},
         7,
         {{14, 31, 88, 216, 476, 1024, 1832}, {0, 0, 0, 0}, {0, 0, 0, 0}, 65}},
        {"fives_threes4", {}, 6, {{24, 57, 152, 420, 922, 2057}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"french",
         {},
         10,
         {{1, 4, 8, 16, 32, 101, 186, 409, 852, 2332}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        {"chiva2_no_double",
         {},
         8,
         {{1, 3, 10, 36, 91, 256, 501, 1158}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0}},
        // From a position in the middle of the hand (the first plies of a random
        // legal game) to the end of every sequence: the last depth counts 0.
        // French only to a depth: passes while able never end a hand.
        {"jamaican",
         {"B:6-6", "pass", "6-0R", "6-3L", "3-3L", "0-0R", "4-3L", "6-4L", "3-0R", "pass", "6-1L",
          "3-2R", "2-0R", "1-1L"},
         21,
         {{3,   5,   5,   21,  32,  44,  71,  154, 201, 239, 286,
           483, 524, 425, 396, 369, 304, 158, 94,  20,  0},
          {118, 294, 20, 265},
          {115, 89, 0, 0},
          4}},
        {"jamaican_sporting",
         {"B:6-1", "3-1R", "3-3R", "6-3R", "6-6R", "6-4R", "4-4R", "5-4R", "5-3R", "6-5L", "3-0R",
          "5-5L", "0-0R"},
         18,
         {{4, 8, 18, 30, 51, 81, 125, 183, 199, 276, 352, 382, 250, 128, 87, 49, 19, 0},
          {35, 214, 147, 46},
          {45, 16, 0, 0},
          8}},
        {"cutthroat2",
         {"A:6-6", "6-1L", "2-1L", "2-2L", "6-0R", "4-0R", "6-4R", "6-5R", "4-2L", "5-0R", "4-4L",
          "3-0R", "5-4L", "5-3L", "4-3L", "3-3R"},
         14,
         {{2, 4, 8, 18, 37, 68, 94, 150, 177, 256, 214, 120, 13, 0},
          {142, 112, 0, 0},
          {127, 9, 0, 0},
          1}},
        {"cutthroat3",
         {"B:6-6", "6-3L", "5-3L", "6-1R", "5-1R", "5-2R", "6-5L", "4-2R", "4-4R", "6-4R", "pass",
          "6-2R", "6-0L", "3-2R"},
         20,
         {{4, 7, 15, 29, 40, 83, 122, 139, 257, 306, 311, 422, 429, 130, 116, 58, 10, 10, 4, 0},
          {349, 74, 85, 0},
          {27, 46, 16, 0},
          5}},
        {"cutthroat4",
         {"A:6-6", "pass", "6-0R", "6-4L", "4-4L", "2-0R", "6-2R", "4-0L", "0-0L", "pass", "1-0L",
          "2-1L", "6-5R", "2-2L"},
         20,
         {{3, 8, 12, 26, 46, 80, 106, 181, 237, 318, 367, 273, 293, 207, 190, 22, 22, 2, 1, 0},
          {299, 0, 127, 61},
          {23, 2, 9, 2},
          2}},
        {"cutthroat2_draw",
         {"A:5-5", "5-0L", "1-0L", "4-1L", "5-4L", "5-2R", "5-1L", "3-2R", "4-3R", "6-4R", "6-5R",
          "3-1L", "6-3L", "6-6L", "6-0L"},
         17,
         {{3, 4, 8, 9, 27, 36, 86, 97, 166, 161, 278, 239, 276, 191, 121, 45, 0},
          {170, 92, 0, 0},
          {253, 92, 0, 0},
          20}},
        {"chiva2",
         {"A:6-6", "6-4L", "4-1L", "5-1L", "5-0L", "4-0L", "4-2L", "2-1L", "1-0L", "2-0L"},
         23,
         {{2,  4,   6,   13,  20,  39,  37,  22,  26,  40, 46, 84,
           95, 146, 180, 246, 274, 407, 346, 396, 145, 98, 0},
          {237, 295, 0, 0},
          {299, 77, 0, 0},
          0}},
        {"chiva3",
         {"C:6-6", "6-0L", "4-0L", "4-3L", "3-3L", "6-3L", "6-5R", "5-5R", "6-1L", "4-1L", "5-4L",
          "5-1R"},
         20,
         {{3, 12, 14, 18, 36, 47, 55, 101, 145, 154, 235, 314, 324, 287, 308, 325, 57, 42, 44, 0},
          {25, 35, 463, 0},
          {63, 36, 27, 0},
          34}},
        {"chiva4",
         {"A:6-6", "6-2L", "6-0R", "4-2L", "5-0R", "5-3R", "6-4L", "6-1L", "3-3R", "6-3R", "2-1L",
          "pass"},
         24,
         {{2,   5,   7,   21,  33,  57, 89, 187, 222, 265, 327, 566,
           566, 357, 259, 237, 239, 56, 49, 31,  10,  10,  6,   0},
          {424, 139, 116, 20},
          {96, 29, 0, 0},
          6}},
        {"quinientos",
         {"A:6-6", "6-2L", "3-2L", "3-1L", "6-3R", "3-0R", "0-0R", "1-0R", "5-1L", "5-2L", "2-2L",
          "2-1R", "pass", "4-2R"},
         24,
         {{3,   5,   7,   12,  24, 37, 60, 81, 98, 117, 164, 193,
           167, 164, 163, 164, 56, 28, 32, 14, 6,  4,   4,   0},
          {18, 191, 38, 40},
          {0, 72, 0, 0},
          0}},
        {"fives_threes2",
         {"A:6-3", "3-3R"},
         18,
         {{3, 8, 13, 36, 51, 113, 155, 272, 349, 460, 533, 462, 257, 175, 103, 56, 26, 0},
          {174, 343, 0, 0},
          {0, 0, 0, 0},
          179}},
        {"fives_threes4",
         {"C:4-4", "pass", "4-0R", "5-4L", "6-0R", "6-5L", "pass", "6-4R", "4-1R"},
         24,
         {{3,   8,   11,  24,  46,  86,  152, 168, 237, 357, 489, 481,
           558, 692, 624, 511, 442, 328, 126, 78,  66,  22,  10,  0},
          {0, 0, 1, 6},
          {0, 0, 0, 0},
          974}},
        {"french",
         {"D:0-0", "4-0N", "1-0S", "6-0W", "2-0E", "1-1S", "5-1S", "5-5S", "5-2S", "pass",
          "2-2E",  "2-1E", "4-1E", "6-2S", "4-4E", "6-6S", "pass", "6-4E", "5-4N", "6-1E"},
         9,
         {{3, 8, 8, 20, 57, 149, 185, 334, 777}, {0, 0, 32, 207}, {0, 0, 4, 0}, 0}},
        // A legal line picked by hand: A's 6-3 is the only pose (higher half).
        {"chiva2_no_double",
         {"A:6-3", "3-2R", "2-0R", "6-0L", "4-0L", "4-2L", "5-0R", "2-1L"},
         23,
         {{3,  8,  11, 15,  18, 19, 14,  18, 22, 25, 29, 36,
           54, 70, 93, 102, 91, 89, 101, 26, 8,  14, 0},
          {126, 65, 0, 0},
          {6, 53, 0, 0},
          4}},
    };
    return c;
}

void check_case(const Case& c) {
    const Deal& d = deal_named(c.deal);
    std::string what =
        std::string(c.deal) +
        (c.prefix.empty() ? "" : " after " + std::to_string(c.prefix.size()) + " plies") +
        ", depth " + std::to_string(c.depth);
    brute::Counter bc(brute_rules(d));
    Pinned b = from_brute(bc.count(brute_after(d, c.prefix), c.depth));
    pips::PerftResult er =
        c.prefix.empty() ? pips::perft(variant_of(d), engine_deals(d), tiles_of(d.stock), c.depth)
                         : pips::perft(engine_after(d, c.prefix), c.depth);
    EXPECT_EQ(er.error, "") << what;
    Pinned e = from_engine(er);
    if (printing()) {
        std::string pre;
        for (const auto& p : c.prefix) pre += (pre.empty() ? "\"" : ", \"") + p + "\"";
        std::printf("        {\"%s\", {%s}, %d, %s},\n", c.deal, pre.c_str(), c.depth,
                    show(b).c_str());
    }
    EXPECT_EQ(show(e), show(b)) << what
                                << ": engine perft (left) and the brute force (right) differ";
    EXPECT_EQ(show(b), show(c.pinned))
        << what << ": the brute force (left) and the pin (right) differ";
}

// Counted by hand; both counters must agree.
void expect_by_hand(const Deal& d, const std::vector<std::string>& prefix, int depth,
                    const Pinned& want) {
    brute::Counter bc(brute_rules(d));
    Pinned b = from_brute(bc.count(brute_after(d, prefix), depth));
    pips::PerftResult er =
        prefix.empty() ? pips::perft(variant_of(d), engine_deals(d), tiles_of(d.stock), depth)
                       : pips::perft(engine_after(d, prefix), depth);
    EXPECT_EQ(er.error, "") << d.name;
    EXPECT_EQ(show(from_engine(er)), show(want)) << d.name << ": engine perft";
    EXPECT_EQ(show(b), show(want)) << d.name << ": brute force";
}

TEST(Perft, OpeningsCountedByHand) {
    // B holds 6-6 and poses it (1). C holds no 6: a forced pass (1). D plays 6-0,
    // 6-1 or 6-2, each on either 6 with the same result (3). A then holds 6-4 and
    // 6-3 for the 6, and 4-2, 3-2, 2-2 for the 2 after 6-2: 2 + 2 + 5 (9).
    expect_by_hand(deal_named("jamaican"), {}, 4, {{1, 1, 3, 9}, {}, {}, 0});
    // D poses 0-0. A plays 3-0, 4-0 or 5-0 on any empty arm (alike), or passes
    // while able (4). B holds one 0, 1-0, and may pass: 2 after each (8).
    expect_by_hand(deal_named("french"), {}, 3, {{1, 4, 8}, {}, {}, 0});
    // 6-6 is in the stock: A's 5-5 is the highest double dealt (B: 0-0) (1).
    // B's only 5 is 5-0 (1). A: 1-0 and 6-0 on the 0, 5-4, 5-1, 6-5 on the 5 (5).
    expect_by_hand(deal_named("cutthroat2_draw"), {}, 3, {{1, 1, 5}, {}, {}, 0});
    // A poses 6-6. B holds no 6 and draws 4-0, 5-5, 1-1, 6-4 and plays 6-4: the
    // whole turn is one ply (1). A: only 4-1 fits (1). B on 6|1: 2-1, 5-1, 1-1 (3).
    expect_by_hand(deal_named("chiva2"), {}, 4, {{1, 1, 1, 3}, {}, {}, 0});
    // No double dealt: the heaviest tiles are A's 6-3 and B's 5-4 (9 pips each);
    // the higher half breaks the tie, so only A's 6-3 poses (1).
    expect_by_hand(deal_named("chiva2_no_double"), {}, 1, {{1}, {}, {}, 0});
    // Any seat leads, any tile: 7 + 7.
    expect_by_hand(deal_named("fives_threes2"), {}, 1, {{14}, {}, {}, 0});
}

TEST(Perft, EndOfACutthroatHandCountedByHand) {
    // Ends 4|6, B to play holding 5-5 5-2 4-1 3-2; A holds 6-3 5-1 0-0.
    //  1: B 4-1 (1|6).                                                       1
    //  2: A 6-3 (1|3) or 5-1 (5|6).                                          2
    //  3: after 6-3, B 3-2 (1|2); after 5-1, B 5-5 (5|6) or 5-2 (2|6).       3
    //  4: A 5-1 (5|2); 6-3 (5|3); 6-3 (2|3).                                 3
    //  5: on 5|2 B 5-5 (5|2), 5-2L (2|2), 5-2R (5|5); on 5|3 B 5-2 (2|3),
    //     3-2 (5|2); on 2|3 B 3-2L (3|3), 3-2R (2|2).                        7
    //     2|2, 3|3 and 2|2 are blocked: A 0 pips (0-0) to B 10: A wins 3.
    //  6: A holds only 0-0 and passes in the 4 others.                       4
    //  7: B plays its last tile: 5-2 on 5|2 two ways, 5-5 on 5|5 one way,
    //     3-2 on 2|3 two ways, 5-2 on 5|2 two ways: 7 dominoes by B.         7
    expect_by_hand(
        deal_named("cutthroat2"),
        {"A:6-6", "6-1L", "2-1L", "2-2L", "6-0R", "4-0R", "6-4R", "6-5R", "4-2L", "5-0R", "4-4L",
         "3-0R",  "5-4L", "5-3L", "4-3L", "3-3R", "3-1R", "1-1R", "1-0R", "2-0R", "6-2R"},
        8, {{1, 2, 3, 3, 7, 4, 7, 0}, {0, 7, 0, 0}, {3, 0, 0, 0}, 0});
}

TEST(Perft, BadInputIsReportedNotCounted) {
    const Deal& d = deal_named("jamaican");
    auto v = variant_of(d);
    auto hands = engine_deals(d);
    EXPECT_EQ(pips::perft(v, hands, {}, 0).nodes, std::vector<u64>{1});
    auto three = hands;
    three.pop_back();
    EXPECT_NE(pips::perft(v, three, {}, 3).error, "");
    auto twice = hands;
    twice[1][0] = twice[0][0];
    EXPECT_NE(pips::perft(v, twice, {}, 3).error, "");
    EXPECT_NE(pips::perft(v, hands, {pips::Tile(6, 6)}, 3).error, "");
    EXPECT_NE(pips::perft(v, hands, {}, -1).error, "");
    const Deal& draw = deal_named("chiva2");
    EXPECT_NE(pips::perft(variant_of(draw), engine_deals(draw), {}, 3).error, "");
    pips::HandState unknown(v);  // no deals
    unknown.start();
    EXPECT_NE(pips::perft(unknown, 3).error, "");
}

class PerftPinned : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PerftPinned, EngineEqualsBruteForceEqualsPin) {
    check_case(cases()[GetParam()]);
}

INSTANTIATE_TEST_SUITE_P(Deals, PerftPinned, ::testing::Range<std::size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                             const Case& c = cases()[info.param];
                             std::string name = c.deal;
                             if (!c.prefix.empty())
                                 name += "_after_" + std::to_string(c.prefix.size());
                             return name + "_depth_" + std::to_string(c.depth);
                         });

}  // namespace
