// Diagnostics of every pips subcommand: a problem in a record (located at a
// line and column, with a DGN error code) or with an input as a whole (not
// located, with one of the codes below).
#pragma once

#include <string>
#include <string_view>

#include "parser/ast.hpp"

namespace pips::cli {

// Codes of problems with an input rather than a record (DGN.md section 8 has
// the codes of records, checker/codes.hpp names them).
inline constexpr std::string_view kCannotOpen = "cannot-open";  // missing, no permission
inline constexpr std::string_view kCannotRead = "cannot-read";  // a directory, a read error

struct Diagnostic {
    std::string file;     // the input's display name (`<stdin>` for `-`)
    ast::Pos pos;         // {0, 0}: about the input as a whole
    std::string code;     // a DGN error code, or kCannotOpen, kCannotRead
    std::string message;  // for an input as a whole, it names the input
};

}  // namespace pips::cli
