#include "engine/sample.hpp"

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
