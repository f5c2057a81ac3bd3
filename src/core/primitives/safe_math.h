#pragma once
// Scalar helpers whose derivatives stay finite where the textbook formula has a singular
// derivative (a norm at 0, a power of 0). At those points the derivative is undefined anyway; we
// return zero lanes instead of NaN so that a solver stepping through them keeps working.
#include <type_traits>

#include "flexure/core/vec.h"

namespace flexure {

// sqrt(a² + b²), with zero derivative lanes at the origin.
template <class S> S safeHypot(const S& a, const S& b) {
  const S r2 = a * a + b * b;
  if (value(r2) <= 1e-300) return S(0.0);
  return sqrt(r2);
}

// |x|, with zero derivative lanes at the origin.
template <class S> S safeNorm(const Vec3<S>& x) {
  const S r2 = dot(x, x);
  if (value(r2) <= 1e-300) return S(0.0);
  return sqrt(r2);
}

// x^p for x >= 0 (p may itself carry derivatives). At x = 0 the value is 0 and every lane is 0,
// which is the exact derivative for p > 1.
template <class S> S powNonNegative(const S& x, const S& p) {
  if (value(x) <= 0.0) return S(0.0);
  if constexpr (std::is_same_v<S, double>) {
    return std::pow(x, p);
  } else {
    return exp(p * log(x));
  }
}

// Barr's signed power sign(x)|x|^p (Barr 1981, superquadrics).
template <class S> S signedPow(const S& x, const S& p) {
  const S m = powNonNegative(abs(x), p);
  return x < 0.0 ? -m : m;
}

}  // namespace flexure
