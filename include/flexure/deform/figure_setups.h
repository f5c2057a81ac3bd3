#pragma once
// Metaball configurations of the paper's figures and of the deform benchmark, shared by the
// scene generator, the benchmark and the tests so all three use the same numbers.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::deform {

struct DeformerSetup {
  std::vector<Metaball> metaballs;
  std::vector<std::pair<std::string, double>> values;  // "<i>.<slot>" -> value
  BlendMode blend = BlendMode::Sum;
  void set(int metaball, std::string_view slot, double v);
};

// Installs the setup's metaballs in `op` and returns the operator's slot values: defaults,
// overridden by the setup's values (throws std::invalid_argument for an unknown slot).
std::vector<double> configure(MetaballDeformOperator& op, const DeformerSetup& setup);

// Fig. 19: a "Z" raised from a flat grid of the given half size by twelve point constraints.
DeformerSetup zLetterSetup(double halfSize = 1.0);
// One metaball of the given skeleton type ("segment", "bezier", "disk", "polygon", "box", ...)
// lifting part of a flat grid [-halfSize, halfSize]^2: the deform benchmark's cases.
DeformerSetup singleSkeletonSetup(std::string_view type, double halfSize = 1.0);
// The skeleton types the benchmark times one by one.
std::vector<std::string> benchmarkSkeletonTypes();

}  // namespace flexure::deform
