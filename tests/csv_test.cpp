// The CSV writer (cli/csv.hpp): RFC 4180 quoting, and any rows read back as
// written by an RFC 4180 reader.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/csv.hpp"

using namespace pips::cli;

namespace {

std::string quoted(std::string_view s) {
    std::string out;
    append_csv_field(out, s);
    return out;
}

// An RFC 4180 reader: rows of fields, each row ended by "\n" or "\r\n".
// Returns false on text that is not CSV.
bool read_csv(const std::string& text, std::vector<std::vector<std::string>>& rows) {
    rows.clear();
    std::vector<std::string> row;
    std::string f;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '"') {
            ++i;
            for (;;) {
                if (i >= text.size()) return false;
                if (text[i] == '"') {
                    if (i + 1 < text.size() && text[i + 1] == '"') {
                        f += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                f += text[i++];
            }
        } else {
            while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                if (text[i] == '"') return false;
                f += text[i++];
            }
        }
        if (i < text.size() && text[i] == ',') {
            row.push_back(std::move(f));
            f.clear();
            ++i;
            continue;
        }
        if (i < text.size() && text[i] == '\r') ++i;
        if (i >= text.size() || text[i] != '\n') return false;
        ++i;
        row.push_back(std::move(f));
        f.clear();
        rows.push_back(std::move(row));
        row.clear();
    }
    return row.empty() && f.empty();
}

}  // namespace

TEST(Csv, PlainFieldsAreWrittenAsTheyAre) {
    EXPECT_EQ(quoted("hand"), "hand");
    EXPECT_EQ(quoted(""), "");
    EXPECT_EQ(quoted("6-6"), "6-6");
    EXPECT_EQ(quoted(" spaced "), " spaced ");
    EXPECT_EQ(quoted("L5 R3"), "L5 R3");
}

TEST(Csv, FieldsWithCommaQuoteCrOrLfAreQuoted) {
    EXPECT_EQ(quoted("a,b"), "\"a,b\"");
    EXPECT_EQ(quoted("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(quoted("\""), "\"\"\"\"");
    EXPECT_EQ(quoted("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(quoted("cr\r"), "\"cr\r\"");
    EXPECT_TRUE(csv_needs_quotes(","));
    EXPECT_FALSE(csv_needs_quotes("a;b\t'"));
}

TEST(Csv, RowsEndWithNewline) {
    std::string out;
    CsvWriter w(out);
    w.row({"file", "record", "note"});
    w.field("a,b.dgn").field(3).empty().end_row();
    w.field(std::uint64_t{18446744073709551615u}).field(-1).field(true).end_row();
    EXPECT_EQ(out,
              "file,record,note\n"
              "\"a,b.dgn\",3,\n"
              "18446744073709551615,-1,true\n");
}

RC_GTEST_PROP(Csv, RowsReadBackAsWritten, (const std::vector<std::vector<std::string>>& in)) {
    // A row of one empty field is an empty line, which readers skip: rows
    // here have at least one field, and the empty single field is left out.
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : in)
        if (!r.empty() && !(r.size() == 1 && r.front().empty())) rows.push_back(r);
    std::string out;
    CsvWriter w(out);
    for (const auto& r : rows) {
        for (const auto& f : r) w.field(f);
        w.end_row();
    }
    std::vector<std::vector<std::string>> back;
    RC_ASSERT(read_csv(out, back));
    RC_ASSERT(back == rows);
}

RC_GTEST_PROP(Csv, FieldsOfSpecialCharactersReadBack, ()) {
    const auto chars =
        *rc::gen::container<std::vector<char>>(rc::gen::element(',', '"', '\r', '\n', 'a', ' '));
    const std::string f(chars.begin(), chars.end());
    std::string out;
    CsvWriter w(out);
    w.field(f).field("x").end_row();
    std::vector<std::vector<std::string>> back;
    RC_ASSERT(read_csv(out, back));
    RC_ASSERT(back.size() == 1u);
    RC_ASSERT(back[0] == (std::vector<std::string>{f, "x"}));
}

TEST(Csv, RawFieldsAreWrittenAsGiven) {
    std::string head;
    append_csv_field(head, "a,b.dgn");
    head += ",1";
    std::string out;
    CsvWriter w(out);
    w.raw(head).field("x").end_row();
    w.field("y").raw(head).end_row();
    EXPECT_EQ(out, "\"a,b.dgn\",1,x\ny,\"a,b.dgn\",1\n");
}
