// The structured output of `pips annotate` (docs/annotate.md): the record's
// facts (checker::RecordData) as one JSON object per record, or as CSV rows,
// one per ply. The schema of the JSON is docs/annotate.schema.json.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "checker/checker.hpp"

namespace pips::cli {

// One line of `pips annotate --format json`: the fields of `pips check
// --format json` ("file", "record", "line", "valid", "unfinished", "hands",
// "errors", "unchecked"), then "rules", "players", "parties", "plies",
// "notes" and "hand_data" (one object per hand, each with its "plies").
// `verdict` was checked with CheckOptions::annotate and ::data.
void render_annotate_json(std::string& out, std::string_view file, std::size_t index,
                          std::uint32_t line, const checker::Verdict& verdict);

// `pips annotate --format csv`: the header row, then one row per ply of
// each record (kAnnotateCsvColumns).
void render_annotate_csv_header(std::string& out);
void render_annotate_csv(std::string& out, std::string_view file, std::size_t index,
                         const checker::Verdict& verdict);

// `pips fmt --label`: `record` with the seat labels its replay fixed
// (`verdict`, checked with CheckOptions::data) written on its unlabelled
// plies, into `out`. Hand by hand: a hand gets labels only when the replay
// fixed the seat of every unlabelled ply in it. False when it adds none
// (`out` is then untouched).
bool add_labels(const ast::Record& record, const checker::Verdict& verdict, ast::Record& out);

}  // namespace pips::cli
