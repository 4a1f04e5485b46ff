// Output of the pips commands: compiler-style diagnostics, JSON lines and the
// summary. No command-line parsing here, so tests call it directly.
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

// Colour on a terminal only, and never with NO_COLOR set.
bool use_color(std::FILE* file);

// File line `line` of the record's source, without its line end; empty when
// the record does not hold that line.
std::string_view source_line(const ast::Record& record, std::uint32_t line);

// The line under an echoed source line with a caret at `column` (1-based,
// code points). Tabs before the column are copied so the caret lines up.
std::string caret_line(std::string_view line, std::uint32_t column);

// FILE:LINE:COL: error[CODE]: message
// <the source line>
// <the caret line>
void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       ast::Pos pos, std::string_view code, std::string_view message, bool color);

// A JSON string literal: quotes, backslashes and control characters escaped;
// bytes that are not UTF-8 become U+FFFD.
void append_json_string(std::string& out, std::string_view s);

// The record's line for reports: the verdict's, else the record's first token.
std::uint32_t record_line(const ast::Record& record, const checker::Verdict& verdict);

// One line of `pips check --format json` (DGN.md section 8):
// {"file","record","line","valid","unfinished","hands","errors":[{"line",
// "column","code","message"}],"unchecked":[]} and a newline. `index` counts
// records in the file from 1.
void render_verdict_json(std::string& out, std::string_view file, std::size_t index,
                         std::uint32_t line, const checker::Verdict& verdict);

// render_verdict_json for the records of one file, with the file's part of
// the line escaped once: the per-record work is a few appends.
class VerdictJson {
public:
    explicit VerdictJson(std::string_view file);
    void render(std::string& out, std::size_t index, std::uint32_t line,
                const checker::Verdict& verdict) const;

private:
    std::string head_;  // {"file":"...","record":
};

// One line of `pips annotate --format json`:
// {"file","record","notes":[{"line","column","text"}],"errors":[...]}.
void render_annotate_json(std::string& out, std::string_view file, std::size_t index,
                          const checker::Verdict& verdict);

// Counts of a check run. valid + invalid == records; unfinished counts the
// records (valid or not) whose last hand stops before it is over.
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
