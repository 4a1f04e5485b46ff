// The three phases of pips check timed apart on one file: splitting the
// input into records (RecordReader::next_text alone, a first pass), and then
// parsing and checking each record, with a clock read around each. Used to
// compare an archive with a file of one match repeated (docs/performance.md,
// "Ninth round"): the same instructions, and the time the processor saves
// on a record it has seen before.
//
//     build/release/bench/pips_phases FILE [RUNS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "checker/checker.hpp"
#include "parser/parser.hpp"

using namespace pips;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: pips_phases FILE [RUNS]\n");
        return 2;
    }
    const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    for (int run = 0; run < runs; ++run) {
        std::ifstream split_in(argv[1], std::ios::binary);
        if (!split_in) {
            std::fprintf(stderr, "pips_phases: cannot read %s\n", argv[1]);
            return 2;
        }
        parser::RecordReader splitter(split_in);
        parser::RecordText text;
        std::uint32_t line = 0;
        std::size_t records = 0;
        const auto s0 = Clock::now();
        while (splitter.next_text(text, line)) ++records;
        const double split = ms(Clock::now() - s0);

        std::ifstream in(argv[1], std::ios::binary);
        parser::RecordReader reader(in);
        ast::Record rec;
        checker::Verdict verdict;
        const checker::CheckOptions options;
        Clock::duration parse{}, check{};
        std::size_t valid = 0;
        for (;;) {
            const auto t0 = Clock::now();
            const bool more = reader.next(rec);
            const auto t1 = Clock::now();
            parse += t1 - t0;
            if (!more) break;
            checker::check_record(rec, options, verdict);
            check += Clock::now() - t1;
            valid += verdict.valid ? 1 : 0;
        }
        std::printf("split %.1f ms  parse %.1f ms  check %.1f ms  (%zu records, %zu valid)\n",
                    split, ms(parse), ms(check), records, valid);
    }
    return 0;
}
