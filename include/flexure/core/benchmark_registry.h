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
  const std::vector<BenchmarkSuite>& suites() const { return suites_; }

 private:
  std::vector<BenchmarkSuite> suites_;
};

}  // namespace flexure
