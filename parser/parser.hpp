// DGN 1 reader. Splits input into records as it streams (a record is read,
// handed out and dropped) and parses each one into an ast::Record. Syntax
// errors are collected in the record, never thrown; any bytes in, no crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

#include "parser/ast.hpp"

namespace pips::parser {

// Parses one record's text. `first_line` is the file line of text[0].
ast::Record parse_record(std::string_view text, std::uint32_t first_line = 1);

// Streams records out of an input. A record ends where a tag line follows a
// hand (outside comments); input before the first tag belongs to the first
// record.
class RecordReader {
public:
    explicit RecordReader(std::istream& in);
    // Fills `out` with the next record; false at end of input.
    bool next(ast::Record& out);
    std::uint64_t bytes_read() const { return bytes_; }

private:
    bool read_line(std::string& line);
    std::istream& in_;
    std::string pending_;  // a line read ahead that starts the next record
    bool has_pending_ = false;
    std::uint32_t line_no_ = 0;       // lines consumed so far
    std::uint64_t bytes_ = 0;
};

}  // namespace pips::parser
