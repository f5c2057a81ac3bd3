#include "flexure/curves/curve_energy.h"

#include <cmath>
#include <vector>

#include "flexure/curves/control_point_coupling.h"
#include "flexure/curves/curve_basis_row.h"

namespace flexure {

namespace {

// Gauss-Legendre nodes and weights on [0, 1].
struct Quadrature {
  std::vector<double> node, weight;
};
const Quadrature& gauss3() {
  static const Quadrature q{{0.5 - 0.5 * std::sqrt(0.6), 0.5, 0.5 + 0.5 * std::sqrt(0.6)},
                            {5.0 / 18.0, 8.0 / 18.0, 5.0 / 18.0}};
  return q;
}
const Quadrature& gauss4() {
  static const Quadrature q = [] {
    const double a = std::sqrt(3.0 / 7.0 - 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
    const double b = std::sqrt(3.0 / 7.0 + 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
    const double wa = (18.0 + std::sqrt(30.0)) / 36.0, wb = (18.0 - std::sqrt(30.0)) / 36.0;
    return Quadrature{{0.5 - 0.5 * b, 0.5 - 0.5 * a, 0.5 + 0.5 * a, 0.5 + 0.5 * b},
                      {0.5 * wb, 0.5 * wa, 0.5 * wa, 0.5 * wb}};
  }();
  return q;
}

using Triplets = std::vector<Eigen::Triplet<double>>;

// Scatters a scalar coefficient c between control points i and j into both coordinates.
void addBlock(Triplets& t, int i, int j, double c) {
  t.emplace_back(2 * i, 2 * j, c);
  t.emplace_back(2 * i + 1, 2 * j + 1, c);
}

// The sub-intervals of [u0, u1] on each span, as (span, t0, t1).
struct SpanPiece {
  int span;
  double t0, t1;
};
std::vector<SpanPiece> spanPieces(const BSplineShape& shape, double u0, double u1) {
  std::vector<SpanPiece> out;
  const int m = shape.spanCount();
  const double x0 = std::clamp(u0, 0.0, 1.0) * m, x1 = std::clamp(u1, 0.0, 1.0) * m;
  for (int s = 0; s < m; ++s) {
    const double a = std::max(x0, double(s)), b = std::min(x1, double(s + 1));
    if (b > a) out.push_back({s, a - s, b - s});
  }
  return out;
}

}  // namespace

Eigen::SparseMatrix<double> assembleStiffness(const CurveProblem& problem) {
  const BSplineShape& shape = problem.shape;
  const int m = shape.spanCount();
  const double mm = m;
  // Per span with u = (s + t)/m: ∫ α|r_u|² + β|r_uu|² du = ∫ (α m |r_t|² + β m³ |r_tt|²) dt.
  double stretch[4][4] = {}, bend[4][4] = {};
  for (std::size_t g = 0; g < gauss3().node.size(); ++g) {
    const CubicBasis<double> basis(gauss3().node[g]);
    for (int k = 0; k < 4; ++k)
      for (int l = 0; l < 4; ++l) {
        stretch[k][l] += gauss3().weight[g] * basis.d1[k] * basis.d1[l];
        bend[k][l] += gauss3().weight[g] * basis.d2[k] * basis.d2[l];
      }
  }
  // Accumulated per control point, not as triplets: linear in memory too (control_point_coupling.h).
  ControlPointCoupling coupling(shape.count);
  for (int s = 0; s < m; ++s) {
    const double a = problem.alphaOf(s) * mm, b = problem.betaOf(s) * mm * mm * mm;
    for (int k = 0; k < 4; ++k)
      for (int l = 0; l < 4; ++l)
        coupling.add(shape.controlIndex(s, k), shape.controlIndex(s, l), a * stretch[k][l] + b * bend[k][l]);
  }
  return coupling.interleaved();
}

Eigen::SparseMatrix<double> assemblePressureCoupling(const BSplineShape& shape, const PressureLoad& load) {
  // G = ∫ p(u) B'(u)ᵀ Rotᵀ B(u) du, Rot = Rot(z,-90°) = [[0,1],[-1,0]], so Rotᵀ = [[0,-1],[1,0]].
  // Entry (2i+a, 2j+c) = ∫ p w'_i w_j (Rotᵀ)_{ac}. Integrand degree 1+2+3 = 6: 4 Gauss nodes.
  const double m = shape.spanCount();
  Triplets t;
  for (const SpanPiece& piece : spanPieces(shape, load.u0, load.u1)) {
    const double len = piece.t1 - piece.t0;
    for (std::size_t g = 0; g < gauss4().node.size(); ++g) {
      const double tt = piece.t0 + len * gauss4().node[g];
      const double u = (piece.span + tt) / m;
      const double w = gauss4().weight[g] * len / m * load.at(u);  // du = dt/m
      const CubicBasis<double> basis(tt);
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 4; ++l) {
          const int i = shape.controlIndex(piece.span, k), j = shape.controlIndex(piece.span, l);
          const double c = w * m * basis.d1[k] * basis.b[l];
          t.emplace_back(2 * i, 2 * j + 1, -c);
          t.emplace_back(2 * i + 1, 2 * j, c);
        }
    }
  }
  Eigen::SparseMatrix<double> G(2 * shape.count, 2 * shape.count);
  G.setFromTriplets(t.begin(), t.end());
  return G;
}

QuadraticEnergy buildQuadraticEnergy(const CurveProblem& problem, const Eigen::VectorXd& q0) {
  const int dim = problem.dimension();
  QuadraticEnergy e;
  e.hessian = assembleStiffness(problem);
  e.hessian *= 2.0;  // in place: no second matrix of 10⁵ control points to fill
  e.linear = Eigen::VectorXd::Zero(dim);
  for (const PointLoad& f : problem.forces) {
    // Eq. 3: ∂W/∂q = Bᵀ(u*) f; the constant -f·r0(u*) only shifts E.
    const BasisRow row = basisRow(problem.shape, f.u, 0);
    for (int k = 0; k < 4; ++k) e.linear.segment<2>(2 * row.index[static_cast<std::size_t>(k)]) += row.weight[static_cast<std::size_t>(k)] * f.force;
    e.constant += f.force.dot(row.apply(q0));
  }
  if (!problem.rubberbands.empty()) {
    Triplets t;
    for (const Rubberband& rb : problem.rubberbands) {
      const BasisRow row = basisRow(problem.shape, rb.u, 0);
      for (int k = 0; k < 4; ++k) {
        const auto ks = static_cast<std::size_t>(k);
        e.linear.segment<2>(2 * row.index[ks]) += rb.stiffness * row.weight[ks] * rb.target;
        for (int l = 0; l < 4; ++l)
          addBlock(t, row.index[ks], row.index[static_cast<std::size_t>(l)], rb.stiffness * row.weight[ks] * row.weight[static_cast<std::size_t>(l)]);
      }
      e.constant += 0.5 * rb.stiffness * rb.target.squaredNorm();
    }
    Eigen::SparseMatrix<double> P(dim, dim);
    P.setFromTriplets(t.begin(), t.end());
    e.hessian += P;
  }
  for (const PressureLoad& p : problem.pressures) {
    const Eigen::SparseMatrix<double> G = assemblePressureCoupling(problem.shape, p);
    const Eigen::SparseMatrix<double> Gt = G.transpose();
    e.hessian -= G;
    e.hessian -= Gt;
    e.linear -= G * q0;
  }
  e.hessian.makeCompressed();
  return e;
}

double strainEnergy(const CurveProblem& problem, const Eigen::VectorXd& q) {
  const BSplineShape& shape = problem.shape;
  const int m = shape.spanCount();
  double s = 0.0;
  for (int span = 0; span < m; ++span)
    for (std::size_t g = 0; g < gauss3().node.size(); ++g) {
      const double u = (span + gauss3().node[g]) / m;
      const CurveSample<double> c = sampleCurve(shape, q, u);
      s += gauss3().weight[g] / m * (problem.alphaOf(span) * squaredNorm(c.r1) + problem.betaOf(span) * squaredNorm(c.r2));
    }
  return s;
}

double externalWork(const CurveProblem& problem, const Eigen::VectorXd& q, const Eigen::VectorXd& q0) {
  const BSplineShape& shape = problem.shape;
  double w = 0.0;
  for (const PointLoad& f : problem.forces)
    w += f.force.dot(curvePoint(shape, q, f.u) - curvePoint(shape, q0, f.u));  // Eq. 3
  const double m = shape.spanCount();
  for (const PressureLoad& p : problem.pressures)
    for (const SpanPiece& piece : spanPieces(shape, p.u0, p.u1)) {
      const double len = piece.t1 - piece.t0;
      for (std::size_t g = 0; g < gauss4().node.size(); ++g) {
        const double u = (piece.span + piece.t0 + len * gauss4().node[g]) / m;
        const CurveSample<double> c = sampleCurve(shape, q, u);
        const Vec3d r0 = sampleCurve(shape, q0, u).r;
        w += gauss4().weight[g] * len / m * p.at(u) * dot(rotateMinus90(c.r1), c.r - r0);  // Eq. 6
      }
    }
  return w;
}

double penaltyEnergy(const CurveProblem& problem, const Eigen::VectorXd& q) {
  double e = 0.0;
  for (const Rubberband& rb : problem.rubberbands)
    e += 0.5 * rb.stiffness * (curvePoint(problem.shape, q, rb.u) - rb.target).squaredNorm();
  return e;
}

}  // namespace flexure

namespace flexure {
Eigen::VectorXd pointLoadVector(const BSplineShape& shape, const std::vector<PointLoad>& loads) {
  Eigen::VectorXd b = Eigen::VectorXd::Zero(2 * shape.count);
  for (const PointLoad& f : loads) {
    const BasisRow row = basisRow(shape, f.u, 0);
    for (int k = 0; k < 4; ++k) b.segment<2>(2 * row.index[static_cast<std::size_t>(k)]) += row.weight[static_cast<std::size_t>(k)] * f.force;
  }
  return b;
}
}  // namespace flexure
