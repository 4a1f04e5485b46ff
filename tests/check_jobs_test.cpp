// pips check --jobs N: the output (text and JSON, standard output and
// standard error) and the exit code are byte for byte those of --jobs 1, over
// several files of generated valid and invalid records. And the progress line:
// never when standard error is not a terminal.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/report.hpp"
#include "cli/tools.hpp"
#include "tests/support/capture.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using test::slurp;
using test::TempDir;

// `pips generate` into a string.
std::string generate(cli::GenerateArgs args, const TempDir& dir) {
    const std::string file = dir.path("generated");
    std::FILE* out = std::fopen(file.c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("generated.err").c_str(), "wb");
    EXPECT_EQ(cli::run_generate(args, out, err), 0);
    std::fclose(out);
    std::fclose(err);
    return slurp(file);
}

using CheckRun = test::Captured;

CheckRun check(const TempDir& dir, cli::CheckArgs args) {
    return test::capture(dir, [&](const cli::Io& io) { return cli::run_check(args, io); });
}

// Several files: valid matches, one-violation mutants, records cut short and
// a syntax error, a file that cannot be opened and a directory in between,
// and a file of many tiny records (more than are let in flight at once).
std::vector<std::string> corpus(const TempDir& dir) {
    cli::GenerateArgs valid;
    valid.rules = "jamaican";
    valid.matches = 12;
    valid.seed = 3;
    cli::GenerateArgs mutants = valid;
    mutants.rules = "cutthroat";
    mutants.mutate = true;
    mutants.matches = 25;
    cli::GenerateArgs tiny;
    tiny.rules = "fives-threes";
    tiny.matches = 700;
    tiny.max_hands = 1;
    tiny.seed = 5;
    const std::string broken =
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6 B:skip\n\n"
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6 B:6-5R\n";
    std::vector<std::string> files;
    files.push_back(dir.write("valid.dgn", generate(valid, dir)));
    files.push_back(dir.write("mutants.dgn", generate(mutants, dir) + "\n" + broken));
    files.push_back(dir.path("missing.dgn"));
    files.push_back(dir.path(""));  // the directory itself
    files.push_back(dir.write("tiny.dgn", generate(tiny, dir)));
    files.push_back(dir.write("valid-again.dgn", generate(valid, dir)));
    return files;
}

TEST(CheckJobs, OutputIsTheSameWhateverTheJobs) {
    TempDir dir;
    const auto files = corpus(dir);
    for (auto format : {cli::Format::text, cli::Format::json}) {
        cli::CheckArgs args;
        args.files = files;
        args.format = format;
        args.jobs = 1;
        const CheckRun one = check(dir, args);
        EXPECT_EQ(one.code, cli::kExitCannotRun);  // the missing file
        EXPECT_NE(
            one.out.find(format == cli::Format::json ? "\"code\":\"syntax\"" : "error[syntax]"),
            std::string::npos);
        EXPECT_NE(one.err.find("cannot open"), std::string::npos) << one.err;
        EXPECT_NE(one.err.find("is a directory"), std::string::npos) << one.err;
        for (unsigned jobs : {2u, 3u, 8u, 0u}) {
            args.jobs = jobs;
            const CheckRun many = check(dir, args);
            EXPECT_EQ(many.code, one.code) << "jobs " << jobs;
            EXPECT_TRUE(many.out == one.out) << "jobs " << jobs << ": standard output differs";
            EXPECT_EQ(many.err, one.err) << "jobs " << jobs;
        }
    }
}

#if defined(__linux__)
// The worker threads are made away from their maker's CPU when the process
// may run on another, and as any thread otherwise: the output is the same
// with the process confined to one CPU (no other to start them on), on
// each of two, and free again; the caller's own affinity is left alone.
TEST(CheckJobs, SameOutputWhateverCpusTheProcessMayUse) {
    cpu_set_t all;
    ASSERT_EQ(sched_getaffinity(0, sizeof all, &all), 0);
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "jamaican";
    g.matches = 40;
    cli::CheckArgs args;
    args.files = {dir.write("jamaican.dgn", generate(g, dir))};
    args.format = cli::Format::json;
    args.jobs = 1;
    const CheckRun one = check(dir, args);
    EXPECT_EQ(one.code, 0);
    args.jobs = 3;
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &all)) cpus.push_back(c);
    for (std::size_t i = 0; i < cpus.size() && i < 2; ++i) {
        cpu_set_t only;
        CPU_ZERO(&only);
        CPU_SET(cpus[i], &only);
        ASSERT_EQ(sched_setaffinity(0, sizeof only, &only), 0);
        const CheckRun confined = check(dir, args);
        ASSERT_EQ(sched_setaffinity(0, sizeof all, &all), 0);
        EXPECT_EQ(confined.code, one.code) << "cpu " << cpus[i];
        EXPECT_TRUE(confined.out == one.out) << "cpu " << cpus[i];
    }
    const CheckRun unconfined = check(dir, args);
    EXPECT_TRUE(unconfined.out == one.out);
    cpu_set_t after;
    ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
    EXPECT_TRUE(CPU_EQUAL(&after, &all));  // the calling thread's own is left alone
}
#endif

TEST(CheckJobs, ValidInputExitsZeroWithTheSameSummary) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "french";
    g.matches = 10;
    const auto file = dir.write("french.dgn", generate(g, dir));
    cli::CheckArgs args;
    args.files = {file, file};
    args.format = cli::Format::json;
    const CheckRun one = check(dir, args);
    args.jobs = 2;
    const CheckRun two = check(dir, args);
    EXPECT_EQ(one.code, cli::kExitValid) << one.err;
    EXPECT_EQ(two.code, cli::kExitValid);
    EXPECT_EQ(one.out, two.out);
    EXPECT_EQ(one.err, "20 records: 20 valid, 0 invalid, 0 unfinished\n");
    EXPECT_EQ(two.err, one.err);
}

TEST(CheckJobs, StatsLineCountsRecordsHandsPliesAndBytes) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 3;
    const std::string text = generate(g, dir);
    const auto file = dir.write("j.dgn", text);
    cli::CheckArgs args;
    args.files = {file};
    args.quiet = true;
    args.stats = true;
    for (unsigned jobs : {1u, 2u}) {
        args.jobs = jobs;
        const CheckRun r = check(dir, args);
        EXPECT_EQ(r.code, cli::kExitValid);
        EXPECT_EQ(r.err.rfind("stats: records=3 hands=", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(" bytes=" + std::to_string(text.size()) + " seconds="),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(r.err.find(" plies=0 "), std::string::npos) << r.err;
    }
}

TEST(Progress, LineShapes) {
    EXPECT_EQ(cli::progress_line(120'500'000, 1'000'000'000, 8000, 2.0),
              "pips: 120.5 MB of 1.0 GB (12%), 8,000 records, 4,000 records/s, ETA 0:00:15");
    EXPECT_EQ(cli::progress_line(999, 0, 1, 0.0), "pips: 999 B, 1 record");
    EXPECT_EQ(cli::progress_line(20'000'000, 0, 1234567, 10.0),
              "pips: 20.0 MB, 1,234,567 records, 123,456 records/s");
}

TEST(Progress, NeverWhenStandardErrorIsNotATerminal) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 20;
    const auto file = dir.write("j.dgn", generate(g, dir));
    cli::CheckArgs args;
    args.files = {file};
    args.progress_min_bytes = 0;  // any input is large
    for (unsigned jobs : {1u, 2u}) {
        args.jobs = jobs;
        const CheckRun r = check(dir, args);
        EXPECT_EQ(r.err, "20 records: 20 valid, 0 invalid, 0 unfinished\n");
    }
}

// On a pseudo-terminal: drawn (the first record is enough when every input
// counts as large), cleared before the summary, and never with --quiet.
TEST(Progress, OnATerminalUnlessQuiet) {
    int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
        if (master >= 0) ::close(master);
        GTEST_SKIP() << "no pseudo-terminal here";
    }
    const char* name = ::ptsname(master);
    ASSERT_NE(name, nullptr);
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 4;
    const auto file = dir.write("j.dgn", generate(g, dir));
    for (bool quiet : {false, true}) {
        std::FILE* err = std::fopen(name, "w");
        ASSERT_NE(err, nullptr);
        std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
        cli::CheckArgs args;
        args.files = {file};
        args.progress_min_bytes = 0;
        args.quiet = quiet;
        cli::Io io;
        io.out = out;
        io.err = err;
        EXPECT_EQ(cli::run_check(args, io), cli::kExitValid);
        std::fclose(out);
        std::fclose(err);
        // What the terminal got (a few hundred bytes: the pty buffer holds it).
        std::string seen;
        int flags = ::fcntl(master, F_GETFL);
        ::fcntl(master, F_SETFL, flags | O_NONBLOCK);
        char buf[4096];
        for (;;) {
            ssize_t n = ::read(master, buf, sizeof buf);
            if (n <= 0) break;
            seen.append(buf, static_cast<std::size_t>(n));
        }
        if (quiet) {
            EXPECT_EQ(seen, "");
        } else {
            EXPECT_EQ(seen.rfind("\rpips: ", 0), 0u) << seen;
            EXPECT_NE(seen.find(" of "), std::string::npos) << seen;  // the total is known
            EXPECT_NE(seen.find("\r\x1b[K4 records: 4 valid"), std::string::npos) << seen;
        }
    }
    ::close(master);
}

}  // namespace
