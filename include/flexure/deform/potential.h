#pragma once
// Potential functions f of a generalized metaball (Jin, Li & Peng 2000, sections 2 and 4).
// The argument is the normalized distance t = r / R (1 on the effective radius); f falls from
// 1 on the skeleton to 0 at t = 1 and is 0 beyond.
//
//   Wyvill (Eq. 3):   f(t) = -4/9 t^6 + 17/9 t^4 - 22/9 t^2 + 1,   a cubic in x = t^2, so it is
//                     evaluated from the squared distance without a square root. It is C1 at
//                     t = 1 (f(1) = f'(1) = 0). In Bernstein form of degree 3 in x its control
//                     values are (1, 5/27, 0, 0): "a special Bezier function" (section 4).
//   Bezier (sec. 4):  f(t) = sum_j g_j B_j^m(s),  g_0 = 1, g_m = 0, with the inner radius R_U:
//                     f = 1 for r <= R_U, else s = (r - R_U) / (R - R_U). The user controls
//                     g_1 .. g_{m-1}. C1 at R iff g_{m-1} = 0, C1 at R_U iff g_1 = 1.
#include <array>

#include "flexure/core/jet.h"

namespace flexure::deform {

enum class PotentialKind { Wyvill, Bezier };

// Largest Bezier degree m of a potential (control values live in a fixed array, so evaluation
// with jets needs no allocation).
inline constexpr int kMaxPotentialDegree = 12;

// Wyvill's polynomial as a function of x = t^2 (Eq. 3), for 0 <= x <= 1.
template <class S>
S wyvillOfSquare(const S& x) {
  return ((x * (-4.0 / 9.0) + 17.0 / 9.0) * x - 22.0 / 9.0) * x + 1.0;
}

// sum_{j=0..m} g_j B_j^m(s) by de Casteljau, with g_0 = 1 and g_m = 0 implied: `inner` holds
// g_1 .. g_{m-1}.
template <class S>
S bezierPotential(const S* inner, int m, const S& s) {
  std::array<S, kMaxPotentialDegree + 1> b{};
  b[0] = S(1.0);
  for (int j = 1; j < m; ++j) b[static_cast<std::size_t>(j)] = inner[j - 1];
  b[static_cast<std::size_t>(m)] = S(0.0);
  const S one_s = 1.0 - s;
  for (int level = m; level > 0; --level)
    for (int j = 0; j < level; ++j)
      b[static_cast<std::size_t>(j)] = b[static_cast<std::size_t>(j)] * one_s + b[static_cast<std::size_t>(j + 1)] * s;
  return b[0];
}

// Default control values of a degree-m Bezier potential: g_j = 1 for j < m/2, else 0, which is
// C1 at both ends (g_1 = 1, g_{m-1} = 0) and symmetric about s = 1/2.
inline double defaultBezierControl(int j, int m) { return 2 * j < m ? 1.0 : 0.0; }

}  // namespace flexure::deform
