#include "engine/placement.hpp"

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

bool place_tiles(const PlacementProblem& p, PlacementCut* cut) {
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
    // Greedy first: each group into places with room, then augment.
    for (int g = 0; g < f.groups; ++g)
        for (std::uint32_t m = f.mask[g]; m && f.sent[g] < f.count[g]; m &= m - 1) {
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
    return true;
}

}  // namespace pips
