#include "cli/select_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string_view>
#include <unordered_set>

#include "cli/input.hpp"
#include "cli/nearest.hpp"
#include "cli/progress.hpp"
#include "engine/traits.hpp"

namespace pips::cli {

namespace {

// Writes the items of a run in input order: problems with the inputs on
// `err`, the progress line on a terminal, and the items to `write`.
class RecordWriter {
public:
    RecordWriter(const RecordRunArgs& args, const Io& io, const CheckContext& ctx, Output& out,
                 Output& err, const std::function<void(const CheckItem&)>& write)
        : ctx_(ctx),
          out_(out),
          err_(err),
          write_(write),
          show_progress_(args.progress && is_terminal(io.err)),
          progress_(io.err, show_progress_, show_progress_ ? input_size(args.files) : 0,
                    args.progress_min_bytes, std::chrono::steady_clock::now()),
          out_shares_terminal_(show_progress_ && is_terminal(io.out)) {}

    void write(const CheckItem& item) {
        if (item.kind == CheckItem::Kind::file_error) {
            problem(item.problem);
        } else if (!item.error.empty()) {
            problem({ctx_.names[item.file],
                     {},
                     std::string(kInternal),
                     fmt::format("{}: record {}: internal error: {}", ctx_.names[item.file],
                                 item.index, item.error)});
        } else {
            ++records_;
            write_(item);
        }
        if (out_shares_terminal_ && out_.buf().size() >= Output::kBlock) progress_.clear();
        out_.maybe_flush();
        err_.maybe_flush();
        progress_.update(item.bytes, records_);
    }

    bool finish() {
        progress_.clear();
        return ran_;
    }

private:
    void problem(const Diagnostic& d) {
        progress_.clear();
        out_.flush();
        render_diagnostic(err_.buf(), d, nullptr, false);
        err_.flush();
        ran_ = false;
    }

    const CheckContext& ctx_;
    Output& out_;
    Output& err_;
    const std::function<void(const CheckItem&)>& write_;
    bool show_progress_;
    Progress progress_;
    bool out_shares_terminal_;
    std::uint64_t records_ = 0;
    bool ran_ = true;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string_view tag_value(const ast::Record& record, std::string_view name) {
    const ast::Tag* t = record.find_tag(name);
    return t ? trim(t->value) : std::string_view{};
}

// Two 64-bit hashes over the same bytes: FNV-1a and a multiply-rotate one.
class KeyHash {
public:
    void byte(std::uint8_t b) {
        a_ = (a_ ^ b) * 0x100000001b3ULL;
        b_ = ((b_ ^ b) * 0x9E3779B97F4A7C15ULL);
        b_ ^= b_ >> 29;
    }
    void number(int n) {
        auto u = static_cast<std::uint32_t>(n);
        for (int i = 0; i < 4; ++i) byte(static_cast<std::uint8_t>(u >> (8 * i)));
    }
    void tile(const ast::TileTok& t, bool as_written) {
        std::uint8_t lo = t.a, hi = t.b;
        if (!as_written && lo > hi) std::swap(lo, hi);
        byte(static_cast<std::uint8_t>(0x80 | (lo << 3) | hi));
    }
    PlayKey key() const { return {a_, b_}; }

private:
    std::uint64_t a_ = 0xcbf29ce484222325ULL;
    std::uint64_t b_ = 0x2545F4914F6CDD1DULL;
};

void hash_tiles(KeyHash& h, std::vector<ast::TileTok> tiles, bool as_set) {
    if (as_set)
        std::sort(tiles.begin(), tiles.end(), [](const ast::TileTok& x, const ast::TileTok& y) {
            return std::minmax(x.a, x.b) < std::minmax(y.a, y.b);
        });
    h.number(static_cast<int>(tiles.size()));
    for (const auto& t : tiles) h.tile(t, false);
}

void hash_claim(KeyHash& h, std::uint8_t mark, const std::optional<ast::ClaimLine>& line) {
    if (!line) return;
    h.byte(mark);
    h.number(static_cast<int>(line->items.size()));
    for (const auto& item : line->items) {
        h.byte(static_cast<std::uint8_t>(item.who));
        h.number(item.value);
    }
}

struct PlayKeyHash {
    std::size_t operator()(const PlayKey& k) const { return static_cast<std::size_t>(k.first); }
};

}  // namespace

bool run_records(const RecordRunArgs& args, const Io& io, const RecordHook& hook, Output& out,
                 Output& err, const std::function<void(const CheckItem&)>& write) {
    CheckContext ctx;
    ctx.options = args.options;
    ctx.hook = &hook;
    for (const auto& path : args.files) ctx.names.push_back(display_name(path));
    RecordWriter writer(args, io, ctx, out, err, write);
    Splitter splitter(args.files, io);
    run_pipeline(splitter, ctx, args.jobs, [&](const CheckItem& item) { writer.write(item); });
    return writer.finish();
}

std::vector<std::string> code_names() {
    return {checker::kCodeNames.begin(), checker::kCodeNames.end()};
}

std::vector<std::string> rule_set_names() {
    std::vector<std::string> names;
    for (const auto& t : kRuleTraits) names.emplace_back(t.name);
    return names;
}

std::vector<std::string> result_values() {
    return {"A", "B", "C", "D", "AC", "BD", "*", "tie"};
}

std::string unknown_word(std::string_view what, std::string_view word,
                         const std::vector<std::string>& names) {
    std::string line = fmt::format("unknown {} '{}'", what, word);
    if (const std::string best = nearest_name(word, names); !best.empty())
        line += fmt::format("; did you mean '{}'?", best);
    return line;
}

std::vector<std::string> player_names(const ast::Record& record) {
    std::vector<std::string> names;
    const ast::Tag* t = record.find_tag("Players");
    if (!t) return names;
    std::string_view rest = t->value;
    for (;;) {
        const std::size_t comma = rest.find(',');
        names.emplace_back(trim(rest.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return names;
}

std::optional<PlayKey> play_key(const ast::Record& record) {
    if (record.hands.empty()) return std::nullopt;
    KeyHash h;
    for (const auto& hand : record.hands) {
        h.byte('h');
        h.number(hand.number);
        for (const auto& d : hand.deals) {
            h.byte('d');
            h.byte(d.seat);
            h.number(d.round);
            hash_tiles(h, d.tiles, true);
        }
        for (const auto& s : hand.stocks) {
            h.byte('s');
            h.number(s.round);
            hash_tiles(h, s.tiles, false);
        }
        for (const auto& r : hand.redeals) {
            h.byte('r');
            h.byte(r.seat);
        }
        bool pose = true;
        for (const auto& p : hand.plies) {
            h.byte('p');
            for (const auto& a : hand.pre_of(p)) {
                h.byte(a.kind == ast::PreAction::Kind::draw ? 'w' : 'f');
                if (a.kind == ast::PreAction::Kind::foul) h.tile(a.tile, false);
            }
            if (p.kind == ast::Ply::Kind::pass) {
                h.byte('-');
            } else {
                h.tile(p.tile, pose);
                h.byte(static_cast<std::uint8_t>(p.end));
                pose = false;
            }
        }
        if (hand.plies.empty()) {
            if (hand.end) {
                h.byte('e');
                h.byte(static_cast<std::uint8_t>(hand.end->kind));
                h.byte(hand.end->who ? static_cast<std::uint8_t>(*hand.end->who) : 0xff);
            }
            hash_claim(h, 'n', hand.points);
            hash_claim(h, 'c', hand.score);
        }
    }
    return h.key();
}

bool select_match(const SelectArgs& args, const ast::Record& record, const checker::Verdict& v) {
    if (!args.rules.empty() && tag_value(record, "Rules") != args.rules) return false;
    if (!args.result.empty()) {
        if (!record.find_tag("Result") || tag_value(record, "Result") != args.result) return false;
    }
    if (!args.player.empty()) {
        const auto names = player_names(record);
        if (std::find(names.begin(), names.end(), args.player) == names.end()) return false;
    }
    if (args.valid && v.valid != *args.valid) return false;
    if (args.code &&
        std::none_of(v.errors.begin(), v.errors.end(),
                     [&](const checker::Diagnostic& d) { return d.code == *args.code; }))
        return false;
    const auto& hands = v.data.hands;
    if (!args.ending.empty() &&
        std::none_of(hands.begin(), hands.end(), [&](const checker::HandData& h) {
            return checker::outcome_name(h.outcome) == args.ending;
        }))
        return false;
    if (args.key_tile && std::none_of(hands.begin(), hands.end(), [](const checker::HandData& h) {
            return h.key_tile_decided;
        }))
        return false;
    return true;
}

namespace {

// What select keeps of a record: whether it passed the filters (its bytes
// are then in item.out) and its play key with --duplicates.
struct SelectFacts : ItemExtra {
    bool match = false;
    std::optional<PlayKey> key;
};

class SelectHook : public RecordHook {
public:
    explicit SelectHook(const SelectArgs& args) : args_(args) {}
    void record(CheckItem& item, const ast::Record& record,
                const checker::Verdict& v) const override {
        if (!item.extra) item.extra = std::make_unique<SelectFacts>();
        auto& facts = static_cast<SelectFacts&>(*item.extra);
        facts.match = select_match(args_, record, v);
        facts.key = args_.duplicates ? play_key(record) : std::nullopt;
        if (!facts.match) return;
        item.out = record.source;
        if (!item.out.empty() && item.out.back() != '\n')
            item.out += item.out.find("\r\n") != std::string::npos ? "\r\n" : "\n";
    }

private:
    const SelectArgs& args_;
};

}  // namespace

int run_select(const SelectArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    RecordRunArgs run = args.run;
    if (!args.ending.empty() || args.key_tile) run.options.data = true;
    run.options.data_plies = false;
    if (args.quiet) run.progress = false;
    SelectHook hook(args);
    std::unordered_set<PlayKey, PlayKeyHash> seen;
    std::uint64_t records = 0, written = 0;
    const bool ran = run_records(run, io, hook, out, err, [&](const CheckItem& item) {
        ++records;
        const auto& facts = static_cast<const SelectFacts&>(*item.extra);
        bool copy = false;
        if (args.duplicates && facts.key) copy = !seen.insert(*facts.key).second;
        if (!facts.match || (args.duplicates && !copy)) return;
        ++written;
        out.buf() += item.out;
    });
    const int code = finish_output(out, err,
                                   !ran          ? kExitCannotRun
                                   : written > 0 ? kExitValid
                                                 : kExitInvalid);
    if (!args.quiet)
        fmt::format_to(std::back_inserter(err.buf()), "pips select: {} of {} records\n", written,
                       records);
    err.flush();
    return code;
}

}  // namespace pips::cli
