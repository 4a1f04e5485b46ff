#include "cli/stats_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <nlohmann/json.hpp>
#include <utility>

#include "cli/csv.hpp"
#include "cli/json.hpp"

namespace pips::cli {

void StatsCounts::add(const StatsCounts& o) {
    records += o.records;
    valid += o.valid;
    invalid += o.invalid;
    unfinished += o.unfinished;
    hands += o.hands;
    plies += o.plies;
    for (std::size_t i = 0; i < outcomes.size(); ++i) outcomes[i] += o.outcomes[i];
    key_tile += o.key_tile;
    won += o.won;
    won_domino += o.won_domino;
    won_block += o.won_block;
    for (std::size_t i = 0; i < wins.size(); ++i) wins[i] += o.wins[i];
    pips_left_sum += o.pips_left_sum;
    pips_left_seats += o.pips_left_seats;
    points_sum += o.points_sum;
    points_hands += o.points_hands;
    for (std::size_t i = 0; i < errors.size(); ++i) errors[i] += o.errors[i];
}

std::string stats_by_name(const StatsArgs& args) {
    switch (args.by) {
        case StatsBy::all:
            return "all";
        case StatsBy::player:
            return "player";
        case StatsBy::side:
            return "side";
        case StatsBy::seat:
            return "seat";
        case StatsBy::rule_set:
            return "rule-set";
        case StatsBy::tag:
            return args.tag;
    }
    return "all";
}

namespace {

constexpr int kNoParty = -1;

// The index in kStatsParties of a party's name; -1 for none.
int party_slot(const std::string& name) {
    for (std::size_t i = 0; i < kStatsParties.size(); ++i)
        if (name == kStatsParties[i]) return static_cast<int>(i);
    return -1;
}

// The party (an index into data.parties) a seat plays for.
int party_of_seat(const checker::RecordData& data, int seat) {
    const char letter = static_cast<char>('A' + seat);
    for (std::size_t p = 0; p < data.parties.size(); ++p)
        if (data.parties[p].find(letter) != std::string::npos) return static_cast<int>(p);
    return kNoParty;
}

// The counts of the record as a whole and of its hands, for a group that
// is one party (`party`, its seats in `seats`) or, with party kNoParty,
// for every party and seat.
StatsCounts counts_for(const ast::Record&, const checker::Verdict& v, int party,
                       const std::vector<int>& seats) {
    StatsCounts c;
    c.records = 1;
    c.valid = v.valid ? 1 : 0;
    c.invalid = v.valid ? 0 : 1;
    c.unfinished = v.valid && v.unfinished ? 1 : 0;
    c.hands = static_cast<std::uint64_t>(v.hands);
    c.plies = v.plies;
    for (const auto& d : v.errors) ++c.errors[static_cast<std::size_t>(d.code)];
    const checker::RecordData& data = v.data;
    // Each party's slot among kStatsParties, looked up once a record.
    std::array<int, 4> slot{-1, -1, -1, -1};
    for (std::size_t p = 0; p < data.parties.size() && p < slot.size(); ++p)
        slot[p] = party_slot(data.parties[p]);
    for (const checker::HandData& h : data.hands) {
        ++c.outcomes[static_cast<std::size_t>(h.outcome)];
        if (h.key_tile_decided) ++c.key_tile;
        if (h.winner_party >= 0 && static_cast<std::size_t>(h.winner_party) < data.parties.size()) {
            const auto w = static_cast<std::size_t>(h.winner_party);
            if (const int at = w < slot.size() ? slot[w] : party_slot(data.parties[w]); at >= 0)
                ++c.wins[static_cast<std::size_t>(at)];
            if (party != kNoParty && h.winner_party == party) {
                ++c.won;
                if (h.outcome == checker::HandOutcome::domino) ++c.won_domino;
                if (h.outcome == checker::HandOutcome::block) ++c.won_block;
            }
        }
        for (int s = 0; s < data.players && s < 4; ++s) {
            if (party != kNoParty && std::find(seats.begin(), seats.end(), s) == seats.end())
                continue;
            if (h.pips_left[s] < 0) continue;
            c.pips_left_sum += static_cast<std::uint64_t>(h.pips_left[s]);
            ++c.pips_left_seats;
        }
        if (h.points_known) {
            ++c.points_hands;
            for (std::size_t p = 0; p < data.parties.size() && p < h.points.size(); ++p)
                if (party == kNoParty || static_cast<int>(p) == party) c.points_sum += h.points[p];
        }
    }
    return c;
}

std::string tag_group(const ast::Record& record, std::string_view name) {
    const ast::Tag* t = record.find_tag(name);
    if (!t) return {};
    std::string_view s = t->value;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}

}  // namespace

std::vector<std::pair<std::string, StatsCounts>> record_counts(const StatsArgs& args,
                                                               const ast::Record& record,
                                                               const checker::Verdict& v) {
    std::vector<std::pair<std::string, StatsCounts>> out;
    const checker::RecordData& data = v.data;
    switch (args.by) {
        case StatsBy::all:
            out.emplace_back("all", counts_for(record, v, kNoParty, {}));
            break;
        case StatsBy::rule_set:
            out.emplace_back(tag_group(record, "Rules"), counts_for(record, v, kNoParty, {}));
            break;
        case StatsBy::tag:
            out.emplace_back(tag_group(record, args.tag), counts_for(record, v, kNoParty, {}));
            break;
        case StatsBy::seat:
            for (int s = 0; s < data.players && s < 4; ++s)
                out.emplace_back(std::string(1, static_cast<char>('A' + s)),
                                 counts_for(record, v, party_of_seat(data, s), {s}));
            break;
        case StatsBy::side:
            for (std::size_t p = 0; p < data.parties.size(); ++p) {
                std::vector<int> seats;
                for (int s = 0; s < data.players && s < 4; ++s)
                    if (party_of_seat(data, s) == static_cast<int>(p)) seats.push_back(s);
                out.emplace_back(data.parties[p],
                                 counts_for(record, v, static_cast<int>(p), seats));
            }
            break;
        case StatsBy::player: {
            const std::vector<std::string> names = player_names(record);
            for (std::size_t s = 0; s < names.size() && s < 4; ++s) {
                const int seat = static_cast<int>(s);
                bool seen = false;
                for (std::size_t t = 0; t < s; ++t) seen |= names[t] == names[s];
                if (seen) continue;  // a name written twice counts once
                out.emplace_back(names[s],
                                 counts_for(record, v, party_of_seat(data, seat), {seat}));
            }
            break;
        }
    }
    return out;
}

namespace {

const char* kOutcomeNames[] = {"unknown", "domino", "block", "tie", "target"};

double ratio(double a, std::uint64_t b) {
    return b ? a / static_cast<double>(b) : 0.0;
}

bool party_grouping(StatsBy by) {
    return by == StatsBy::player || by == StatsBy::side || by == StatsBy::seat;
}

std::string render_text(const StatsArgs& args, const std::map<std::string, StatsCounts>& groups) {
    const bool party = party_grouping(args.by);
    std::size_t width = std::max<std::size_t>(stats_by_name(args).size(), 5);
    for (const auto& [name, c] : groups) width = std::max(width, valid_utf8(name).size());
    std::string out = fmt::format(
        "{:<{}} {:>7} {:>7} {:>7} {:>7}{} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>9} {:>11}  "
        "errors\n",
        stats_by_name(args), width, "records", "valid", "invalid", "hands",
        party ? fmt::format(" {:>7} {:>9}", "won", "won-block") : "", "domino", "block", "tie",
        "target", "unknown", "key-tile", "pips-left", "points/hand");
    for (const auto& [name, c] : groups) {
        std::string errors;
        for (std::size_t i = 0; i < c.errors.size(); ++i) {
            if (!c.errors[i]) continue;
            if (!errors.empty()) errors += ", ";
            errors += fmt::format("{} {}", checker::kCodeNames[i], c.errors[i]);
        }
        fmt::format_to(
            std::back_inserter(out),
            "{:<{}} {:>7} {:>7} {:>7} {:>7}{} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>9} {:>11}  "
            "{}\n",
            name.empty() ? "-" : valid_utf8(name), width, c.records, c.valid, c.invalid, c.hands,
            party ? fmt::format(" {:>7} {:>9}", c.won, c.won_block) : "", c.outcomes[1],
            c.outcomes[2], c.outcomes[3], c.outcomes[4], c.outcomes[0], c.key_tile,
            c.pips_left_seats ? fmt::format("{:.2f}", ratio(static_cast<double>(c.pips_left_sum),
                                                            c.pips_left_seats))
                              : "-",
            c.points_hands
                ? fmt::format("{:.2f}", ratio(static_cast<double>(c.points_sum), c.points_hands))
                : "-",
            errors.empty() ? "-" : errors);
    }
    return out;
}

std::string render_json(const StatsArgs& args, const std::map<std::string, StatsCounts>& groups) {
    std::string out;
    const bool party = party_grouping(args.by);
    for (const auto& [name, c] : groups) {
        nlohmann::ordered_json j;
        j["by"] = valid_utf8(stats_by_name(args));
        j["group"] = valid_utf8(name);
        j["records"] = c.records;
        j["valid"] = c.valid;
        j["invalid"] = c.invalid;
        j["unfinished"] = c.unfinished;
        j["hands"] = c.hands;
        j["plies"] = c.plies;
        const auto party_count = [&](std::uint64_t n) {
            return party ? nlohmann::ordered_json(n) : nlohmann::ordered_json(nullptr);
        };
        j["won"] = party_count(c.won);
        j["won_domino"] = party_count(c.won_domino);
        j["won_block"] = party_count(c.won_block);
        for (std::size_t i = 1; i < c.outcomes.size(); ++i) j[kOutcomeNames[i]] = c.outcomes[i];
        j["unknown"] = c.outcomes[0];
        j["key_tile"] = c.key_tile;
        nlohmann::ordered_json wins = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < c.wins.size(); ++i)
            if (c.wins[i]) wins[kStatsParties[i]] = c.wins[i];
        j["wins"] = wins;
        j["pips_left"] = {{"seats", c.pips_left_seats},
                          {"sum", c.pips_left_sum},
                          {"average", c.pips_left_seats ? nlohmann::ordered_json(ratio(
                                                              static_cast<double>(c.pips_left_sum),
                                                              c.pips_left_seats))
                                                        : nlohmann::ordered_json(nullptr)}};
        j["points"] = {
            {"hands", c.points_hands},
            {"sum", c.points_sum},
            {"per_hand", c.points_hands ? nlohmann::ordered_json(ratio(
                                              static_cast<double>(c.points_sum), c.points_hands))
                                        : nlohmann::ordered_json(nullptr)}};
        nlohmann::ordered_json errors = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < c.errors.size(); ++i)
            errors[std::string(checker::kCodeNames[i])] = c.errors[i];
        j["errors"] = errors;
        out += j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        out += '\n';
    }
    return out;
}

std::string render_csv(const StatsArgs& args, const std::map<std::string, StatsCounts>& groups) {
    std::string out;
    CsvWriter csv(out);
    csv.field("by").field("group").field("records").field("valid").field("invalid");
    csv.field("unfinished").field("hands").field("plies").field("won").field("won_domino");
    csv.field("won_block");
    for (std::size_t i = 1; i < std::size(kOutcomeNames); ++i) csv.field(kOutcomeNames[i]);
    csv.field("unknown").field("key_tile");
    for (const char* party : kStatsParties) csv.field(fmt::format("wins_{}", party));
    csv.field("pips_left_seats").field("pips_left_sum").field("pips_left_average");
    csv.field("points_hands").field("points_sum").field("points_per_hand");
    for (const auto& code : checker::kCodeNames) csv.field(code);
    csv.end_row();
    const bool party = party_grouping(args.by);
    for (const auto& [name, c] : groups) {
        csv.field(stats_by_name(args)).field(name);
        csv.field(c.records).field(c.valid).field(c.invalid).field(c.unfinished);
        csv.field(c.hands).field(c.plies);
        for (const std::uint64_t n : {c.won, c.won_domino, c.won_block}) {
            if (party)
                csv.field(n);
            else
                csv.empty();
        }
        for (std::size_t i = 1; i < c.outcomes.size(); ++i) csv.field(c.outcomes[i]);
        csv.field(c.outcomes[0]).field(c.key_tile);
        for (const auto w : c.wins) csv.field(w);
        csv.field(c.pips_left_seats).field(c.pips_left_sum);
        if (c.pips_left_seats)
            csv.field(fmt::format("{:.3f}",
                                  ratio(static_cast<double>(c.pips_left_sum), c.pips_left_seats)));
        else
            csv.empty();
        csv.field(c.points_hands).field(static_cast<std::int64_t>(c.points_sum));
        if (c.points_hands)
            csv.field(
                fmt::format("{:.3f}", ratio(static_cast<double>(c.points_sum), c.points_hands)));
        else
            csv.empty();
        for (const auto e : c.errors) csv.field(e);
        csv.end_row();
    }
    return out;
}

}  // namespace

std::string render_stats(const StatsArgs& args, const std::map<std::string, StatsCounts>& groups) {
    if (args.format == "json") return render_json(args, groups);
    if (args.format == "csv") return render_csv(args, groups);
    return render_text(args, groups);
}

namespace {

// What stats keeps of a record: its share of each group it belongs to.
struct StatsFacts : ItemExtra {
    std::vector<std::pair<std::string, StatsCounts>> counts;
};

class StatsHook : public RecordHook {
public:
    explicit StatsHook(const StatsArgs& args) : args_(args) {}
    void record(CheckItem& item, const ast::Record& record,
                const checker::Verdict& v) const override {
        if (!item.extra) item.extra = std::make_unique<StatsFacts>();
        static_cast<StatsFacts&>(*item.extra).counts = record_counts(args_, record, v);
    }

private:
    const StatsArgs& args_;
};

}  // namespace

int run_stats(const StatsArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    RecordRunArgs run = args.run;
    run.options.data = true;
    run.options.data_plies = false;
    if (args.quiet) run.progress = false;
    StatsHook hook(args);
    std::map<std::string, StatsCounts> groups;
    const bool ran = run_records(run, io, hook, out, err, [&](const CheckItem& item) {
        for (const auto& [name, counts] : static_cast<const StatsFacts&>(*item.extra).counts)
            groups[name].add(counts);
    });
    out.buf() += render_stats(args, groups);
    return finish_output(out, err, ran ? kExitValid : kExitCannotRun);
}

}  // namespace pips::cli
