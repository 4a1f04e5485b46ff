// The double-dummy solver (engine/solver.hpp): a hand solved from the pose,
// and a whole hand judged ply by ply (every choice's moves valued along the
// line of play), for every rule set at every player count but french (whose
// full hands are beyond the solver: docs/analysis.md). Deals are shuffled
// from fixed seeds; each iteration is one hand. Counters: the median and 99th
// percentile time of a hand, nodes a second, and the process's peak RSS.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "engine/solver.hpp"

using namespace pips;

namespace {

constexpr std::size_t kTableMb = 32;

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
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

void report(benchmark::State& state, const std::vector<double>& ms, std::uint64_t nodes,
            double seconds) {
    state.counters["p50_ms"] = percentile(ms, 0.5);
    state.counters["p99_ms"] = percentile(ms, 0.99);
    state.counters["nodes_per_s"] = seconds > 0 ? static_cast<double>(nodes) / seconds : 0;
    state.counters["nodes_per_hand"] =
        ms.empty() ? 0 : static_cast<double>(nodes) / static_cast<double>(ms.size());
    state.counters["peak_rss_mib"] = peak_rss_mib();
}

// A hand from the pose: the value for the poser's party.
void BM_SolvePose(benchmark::State& state, Variant v) {
    Solver solver(SolverOptions{.tt_mb = kTableMb});
    std::vector<double> ms;
    std::uint64_t nodes = 0, seed = 1;
    double seconds = 0;
    for (auto _ : state) {
        const Game g = dealt(v, seed++);
        const int poser = mover(g);
        const auto start = std::chrono::steady_clock::now();
        solver.new_hand();
        benchmark::DoNotOptimize(solver.value(g, v.party_of(poser), poser));
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ms.push_back(s * 1e3);
        seconds += s;
        nodes += solver.nodes();
    }
    report(state, ms, nodes, seconds);
}

// A hand judged ply by ply, as pips analyze does: the value from the pose,
// then every move of every choice valued, along a line of play that takes the
// first best move.
void BM_JudgeHand(benchmark::State& state, Variant v) {
    Solver solver(SolverOptions{.tt_mb = kTableMb});
    std::vector<double> ms;
    std::uint64_t nodes = 0, seed = 1;
    double seconds = 0;
    for (auto _ : state) {
        Game g = dealt(v, seed++);
        const auto start = std::chrono::steady_clock::now();
        solver.new_hand();
        const int poser = mover(g);
        benchmark::DoNotOptimize(solver.value(g, v.party_of(poser), poser));
        int at = poser;
        while (!g.hand_over()) {
            const std::vector<Solver::Judged> j = solver.judge(g, at);
            const auto best = std::max_element(
                j.begin(), j.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
            g.apply(best->move);
            at = -1;
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ms.push_back(s * 1e3);
        seconds += s;
        nodes += solver.nodes();
    }
    report(state, ms, nodes, seconds);
}

const int registered = [] {
    for (const Variant& v : all_variants()) {
        if (v.traits().pass_while_able) continue;  // french: see the file's head
        const std::string name = std::string(rules_id(v.rules)) + "/" + std::to_string(v.players);
        benchmark::RegisterBenchmark(("SolvePose/" + name).c_str(), BM_SolvePose, v)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(v.players == 4 || v.players == 2 ? 40 : 10);
        benchmark::RegisterBenchmark(("JudgeHand/" + name).c_str(), BM_JudgeHand, v)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(v.players == 4 || v.players == 2 ? 20 : 5);
    }
    return 0;
}();

}  // namespace

BENCHMARK_MAIN();
