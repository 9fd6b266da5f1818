// Times bacon2's exact win rate (HogCore::win_rate) in process, for the
// comparison in benches/peer/README.md. Our own driver around bacon2's
// library; bacon2 itself is fetched and built as the README says.
//
//   bacon2_driver A B [ROUNDS]   A, B: "const:N", "optimal" or a table
//                                 in hog's final_strategy.csv layout
//   bacon2_driver --write-optimal FILE
//
// Prints the win rate of A against B (A first and second, and their
// average) and the CPU time of each call: the lowest, the median and the
// highest over ROUNDS calls (default 9).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core.hpp"
#include "strategy.hpp"

using bacon::HogCore;
using bacon::HogStrategy;
namespace hog = bacon::hog;

static double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    std::exit(2);
}

// A table in hog's layout: a header "score,0,1,...,99", then one row per
// score: the score, then the dice for each opponent score.
static void read_table(const std::string& path, HogStrategy& strategy) {
    std::ifstream in(path);
    if (!in) fail(path + ": cannot be read");
    std::string line;
    std::getline(in, line);
    for (int s = 0; s < hog::GOAL; ++s) {
        if (!std::getline(in, line)) fail(path + ": fewer than 100 rows");
        std::stringstream row(line);
        std::string cell;
        std::getline(row, cell, ',');
        if (std::atoi(cell.c_str()) != s) fail(path + ": rows out of order");
        for (int o = 0; o < hog::GOAL; ++o) {
            if (!std::getline(row, cell, ',')) fail(path + ": a short row");
            strategy.set(s, o, static_cast<HogStrategy::RollType>(std::atoi(cell.c_str())));
        }
    }
}

static void load(const std::string& spec, HogStrategy& strategy) {
    if (spec.compare(0, 6, "const:") == 0) {
        strategy.set_const(static_cast<HogStrategy::RollType>(std::atoi(spec.c_str() + 6)));
    } else if (spec == "optimal") {
        strategy.set_optimal();
    } else {
        read_table(spec, strategy);
    }
}

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--write-optimal") {
        HogStrategy optimal("optimal");
        optimal.set_optimal();
        std::ofstream out(argv[2]);
        out << "score";
        for (int o = 0; o < hog::GOAL; ++o) out << ',' << o;
        out << '\n';
        for (int s = 0; s < hog::GOAL; ++s) {
            out << s;
            for (int o = 0; o < hog::GOAL; ++o) out << ',' << int(optimal.get(s, o));
            out << '\n';
        }
        return 0;
    }
    if (argc != 3 && argc != 4) fail("usage: bacon2_driver A B [ROUNDS]");
    HogStrategy a("a"), b("b");
    load(argv[1], a);
    load(argv[2], b);
    int rounds = argc == 4 ? std::atoi(argv[3]) : 9;
    if (rounds < 1) fail("ROUNDS must be at least 1");
    // HogCore holds its whole memo (about 190 MB): on the heap.
    std::unique_ptr<HogCore> core(new HogCore());
    double first = core->win_rate_going_first(a, b);
    double second = core->win_rate_going_last(a, b);
    // What is timed is bacon2's own win rate, both orders in one memo.
    std::vector<double> times;
    double average = 0;
    for (int r = 0; r < rounds; ++r) {
        double start = cpu_seconds();
        average = core->win_rate(a, b);
        times.push_back(cpu_seconds() - start);
    }
    std::sort(times.begin(), times.end());
    std::printf("first    %.17g\nsecond   %.17g\naverage  %.17g\n", first, second, average);
    std::printf("cpu ms   %.3f (lowest) %.3f (median) %.3f (highest) over %d calls\n",
                times.front() * 1e3, times[times.size() / 2] * 1e3, times.back() * 1e3, rounds);
    return 0;
}
