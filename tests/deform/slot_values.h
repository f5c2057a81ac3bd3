#pragma once
// A metaball operator's slot values as the batch path reads them (applyBatchFromSlots): every
// slot's default, with the given edits ("<i>.<slot>" = value) over it, the last edit of a name
// winning. Shared by the deform tests that drive the batch deformer directly.
#include <string>
#include <utility>
#include <vector>

#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::deform::testing {

std::vector<double> slotsWith(const MetaballDeformOperator& op, const std::vector<std::pair<std::string, double>>& edits);

}  // namespace flexure::deform::testing
