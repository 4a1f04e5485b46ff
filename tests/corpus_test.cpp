// Every file of corpus/valid and corpus/invalid gets the verdict its first
// line states: `; expect: valid` or `; expect: CODE LINE` (the code and line
// of the first error).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/support/support.hpp"

namespace fs = std::filesystem;
using namespace pips;

namespace {

std::vector<fs::path> corpus_files() {
    std::vector<fs::path> out;
    for (const char* dir : {"corpus/valid", "corpus/invalid"}) {
        fs::path root = fs::path(PIPS_SOURCE_DIR) / dir;
        if (!fs::exists(root)) continue;
        for (const auto& e : fs::recursive_directory_iterator(root))
            if (e.is_regular_file() && e.path().extension() == ".dgn") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST(Corpus, EveryFileGetsItsExpectedVerdict) {
    auto files = corpus_files();
    ASSERT_GE(files.size(), 20u) << "the corpus is missing";
    std::set<std::string> codes_seen;
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        std::ifstream in(path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        std::string text = ss.str();
        std::string first = text.substr(0, text.find('\n'));
        ASSERT_EQ(first.rfind("; expect: ", 0), 0u) << "first line must be '; expect: ...'";
        std::istringstream want(first.substr(10));
        std::string code;
        std::uint32_t line = 0;
        want >> code >> line;
        auto verdicts = test::check_text(text);
        ASSERT_EQ(verdicts.size(), 1u);
        const auto& v = verdicts[0];
        bool in_valid_dir = path.string().find("/corpus/valid/") != std::string::npos;
        if (code == "valid") {
            EXPECT_TRUE(in_valid_dir);
            EXPECT_TRUE(v.valid) << test::describe(v);
            continue;
        }
        EXPECT_FALSE(in_valid_dir);
        EXPECT_EQ(path.parent_path().filename().string(), code)
            << "an invalid file lives in its code's folder";
        ASSERT_FALSE(v.valid);
        ASSERT_FALSE(v.errors.empty());
        EXPECT_EQ(checker::code_name(v.errors[0].code), code) << test::describe(v);
        EXPECT_EQ(v.errors[0].pos.line, line) << test::describe(v);
        codes_seen.insert(code);
    }
    // At least one file per error code of DGN 1.
    for (const char* c :
         {"syntax", "bad-tag", "bad-deal", "wrong-seat", "not-in-hand", "no-match", "ambiguous-end",
          "illegal-pass", "illegal-draw", "wrong-pose", "after-end", "end-mismatch",
          "points-mismatch", "score-mismatch", "result-mismatch"})
        EXPECT_TRUE(codes_seen.count(c)) << "no corpus file for " << c;
}
