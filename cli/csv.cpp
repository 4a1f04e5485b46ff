#include "cli/csv.hpp"

#include <charconv>

namespace pips::cli {

bool csv_needs_quotes(std::string_view field) {
    for (char c : field)
        if (c == ',' || c == '"' || c == '\r' || c == '\n') return true;
    return false;
}

void append_csv_field(std::string& out, std::string_view field) {
    if (!csv_needs_quotes(field)) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

CsvWriter& CsvWriter::field(std::string_view s) {
    if (!first_) out_ += ',';
    first_ = false;
    append_csv_field(out_, s);
    return *this;
}

CsvWriter& CsvWriter::field(std::int64_t n) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, n);
    return field(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
}

CsvWriter& CsvWriter::field(std::uint64_t n) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, n);
    return field(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
}

CsvWriter& CsvWriter::raw(std::string_view encoded) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += encoded;
    return *this;
}

void CsvWriter::end_row() {
    out_ += '\n';
    first_ = true;
}

void CsvWriter::row(std::initializer_list<std::string_view> fields) {
    for (std::string_view f : fields) field(f);
    end_row();
}

}  // namespace pips::cli
