// The fast JSON writer of `pips check --format json` (cli/json.hpp,
// VerdictJson) against nlohmann-json, for arbitrary bytes in every string.
//
// What the two do with bytes that are not UTF-8:
// - VerdictJson (append_json_string, valid_utf8) replaces each byte that is
//   not part of a valid UTF-8 sequence with U+FFFD: "\xE2\x82x" (a sequence
//   cut short) gives "\uFFFD\uFFFDx".
// - nlohmann-json's dump throws type_error 316 with the default (strict)
//   handler; with error_handler_t::replace it puts one U+FFFD for each
//   maximal invalid subsequence: "\xE2\x82x" gives "\uFFFDx".
// So the two agree byte for byte on valid UTF-8, and on any bytes once they
// are passed through valid_utf8; on raw invalid bytes nlohmann's replacing dump is the same text
// with fewer U+FFFD.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checker/codes.hpp"
#include "cli/annotate_out.hpp"
#include "cli/json.hpp"

namespace {

using namespace pips;
using Json = nlohmann::ordered_json;

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Bytes likely to matter: ASCII, controls, quotes and backslashes, valid
// sequences of every length, lone continuation bytes, sequences cut short,
// overlong forms, surrogates, bytes never valid; and any byte at all.
std::string any_bytes() {
    static const std::vector<std::string> kPieces = {"a",
                                                     " ",
                                                     "\"",
                                                     "\\",
                                                     "\n",
                                                     "\r",
                                                     "\t",
                                                     "\b",
                                                     "\f",
                                                     "\x01",
                                                     "\x1f",
                                                     "\x7f",
                                                     "/",
                                                     "\xC3\xA9",
                                                     "\xE2\x86\x92",
                                                     "\xF0\x9F\x98\x80",
                                                     "\xEF\xBF\xBD",
                                                     "\x80",
                                                     "\xBF",
                                                     "\xC3",
                                                     "\xE2\x82",
                                                     "\xF0\x9F\x98",
                                                     "\xC0\xAF",
                                                     "\xE0\x80\xAF",
                                                     "\xED\xA0\x80",
                                                     "\xF4\x90\x80\x80",
                                                     "\xF5",
                                                     "\xFF",
                                                     "\xFE"};
    const int n = *rc::gen::inRange(0, 24);
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (*rc::gen::inRange(0, 3) == 0)
            s += static_cast<char>(*rc::gen::inRange(0, 256));
        else
            s += *rc::gen::elementOf(kPieces);
    }
    return s;
}

checker::Verdict any_verdict() {
    checker::Verdict v;
    v.valid = *rc::gen::arbitrary<bool>();
    v.unfinished = *rc::gen::arbitrary<bool>();
    v.hands = *rc::gen::inRange(0, 1000);
    const int errors = *rc::gen::inRange(0, 4);
    for (int i = 0; i < errors; ++i) {
        checker::Diagnostic d;
        d.pos = {*rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<std::uint32_t>()};
        d.code = static_cast<checker::Code>(
            *rc::gen::inRange<std::size_t>(0, checker::kCodeNames.size()));
        d.message = any_bytes();
        v.errors.push_back(std::move(d));
    }
    const int unchecked = *rc::gen::inRange(0, 4);
    for (int i = 0; i < unchecked; ++i) v.unchecked.push_back(any_bytes());
    return v;
}

// The line as nlohmann-json writes it from the same values, every string
// passed through valid_utf8 first.
std::string reference(const std::string& file, std::size_t index, std::uint32_t line,
                      const checker::Verdict& v) {
    Json errors = Json::array();
    for (const auto& d : v.errors)
        errors.push_back({{"line", d.pos.line},
                          {"column", d.pos.column},
                          {"code", checker::code_name(d.code)},
                          {"message", cli::valid_utf8(d.message)}});
    Json unchecked = Json::array();
    for (const auto& u : v.unchecked) unchecked.push_back(cli::valid_utf8(u));
    Json j;
    j["file"] = cli::valid_utf8(file);
    j["record"] = index;
    j["line"] = line;
    j["valid"] = v.valid;
    j["unfinished"] = v.unfinished;
    j["hands"] = v.hands;
    j["errors"] = std::move(errors);
    j["unchecked"] = std::move(unchecked);
    return j.dump() + "\n";  // strict: throws if a string were not UTF-8
}

std::string json_quoted(std::string_view s) {
    std::string out;
    cli::append_json_string(out, s);
    return out;
}

std::string without_replacements(std::string s) {
    for (auto at = s.find(kReplacement); at != std::string::npos; at = s.find(kReplacement, at))
        s.erase(at, kReplacement.size());
    return s;
}

std::size_t replacements(std::string_view s) {
    std::size_t n = 0;
    for (auto at = s.find(kReplacement); at != std::string_view::npos;
         at = s.find(kReplacement, at + kReplacement.size()))
        ++n;
    return n;
}

RC_GTEST_PROP(VerdictJson, WritesWhatNlohmannWrites, ()) {
    const std::string file = any_bytes();
    const auto index = *rc::gen::inRange<std::size_t>(1, 1u << 30);
    const auto line = *rc::gen::arbitrary<std::uint32_t>();
    const checker::Verdict v = any_verdict();
    std::string out;
    cli::VerdictJson(file).render(out, index, line, v);
    RC_ASSERT(out == reference(file, index, line, v));
    // And it reads back as the same values.
    const Json back = Json::parse(out);
    RC_ASSERT(back["file"].get<std::string>() == cli::valid_utf8(file));
    RC_ASSERT(back["errors"].size() == v.errors.size());
}

RC_GTEST_PROP(VerdictJson, StringsAsNlohmannDumpsThem, ()) {
    const std::string s = any_bytes();
    const std::string ours = json_quoted(s);
    const std::string clean = cli::valid_utf8(s);
    // Through valid_utf8, nlohmann's strict dump never throws and agrees.
    RC_ASSERT(Json(clean).dump() == ours);
    bool valid = true;
    try {
        (void)Json(s).dump();
    } catch (const nlohmann::json::type_error& e) {
        RC_ASSERT(e.id == 316);  // invalid UTF-8
        valid = false;
    }
    // On valid UTF-8 the two are the same, and valid_utf8 changes nothing.
    RC_ASSERT(valid == (clean == s));
    const std::string replaced = Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
    if (valid) RC_ASSERT(replaced == ours);
    // On invalid bytes nlohmann's replacing dump keeps the same text and puts
    // at most as many U+FFFD.
    RC_ASSERT(without_replacements(replaced) == without_replacements(ours));
    RC_ASSERT(replacements(replaced) <= replacements(ours));
}

TEST(VerdictJson, InvalidUtf8Examples) {
    EXPECT_EQ(json_quoted("\xE2\x82x"), "\"\xEF\xBF\xBD\xEF\xBF\xBDx\"");
    EXPECT_EQ(Json("\xE2\x82x").dump(-1, ' ', false, Json::error_handler_t::replace),
              "\"\xEF\xBF\xBDx\"");
    EXPECT_THROW((void)Json("\xE2\x82x").dump(), nlohmann::json::type_error);
    // A byte that can never start a sequence: one U+FFFD each in both.
    EXPECT_EQ(json_quoted("a\xFF"), "\"a\xEF\xBF\xBD\"");
    EXPECT_EQ(Json("a\xFF").dump(-1, ' ', false, Json::error_handler_t::replace),
              "\"a\xEF\xBF\xBD\"");
    // Control characters are escaped alike; DEL is not escaped by either.
    EXPECT_EQ(json_quoted("\x01\x7f"), Json("\x01\x7f").dump());
    EXPECT_EQ(json_quoted("\x01\x7f"), "\"\\u0001\x7f\"");
}

// annotate's line: invalid UTF-8 replaced byte by byte, as check's line
// and nlohmann's replacing dump do, and the errors as check writes them.
TEST(AnnotateJson, InvalidUtf8AndErrorsAsCheckWritesThem) {
    checker::Verdict v;
    v.valid = false;
    v.notes.push_back({{3, 7}, "holds no 4 \xE2\x82"});
    v.errors.push_back({{9, 2}, checker::Code::no_match, "6-2 \"fits\"\n"});
    std::string out;
    cli::render_annotate_json(out, "a\xFF.dgn", 2, 1, v);
    EXPECT_EQ(out,
              "{\"file\":\"a\xEF\xBF\xBD.dgn\",\"record\":2,\"line\":1,\"valid\":false,"
              "\"unfinished\":false,\"hands\":0,\"errors\":[{\"line\":9,"
              "\"column\":2,\"code\":\"no-match\",\"message\":\"6-2 \\\"fits\\\"\\n\"}],"
              "\"unchecked\":[],\"rules\":\"\",\"players\":0,\"parties\":[],\"plies\":0,"
              "\"notes\":[{\"line\":3,\"column\":7,"
              "\"text\":\"holds no 4 \xEF\xBF\xBD\xEF\xBF\xBD\"}],\"hand_data\":[]}\n");
    std::string check;
    cli::render_verdict_json(check, "a\xFF.dgn", 2, 1, v);
    check.resize(check.size() - 2);
    EXPECT_EQ(out.compare(0, check.size(), check), 0);
    EXPECT_EQ(Json::parse(out)["notes"][0]["text"], cli::valid_utf8("holds no 4 \xE2\x82"));
}

}  // namespace
