#include "engine/placement.hpp"

#include <algorithm>
#include <bit>

namespace pips {

namespace {

constexpr int kMaxGroups = kTiles;

// Tiles allowed in the same places are alike: the flow runs over groups.
struct Flow {
    int groups = 0;
    std::array<std::uint32_t, kMaxGroups> mask{};
    std::array<int, kMaxGroups> count{};
    std::array<TileSet, kMaxGroups> tiles{};
    std::array<int, kMaxGroups> sent{};
    std::array<int, PlacementProblem::kMaxPlaces> used{};
    std::array<std::array<std::uint8_t, PlacementProblem::kMaxPlaces>, kMaxGroups> flow{};
};

// One more tile from a group with tiles left, along a path of the residual
// graph (group -> place it may use -> group with a tile there -> ...). The
// nodes reached are left in `reached_*` either way.
bool augment(const PlacementProblem& p, Flow& f, std::uint32_t& reached_groups,
             std::uint32_t& reached_places) {
    std::array<int, kMaxGroups> group_from{};  // the place a group was reached from (-1: start)
    std::array<int, PlacementProblem::kMaxPlaces>
        place_from{};  // the group a place was reached from
    std::array<int, kMaxGroups + PlacementProblem::kMaxPlaces> queue{};
    int head = 0, tail = 0;
    reached_groups = 0;
    reached_places = 0;
    for (int g = 0; g < f.groups; ++g)
        if (f.sent[g] < f.count[g]) {
            reached_groups |= 1u << g;
            group_from[g] = -1;
            queue[tail++] = g;
        }
    while (head < tail) {
        const int g = queue[head++];
        for (std::uint32_t m = f.mask[g] & ~reached_places; m; m &= m - 1) {
            const int q = std::countr_zero(m);
            reached_places |= 1u << q;
            place_from[q] = g;
            if (f.used[q] < p.capacity[q]) {
                // Found room: push one tile along the path back to its start.
                ++f.used[q];
                int at = q, from = g;
                for (;;) {
                    ++f.flow[from][at];
                    const int back = group_from[from];
                    if (back < 0) {
                        ++f.sent[from];
                        return true;
                    }
                    --f.flow[from][back];
                    at = back;
                    from = place_from[back];
                }
            }
            // Full: a group with a tile there may move it elsewhere.
            for (int h = 0; h < f.groups; ++h)
                if (f.flow[h][q] > 0 && !(reached_groups >> h & 1u)) {
                    reached_groups |= 1u << h;
                    group_from[h] = q;
                    queue[tail++] = h;
                }
        }
    }
    return false;
}

}  // namespace

bool still_placed(const PlacementProblem& p, const Placement& a) {
    std::array<int, PlacementProblem::kMaxPlaces> used{};
    bool ok = true;
    p.tiles.for_each([&](Tile t) {
        const auto i = static_cast<std::size_t>(t.index());
        const int q = a[i];
        ok = ok && q >= 0 && q < p.places && (p.allowed[i] >> q & 1u) &&
             ++used[static_cast<std::size_t>(q)] <= p.capacity[static_cast<std::size_t>(q)];
    });
    return ok;
}

bool place_tiles(const PlacementProblem& p, PlacementCut* cut, Placement* found,
                 const Placement* start) {
    Flow f;
    int need = 0;
    bool stuck = false;
    p.tiles.for_each([&](Tile t) {
        const std::uint32_t m = p.allowed[static_cast<std::size_t>(t.index())];
        int g = 0;
        while (g < f.groups && f.mask[g] != m) ++g;
        if (g == f.groups) {
            f.mask[g] = m;
            ++f.groups;
        }
        ++f.count[g];
        f.tiles[g].insert(t);
        ++need;
        stuck = stuck || m == 0;
    });
    if (stuck) {
        // A tile with nowhere to go.
        if (cut) {
            *cut = {};
            for (int g = 0; g < f.groups; ++g)
                if (f.mask[g] == 0) cut->tiles = f.tiles[g];
        }
        return false;
    }
    if (start) {
        for (int g = 0; g < f.groups; ++g)
            f.tiles[g].for_each([&](Tile t) {
                const int q = (*start)[static_cast<std::size_t>(t.index())];
                if (q < 0 || q >= p.places || !(f.mask[g] >> q & 1u) ||
                    f.used[static_cast<std::size_t>(q)] >= p.capacity[static_cast<std::size_t>(q)])
                    return;
                ++f.flow[g][q];
                ++f.sent[g];
                ++f.used[static_cast<std::size_t>(q)];
            });
    }
    // Greedy first, the groups with the fewest places first (tiles the
    // record pins to one place take it before any other could), each into
    // places with room; then augment what is left.
    std::array<int, kMaxGroups> order{};
    for (int g = 0; g < f.groups; ++g) order[g] = g;
    std::sort(order.begin(), order.begin() + f.groups,
              [&](int x, int y) { return std::popcount(f.mask[x]) < std::popcount(f.mask[y]); });
    for (int i = 0; i < f.groups; ++i)
        for (std::uint32_t m = f.mask[order[i]]; m && f.sent[order[i]] < f.count[order[i]];
             m &= m - 1) {
            const int g = order[i];
            const int q = std::countr_zero(m);
            const int put = std::min(f.count[g] - f.sent[g], p.capacity[q] - f.used[q]);
            if (put <= 0) continue;
            f.flow[g][q] = static_cast<std::uint8_t>(f.flow[g][q] + put);
            f.sent[g] += put;
            f.used[q] += put;
        }
    int placed = 0;
    for (int g = 0; g < f.groups; ++g) placed += f.sent[g];
    std::uint32_t rg = 0, rp = 0;
    while (placed < need) {
        if (!augment(p, f, rg, rp)) {
            if (cut) {
                *cut = {};
                cut->places = rp;
                for (int g = 0; g < f.groups; ++g)
                    if (rg >> g & 1u) cut->tiles |= f.tiles[g];
                for (std::uint32_t m = rp; m; m &= m - 1)
                    cut->room += p.capacity[std::countr_zero(m)];
            }
            return false;
        }
        ++placed;
    }
    if (found) {
        found->fill(-1);
        for (int g = 0; g < f.groups; ++g) {
            int q = -1;
            int left = 0;
            f.tiles[g].for_each([&](Tile t) {
                while (left == 0) left = f.flow[g][++q];
                (*found)[static_cast<std::size_t>(t.index())] = static_cast<std::int8_t>(q);
                --left;
            });
        }
    }
    return true;
}

}  // namespace pips
