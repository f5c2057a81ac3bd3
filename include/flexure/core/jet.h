#pragma once
// Forward-mode dual numbers ("jets"): a value and N partial derivatives.
//
// Every geometric evaluation in Flexure (P, N, I along a leaf-to-root path, energy terms,
// deformations) is written once as a template on the scalar type S and instantiated with
// double for values and with Jet<double, N> for exact derivatives. Jets nest
// (Jet<Jet<double, 8>, 3>), which is how operators get their Jacobian with respect to the
// point while the solver differentiates with respect to Ψ.
#include <array>
#include <cmath>
#include <type_traits>

namespace flexure {

template <class T, int N>
struct Jet {
  static_assert(N >= 1, "a jet carries at least one derivative lane");
  using Real = T;
  static constexpr int kLanes = N;

  T a{};                 // value
  std::array<T, N> v{};  // partial derivatives, one per lane

  constexpr Jet() = default;
  template <class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
  constexpr Jet(U value) : a(T(value)) {}  // NOLINT: constants promote implicitly
  constexpr Jet(const T& value) requires(!std::is_arithmetic_v<T>) : a(value) {}
  // A variable: value and a unit derivative in `lane`.
  constexpr Jet(const T& value, int lane) : a(value) { v[static_cast<std::size_t>(lane)] = T(1); }

  Jet& operator+=(const Jet& o) { a += o.a; for (int i = 0; i < N; ++i) v[i] += o.v[i]; return *this; }
  Jet& operator-=(const Jet& o) { a -= o.a; for (int i = 0; i < N; ++i) v[i] -= o.v[i]; return *this; }
  Jet& operator*=(const Jet& o) { *this = *this * o; return *this; }
  Jet& operator/=(const Jet& o) { *this = *this / o; return *this; }
};

template <class T> struct IsJet : std::false_type {};
template <class T, int N> struct IsJet<Jet<T, N>> : std::true_type {};
template <class T> inline constexpr bool kIsJet = IsJet<T>::value;

// The plain double value of any scalar, for branching and output.
inline double value(double x) { return x; }
template <class T, int N> double value(const Jet<T, N>& x) { return value(x.a); }

// Applies the chain rule: f(x) with f(x.a) = fa and f'(x.a) = dfa.
template <class T, int N>
Jet<T, N> chain(const Jet<T, N>& x, const T& fa, const T& dfa) {
  Jet<T, N> r; r.a = fa;
  for (int i = 0; i < N; ++i) r.v[i] = dfa * x.v[i];
  return r;
}

template <class T, int N> Jet<T, N> operator+(const Jet<T, N>& x) { return x; }
template <class T, int N> Jet<T, N> operator-(const Jet<T, N>& x) {
  Jet<T, N> r; r.a = -x.a; for (int i = 0; i < N; ++i) r.v[i] = -x.v[i]; return r;
}
template <class T, int N> Jet<T, N> operator+(Jet<T, N> x, const Jet<T, N>& y) { return x += y; }
template <class T, int N> Jet<T, N> operator-(Jet<T, N> x, const Jet<T, N>& y) { return x -= y; }
template <class T, int N> Jet<T, N> operator*(const Jet<T, N>& x, const Jet<T, N>& y) {
  Jet<T, N> r; r.a = x.a * y.a;
  for (int i = 0; i < N; ++i) r.v[i] = x.a * y.v[i] + x.v[i] * y.a;
  return r;
}
template <class T, int N> Jet<T, N> operator/(const Jet<T, N>& x, const Jet<T, N>& y) {
  Jet<T, N> r; const T inv = T(1) / y.a; r.a = x.a * inv;
  for (int i = 0; i < N; ++i) r.v[i] = (x.v[i] - r.a * y.v[i]) * inv;
  return r;
}
// Mixed with plain numbers (and, for nested jets, with the inner scalar).
#define FLEXURE_JET_MIXED(OP)                                                              \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>    \
  Jet<T, N> operator OP(const Jet<T, N>& x, U y) { return x OP Jet<T, N>(y); }             \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>    \
  Jet<T, N> operator OP(U x, const Jet<T, N>& y) { return Jet<T, N>(x) OP y; }
FLEXURE_JET_MIXED(+)
FLEXURE_JET_MIXED(-)
FLEXURE_JET_MIXED(*)
FLEXURE_JET_MIXED(/)
#undef FLEXURE_JET_MIXED

// Comparisons look at values only (derivatives do not change which branch is taken).
#define FLEXURE_JET_COMPARE(OP)                                                              \
  template <class T, int N> bool operator OP(const Jet<T, N>& x, const Jet<T, N>& y) {       \
    return value(x) OP value(y);                                                             \
  }                                                                                          \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>      \
  bool operator OP(const Jet<T, N>& x, U y) { return value(x) OP double(y); }                \
  template <class T, int N, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>      \
  bool operator OP(U x, const Jet<T, N>& y) { return double(x) OP value(y); }
FLEXURE_JET_COMPARE(<)
FLEXURE_JET_COMPARE(<=)
FLEXURE_JET_COMPARE(>)
FLEXURE_JET_COMPARE(>=)
FLEXURE_JET_COMPARE(==)
FLEXURE_JET_COMPARE(!=)
#undef FLEXURE_JET_COMPARE

// Elementary functions. Plain-double overloads live here too, so templated code can call
// sqrt(x), sin(x), ... unqualified inside namespace flexure for every scalar type. Outside the
// namespace, write templated code inside `namespace flexure { }` or qualify (flexure::sin):
// a `using namespace flexure;` next to <cmath>'s ::sin makes sin(double) ambiguous.
inline double sqrt(double x) { return std::sqrt(x); }
inline double sin(double x) { return std::sin(x); }
inline double cos(double x) { return std::cos(x); }
inline double tan(double x) { return std::tan(x); }
inline double asin(double x) { return std::asin(x); }
inline double acos(double x) { return std::acos(x); }
inline double atan(double x) { return std::atan(x); }
inline double atan2(double y, double x) { return std::atan2(y, x); }
inline double exp(double x) { return std::exp(x); }
inline double log(double x) { return std::log(x); }
inline double pow(double x, double p) { return std::pow(x, p); }
inline double abs(double x) { return std::fabs(x); }
inline double sinh(double x) { return std::sinh(x); }
inline double cosh(double x) { return std::cosh(x); }
inline double tanh(double x) { return std::tanh(x); }

template <class T, int N> Jet<T, N> sqrt(const Jet<T, N>& x) {
  const T s = sqrt(x.a);
  return chain(x, s, T(0.5) / s);
}
template <class T, int N> Jet<T, N> sin(const Jet<T, N>& x) { return chain(x, sin(x.a), cos(x.a)); }
template <class T, int N> Jet<T, N> cos(const Jet<T, N>& x) { return chain(x, cos(x.a), -sin(x.a)); }
template <class T, int N> Jet<T, N> tan(const Jet<T, N>& x) {
  const T t = tan(x.a);
  return chain(x, t, T(1) + t * t);
}
template <class T, int N> Jet<T, N> asin(const Jet<T, N>& x) {
  return chain(x, asin(x.a), T(1) / sqrt(T(1) - x.a * x.a));
}
template <class T, int N> Jet<T, N> acos(const Jet<T, N>& x) {
  return chain(x, acos(x.a), T(-1) / sqrt(T(1) - x.a * x.a));
}
template <class T, int N> Jet<T, N> atan(const Jet<T, N>& x) {
  return chain(x, atan(x.a), T(1) / (T(1) + x.a * x.a));
}
template <class T, int N> Jet<T, N> atan2(const Jet<T, N>& y, const Jet<T, N>& x) {
  // d atan2(y, x) = (x dy - y dx) / (x^2 + y^2)
  Jet<T, N> r; r.a = atan2(y.a, x.a);
  const T inv = T(1) / (x.a * x.a + y.a * y.a);
  for (int i = 0; i < N; ++i) r.v[i] = (x.a * y.v[i] - y.a * x.v[i]) * inv;
  return r;
}
template <class T, int N> Jet<T, N> exp(const Jet<T, N>& x) {
  const T e = exp(x.a);
  return chain(x, e, e);
}
template <class T, int N> Jet<T, N> log(const Jet<T, N>& x) { return chain(x, log(x.a), T(1) / x.a); }
template <class T, int N> Jet<T, N> sinh(const Jet<T, N>& x) { return chain(x, sinh(x.a), cosh(x.a)); }
template <class T, int N> Jet<T, N> cosh(const Jet<T, N>& x) { return chain(x, cosh(x.a), sinh(x.a)); }
template <class T, int N> Jet<T, N> tanh(const Jet<T, N>& x) {
  const T t = tanh(x.a);
  return chain(x, t, T(1) - t * t);
}
template <class T, int N> Jet<T, N> pow(const Jet<T, N>& x, double p) {
  return chain(x, pow(x.a, T(p)), T(p) * pow(x.a, T(p - 1.0)));
}
template <class T, int N> Jet<T, N> pow(const Jet<T, N>& x, const Jet<T, N>& p) { return exp(p * log(x)); }
template <class T, int N> Jet<T, N> abs(const Jet<T, N>& x) { return x < 0.0 ? -x : x; }

template <class S> S min(const S& x, const S& y) { return y < x ? y : x; }
template <class S> S max(const S& x, const S& y) { return x < y ? y : x; }
template <class S> S clamp(const S& x, const S& lo, const S& hi) { return max(lo, min(x, hi)); }

// True when no component of the scalar (value or derivative) is NaN or infinite.
inline bool isFinite(double x) { return std::isfinite(x); }
template <class T, int N> bool isFinite(const Jet<T, N>& x) {
  if (!isFinite(x.a)) return false;
  for (const T& d : x.v) if (!isFinite(d)) return false;
  return true;
}

}  // namespace flexure
