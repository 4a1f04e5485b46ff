#include "engine/perft.hpp"

#include <algorithm>
#include <memory>
#include <optional>

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
    Walker(const Variant& v, int depth, PerftResult& r)
        : v_(v), rules_(make_rules(v)), depth_(depth), r_(r) {
        r_.nodes.assign(static_cast<std::size_t>(depth) + 1, 0);
        r_.nodes[0] = 1;
    }

    void run(const HandState& root) { visit(root, 0); }

private:
    void visit(const HandState& h, int ply) {
        if (!r_.error.empty()) return;
        if (h.over() != HandOver::no) {
            if (ply > 0) finish(h);
            return;
        }
        if (ply == depth_) return;
        auto child = [&](const HandState& c) {
            ++r_.nodes[static_cast<std::size_t>(ply) + 1];
            visit(c, ply + 1);
        };
        if (!h.posed())
            poses(h, child);
        else
            turn(h, child);
    }

    void fail(const std::string& what, const Step& s) {
        if (r_.error.empty()) r_.error = "the engine refused " + what + ": " + s.why;
    }

    void finish(const HandState& h) {
#ifdef PIPS_CHECK_INVARIANTS
        if (std::string e = h.check_invariants(); !e.empty() && r_.error.empty())
            r_.error = "invariant broken: " + e;
#endif
        if (h.over() == HandOver::domino) {
            ++r_.domino[h.domino_seat()];
            return;
        }
        // blocked (a target cannot arise: points are not scored here)
        HandResult res = rules_->result(h, HandScore{}, MatchState{}, 1);
        if (!res.known) {
            if (r_.error.empty()) r_.error = "a blocked hand could not be scored: ";
            return;
        }
        if (res.tie || res.winner < 0)
            ++r_.blocked_tie;
        else
            ++r_.blocked_win[res.winner];
    }

    // The pose of hand 1, as the rule set's pose rule says.
    template <class F>
    void poses(const HandState& h, F&& child) {
        PoseRule pr = rules_->pose_rule(MatchState{});
        auto holder_of = [&](Tile t) {
            for (int s = 0; s < v_.players; ++s)
                if (h.seat(s).known.contains(t)) return s;
            return -1;
        };
        auto allowed = [&](Tile t) { return pr.what != PoseRule::What::a_double || t.is_double(); };
        std::vector<std::pair<int, Tile>> cand;
        if (pr.draw_holder) {
            // 6-6, or else the highest double dealt, or else the heaviest tile(s) dealt.
            TileSet dealt;
            for (int s = 0; s < v_.players; ++s) dealt |= h.seat(s).known;
            for (int d = 6; d >= 0 && cand.empty(); --d)
                if (dealt.contains(Tile(d, d)))
                    cand.emplace_back(holder_of(Tile(d, d)), Tile(d, d));
            if (cand.empty()) {
                int best = -1;
                dealt.for_each([&](Tile t) { best = std::max(best, t.pips()); });
                dealt.for_each([&](Tile t) {
                    if (t.pips() == best) cand.emplace_back(holder_of(t), t);
                });
            }
        } else if (pr.holder) {
            int s = holder_of(*pr.holder);
            if (s >= 0) {
                if (pr.what == PoseRule::What::holder_tile)
                    cand.emplace_back(s, *pr.holder);
                else
                    h.seat(s).known.for_each([&](Tile t) {
                        if (allowed(t)) cand.emplace_back(s, t);
                    });
            }
        } else {
            for (int s = 0; s < v_.players; ++s) {
                if (!(pr.seats & (1u << s))) continue;
                h.seat(s).known.for_each([&](Tile t) {
                    if (allowed(t)) cand.emplace_back(s, t);
                });
            }
        }
        for (auto [s, t] : cand) {
            if (v_.layout() == LayoutKind::spinner && !t.is_double()) continue;
            HandState c = h;
            if (Step st = c.pose(s, t, t.hi, t.lo); !st) {
                fail(seat_name(s) + "'s pose of " + t.str(), st);
                return;
            }
            child(c);
        }
    }

    // A turn after the pose: forced draws, then each distinct play, or a pass.
    template <class F>
    void turn(const HandState& h, F&& child) {
        int s = h.turn();
        // The forced draws, on a copy made only when there are any.
        std::optional<HandState> drawn;
        const HandState* cur = &h;
        while (v_.draw_game() && cur->boneyard() > 0 &&
               cur->can_play(s) != std::optional<bool>(true)) {
            if (!drawn) cur = &drawn.emplace(h);
            if (Step st = drawn->draw(s); !st) {
                fail(seat_name(s) + "'s draw", st);
                return;
            }
        }
        const HandState& t = *cur;
        auto hand = t.hand_of(s);
        if (!hand) {
            if (r_.error.empty()) r_.error = seat_name(s) + "'s hand is not known";
            return;
        }
        const Layout& l = t.layout();
        const bool count_doubles = v_.rules == RuleSet::fives_threes;
        bool played = false;
        hand->for_each([&](Tile tile) {
            if (!r_.error.empty()) return;
            std::vector<End> reps;
            for (End e : l.fitting_ends(tile)) {
                bool seen = std::any_of(reps.begin(), reps.end(), [&](End x) {
                    return l.same_result(tile, x, e, count_doubles);
                });
                if (!seen) reps.push_back(e);
            }
            for (End e : reps) {
                HandState c = t;
                if (Step st = c.play(s, tile, e); !st) {
                    fail(seat_name(s) + "'s play of " + tile.str() + end_letter(e), st);
                    return;
                }
                played = true;
                child(c);
            }
        });
        if (!r_.error.empty()) return;
        if (!played || v_.rules == RuleSet::french) {
            HandState c = t;
            if (Step st = c.pass(s); !st) {
                fail(seat_name(s) + "'s pass", st);
                return;
            }
            child(c);
        }
    }

    Variant v_;
    std::unique_ptr<Rules> rules_;
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
    Walker w(v, depth, r);
    w.run(h);
    if (!r.error.empty()) r.nodes.clear();
    return r;
}

PerftResult perft(const Variant& v, const std::vector<std::vector<Tile>>& deals,
                  const std::vector<Tile>& stock, int depth) {
    PerftResult r;
    if (static_cast<int>(deals.size()) != v.players) {
        r.error = "a deal is needed for each of the " + std::to_string(v.players) + " seats, not " +
                  std::to_string(deals.size());
        return r;
    }
    HandState h(v);
    for (int s = 0; s < v.players; ++s) {
        if (Step st = h.deal(s, deals[s]); !st) {
            r.error = "deal " + seat_name(s) + ": " + st.why;
            return r;
        }
    }
    if (v.draw_game()) {
        if (Step st = h.stock(stock); !st) {
            r.error = "stock: " + st.why;
            return r;
        }
    } else if (!stock.empty()) {
        r.error = v.name() + " has no boneyard to draw from";
        return r;
    }
    h.start();
    return perft(h, depth);
}

}  // namespace pips
