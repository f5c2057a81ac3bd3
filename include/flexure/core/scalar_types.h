#pragma once
// The scalar types every virtual evaluation of the scene graph is instantiated for.
//   double        values (rendering, tessellation, energies)
//   Dual          one derivative lane (directional derivatives, tests)
//   Dual8         eight lanes: a solver differentiates a term with respect to k parameters in
//                 ceil(k / 8) passes, without allocation
// Templated node code (PrimitiveT, OperatorT) is written once; FLEXURE_FOR_EACH_SCALAR stamps out
// the virtual entry points for each type in this list.
#include "flexure/core/jet.h"

namespace flexure {

using Dual = Jet<double, 1>;
using Dual8 = Jet<double, 8>;

#define FLEXURE_FOR_EACH_SCALAR(X) X(double) X(::flexure::Dual) X(::flexure::Dual8)

}  // namespace flexure
