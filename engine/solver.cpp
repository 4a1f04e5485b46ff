#include "engine/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <new>
#include <string>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace pips {

namespace {

constexpr int kInf = std::numeric_limits<int>::max() / 4;

// The high and low halves of the 128-bit product, xored.
std::uint64_t mum(std::uint64_t a, std::uint64_t b) {
    __extension__ typedef unsigned __int128 u128;
    const u128 r = static_cast<u128>(a) * b;
    return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

// The words that decide the rest of a hand once it is posed: what every seat
// holds (the boneyard's order is fixed, so its size says what is left of it),
// the tiles on the table, the open ends and what the scoring reads of them,
// the seat to play, the passes in a row, the last seat to play where a
// block's closer decides, the points and penalties of the hand so far, and the
// party the value is for.
//
// `penalties`: the value is minus the points against `persp` (french). Then
// the points are left out (the search keeps them out of the stored value),
// and so is what only scores other seats: their runs of passes, and a board
// pass on `persp`'s own play (it scores the seats that pass). What is left
// out is what decides nothing for the party: the key is exact.
std::array<std::uint64_t, 6> key_words(const Game& g, int persp, bool penalties) {
    const HandState& h = g.hand();
    const Layout& l = h.layout();
    const HandScore& s = g.score();
    std::array<std::uint64_t, 6> w{};
    auto held = [&](int seat) -> std::uint64_t {
        return seat < h.players() ? h.seat(seat).known.bits() : 0;
    };
    w[0] = held(0) | held(1) << 32;
    w[1] = held(2) | held(3) << 32;
    w[2] =
        std::uint64_t{l.on_table().bits()} | static_cast<std::uint64_t>(h.turn() & 7) << 28 |
        static_cast<std::uint64_t>(h.boneyard() & 63) << 32 |
        static_cast<std::uint64_t>(h.passes_in_row() & 63) << 40 |
        static_cast<std::uint64_t>((g.variant().options.tie_closer ? h.last_player() + 1 : 0) & 7)
            << 46 |
        static_cast<std::uint64_t>(persp & 7) << 50;
    std::uint64_t ends = 0;
    if (l.kind() == LayoutKind::line) {
        // Left and right follow the same rules: the two ends, sorted.
        std::uint64_t a = static_cast<std::uint64_t>(l.end_value(End::L)) << 1 |
                          static_cast<std::uint64_t>(l.double_at(End::L));
        std::uint64_t b = static_cast<std::uint64_t>(l.end_value(End::R)) << 1 |
                          static_cast<std::uint64_t>(l.double_at(End::R));
        if (a > b) std::swap(a, b);
        ends = a | b << 4;
    } else {
        // The four arms follow the same rules: which arm shows what does
        // not matter, only what the arms show (sorted).
        std::array<std::uint64_t, 4> arms{};
        std::size_t i = 0;
        for (End e : {End::N, End::E, End::S, End::W})
            arms[i++] = l.arm_used(e) ? 8u | static_cast<std::uint64_t>(l.end_value(e)) : 0u;
        // Sorted by a network of five exchanges, without branches.
        auto exchange = [&](std::size_t i, std::size_t j) {
            const std::uint64_t lo = std::min(arms[i], arms[j]);
            arms[j] = std::max(arms[i], arms[j]);
            arms[i] = lo;
        };
        exchange(0, 1);
        exchange(2, 3);
        exchange(0, 2);
        exchange(1, 3);
        exchange(1, 2);
        ends = static_cast<std::uint64_t>(l.spinner() + 1);
        for (std::size_t a = 0; a < 4; ++a) ends |= arms[a] << (4 + 4 * a);
    }
    const bool board = !penalties || s.board_from != persp;
    w[3] = ends | static_cast<std::uint64_t>(board ? s.board_from + 1 : 0) << 24 |
           static_cast<std::uint64_t>(board ? s.board_passes & 15 : 0) << 28 |
           static_cast<std::uint64_t>(s.target) << 32 |
           static_cast<std::uint64_t>(s.target_party + 1) << 33;
    w[4] = 0;
    w[5] = 0;
    for (std::size_t p = 0; p < 4; ++p) {
        if (!penalties)
            w[4] |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.points[p])) << (16 * p);
        if (!penalties || static_cast<int>(p) == persp)
            w[5] |= static_cast<std::uint64_t>(s.run[p] & 15) << (4 * p);
    }
    return w;
}

// Order: the table's best move first, then (fives-threes) the points a play
// makes, doubles, heavier tiles; passes and draws last.
int order_score(const Game& g, const Move& m) {
    if (m.kind != Move::Kind::play && m.kind != Move::Kind::pose) return -1000;
    int score = m.tile.pips();
    if (m.tile.is_double()) score += 20;
    if (m.kind == Move::Kind::play) score += 100 * g.points_after(m);
    return score;
}

// French, a play of the party: the tiles the other seats hold that fit
// somewhere once it is made. The party's plays are ordered by it, fewest
// first (then as order_score() has them): a proof that the party keeps its
// value must answer every move of the three seats against it, and a play that
// leaves them fewer tiles to play leaves fewer moves to answer (the proofs of
// 24-tile positions take a third to a half fewer positions).
int others_fitting(const Game& g, const Move& m) {
    const HandState& h = g.hand();
    Layout after = h.layout();
    after.play(m.tile, m.end ? *m.end : after.fitting(m.tile).front());
    std::uint32_t others = 0;
    for (int seat = 0; seat < h.players(); ++seat)
        if (seat != m.seat) others |= h.seat(seat).known.bits();
    return std::popcount(after.fit_mask().bits() & others);
}

}  // namespace

std::optional<int> hand_value(const Game& g, int party) {
    if (!g.hand_over()) return std::nullopt;
    const std::optional<HandResult>& r = g.result();
    if (!r || !r->known) return std::nullopt;
    const RuleTraits& t = g.variant().traits();
    const int parties = g.variant().parties();
    if (party < 0 || party >= parties) return std::nullopt;
    const auto pts = [&](int p) { return r->points[static_cast<std::size_t>(p)]; };
    if (t.penalties) return -pts(party);
    if (t.win_value > 0) {
        if (r->tie || r->winner < 0) return 0;
        return r->winner == party ? pts(r->winner) : -pts(r->winner);
    }
    int v = 0;
    for (int p = 0; p < parties; ++p) v += p == party ? pts(p) : -pts(p);
    if (r->how == HandOver::target && r->winner >= 0) v += r->winner == party ? 100 : -100;
    return v;
}

int mover(const Game& g, int poser) {
    if (g.hand_number() == 0 || g.hand_over()) return -1;
    const HandState& h = g.hand();
    if (h.posed() || h.turn() >= 0) return h.turn();
    if (poser >= 0) return poser;
    const std::vector<Move> all = g.legal_moves();
    return all.empty() ? -1 : all.front().seat;
}

void analysis_moves(const Game& g, int poser, MoveList& out) {
    out.clear();
    const int seat = mover(g, poser);
    if (seat < 0) return;
    const HandState& h = g.hand();
    const RuleTraits& t = g.variant().traits();
    g.legal_moves(out);
    const bool last_tile = h.posed() && h.seat(seat).count == 1 && !t.scores_in_play &&
                           !(g.variant().partnership() && t.partner_plays_on);
    const bool no_idle_pass = t.pass_while_able && h.posed() &&
                              h.passes_in_row() >= h.in_hand() - 1 &&
                              h.can_play(seat) == std::optional<bool>(true);
    // Filtered in place: the moves kept are out[0, kept).
    std::size_t kept = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        Move m = out[i];
        if (m.seat != seat) continue;
        if (m.kind == Move::Kind::pass && no_idle_pass) continue;
        if (m.kind == Move::Kind::play && m.end_matters && last_tile) {
            const bool seen = std::any_of(out.begin(), out.begin() + kept, [&](const Move& o) {
                return o.kind == Move::Kind::play && o.tile == m.tile;
            });
            if (seen) continue;
            m.end_matters = false;
        }
        out[kept++] = m;
    }
    out.resize(kept);
}

std::optional<int> french_floor(const Game& g, int party) {
    // The value is minus the points against the party P: those incurred and
    // those still to come. P holds one tile. With all four arms used, only a
    // play on an arm changes what it shows or which tiles it takes, and v-v
    // once down stays down: an arm the tile fits now still takes it at P's
    // next turn unless another seat plays on it first. Another seat can play
    // on an arm only with a tile that fits it now (or once v-v is down,
    // which needs v-v, a tile that fits it now if it shows v, or P's own),
    // and each seat moving before P's turn plays at most once. So unless
    // those seats can take every arm the tile fits, one each with a tile
    // that fits it now, the tile still fits at P's turn, and P plays it
    // and dominoes (the value is at least what P gets so). Until then P
    // does not pass, so nothing more comes against P but a board pass under
    // way on another seat's play (10, if the passes it still needs can come
    // before P's turn), or, if a seat moving before P holds one tile and
    // dominoes first, P's pips: the tile's pip count, doubled if it is a
    // double, doubled again if that seat's last tile is one (a seat holding
    // a double). No further pass of P's: no run, no pass while able.
    if (!g.variant().traits().penalties || g.hand_number() == 0 || g.hand_over())
        return std::nullopt;
    const HandState& h = g.hand();
    if (!h.posed() || party < 0 || party >= h.players() || h.turn() < 0) return std::nullopt;
    const auto& me = h.seat(party);
    if (me.count != 1 || me.known.size() != 1) return std::nullopt;
    const Layout& l = h.layout();
    if (l.kind() != LayoutKind::spinner) return std::nullopt;
    constexpr std::array<End, 4> kArms = {End::N, End::E, End::S, End::W};
    for (End e : kArms)
        if (!l.arm_used(e)) return std::nullopt;
    // The arms the tile fits (bit i: kArms[i]); none, mostly: then P
    // passes, and there is no floor (asked first, as the cheapest test).
    const Tile tile = me.known.first();
    unsigned fitting = 0;
    for (std::size_t i = 0; i < 4; ++i)
        if (l.fit_mask(kArms[i]).contains(tile)) fitting |= 1u << i;
    if (fitting == 0) return std::nullopt;
    TileSet others;
    for (int seat = 0; seat < h.players(); ++seat) {
        if (seat == party) continue;
        const auto& si = h.seat(seat);
        if (si.known.size() != si.count) return std::nullopt;
        others |= si.known;
    }
    // Every set of those arms the seats moving before P's turn can take
    // away, one arm each at most (bit m of `taken`: the arms of m all taken).
    const HandScore& s = g.score();
    std::uint32_t taken = 1;      // none taken
    bool first = false;           // one of those seats holds one tile
    int passes = s.board_passes;  // on the board under way, if they all pass
    for (int seat = h.turn(); seat != party; seat = (seat + 1) % h.players()) {
        const TileSet held = h.seat(seat).known;
        first = first || h.seat(seat).count == 1;
        passes += seat != s.board_from;
        std::uint32_t next = taken;
        for (std::size_t i = 0; i < 4; ++i)
            if ((fitting >> i & 1u) && !(held & l.fit_mask(kArms[i])).empty())
                for (unsigned m = 0; m < 16; ++m)
                    if (taken >> m & 1u) next |= 1u << (m | 1u << i);
        taken = next;
    }
    if (taken >> fitting & 1u) return std::nullopt;
    int later = s.board_from >= 0 && s.board_from != party && passes >= h.players() - 1 ? 10 : 0;
    if (first)
        later += g.variant().pip_count(me.known) * (tile.is_double() ? 2 : 1) *
                 (others.has_double() ? 2 : 1);
    return -s.points[static_cast<std::size_t>(party)] - later;
}

std::vector<Move> analysis_moves(const Game& g, int poser) {
    MoveList l;
    analysis_moves(g, poser, l);
    return {l.begin(), l.end()};
}

Solver::Solver(SolverOptions o) {
    const std::size_t bytes = std::max<std::size_t>(o.tt_mb, 1) << 20;
    node_limit_ = o.node_limit;
    std::size_t buckets = 1;
    while (buckets * 2 * kBucket * sizeof(Entry) <= bytes) buckets *= 2;
    entries_ = buckets * kBucket;
    const std::size_t size = entries_ * sizeof(Entry);
    // 2 MiB alignment lets the system back the table with huge pages: a
    // probe is a random access, and 4 KiB pages make most of them TLB misses.
    constexpr std::size_t kHuge = std::size_t{2} << 20;
#if defined(__linux__)
    // Zeroed pages mapped on first touch: a hand uses the part of the table
    // its search needs (see kFirstBuckets), and only that part takes memory.
    const std::size_t len = size + kHuge;
    void* m = mmap(nullptr, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    const auto at = (reinterpret_cast<std::uintptr_t>(m) + kHuge - 1) & ~(kHuge - 1);
    void* p = reinterpret_cast<void*>(at);
#if defined(MADV_HUGEPAGE)
    if (size >= kHuge) madvise(p, size, MADV_HUGEPAGE);
#endif
    table_ = std::unique_ptr<Entry[], Free>(static_cast<Entry*>(p), Free{m, len});
#else
    void* p = std::aligned_alloc(size >= kHuge ? kHuge : alignof(std::max_align_t), size);
    if (!p) throw std::bad_alloc();
    std::memset(p, 0, size);
    table_ = std::unique_ptr<Entry[], Free>(static_cast<Entry*>(p), Free{p, size});
#endif
    buckets_mask_ = buckets - 1;
    active_mask_ = std::min(buckets, kFirstBuckets) - 1;
    generation_ = 1;
}

void Solver::Free::operator()(Entry*) const {
#if defined(__linux__)
    munmap(base, len);
#else
    std::free(base);
#endif
}

void Solver::new_hand() {
    nodes_ = 0;
    active_mask_ = std::min(buckets_mask_ + 1, kFirstBuckets) - 1;
    filled_ = 0;
    if (++generation_ == 0) {
        // The generations wrapped: entries of old hands would look current.
        std::fill(table_.get(), table_.get() + entries_, Entry{});
        generation_ = 1;
    }
}

Solver::Key Solver::key_of(const Game& g) const {
    // Two independent hashes of the words, each three 64x64->128-bit
    // products of a pair of words under secret masks (multiply-xor, as in
    // wyhash): the index picks the bucket, the check (64 bits of the other)
    // tells the positions in it apart. No word ever equals the mask of its
    // place (each mask has high bits the word never has, or a 16-bit point
    // field no hand reaches), so no factor is 0, and no product.
    static constexpr std::array<std::uint64_t, 6> kA = {
        0xa0761d6478bd642fULL,
        0xe7037ed1a0b428dbULL,
        0x8ebc6af09c88c6e3ULL,
        0xf89b1f5e5a0b9c31ULL,
        0x8000800080008000ULL ^ 0x1d8e4e27c47d124fULL,
        0xd0d0b4b5c3a6a1e7ULL};
    static constexpr std::array<std::uint64_t, 6> kB = {
        0xc2b2ae3d27d4eb4fULL,
        0x9e3779b97f4a7c15ULL,
        0xf1357aea2e62a9c5ULL,
        0xe4b6c9f2a1d3e5b7ULL,
        0x8000800080008000ULL ^ 0x2545f4914f6cdd1dULL,
        0xb5ad4eceda1ce2a9ULL};
    const std::array<std::uint64_t, 6> w = key_words(g, persp_, penalties_);
    const std::uint64_t a = mum(w[0] ^ kA[0], w[1] ^ kA[1]) ^ mum(w[2] ^ kA[2], w[3] ^ kA[3]) ^
                            mum(w[4] ^ kA[4], w[5] ^ kA[5]);
    const std::uint64_t b = mum(w[0] ^ kB[0], w[1] ^ kB[1]) ^ mum(w[2] ^ kB[2], w[3] ^ kB[3]) ^
                            mum(w[4] ^ kB[4], w[5] ^ kB[5]);
    // The check keeps, in place of its low 17 bits, a bit that is never 0
    // (check 0 marks nothing) and bits 16 to 31 of the index: with the
    // bucket an entry is in, they say which bucket it goes to when the part
    // of the table in use doubles (store()).
    const std::uint64_t index = mum(a, 0x9fb21c651e98df25ULL);
    return {index, (b & ~std::uint64_t{0x1FFFF}) | 0x10000 | (index >> kIndexKept & 0xFFFF)};
}

Solver::Entry* Solver::probe(const Key& k) {
    Entry* bucket = bucket_of(k);
    for (std::size_t i = 0; i < kBucket; ++i)
        if (bucket[i].generation == generation_ && bucket[i].check == k.check) return &bucket[i];
    return nullptr;
}

void Solver::store(const Key& k, int value, int a0, int b0, std::uint8_t best, std::uint64_t work) {
    // A bound the entry's 16 bits cannot hold is not kept (no hand's value
    // comes near).
    const bool upper = value <= a0 && value < kNoUpper && value > kNoLower;
    const bool lower = value >= b0 && value > kNoLower && value < kNoUpper;
    const bool exact = !upper && !lower && value > kNoLower && value < kNoUpper;
    if (!upper && !lower && !exact) return;
    Entry* bucket = bucket_of(k);
    Entry* slot = nullptr;
    bool fill = false;
    for (std::size_t i = 0; i < kBucket && !slot; ++i)
        if (bucket[i].generation == generation_ && bucket[i].check == k.check) slot = &bucket[i];
    if (!slot) {
        for (std::size_t i = 0; i < kBucket && !slot; ++i)
            if (bucket[i].generation != generation_) {
                slot = &bucket[i];
                fill = true;
            }
        if (!slot) {
            // A full bucket: the entry that saves the least work goes, so
            // that the proofs of large subtrees stay when the table is full.
            slot = bucket;
            for (std::size_t i = 1; i < kBucket; ++i)
                if (bucket[i].work <= slot->work) slot = &bucket[i];
        }
        *slot = Entry{};
        slot->check = k.check;
        slot->generation = generation_;
    }
    const auto v = static_cast<std::int16_t>(value);
    if (upper || exact) slot->upper = std::min(slot->upper, v);
    if (lower || exact) slot->lower = std::max(slot->lower, v);
    slot->best = best;
    slot->work = std::max(slot->work, static_cast<std::uint8_t>(std::bit_width(work)));
    // Half the part in use holds this hand's entries: twice the part.
    if (fill && ++filled_ * 2 > (active_mask_ + 1) * kBucket && active_mask_ < buckets_mask_)
        grow();
}

void Solver::grow() {
    // A key in bucket b of the part is looked for in b or in b plus the
    // part's size after it, as its index says: each entry moves there (the
    // new half holds no entry of this hand), and every entry is still found.
    // The part is at least the first one, so the bucket gives the index's
    // low kIndexKept bits and the check the next 16.
    static_assert(kFirstBuckets == std::size_t{1} << kIndexKept);
    const std::size_t part = active_mask_ + 1;
    const std::size_t mask = part * 2 - 1;
    for (std::size_t b = 0; b < part; ++b) {
        Entry* from = table_.get() + b * kBucket;
        Entry* to = table_.get() + (b + part) * kBucket;
        std::size_t moved = 0;
        for (std::size_t i = 0; i < kBucket; ++i) {
            if (from[i].generation != generation_) continue;
            const std::size_t index = static_cast<std::size_t>(from[i].check & 0xFFFF)
                                          << kIndexKept |
                                      (b & (kFirstBuckets - 1));
            if ((index & mask) == b) continue;
            to[moved++] = from[i];
            from[i] = Entry{};
        }
        for (; moved < kBucket; ++moved) to[moved] = Entry{};
    }
    active_mask_ = mask;
}

int Solver::set_party(int party, const Variant& v) {
    paranoid_ = v.parties() > 2;
    penalties_ = v.traits().penalties;
    if (paranoid_) {
        persp_ = party;
        return 1;
    }
    persp_ = 0;
    return party == 0 ? 1 : -1;
}

Solver::Frame& Solver::frame(int depth, const Game& g) {
    // Frames for this depth and its children: a child is made in place of the
    // last one (copy assignment keeps the storage a Game holds).
    const auto need = static_cast<std::size_t>(depth) + 2;
    while (frames_.size() < need) frames_.push_back(std::make_unique<Frame>(g));
    return *frames_[static_cast<std::size_t>(depth)];
}

int Solver::search(const Game& g, int alpha, int beta, int depth, int poser) {
    if (++nodes_ > node_limit_ && node_limit_ > 0)
        throw SolverError("the search passed its limit of " + std::to_string(node_limit_) +
                          " positions");
    const std::uint64_t start = nodes_;
    if (g.hand_over()) {
        const std::optional<int> v = hand_value(g, persp_);
        if (!v) throw SolverError("hand value unknown");
        return *v;
    }
    if (depth > kMaxPlies) throw SolverError("the hand runs past the deepest search");
    if (penalties_) {
        // Points against a seat only grow: the value is at most minus those
        // already against the party, and a search that asks for more fails
        // low at once.
        const int most = -g.score().points[static_cast<std::size_t>(persp_)];
        if (most <= alpha) return most;
        // And at least its floor (which needs the party's last tile): a
        // search that asks for less fails high.
        if (g.hand().seat(persp_).count == 1)
            if (const std::optional<int> least = french_floor(g, persp_); least && *least >= beta)
                return *least;
    }
    Frame& f = frame(depth, g);
    MoveList& moves = f.moves;
    Game& child = frames_[static_cast<std::size_t>(depth) + 1]->game;
    const bool posed = g.hand().posed();
    Key k;
    // The table's line is fetched while the moves are listed.
    if (posed) {
        k = key_of(g);
        __builtin_prefetch(bucket_of(k));
    }
    analysis_moves(g, poser, moves);
    if (moves.empty()) throw SolverError("a hand in play with no move");
    if (moves.size() > 64) throw SolverError("more moves than the search orders");
    if (moves.size() == 1) {
        // A forced move (a pass, a draw): the position is worth its child's
        // value, which the child's entry keeps.
        child = g;
        if (!child.apply(moves[0])) throw SolverError("the engine refused a listed move");
        return search(child, alpha, beta, depth + 1, -1);
    }
    std::uint8_t hint = 0xFF;
    // Penalties already incurred change no later choice: the table keeps
    // the value less them, and one entry serves every way to reach the tiles.
    const int base = penalties_ ? -g.score().points[static_cast<std::size_t>(persp_)] : 0;
    if (posed) {
        if (const Entry* e = probe(k)) {
            hint = e->best;
            const int lo = e->lower == kNoLower ? -kInf : e->lower + base;
            const int hi = e->upper == kNoUpper ? kInf : e->upper + base;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
            alpha = std::max(alpha, lo);
            beta = std::min(beta, hi);
        }
    }
    const int seat = moves[0].seat;
    const bool maximise = g.variant().party_of(seat) == persp_;
    const std::size_t n = moves.size();
    if (penalties_ && maximise && posed && g.hand().seat(persp_).count == 2) {
        // French, the party to play with two tiles: a play after which its
        // floor already reaches beta ends the search here (the value is at
        // least that play's).
        for (std::size_t i = 0; i < n; ++i) {
            if (moves[i].kind != Move::Kind::play) continue;
            child = g;
            if (!child.apply(moves[i])) throw SolverError("the engine refused a listed move");
            if (const std::optional<int> least = french_floor(child, persp_);
                least && *least >= beta)
                return *least;
        }
    }
    std::array<std::uint8_t, 64> order;
    std::array<int, 64> score;
    for (std::size_t i = 0; i < n; ++i) {
        order[i] = static_cast<std::uint8_t>(i);
        score[i] = i == hint ? 1 << 20 : order_score(g, moves[i]);
        // French: a seat playing against the party loses nothing the value
        // counts by passing while able, and often does best so.
        if (penalties_ && !maximise && moves[i].kind == Move::Kind::pass && i != hint)
            score[i] = 1 << 10;
        // French: the party's plays that leave the others least to play
        // first (others_fitting()); still after the table's move and before
        // a pass.
        if (penalties_ && maximise && posed && moves[i].kind == Move::Kind::play && i != hint)
            score[i] += 64 * (32 - others_fitting(g, moves[i]));
    }
    // Insertion sort, stable: few moves.
    for (std::size_t i = 1; i < n; ++i) {
        const std::uint8_t x = order[i];
        std::size_t j = i;
        for (; j > 0 && score[order[j - 1]] < score[x]; --j) order[j] = order[j - 1];
        order[j] = x;
    }
    const int a0 = alpha, b0 = beta;
    int best = maximise ? -kInf : kInf;
    std::uint8_t best_i = order[0];
    for (std::size_t j = 0; j < n; ++j) {
        child = g;
        if (!child.apply(moves[order[j]])) throw SolverError("the engine refused a listed move");
        const int v = search(child, alpha, beta, depth + 1, -1);
        if (maximise ? v > best : v < best) {
            best = v;
            best_i = order[j];
        }
        if (maximise)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        if (alpha >= beta) break;
    }
    if (posed) {
        store(k, best - base, a0 - base, b0 - base, best_i, nodes_ - start);
    }
    return best;
}

int Solver::first_guess(const Game& g) {
    if (!g.hand().posed() || g.hand_over()) return 0;
    const int base = penalties_ ? -g.score().points[static_cast<std::size_t>(persp_)] : 0;
    if (const Entry* e = probe(key_of(g))) {
        if (e->lower != kNoLower) return e->lower + base;
        if (e->upper != kNoUpper) return e->upper + base;
    }
    return 0;
}

Solver::Bounds Solver::narrow(const Game& g, int depth, int poser, int guess, Bounds b,
                              const std::function<bool(Bounds)>& enough, std::optional<int> first) {
    // Null-window searches close in on the value: each proves a lower bound
    // (the value is at least beta) or an upper one (less than beta), and
    // fail-soft, so a bound may land past beta. Few values are possible in
    // most rule sets, and MTD(f) (the next test where the last bound landed)
    // takes few steps. French values spread over hundreds of points, and
    // fail-soft bounds move one or two points at a time: there the tests
    // move out from the first guess by steps that double until the value is
    // bracketed, then halve the bracket (each test near the value costs a
    // proof about as large as the value's own; these are few).
    int step = 1;
    int beta = guess;
    // The test asked for first, once (a plain flag and value: GCC took the
    // optional's value for uninitialised here).
    bool ask_first = first.has_value();
    const int first_beta = first.value_or(0);
    while (b.lower < b.upper && !enough(b)) {
        if (ask_first && b.lower < first_beta && first_beta <= b.upper) {
            beta = first_beta;
            ask_first = false;
        } else if (penalties_) {
            if (b.lower == -kInf && b.upper == kInf) {
                beta = guess;
            } else if (b.lower == -kInf) {
                beta = b.upper - (step - 1);
                step *= 2;
            } else if (b.upper == kInf) {
                beta = b.lower + step;
                step *= 2;
            } else {
                beta = b.lower + (b.upper - b.lower + 1) / 2;
            }
        } else {
            beta = std::clamp(guess == b.lower ? guess + 1 : guess, b.lower + 1, b.upper);
        }
        guess = search(g, beta - 1, beta, depth, poser);
        if (guess < beta)
            b.upper = guess;
        else
            b.lower = guess;
    }
    return b;
}

int Solver::solve(const Game& g, int depth, int poser) {
    return narrow(g, depth, poser, first_guess(g), {-kInf, kInf}, [](Bounds) { return false; })
        .lower;
}

int Solver::value(const Game& g, int party, int poser) {
    const int sign = set_party(party, g.variant());
    return sign * solve(g, 0, poser);
}

std::vector<Solver::Judged> Solver::judge(const Game& g, int poser) {
    std::vector<Judged> out;
    const int seat = mover(g, poser);
    if (seat < 0) return out;
    const int sign = set_party(g.variant().party_of(seat), g.variant());
    const std::vector<Move> moves = analysis_moves(g, poser);
    frame(0, g);
    Game& child = frames_[1]->game;  // the position at depth 1
    for (const Move& m : moves) {
        child = g;
        if (!child.apply(m)) throw SolverError("the engine refused a listed move");
        out.push_back({m, sign * solve(child, 1, -1)});
    }
    return out;
}

}  // namespace pips

namespace pips {

std::vector<Solver::Judged> Solver::judge_played(const Game& g, int poser, std::size_t played,
                                                 const Blunder& blunder) {
    std::vector<Judged> out;
    const int seat = mover(g, poser);
    if (seat < 0) return out;
    const int sign = set_party(g.variant().party_of(seat), g.variant());
    const std::vector<Move> moves = analysis_moves(g, poser);
    if (played >= moves.size()) return judge(g, poser);
    frame(0, g);
    Game& child = frames_[1]->game;  // the position at depth 1
    // Bounds for the mover's party, from bounds of the search's perspective.
    auto mine = [&](Bounds b) { return sign > 0 ? b : Bounds{-b.upper, -b.lower}; };
    std::vector<Bounds> bounds(moves.size(), Bounds{-kInf, kInf});
    // Narrows the bounds of move i (the first test at `guess`, for the
    // mover's party, else where the table points).
    // `above`: the first test asks whether the value is above it.
    auto refine = [&](std::size_t i, std::optional<int> guess,
                      const std::function<bool(Bounds)>& enough,
                      std::optional<int> above = std::nullopt) {
        child = g;
        if (!child.apply(moves[i])) throw SolverError("the engine refused a listed move");
        std::optional<int> first;
        if (above) first = sign > 0 ? *above + 1 : -*above;
        const Bounds b = narrow(
            child, 1, -1, guess ? sign * *guess : first_guess(child), mine(bounds[i]),
            [&](Bounds x) { return enough(mine(x)); }, first);
        bounds[i] = mine(b);
    };
    refine(played, std::nullopt, [](Bounds) { return false; });
    int best = bounds[played].lower;
    // Every other move: its value where it reaches the best so far, else
    // only that it stays below (an upper bound under the best).
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i == played) continue;
        refine(i, best, [&](Bounds b) { return b.upper < best; });
        if (bounds[i].lower == bounds[i].upper) best = std::max(best, bounds[i].lower);
    }
    // With one best move, whether every other move is a blunder: an upper
    // bound that is one settles it, and a lower bound that is none settles
    // that it is not (blunders are monotone in the value). The first test
    // asks at the blunder's edge (the highest value below the upper bound
    // that is one), so that one test mostly settles it.
    int keep = 0;
    for (const Bounds& b : bounds) keep += b.lower == best && b.upper == best;
    if (keep == 1)
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Bounds now = bounds[i];
            if (now.upper >= best || blunder(best, now.upper)) continue;
            std::optional<int> edge;
            for (int a = now.upper - 1; a > now.upper - 1000 && a > now.lower; --a)
                if (blunder(best, a)) {
                    edge = a;
                    break;
                }
            refine(
                i, now.upper,
                [&](Bounds b) {
                    return blunder(best, b.upper) || (b.lower > -kInf && !blunder(best, b.lower));
                },
                edge);
        }
    for (std::size_t i = 0; i < moves.size(); ++i)
        out.push_back({moves[i], bounds[i].upper, bounds[i].lower == bounds[i].upper});
    return out;
}

}  // namespace pips
