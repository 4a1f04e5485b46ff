#include "engine/sample.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace pips {

namespace {

// Placements of tiles[i..] with `rem` still to give each slot, memoised.
class Counter {
public:
    explicit Counter(const Unseen& u) : u_(u) {
        u.pool.for_each([&](Tile t) { tiles_.push_back(t); });
    }

    std::uint64_t count(std::size_t i, const std::array<int, Unseen::kSlots>& rem) {
        if (i == tiles_.size()) {
            for (int r : rem)
                if (r != 0) return 0;
            return 1;
        }
        const std::uint64_t key = encode(i, rem);
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        std::uint64_t total = 0;
        for (int s = 0; s < Unseen::kSlots; ++s) {
            const auto k = static_cast<std::size_t>(s);
            if (rem[k] == 0 || !u_.allowed[k].contains(tiles_[i])) continue;
            std::array<int, Unseen::kSlots> next = rem;
            --next[k];
            total = add(total, count(i + 1, next));
        }
        memo_.emplace(key, total);
        return total;
    }

    const std::vector<Tile>& tiles() const { return tiles_; }

private:
    static std::uint64_t add(std::uint64_t a, std::uint64_t b) {
        return a > std::numeric_limits<std::uint64_t>::max() - b
                   ? std::numeric_limits<std::uint64_t>::max()
                   : a + b;
    }
    static std::uint64_t encode(std::size_t i, const std::array<int, Unseen::kSlots>& rem) {
        std::uint64_t k = i;
        for (int r : rem) k = k << 5 | static_cast<std::uint64_t>(r & 31);
        return k;
    }
    const Unseen& u_;
    std::vector<Tile> tiles_;
    std::unordered_map<std::uint64_t, std::uint64_t> memo_;
};

}  // namespace

std::uint64_t count_placements(const Unseen& u) {
    int sum = 0;
    for (int n : u.need) {
        if (n < 0) return 0;
        sum += n;
    }
    if (sum != u.pool.size()) return 0;
    Counter c(u);
    return c.count(0, u.need);
}

std::array<TileSet, Unseen::kSlots> sample_placement(const Unseen& u, std::mt19937_64& rng) {
    Counter c(u);
    std::array<int, Unseen::kSlots> rem = u.need;
    std::array<TileSet, Unseen::kSlots> out{};
    if (count_placements(u) == 0) throw std::invalid_argument("no placement fits what is known");
    for (std::size_t i = 0; i < c.tiles().size(); ++i) {
        std::array<std::uint64_t, Unseen::kSlots> ways{};
        std::uint64_t total = 0;
        for (int s = 0; s < Unseen::kSlots; ++s) {
            const auto k = static_cast<std::size_t>(s);
            if (rem[k] == 0 || !u.allowed[k].contains(c.tiles()[i])) continue;
            std::array<int, Unseen::kSlots> next = rem;
            --next[k];
            ways[k] = c.count(i + 1, next);
            total += ways[k];
        }
        std::uniform_int_distribution<std::uint64_t> pick(0, total - 1);
        std::uint64_t r = pick(rng);
        std::size_t slot = 0;
        while (r >= ways[slot]) r -= ways[slot++];
        out[slot].insert(c.tiles()[i]);
        --rem[slot];
    }
    return out;
}

}  // namespace pips

namespace pips {

// --- any number of places ------------------------------------------------------------

PlaceSampler::PlaceSampler(TileSet pool, std::vector<Place> places, std::size_t max_states)
    : places_(std::move(places)), max_states_(max_states) {
    // The most constrained tiles first: a tile that has one place takes it
    // before the open ones are counted.
    pool.for_each([&](Tile t) { tiles_.push_back(t); });
    auto options = [&](Tile t) {
        int n = 0;
        for (const Place& p : places_) n += p.allowed.contains(t);
        return n;
    };
    std::stable_sort(tiles_.begin(), tiles_.end(),
                     [&](Tile a, Tile b) { return options(a) < options(b); });
    // At level i, places that allow the same tiles among tiles_[i..] are one
    // group; a place that allows none of them is a group of its own (-1).
    group_.resize(tiles_.size() + 1);
    groups_.resize(tiles_.size() + 1);
    TileSet left;
    for (std::size_t i = tiles_.size() + 1; i-- > 0;) {
        if (i < tiles_.size()) left.insert(tiles_[i]);
        std::vector<std::uint32_t> seen;
        auto& g = group_[i];
        g.assign(places_.size(), -1);
        for (std::size_t q = 0; q < places_.size(); ++q) {
            const std::uint32_t sig = (places_[q].allowed & left).bits();
            if (sig == 0) continue;
            const auto it = std::find(seen.begin(), seen.end(), sig);
            g[q] = static_cast<int>(it - seen.begin());
            if (it == seen.end()) seen.push_back(sig);
        }
        groups_[i] = static_cast<int>(seen.size());
    }
}

std::uint64_t PlaceSampler::ways(std::size_t i, std::vector<int>& rem) {
    const auto& g = group_[i];
    // A place no tile left may go to must be full already.
    for (std::size_t q = 0; q < rem.size(); ++q)
        if (g[q] < 0 && rem[q] != 0) return 0;
    if (i == tiles_.size()) return 1;
    // The state: the level, then each group's counts in order.
    std::string key(1, static_cast<char>(i));
    std::vector<int> part;
    for (int k = 0; k < groups_[i]; ++k) {
        part.clear();
        for (std::size_t q = 0; q < rem.size(); ++q)
            if (g[q] == k) part.push_back(rem[q]);
        std::sort(part.begin(), part.end());
        key.push_back('|');
        for (int r : part) key.push_back(static_cast<char>(r));
    }
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (memo_.size() >= max_states_)
        throw std::length_error("too many placements of the unseen tiles to count");
    std::uint64_t total = 0;
    // Places of one group with the same count left give the same number.
    std::vector<std::pair<std::pair<int, int>, std::uint64_t>> done;
    for (std::size_t q = 0; q < places_.size(); ++q) {
        if (rem[q] == 0 || !places_[q].allowed.contains(tiles_[i])) continue;
        const std::pair<int, int> sym{g[q], rem[q]};
        std::uint64_t n = 0;
        const auto it =
            std::find_if(done.begin(), done.end(), [&](const auto& d) { return d.first == sym; });
        if (it != done.end()) {
            n = it->second;
        } else {
            --rem[q];
            n = ways(i + 1, rem);
            ++rem[q];
            done.emplace_back(sym, n);
        }
        total = total > std::numeric_limits<std::uint64_t>::max() - n
                    ? std::numeric_limits<std::uint64_t>::max()
                    : total + n;
    }
    memo_.emplace(std::move(key), total);
    return total;
}

std::uint64_t PlaceSampler::count() {
    std::vector<int> rem;
    int sum = 0;
    for (const Place& p : places_) {
        if (p.need < 0) return 0;
        rem.push_back(p.need);
        sum += p.need;
    }
    if (sum != static_cast<int>(tiles_.size())) return 0;
    return ways(0, rem);
}

std::vector<TileSet> PlaceSampler::draw(std::mt19937_64& rng) {
    if (count() == 0) throw std::invalid_argument("no placement fits what is known");
    std::vector<int> rem;
    for (const Place& p : places_) rem.push_back(p.need);
    std::vector<TileSet> out(places_.size());
    std::vector<std::uint64_t> w(places_.size());
    for (std::size_t i = 0; i < tiles_.size(); ++i) {
        std::uint64_t total = 0;
        for (std::size_t q = 0; q < places_.size(); ++q) {
            w[q] = 0;
            if (rem[q] == 0 || !places_[q].allowed.contains(tiles_[i])) continue;
            --rem[q];
            w[q] = ways(i + 1, rem);
            ++rem[q];
            total += w[q];
        }
        std::uniform_int_distribution<std::uint64_t> pick(0, total - 1);
        std::uint64_t r = pick(rng);
        std::size_t q = 0;
        while (r >= w[q]) r -= w[q++];
        out[q].insert(tiles_[i]);
        --rem[q];
    }
    return out;
}

// --- draw games ------------------------------------------------------------------------

DrawGameSampler::DrawGameSampler(const Game& before_deal, const Deal& deal,
                                 std::span<const Move> moves, int seat)
    : players_(before_deal.variant().players), seat_(seat) {
    const Variant& v = before_deal.variant();
    const TileSet set = v.tile_set();
    own_ = deal.hands[static_cast<std::size_t>(seat)];
    Game g = before_deal.clone();
    if (!g.deal(deal)) throw std::invalid_argument("the deal does not stand");
    // The places: each other seat's dealt hand, then its draws as they come;
    // the boneyard last. By seat, its places in order (dealt hand first).
    std::vector<PlaceSampler::Place> places;
    std::array<std::vector<int>, 4> chain;
    for (int s = 0; s < players_; ++s) {
        if (s == seat) continue;
        deal_place_[static_cast<std::size_t>(s)] = static_cast<int>(places.size());
        chain[static_cast<std::size_t>(s)].push_back(static_cast<int>(places.size()));
        places.push_back({v.tiles_per_seat(), {}});
    }
    // Where each tile may be, as a set of places (bit q: place q).
    std::array<std::uint64_t, kTiles> allowed{};
    std::array<std::uint64_t, kTiles> banned{};
    TileSet mine;
    for (Tile t : own_) mine.insert(t);
    std::array<bool, kTiles> pinned{};
    auto prefix = [&](int s) {  // a seat's places so far
        std::uint64_t m = 0;
        for (int q : chain[static_cast<std::size_t>(s)]) m |= std::uint64_t{1} << q;
        return m;
    };
    auto pin = [&](Tile t, std::uint64_t m) {
        const auto i = static_cast<std::size_t>(t.index());
        allowed[i] = pinned[i] ? allowed[i] & m : m;
        pinned[i] = true;
    };
    auto void_of = [&](int s) {  // the seat holds nothing playable now
        const TileSet fits = g.hand().layout().playable(set - g.hand().layout().on_table());
        const std::uint64_t m = prefix(s);
        fits.for_each([&](Tile t) { banned[static_cast<std::size_t>(t.index())] |= m; });
    };
    TileSet outranks;
    for (const Move& m : moves) {
        const HandState& h = g.hand();
        const bool other = m.seat != seat;
        switch (m.kind) {
            case Move::Kind::pose: {
                // Draw games give the pose to a holder by the draw-game rule
                // (rules.cpp, holder_pose): what it proves is what ranks above.
                const PoseRule& pr = g.pose_rule();
                if (pr.known && pr.draw_holder) outranks = draw_pose_outranks(m.tile, set);
                if (other) pin(m.tile, prefix(m.seat));
                break;
            }
            case Move::Kind::play:
            case Move::Kind::foul:
                if (other) pin(m.tile, prefix(m.seat));
                break;
            case Move::Kind::pass:
                if (other && h.posed() && !v.traits().pass_while_able) void_of(m.seat);
                break;
            case Move::Kind::draw:
                if (other) {
                    if (h.posed()) void_of(m.seat);
                    const int q = static_cast<int>(places.size());
                    if (q >= 63) throw std::length_error("too many draws to sample");
                    chain[static_cast<std::size_t>(m.seat)].push_back(q);
                    places.push_back({1, {}});
                    draws_.push_back({q, Tile()});
                } else {
                    const TileSet before = h.seat(seat).known;
                    if (!g.apply(m)) throw std::invalid_argument("a move does not stand");
                    const TileSet got = g.hand().seat(seat).known - before;
                    if (got.size() != 1) throw std::invalid_argument("a draw of unknown tile");
                    draws_.push_back({-1, got.first()});
                    mine |= got;
                    continue;
                }
                break;
        }
        if (!g.apply(m)) throw std::invalid_argument("a move does not stand");
    }
    boneyard_ = static_cast<int>(places.size());
    places.push_back({g.hand().boneyard(), {}});
    std::uint64_t deals = 0;
    for (int s = 0; s < players_; ++s)
        if (s != seat) deals |= std::uint64_t{1} << deal_place_[static_cast<std::size_t>(s)];
    std::uint64_t everywhere = 0;
    for (std::size_t q = 0; q < places.size(); ++q) everywhere |= std::uint64_t{1} << q;
    const TileSet pool = set - mine;
    const TileSet table = g.hand().layout().on_table();
    pool.for_each([&](Tile t) {
        const auto i = static_cast<std::size_t>(t.index());
        std::uint64_t m = pinned[i] ? allowed[i] : everywhere;
        // A tile on the table was played from its player's hand.
        if (table.contains(t)) m &= ~(std::uint64_t{1} << boneyard_);
        m &= ~banned[i];
        if (outranks.contains(t)) m &= ~deals;
        for (std::size_t q = 0; q < places.size(); ++q)
            if (m >> q & 1u) places[q].allowed.insert(t);
    });
    places_.emplace(pool, std::move(places));
}

Deal DrawGameSampler::draw(std::mt19937_64& rng) {
    const std::vector<TileSet> p = places_->draw(rng);
    Deal d;
    d.hands.resize(static_cast<std::size_t>(players_));
    for (int s = 0; s < players_; ++s) {
        auto& hand = d.hands[static_cast<std::size_t>(s)];
        if (s == seat_) {
            hand = own_;
            continue;
        }
        p[static_cast<std::size_t>(deal_place_[static_cast<std::size_t>(s)])].for_each(
            [&](Tile t) { hand.push_back(t); });
    }
    for (const Drawn& x : draws_)
        d.stock.push_back(x.place < 0 ? x.tile : p[static_cast<std::size_t>(x.place)].first());
    // The boneyard in a uniform order (Fisher-Yates).
    std::vector<Tile> rest;
    p[static_cast<std::size_t>(boneyard_)].for_each([&](Tile t) { rest.push_back(t); });
    for (std::size_t i = rest.size(); i > 1; --i) {
        std::uniform_int_distribution<std::size_t> pick(0, i - 1);
        std::swap(rest[i - 1], rest[pick(rng)]);
    }
    d.stock.insert(d.stock.end(), rest.begin(), rest.end());
    return d;
}

}  // namespace pips
