// DGN 1 reader. Splits input into records as it streams (a record is read,
// handed out and dropped) and parses each one into an ast::Record. Syntax
// errors are collected in the record, never thrown; any bytes in, no crash.
// Splitting and parsing can be done apart (next_text on one thread,
// parse_into with a Spare each on others) with the same result as next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parser/ast.hpp"

namespace pips::parser {

// Storage of parsed records taken back for reuse by the next parse (fewer
// allocations in a long stream). One per thread that parses; what it holds is
// the parser's business.
struct Spare {
    std::vector<std::vector<ast::TileTok>> tiles;
    std::vector<std::vector<ast::SeatTiles>> seat_tiles;
    std::vector<std::vector<ast::Ply>> plies;
    std::vector<std::vector<ast::ClaimItem>> items;
    std::vector<ast::Hand> hands;  // empty, its capacity kept
    // Empty, their capacity kept.
    std::vector<ast::Tag> tags;
    std::vector<std::string> leading_comments;
};

// How a record is read. `fast`: the common well-formed lines and words are
// read by hand-written C++ and everything else by the grammar's X3 rules
// (parser/grammar_def.hpp). `reference`: every word goes to its X3 rule. Both
// give the same records and the same errors (tests and a fuzz target compare
// them); `reference` is slower and is there to check `fast` against.
enum class Mode : std::uint8_t { fast, reference };

// Parses one record's text. `first_line` is the file line of text[0].
ast::Record parse_record(std::string_view text, std::uint32_t first_line = 1,
                         Mode mode = Mode::fast);

// Parses a record's text (as RecordReader::next_text gives it) into `out`,
// which becomes the record: out's old storage goes to `spare` and is reused.
// On return `text` holds the buffer of out's old source, empty, for reuse.
void parse_into(ast::Record& out, std::string&& text, std::uint32_t first_line, Spare& spare,
                Mode mode = Mode::fast);

// Streams records out of an input. A record ends where a tag line follows a
// hand (outside comments); input before the first tag belongs to the first
// record.
class RecordReader {
public:
    explicit RecordReader(std::istream& in, Mode mode = Mode::fast);
    // Fills `out` with the next record; false at end of input. The same as
    // next_text and then parse_into.
    bool next(ast::Record& out);
    // Splits only: the next record's text (into text's buffer) and the file
    // line of its first byte; false at end of input, `text` left as it was.
    bool next_text(std::string& text, std::uint32_t& first_line);
    std::uint64_t bytes_read() const { return bytes_; }

private:
    bool read_more();
    std::istream& in_;
    Mode mode_;
    // Input read and not yet handed out. The next record begins at start_;
    // [start_, scan_) are the lines already read that begin it (the heading
    // and tag line that ended the previous record).
    std::unique_ptr<char[]> buf_;
    std::size_t size_ = 0;  // of buf_ in use
    std::size_t cap_ = 0;   // of buf_
    std::size_t start_ = 0;
    std::size_t scan_ = 0;
    std::uint32_t start_line_ = 1;  // the line of buf_[start_]
    bool in_brace_ = false;         // a brace comment left open at scan_
    bool eof_ = false;
    std::uint32_t line_no_ = 0;  // lines consumed so far
    std::uint64_t bytes_ = 0;
    Spare spare_;
};

}  // namespace pips::parser
