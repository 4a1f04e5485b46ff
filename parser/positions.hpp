// Offsets to line/column. The mapper holds one line at a time, scanned once
// when entered for its end and for bytes >= 0x80: on an ASCII line (nearly
// every line) a column is an offset; on any other line code points are
// counted from the last position asked for on it. Positions are asked for
// nearly in order, so that each byte is looked at about once. Internal to the
// parser.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parser/ast.hpp"

namespace pips::parser::detail {

class PosMapper {
public:
    PosMapper(const char* origin, const char* end, std::uint32_t first_line)
        : origin_(origin), end_(end), line_(first_line) {
        enter(origin);
    }

    [[gnu::always_inline]] ast::Pos at(const char* q) {
        // On an ASCII line (up to and with its line feed): a column is an offset.
        const auto offset = static_cast<std::size_t>(q - line_begin_);
        if (offset < ascii_span_) [[likely]]
            return {line_, static_cast<std::uint32_t>(offset) + 1};
        return at_other(q);
    }

    // The number of the line that begins at b, a line at or after this one.
    [[gnu::always_inline]] std::uint32_t line_of_start(const char* b) {
        if (b == line_end_ + 1) [[likely]]
            return line_ + 1;  // the next line
        return line_of_later(b);
    }

    // Makes [b, end] (end: its line feed, or the end of the text) line `line`,
    // known to be ASCII, the line positions are asked for on.
    void set_ascii_line(const char* b, const char* end, std::uint32_t line) {
        line_begin_ = cur_ = b;
        line_end_ = end;
        line_ = line;
        col_ = 1;
        ascii_ = true;
        ascii_span_ = static_cast<std::size_t>(end - b) + 1;
    }

private:
    [[gnu::noinline]] std::uint32_t line_of_later(const char* b);
    [[gnu::noinline]] ast::Pos at_other(const char* q);
    void enter(const char* b);
    void back_to(const char* q);

    const char* origin_;
    const char* end_;
    const char* line_begin_ = nullptr;
    const char* line_end_ = nullptr;  // its line feed, or end_
    const char* cur_ = nullptr;       // the last position asked for on a non-ASCII line
    std::uint32_t line_;
    std::uint32_t col_ = 1;  // the column of cur_
    bool ascii_ = true;
    std::size_t ascii_span_ = 0;  // positions from line_begin_ on with a column by offset
};

}  // namespace pips::parser::detail
