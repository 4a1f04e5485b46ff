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

// A record's text as RecordReader::next_text splits it: a view of the
// reader's block of input, shared with the other records split from that
// block, and what keeps the block alive. The byte after the view is
// readable, and is a NUL or follows a line feed (the parser's fast path
// reads words up to a NUL or a line feed, and never past one).
struct RecordText {
    std::string_view text;
    std::shared_ptr<const void> owner;

    // A text of its own (a copy; NUL-terminated).
    static RecordText copy_of(std::string_view text);
};

// Parses a record's text (as RecordReader::next_text gives it) into `out`,
// which becomes the record and holds the text's owner: out's old storage
// goes to `spare` and is reused, its old text is let go.
void parse_into(ast::Record& out, RecordText&& text, std::uint32_t first_line, Spare& spare,
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
    // Splits only: the next record's text, in place in the block it was
    // read into (no copy), and the file line of its first byte; false at end
    // of input, `text` left as it was.
    bool next_text(RecordText& text, std::uint32_t& first_line);
    std::uint64_t bytes_read() const { return bytes_; }

private:
    // A block of input. Bytes handed out in a record's text are never
    // written again while a record holds the block; the reader reuses a
    // block once nothing else holds it.
    struct Block {
        std::shared_ptr<char[]> bytes;
        std::size_t cap = 0;
    };
    bool read_more();
    // Moves the text not yet handed out, [start_, size_), to the front of a
    // block of at least `need` bytes that no record holds.
    void move_to_free_block(std::size_t need);
    std::istream& in_;
    Mode mode_;
    // Input read and not yet handed out. The next record begins at start_;
    // [start_, scan_) are the lines already read that begin it (the heading
    // and tag line that ended the previous record).
    Block buf_;
    std::vector<Block> blocks_;  // made before, for reuse once no record holds them
    std::size_t size_ = 0;       // of buf_ in use
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
