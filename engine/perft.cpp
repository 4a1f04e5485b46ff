#include "engine/perft.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "engine/game.hpp"
#include "engine/rules.hpp"

namespace pips {

std::uint64_t PerftResult::complete() const {
    std::uint64_t n = blocked_tie;
    for (int i = 0; i < 4; ++i) n += domino[i] + blocked_win[i];
    return n;
}

namespace {

std::string seat_name(int s) {
    return std::string(1, static_cast<char>('A' + s));
}

class Walker {
public:
    Walker(int depth, PerftResult& r) : depth_(depth), r_(r) {
        r_.nodes.assign(static_cast<std::size_t>(depth) + 1, 0);
        r_.nodes[0] = 1;
    }

    void run(const Game& root) { visit(root, 0); }

private:
    void visit(const Game& g, int ply) {
        if (!r_.error.empty()) return;
        if (g.hand_over()) {
            if (ply > 0) finish(g);
            return;
        }
        if (ply == depth_) return;
        // The draws of a turn are forced (the stock order is known): they
        // belong to the turn's ply, on a copy made only when there are any.
        std::vector<Move> moves = g.legal_moves();
        std::optional<Game> drawn;
        const Game* cur = &g;
        while (moves.size() == 1 && moves.front().kind == Move::Kind::draw) {
            if (!drawn) cur = &drawn.emplace(g);
            if (!apply(*drawn, moves.front())) return;
            moves = drawn->legal_moves();
        }
        // One ply per distinct position: plays of a tile at ends that give
        // the same position are one.
        for (std::size_t i = 0; i < moves.size() && r_.error.empty(); ++i) {
            const Move& m = moves[i];
            if (m.end_matters &&
                std::any_of(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(i),
                            [&](const Move& x) { return cur->same_position(x, m); }))
                continue;
            Game c = *cur;
            if (!apply(c, m)) return;
            ++r_.nodes[static_cast<std::size_t>(ply) + 1];
            visit(c, ply + 1);
        }
    }

    bool apply(Game& g, const Move& m) {
        if (Step st = g.apply(m); !st) {
            if (r_.error.empty()) r_.error = "the engine refused " + m.str() + ": " + st.why;
            return false;
        }
        return true;
    }

    void finish(const Game& g) {
#ifdef PIPS_CHECK_INVARIANTS
        if (std::string e = g.hand().check_invariants(); !e.empty() && r_.error.empty())
            r_.error = "invariant broken: " + e;
#endif
        const HandResult& res = *g.result();
        if (res.how == HandOver::domino) {
            ++r_.domino[static_cast<std::size_t>(g.hand().domino_seat())];
            return;
        }
        // blocked (a target cannot arise from 0-0 within hand 1)
        if (!res.known) {
            if (r_.error.empty()) r_.error = "a blocked hand could not be scored";
            return;
        }
        if (res.tie || res.winner < 0)
            ++r_.blocked_tie;
        else
            ++r_.blocked_win[static_cast<std::size_t>(res.winner)];
    }

    int depth_;
    PerftResult& r_;
};

}  // namespace

PerftResult perft(const HandState& h, int depth) {
    PerftResult r;
    if (depth < 0) {
        r.error = "the depth must be 0 or more";
        return r;
    }
    const Variant& v = h.variant();
    for (int s = 0; s < v.players; ++s) {
        if (!h.seat(s).exact()) {
            r.error = "perft needs every hand known; " + seat_name(s) + "'s is not";
            return r;
        }
    }
    if (v.draw_game() && h.boneyard() > 0 && !h.stock_known()) {
        r.error = "perft needs the stock of a draw game";
        return r;
    }
    Walker w(depth, r);
    w.run(Game::at(h));
    if (!r.error.empty()) r.nodes.clear();
    return r;
}

PerftResult perft(const Variant& v, const std::vector<std::vector<Tile>>& deals,
                  const std::vector<Tile>& stock, int depth) {
    Game g(v);
    if (Step st = g.deal({deals, stock}); !st) {
        PerftResult r;
        r.error = st.why;
        return r;
    }
    return perft(g.hand(), depth);
}

std::string perft_report(const PerftResult& r, const Variant& v) {
    const auto rules = make_rules(v);
    std::string out;
    for (std::size_t d = 1; d < r.nodes.size(); ++d)
        out += "depth " + std::to_string(d) + ": " + std::to_string(r.nodes[d]) + "\n";
    for (int s = 0; s < v.players; ++s)
        out += "domino " + seat_name(s) + ": " +
               std::to_string(r.domino[static_cast<std::size_t>(s)]) + "\n";
    for (int p = 0; p < v.parties(); ++p)
        out += "blocked " + rules->party_name(p) + ": " +
               std::to_string(r.blocked_win[static_cast<std::size_t>(p)]) + "\n";
    out += "blocked tie: " + std::to_string(r.blocked_tie) + "\n";
    out += "complete: " + std::to_string(r.complete()) + "\n";
    return out;
}

}  // namespace pips
