#pragma once
// Section 6: the two ways the paper animates a deformation.
//   1. Apply different constraints to the same object to get key shapes with the same vertices
//      and topology, then blend corresponding vertices (blendKeyMeshes).
//   2. Interpolate the constraint parameters Omega = {C, dD, S, theta, R, g1 .. g(m-1)} between
//      key frames and deform with the intermediate constraints (interpolateMetaballSlots):
//      every slot linearly, the rotation by quaternion slerp (Shoemake, ref. [30]).
// Every metaball parameter is a Psi slot, so the timeline can also key them directly; these
// functions are the paper's two schemes as plain library calls.
#include <span>
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::deform {

// out = (1 - s) a + s b, vertex by vertex.
void blendPositions(std::span<const Vec3d> a, std::span<const Vec3d> b, double s, std::span<Vec3d> out);

// The shape at time t from key meshes at increasing `times` (clamped outside them): positions
// blended linearly between the two bracketing keys, normals blended and renormalized.
// Throws std::invalid_argument unless the keys share vertex count and triangles.
TriangleMesh blendKeyMeshes(const std::vector<TriangleMesh>& keys, const std::vector<double>& times, double t);

// Shortest-arc spherical linear interpolation of unit quaternions.
Quatd slerp(const Quatd& a, const Quatd& b, double s);
// A unit quaternion as axis and angle in [0, pi] (axis (0, 0, 1) for the identity).
void toAxisAngle(const Quatd& q, Vec3d& axis, double& angle);

// The operator's slot values between two keys at fraction s: linear for every slot but the
// rotation. Rotations about the same axis interpolate the angle (keeping turns beyond 180
// degrees, which matter because the deformation scales the angle by F); otherwise the key
// quaternions are slerped and the result is written back as axis and angle.
std::vector<double> interpolateMetaballSlots(const MetaballDeformOperator& op, std::span<const double> a,
                                             std::span<const double> b, double s);
// The same across key frames at increasing times (clamped outside them).
std::vector<double> interpolateMetaballKeys(const MetaballDeformOperator& op, const std::vector<std::vector<double>>& keys,
                                            const std::vector<double>& times, double t);

}  // namespace flexure::deform
