#pragma once
// Functions with a removable singularity at 0, evaluated by their Taylor series near it so that
// values and jets (all derivative lanes) stay finite and exact there. Used by the bend, whose
// usual starting value is amount = 0.
#include "flexure/core/jet.h"

namespace flexure {

// Below this |a| the series (to a⁴) is exact to double precision: the next term is < 1e-20.
inline constexpr double kSmallAngle = 1e-3;

// sin(a) / a
template <class S> S sinc(const S& a) {
  if (abs(value(a)) < kSmallAngle) {
    const S a2 = a * a;
    return 1.0 - a2 * (1.0 / 6.0) + a2 * a2 * (1.0 / 120.0);
  }
  return sin(a) / a;
}

// (1 - cos(a)) / a²
template <class S> S cosc(const S& a) {
  if (abs(value(a)) < kSmallAngle) {
    const S a2 = a * a;
    return 0.5 - a2 * (1.0 / 24.0) + a2 * a2 * (1.0 / 720.0);
  }
  return (1.0 - cos(a)) / (a * a);
}

// atan(a) / a
template <class S> S atanc(const S& a) {
  if (abs(value(a)) < kSmallAngle) {
    const S a2 = a * a;
    return 1.0 - a2 * (1.0 / 3.0) + a2 * a2 * (1.0 / 5.0);
  }
  return atan(a) / a;
}

}  // namespace flexure
