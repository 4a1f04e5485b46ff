// The stable error codes of DGN 1 (section 8), named once. Every diagnostic
// has exactly one; tools compare them, so the names never change.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pips::checker {

enum class Code : std::uint8_t {
    syntax,
    bad_tag,
    bad_deal,
    wrong_seat,
    not_in_hand,
    no_match,
    ambiguous_end,
    illegal_pass,
    illegal_draw,
    wrong_pose,
    after_end,
    end_mismatch,
    points_mismatch,
    score_mismatch,
    result_mismatch,
};

inline constexpr std::array<std::string_view, 15> kCodeNames{
    "syntax",    "bad-tag",       "bad-deal",        "wrong-seat",     "not-in-hand",
    "no-match",  "ambiguous-end", "illegal-pass",    "illegal-draw",   "wrong-pose",
    "after-end", "end-mismatch",  "points-mismatch", "score-mismatch", "result-mismatch",
};

// "not-in-hand"
constexpr const char* code_name(Code c) {
    auto i = static_cast<std::size_t>(c);
    return i < kCodeNames.size() ? kCodeNames[i].data() : "?";
}

// The code named `name`, if any.
constexpr std::optional<Code> code_from_name(std::string_view name) {
    for (std::size_t i = 0; i < kCodeNames.size(); ++i)
        if (kCodeNames[i] == name) return static_cast<Code>(i);
    return std::nullopt;
}

}  // namespace pips::checker
