// The JSON lines of `pips check --format json` and `pips annotate --format
// json` (DGN.md section 8, docs/diagnostics.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "checker/checker.hpp"

namespace pips::cli {

// A JSON string literal: quotes, backslashes and control characters escaped;
// each byte that is not part of a valid UTF-8 sequence becomes U+FFFD.
void append_json_string(std::string& out, std::string_view s);

// `s` with each byte that is not part of a valid UTF-8 sequence replaced by
// U+FFFD, as append_json_string does. (nlohmann-json's replacing dump puts one
// U+FFFD for a cut-short sequence, as "\xE2\x82" is, where this puts one a
// byte: strings go through this first so that both write the same.)
std::string valid_utf8(std::string_view s);

// The record's line in JSON lines: the verdict's, else the record's first token.
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

}  // namespace pips::cli
