#pragma once
namespace flexure {
// Registers the "io" BenchmarkSuite: save and load of a 10,000-node scene, compared with
// nlohmann::json parsing the same text (a general-purpose parser without positions).
void registerIoBenchmark();
}  // namespace flexure
