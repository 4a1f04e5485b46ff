// CSV output (pips annotate --format csv, pips stats): RFC 4180 fields, a
// header row first. A field that holds a comma, a double quote, a CR or an
// LF is written between double quotes, each double quote in it doubled;
// any other field is written as it is (an empty field stays empty). Rows
// end with "\n" (not RFC 4180's "\r\n": every spreadsheet and CSV library
// reads both, and line-oriented tools read this one); a CR or LF inside a
// field is always quoted, so it never ends a row.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace pips::cli {

// Whether `field` must be quoted: it holds a comma, '"', '\r' or '\n'.
bool csv_needs_quotes(std::string_view field);

// `field` as one CSV field, appended to `out`.
void append_csv_field(std::string& out, std::string_view field);

// Rows of fields into a string: commas between the fields of a row, "\n"
// after each row.
class CsvWriter {
public:
    explicit CsvWriter(std::string& out) : out_(out) {}

    CsvWriter& field(std::string_view s);
    CsvWriter& field(const char* s) { return field(std::string_view(s)); }
    CsvWriter& field(const std::string& s) { return field(std::string_view(s)); }
    CsvWriter& field(std::int64_t n);
    CsvWriter& field(int n) { return field(static_cast<std::int64_t>(n)); }
    CsvWriter& field(std::uint64_t n);
    CsvWriter& field(std::uint32_t n) { return field(static_cast<std::uint64_t>(n)); }
    CsvWriter& field(bool b) { return field(std::string_view(b ? "true" : "false")); }
    // A field already written as CSV (append_csv_field), for one repeated
    // on every row.
    CsvWriter& raw(std::string_view encoded);
    // An empty field (a value that is not known).
    CsvWriter& empty() { return field(std::string_view()); }
    // Ends the row.
    void end_row();
    // A whole row (the header).
    void row(std::initializer_list<std::string_view> fields);

private:
    std::string& out_;
    bool first_ = true;  // no field yet in this row
};

}  // namespace pips::cli
