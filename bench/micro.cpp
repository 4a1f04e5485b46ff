// Micro-benchmarks: the parser alone, the checker alone (on parsed records)
// and the engine alone (plies applied to a HandState), over generated matches.
#include <benchmark/benchmark.h>

#include <random>
#include <sstream>

#include "checker/checker.hpp"
#include "cli/json.hpp"
#include "engine/game.hpp"
#include "engine/hand.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"

using namespace pips;

namespace {

Variant jamaican() {
    Variant v;
    make_variant("jamaican", 4, "", v);
    return v;
}

// About 1 MB of full-information Jamaican matches.
const std::string& corpus() {
    static const std::string text = [] {
        std::mt19937_64 rng(1);
        gen::Options opt{jamaican(), true, gen::Bot::random, 60};
        std::string s;
        while (s.size() < (1u << 20)) {
            if (!s.empty()) s += '\n';
            s += gen::write_match(gen::generate_match(opt, rng)).text;
        }
        return s;
    }();
    return text;
}

const std::vector<ast::Record>& records() {
    static const std::vector<ast::Record> recs = [] {
        std::istringstream in(corpus());
        parser::RecordReader r(in);
        std::vector<ast::Record> out;
        ast::Record rec;
        while (r.next(rec)) out.push_back(rec);
        return out;
    }();
    return recs;
}

// Reads the corpus record by record, as pips check does, in parse mode `mode`.
void parse_corpus(benchmark::State& state, parser::Mode mode) {
    const std::string& text = corpus();
    for (auto _ : state) {
        std::istringstream in(text);
        parser::RecordReader r(in, mode);
        ast::Record rec;
        std::size_t n = 0;
        while (r.next(rec)) ++n;
        benchmark::DoNotOptimize(n);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void BM_Parse(benchmark::State& state) {
    parse_corpus(state, parser::Mode::fast);
}
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);

// BM_Parse in the parser's reference mode: every word through its X3 rule,
// no hand-written fast path.
void BM_ParseReference(benchmark::State& state) {
    parse_corpus(state, parser::Mode::reference);
}
BENCHMARK(BM_ParseReference)->Unit(benchmark::kMillisecond);

// Splitting alone, the sequential part of pips check --jobs N: the records'
// texts, not parsed.
void BM_Split(benchmark::State& state) {
    const std::string& text = corpus();
    for (auto _ : state) {
        std::istringstream in(text);
        parser::RecordReader r(in);
        parser::RecordText record;
        std::uint32_t line = 0;
        std::size_t n = 0;
        while (r.next_text(record, line)) ++n;
        benchmark::DoNotOptimize(n);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_Split)->Unit(benchmark::kMillisecond);

void BM_Check(benchmark::State& state) {
    const auto& recs = records();
    std::uint64_t plies = 0;
    for (auto _ : state) {
        for (const auto& rec : recs) {
            auto v = checker::check_record(rec);
            plies += v.plies;
            benchmark::DoNotOptimize(v.valid);
        }
    }
    state.counters["plies/s"] =
        benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * corpus().size()));
}
BENCHMARK(BM_Check)->Unit(benchmark::kMillisecond);

// BM_Parse on 1 and 2 threads at once, each with its own reader.
void BM_ParseThreads(benchmark::State& state) {
    const std::string& text = corpus();
    for (auto _ : state) {
        std::istringstream in(text);
        parser::RecordReader r(in);
        ast::Record rec;
        std::size_t n = 0;
        while (r.next(rec)) ++n;
        benchmark::DoNotOptimize(n);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ParseThreads)->Unit(benchmark::kMillisecond)->ThreadRange(1, 2)->UseRealTime();

// BM_Check on 1 and 2 threads at once, each checking every record: the
// per-thread CPU time shows what checking in parallel costs (pips check
// --jobs 2) beyond the checking itself.
void BM_CheckThreads(benchmark::State& state) {
    const auto& recs = records();
    std::uint64_t plies = 0;
    for (auto _ : state) {
        for (const auto& rec : recs) {
            auto v = checker::check_record(rec);
            plies += v.plies;
            benchmark::DoNotOptimize(v.valid);
        }
    }
    state.counters["plies/s"] =
        benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * corpus().size()));
}
BENCHMARK(BM_CheckThreads)->Unit(benchmark::kMillisecond)->ThreadRange(1, 2)->UseRealTime();

// The output of valid records: `pips check --format json` lines (text mode
// prints nothing for them), against BM_Check's time for the same records.
void BM_RenderJson(benchmark::State& state) {
    const auto& recs = records();
    std::vector<checker::Verdict> verdicts;
    for (const auto& rec : recs) verdicts.push_back(checker::check_record(rec));
    const cli::VerdictJson json("games.dgn");
    std::string out;
    for (auto _ : state) {
        out.clear();
        for (std::size_t i = 0; i < recs.size(); ++i)
            json.render(out, i + 1, cli::record_line(recs[i], verdicts[i]), verdicts[i]);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * corpus().size()));
    state.counters["records/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * recs.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RenderJson)->Unit(benchmark::kMicrosecond);

// The engine alone: deal and play out random hands through Game, the first
// legal move each turn (legal_moves, apply and the rule set's bookkeeping).
void BM_Engine(benchmark::State& state) {
    const Variant v = jamaican();
    std::mt19937_64 rng(7);
    std::uint64_t plies = 0;
    for (auto _ : state) {
        Game g(v);
        g.deal(rng);
        while (!g.hand_over()) {
            const std::vector<Move> moves = g.legal_moves();
            if (moves.empty() || !g.apply(moves.front())) break;
            ++plies;
        }
    }
    state.counters["plies/s"] =
        benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Engine);

}  // namespace

BENCHMARK_MAIN();
