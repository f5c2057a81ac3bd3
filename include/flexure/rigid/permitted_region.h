#pragma once
// The translation constraints of section 4.1 all have the same form: the point P2 of S2 must
// lie in a region attached to S1 (a point, a segment, a plane ring, a sphere, a curve, a
// surface). Each region answers one query, "the permitted point P' nearest to P" (section
// 4.1.3: any region with an efficient nearest-point procedure works), and the constraint
// processing replaces the other hinge point by P' in Eqs. 18-19.
//
// For the linearized (direct) solver each region also states its constraint rows at P: unit
// directions d_k and signed errors e_k = d_k·(P - P'), so that moving P by -Σ e_k d_k puts it
// back on the region to first order. Everything here is in S1's own frame.
#include "flexure/core/vec.h"

namespace flexure {

struct RegionProjection {
  Vec3d nearest;  // P'
  int rowCount = 0;
  Vec3d rowDirection[3];
  double rowError[3] = {0, 0, 0};
};

// Two unit vectors completing `axis` (unit) to an orthonormal basis.
void orthonormalComplement(const Vec3d& axis, Vec3d& e1, Vec3d& e2);

// Fills rows for a full point-to-point match P' (three axes).
void setPointRows(RegionProjection& r, const Vec3d& p);

}  // namespace flexure
