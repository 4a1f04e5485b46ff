// The double-dummy solver (engine/solver.hpp): a hand solved from the pose,
// and a whole hand judged ply by ply (every choice's moves valued along the
// line of play), for every rule set at every player count. French trees are
// far larger (a seat may pass while able: tens of seconds a whole hand), so
// french runs fewer hands; french late in a hand (16 or 20 tiles in hand,
// judged as pips analyze judges) is in the normal run, 24 tiles in hand with
// PIPS_BENCH_FRENCH=1; corpus/valid/french/board_pass.dgn judged along its
// own plies from the pose and after its fifth play, and with
// PIPS_BENCH_FRENCH=1 after its second to fourth. Deals are shuffled from
// fixed seeds;
// each iteration is one hand. Counters: the median and 99th percentile time of a hand, wall and CPU
// (the thread's own: on a loaded machine the wall clock also counts the time
// other processes ran), nodes a second (CPU), and the process's peak RSS.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "engine/solver.hpp"

using namespace pips;

namespace {

constexpr std::size_t kTableMb = 256;  // pips analyze's default --tt-mb

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// The CPU time this thread has used, in seconds.
double thread_cpu_s() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The times of the hands of one benchmark.
struct Times {
    std::vector<double> wall_ms, cpu_ms;
    double cpu_s = 0;
    std::uint64_t nodes = 0;
};

// Times one hand: `f` runs it.
template <class F>
void time_hand(Times& t, F&& f) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_s();
    f();
    const double cpu = thread_cpu_s() - cpu0;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    t.wall_ms.push_back(wall * 1e3);
    t.cpu_ms.push_back(cpu * 1e3);
    t.cpu_s += cpu;
}

double peak_rss_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;  // KiB on Linux
}

Game dealt(const Variant& v, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Game g(v);
    g.deal(rng);
    return g;
}

void report(benchmark::State& state, const Times& t) {
    state.counters["p50_ms"] = percentile(t.wall_ms, 0.5);
    state.counters["p99_ms"] = percentile(t.wall_ms, 0.99);
    state.counters["cpu_p50_ms"] = percentile(t.cpu_ms, 0.5);
    state.counters["cpu_p99_ms"] = percentile(t.cpu_ms, 0.99);
    state.counters["nodes_per_s"] = t.cpu_s > 0 ? static_cast<double>(t.nodes) / t.cpu_s : 0;
    state.counters["nodes_per_hand"] =
        t.cpu_ms.empty() ? 0 : static_cast<double>(t.nodes) / static_cast<double>(t.cpu_ms.size());
    state.counters["peak_rss_mib"] = peak_rss_mib();
}

// A hand from the pose: the value for the poser's party.
void BM_SolvePose(benchmark::State& state, Variant v) {
    Solver solver(SolverOptions{.tt_mb = kTableMb});
    Times t;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        const Game g = dealt(v, seed++);
        const int poser = mover(g);
        time_hand(t, [&] {
            solver.new_hand();
            benchmark::DoNotOptimize(solver.value(g, v.party_of(poser), poser));
        });
        t.nodes += solver.nodes();
    }
    report(state, t);
}

// Plays `g` to the end of its hand along the first best move, every choice
// judged by `judge(g, seat)` (seat -1: whoever is to move).
template <class Judge>
void play_best_line(Game& g, int at, Judge judge) {
    while (!g.hand_over()) {
        const std::vector<Solver::Judged> j = judge(g, at);
        const auto best = std::max_element(
            j.begin(), j.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
        g.apply(best->move);
        at = -1;
    }
}

// A hand judged ply by ply, as pips analyze does: the value from the pose,
// then every move of every choice valued, along a line of play that takes the
// first best move.
void BM_JudgeHand(benchmark::State& state, Variant v) {
    Solver solver(SolverOptions{.tt_mb = kTableMb});
    Times t;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        Game g = dealt(v, seed++);
        time_hand(t, [&] {
            solver.new_hand();
            const int poser = mover(g);
            benchmark::DoNotOptimize(solver.value(g, v.party_of(poser), poser));
            play_best_line(g, poser,
                           [&](const Game& at, int seat) { return solver.judge(at, seat); });
        });
        t.nodes += solver.nodes();
    }
    report(state, t);
}

// French late in a hand, as pips analyze judges it: hands dealt from fixed
// seeds and played at random (passes while able seldom) until `left` tiles
// are in hand, then the value there and every choice to the end judged with
// judge_played(), along the first best move. Full french hands are far
// larger (see the file's head); these are in the normal run.
void BM_JudgeFrenchLate(benchmark::State& state, Variant v, int left) {
    Solver solver(SolverOptions{.tt_mb = kTableMb});
    Times t;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        Game g = dealt(v, seed);
        std::mt19937_64 rng(seed++);
        int at = mover(g);
        auto in_hand = [&] {
            int n = 0;
            for (int s = 0; s < v.players; ++s) n += g.hand().seat(s).count;
            return n;
        };
        while (!g.hand_over() && in_hand() > left) {
            std::vector<Move> ms = analysis_moves(g, at);
            if (ms.size() > 1 && rng() % 8 != 0)
                std::erase_if(ms, [](const Move& m) { return m.kind == Move::Kind::pass; });
            g.apply(ms[rng() % ms.size()]);
            at = -1;
        }
        time_hand(t, [&] {
            solver.new_hand();
            if (g.hand_over()) return;
            benchmark::DoNotOptimize(solver.value(g, v.party_of(mover(g, at)), at));
            const auto blunder = [](int before, int after) { return before - after >= 10; };
            play_best_line(g, at, [&](const Game& now, int seat) {
                return solver.judge_played(now, seat, 0, blunder);
            });
        });
        t.nodes += solver.nodes();
    }
    report(state, t);
}

// corpus/valid/french/board_pass.dgn: its deal and its plays, "C:6-6E"
// (seat, tile, end) or "D:pass".
Game board_pass_line(std::vector<Move>& line) {
    const Variant v = [] {
        for (const Variant& x : all_variants())
            if (x.traits().pass_while_able) return x;
        return Variant{};
    }();
    auto tile = [](const char* t) { return Tile(t[0] - '0', t[2] - '0'); };
    Deal d;
    for (const char* h : {"6-5 6-1 6-0 5-2 4-0 3-1 2-1", "6-4 6-3 5-5 5-3 4-4 3-2 2-0",
                          "6-6 5-0 4-3 3-3 2-2 1-0 0-0", "6-2 5-4 5-1 4-2 4-1 3-0 1-1"}) {
        std::vector<Tile> hand;
        for (const char* t = h; *t; t += t[3] ? 4 : 3) hand.push_back(tile(t));
        d.hands.push_back(hand);
    }
    Game g(v);
    g.deal(d);
    const char* plies[] = {"C:0-0",  "D:3-0N", "A:4-0S", "B:2-0W", "C:1-0E", "D:1-1E", "A:6-1E",
                           "B:4-4S", "C:4-3S", "D:pass", "A:pass", "B:pass", "C:6-6E", "D:6-2E",
                           "A:pass", "B:pass", "C:2-2W", "D:4-2E", "A:2-1W", "B:6-4E", "C:3-3S",
                           "D:5-1W", "A:6-5E", "B:5-5E", "C:5-0E"};
    for (const char* p : plies) {
        const int seat = p[0] - 'A';
        if (p[2] == 'p')
            line.push_back(Move::pass(seat));
        else if (line.empty())
            line.push_back(Move::pose(seat, tile(p + 2)));
        else
            line.push_back(Move::play(seat, tile(p + 2),
                                      p[5] == 'N'   ? End::N
                                      : p[5] == 'E' ? End::E
                                      : p[5] == 'S' ? End::S
                                                    : End::W));
    }
    return g;
}

// corpus/valid/french/board_pass.dgn judged as pips analyze judges it, along
// its own plies, after the first `after` of them: the value there for the
// seat to play, then judge_played() at every ply with the move the record
// plays. With PIPS_BENCH_LIMIT=N a run past N positions stops there, with
// the counter `limit` 1 (pips analyze --max-nodes N).
void BM_JudgeBoardPass(benchmark::State& state, int after) {
    const char* limit = std::getenv("PIPS_BENCH_LIMIT");
    Solver solver(SolverOptions{.tt_mb = kTableMb,
                                .node_limit = limit ? std::strtoull(limit, nullptr, 10) : 0});
    Times t;
    bool past = false;
    for (auto _ : state) {
        std::vector<Move> line;
        Game g = board_pass_line(line);
        for (int i = 0; i < after; ++i) g.apply(line[static_cast<std::size_t>(i)]);
        time_hand(t, [&] {
            solver.new_hand();
            try {
                benchmark::DoNotOptimize(solver.value(g, g.variant().party_of(mover(g))));
                for (std::size_t i = static_cast<std::size_t>(after); i < line.size(); ++i) {
                    // The move played: the same end, else the same tile (an
                    // end giving the same position).
                    const std::vector<Move> ms = analysis_moves(g);
                    const Move& m = line[i];
                    std::size_t at = ms.size();
                    for (std::size_t j = ms.size(); j-- > 0;)
                        if (ms[j].kind == m.kind && ms[j].tile == m.tile &&
                            (at == ms.size() || ms[j].end == m.end))
                            at = j;
                    benchmark::DoNotOptimize(solver.judge_played(
                        g, -1, at, [](int before, int a) { return before - a >= 10; }));
                    g.apply(line[i]);
                }
            } catch (const SolverError&) {
                past = true;
            }
        });
        t.nodes += solver.nodes();
    }
    report(state, t);
    state.counters["limit"] = past ? 1 : 0;
}

const int registered = [] {
    for (const Variant& v : all_variants()) {
        const std::string name = std::string(rules_id(v.rules)) + "/" + std::to_string(v.players);
        const bool large = v.traits().pass_while_able;  // french: see the file's head
        benchmark::RegisterBenchmark(("SolvePose/" + name).c_str(), BM_SolvePose, v)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(large                              ? 4
                         : v.players == 4 || v.players == 2 ? 40
                                                            : 10);
        benchmark::RegisterBenchmark(("JudgeHand/" + name).c_str(), BM_JudgeHand, v)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(large                              ? 2
                         : v.players == 4 || v.players == 2 ? 20
                                                            : 5);
    }
    for (const Variant& v : all_variants())
        if (v.traits().pass_while_able)
            for (int left : {16, 20, 24}) {
                // 24 tiles in hand: seconds to a minute a hand, with
                // PIPS_BENCH_FRENCH=1 only.
                if (left == 24 && !std::getenv("PIPS_BENCH_FRENCH")) continue;
                benchmark::RegisterBenchmark(
                    ("JudgeLate/" + std::string(rules_id(v.rules)) + "/" + std::to_string(left))
                        .c_str(),
                    BM_JudgeFrenchLate, v, left)
                    ->Unit(benchmark::kMillisecond)
                    ->Iterations(left == 16   ? 20
                                 : left == 20 ? 8
                                              : 3);
            }
    // board_pass.dgn from its fifth play on (23 tiles in hand) and from the
    // pose in the normal run; from the plays between with PIPS_BENCH_FRENCH=1.
    for (int after : {5, 4, 3, 2, 0}) {
        if (after != 5 && after != 0 && !std::getenv("PIPS_BENCH_FRENCH")) continue;
        benchmark::RegisterBenchmark(("JudgeBoardPass/after/" + std::to_string(after)).c_str(),
                                     BM_JudgeBoardPass, after)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
    }
    return 0;
}();

}  // namespace

BENCHMARK_MAIN();
