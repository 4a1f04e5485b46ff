// Output of the pips commands: buffered writing, colour, the summary, the
// statistics and progress lines (diagnostics: cli/diagnostic.hpp; JSON lines:
// cli/json.hpp). No command-line parsing here, so tests call it directly.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "checker/checker.hpp"
#include "parser/ast.hpp"

namespace pips::cli {

// A large buffer in front of a FILE*, written in blocks: nothing is flushed
// per record.
class Output {
public:
    explicit Output(std::FILE* file);
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    std::string& buf() { return buf_; }
    // Writes the buffer out once it holds a block.
    void maybe_flush() {
        if (buf_.size() >= kBlock) flush();
    }
    // Writes everything; false once any write has failed.
    bool flush();
    bool ok() const { return ok_; }

    static constexpr std::size_t kBlock = std::size_t{1} << 16;

private:
    std::FILE* file_;
    std::string buf_;
    bool ok_ = true;
};

// Ends a command's run: writes `out`; when that fails, says so on `err`
// (cannot-write) and returns 2 (kExitCannotRun) instead of `code`; then
// writes `err`.
int finish_output(Output& out, Output& err, int code);

// Colour on a terminal only, and never with NO_COLOR set.
bool use_color(std::FILE* file);

// Counts of a check run. valid + invalid == records; unfinished counts the
// valid records whose last hand stops before it is over (an invalid record
// is counted once, as invalid).
struct Tally {
    std::uint64_t records = 0;
    std::uint64_t valid = 0;
    std::uint64_t invalid = 0;
    std::uint64_t unfinished = 0;
    std::uint64_t hands = 0;  // hands replayed, over all records
    std::uint64_t plies = 0;  // plies replayed, over all records
    void add(const checker::Verdict& v);
    void add(bool valid, bool unfinished, int hands, std::uint64_t plies);
};

// "N records: V valid, I invalid, U unfinished" (no newline).
std::string summary_line(const Tally& tally);

// "stats: records=R hands=H plies=P bytes=B seconds=S" (no newline), for
// `pips check --stats`; seconds with three decimals.
std::string stats_line(const Tally& tally, std::uint64_t bytes, double seconds);

// The progress line of a long check (no line feed, no carriage return):
// "pips: 120.5 MB of 1.0 GB (12%), 8,000 records, 3,100 records/s, ETA 0:05:01"
// and, with `total` 0 (unknown, standard input), without the total, the
// percentage and the ETA.
std::string progress_line(std::uint64_t bytes, std::uint64_t total, std::uint64_t records,
                          double seconds);

}  // namespace pips::cli
