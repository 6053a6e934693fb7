// A yardstick driver for bench/tdoku/run.sh, compiled with tdoku's source
// outside this repository: it counts each puzzle of a file to 2 with tdoku,
// in passes over the file for at least SECONDS, and prints microseconds per
// puzzle.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration, char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: driver FILE SECONDS\n"); return 2; }
    std::ifstream in(argv[1]);
    std::vector<std::string> ps;
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 81 || line[0] == '#') continue;
        line.resize(81);
        for (auto &c : line) if (c == '0') c = '.';
        ps.push_back(line);
    }
    double budget = atof(argv[2]);
    char sol[82] = {0};
    size_t guesses = 0, unique = 0, passes = 0;
    auto start = std::chrono::steady_clock::now();
    double el = 0;
    do {
        unique = 0;
        for (auto &p : ps) unique += TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, sol, &guesses) == 1;
        passes++;
        el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (el < budget);
    printf("%s: %zu puzzles, %zu unique, %zu passes, %.3f us/puzzle\n", argv[1], ps.size(), unique, passes, el * 1e6 / (passes * ps.size()));
}
