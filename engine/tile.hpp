// Tiles and sets of tiles of the double-six set.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

namespace pips {

// A tile, normalised so that hi >= lo. Index 0..27: hi*(hi+1)/2 + lo.
struct Tile {
    std::uint8_t hi = 0;
    std::uint8_t lo = 0;

    constexpr Tile() = default;
    constexpr Tile(int a, int b)
        : hi(static_cast<std::uint8_t>(a > b ? a : b)),
          lo(static_cast<std::uint8_t>(a > b ? b : a)) {}
    static constexpr Tile from_index(int i);
    constexpr int index() const { return hi * (hi + 1) / 2 + lo; }
    constexpr bool is_double() const { return hi == lo; }
    constexpr int pips() const { return hi + lo; }
    constexpr bool carries(int v) const { return hi == v || lo == v; }
    // The number on the other half from v (v must be carried).
    constexpr int other(int v) const { return hi == v ? lo : hi; }
    friend constexpr bool operator==(Tile, Tile) = default;
    std::string str() const { return std::string{char('0' + hi), '-', char('0' + lo)}; }
};

constexpr int kTiles = 28;

namespace detail {
struct TileTables {
    std::array<Tile, kTiles> tile{};
    std::array<std::uint8_t, kTiles> pips{};
};
inline constexpr TileTables kTileTables = [] {
    TileTables t;
    for (int h = 0, i = 0; h <= 6; ++h)
        for (int l = 0; l <= h; ++l, ++i) {
            t.tile[i] = Tile(h, l);
            t.pips[i] = static_cast<std::uint8_t>(h + l);
        }
    return t;
}();
// For each 7-bit quarter of a set's 28 bits, the tiles it holds (high
// byte) and their pips (low byte): a set's size and pips are four lookups
// and a sum (at most 28 tiles and 168 pips, so the bytes never carry).
inline constexpr auto kQuarterSizePips = [] {
    std::array<std::array<std::uint16_t, 128>, 4> q{};
    for (std::size_t part = 0; part < 4; ++part)
        for (std::size_t bits = 0; bits < 128; ++bits)
            for (std::size_t b = 0; b < 7; ++b)
                if (bits >> b & 1u)
                    q[part][bits] = static_cast<std::uint16_t>(q[part][bits] + 256 +
                                                               kTileTables.pips[part * 7 + b]);
    return q;
}();
// Bits set in a 32-bit mask. std::popcount is a library call unless the
// target has the instruction (-mpopcnt); this is a handful of inline ones.
constexpr int popcount32(std::uint32_t x) {
#if defined(__POPCNT__)
    return std::popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
#endif
}
}  // namespace detail

constexpr Tile Tile::from_index(int i) {
    return detail::kTileTables.tile[static_cast<std::size_t>(i)];
}

// A set of tiles as a 28-bit mask.
class TileSet {
public:
    constexpr TileSet() = default;
    static constexpr TileSet from_bits(std::uint32_t b) {
        TileSet s;
        s.bits_ = b;
        return s;
    }
    static constexpr TileSet full() { return from_bits((1u << kTiles) - 1); }
    // Every tile carrying v.
    static constexpr TileSet carrying(int v) { return from_bits(kCarrying[v]); }
    constexpr bool contains(Tile t) const { return (bits_ >> t.index()) & 1u; }
    constexpr void insert(Tile t) { bits_ |= 1u << t.index(); }
    constexpr void erase(Tile t) { bits_ &= ~(1u << t.index()); }
    constexpr int size() const { return detail::popcount32(bits_); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr std::uint32_t bits() const { return bits_; }
    constexpr TileSet operator|(TileSet o) const { return from_bits(bits_ | o.bits_); }
    constexpr TileSet operator&(TileSet o) const { return from_bits(bits_ & o.bits_); }
    constexpr TileSet operator-(TileSet o) const { return from_bits(bits_ & ~o.bits_); }
    constexpr TileSet& operator|=(TileSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr TileSet& operator&=(TileSet o) {
        bits_ &= o.bits_;
        return *this;
    }
    constexpr TileSet& operator-=(TileSet o) {
        bits_ &= ~o.bits_;
        return *this;
    }
    friend constexpr bool operator==(TileSet, TileSet) = default;
    // The lowest-index tile; the set must not be empty.
    constexpr Tile first() const { return Tile::from_index(std::countr_zero(bits_)); }
    constexpr int pips() const { return size_and_pips() & 255; }
    // The size times 256 plus the pips, in one pass: (x >> 8) tiles, (x & 255) pips.
    constexpr int size_and_pips() const {
        const auto& q = detail::kQuarterSizePips;
        return q[0][bits_ & 127u] + q[1][bits_ >> 7 & 127u] + q[2][bits_ >> 14 & 127u] +
               q[3][bits_ >> 21 & 127u];
    }
    constexpr bool has_double() const { return (bits_ & kDoubles) != 0; }
    constexpr int doubles() const { return detail::popcount32(bits_ & kDoubles); }
    template <class F>
    constexpr void for_each(F f) const {
        for (std::uint32_t b = bits_; b; b &= b - 1) f(Tile::from_index(std::countr_zero(b)));
    }
    std::string str() const;  // "6-6 5-4 ..." highest first

private:
    static constexpr std::array<std::uint32_t, 7> kCarrying = [] {
        std::array<std::uint32_t, 7> c{};
        for (int v = 0; v <= 6; ++v)
            for (int o = 0; o <= 6; ++o) c[v] |= 1u << Tile(v, o).index();
        return c;
    }();
    static constexpr std::uint32_t kDoubles = [] {
        std::uint32_t d = 0;
        for (int v = 0; v <= 6; ++v) d |= 1u << Tile(v, v).index();
        return d;
    }();
    std::uint32_t bits_ = 0;
};

// Tiles of `s` that carry a or b.
constexpr TileSet fitting(TileSet s, int a, int b) {
    return s & (TileSet::carrying(a) | TileSet::carrying(b));
}

}  // namespace pips
