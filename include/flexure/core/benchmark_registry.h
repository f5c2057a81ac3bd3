#pragma once
// `flexure-cli bench [NAME|all] [--quick]` runs the suites registered here and prints one JSON
// document {"NAME": {...}, ...}. Each suite measures its figures next to the baseline it is
// compared with in the same run (the paper's method, a naive loop, the memory bandwidth).
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace flexure {

struct BenchmarkSuite {
  std::string name;  // "energy", "rigid", "curves", "deform"
  std::function<nlohmann::json(bool quick)> run;
};

class BenchmarkRegistry {
 public:
  static BenchmarkRegistry& instance();
  void add(BenchmarkSuite suite);
  // Adds figures to a registered suite's output (another module measuring beside it: the glTF
  // export in "io"); `more` receives the suite's JSON object after it ran. No-op when absent.
  void extend(const std::string& name, std::function<void(nlohmann::json& out, bool quick)> more);
  const std::vector<BenchmarkSuite>& suites() const { return suites_; }

 private:
  std::vector<BenchmarkSuite> suites_;
};

}  // namespace flexure
